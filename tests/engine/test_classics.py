"""Bisley, Royal Cotillion, British Square and Jubilee (Kings): every clause of their
readings (docs/readings/odd-ones.md, docs/readings/two-pack-classics.md), refusals included."""

from __future__ import annotations

import pytest

import engine
from engine.game import Game

from .helpers import arrange, cards_once_per_deck, codes, ids, legal, mv, refused

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


# --- Bisley --------------------------------------------------------------------------------


def test_bisley_setup_aces_out_and_thirteen_columns_of_three_and_four() -> None:
    g = engine.new_game("bisley", 5)
    assert [codes(g, p) for p in ids(g, "f")] == ["AC", "AD", "AH", "AS"]
    assert all(not g.piles[p] for p in ids(g, "k"))
    assert [len(g.piles[p]) for p in ids(g, "t")] == [3] * 4 + [4] * 9
    assert not g.stock_id and cards_once_per_deck(g) and not any(g.down.values())


def test_bisley_columns_build_up_or_down_by_suit_one_card_at_a_time() -> None:
    g = arrange(engine.new_game("bisley", 1), t1="9C 7H", t2="8H", t3="6H", t4="8S", t5="2D 5C")
    assert {mv("t2", "t1"), mv("t1", "t2"), mv("t3", "t1")} <= legal(g)  # 8H on 7H (up), 7H on 8H, 6H on 7H (down)
    refused(g, mv("t4", "t1"), "cannot go on", "in suit")  # 8S on 7H: another suit
    refused(g, mv("t5", "t4"), "cannot go on")  # 5C on 8S
    refused(g, mv("t1", "t2", 2), "only the top card")
    g.play(mv("t2", "t1"))
    assert codes(g, "t1") == "9C 7H 8H"


def test_bisley_direction_may_change_within_a_column() -> None:
    g = arrange(engine.new_game("bisley", 1), t1="5S", t2="6S", t3="7S", t4="4S")
    g.play(mv("t2", "t1"))  # 6S on 5S: up
    assert mv("t3", "t1") in legal(g)  # and on up
    assert mv("t1", "t3") in legal(g)  # 6S down onto 7S
    g.play(mv("t1", "t3"))
    g.play(mv("t4", "t1"))  # 4S on 5S after the 6S left: down
    assert codes(g, "t1") == "5S 4S"


def test_bisley_king_foundations_take_any_king_then_build_down_by_suit() -> None:
    g = arrange(engine.new_game("bisley", 1), f1="AC", t1="QD", t2="KD", t3="JD", t4="KH", t5="2C")
    refused(g, mv("t1", "k1"), "takes only a card of rank K")
    g.play(mv("t2", "k1"))
    assert mv("t4", "k2") in legal(g) and mv("t4", "k1") not in legal(g)
    refused(g, mv("t3", "k1"), "cannot go on")  # JD on KD
    g.play(mv("t1", "k1"))
    g.play(mv("t3", "k1"))
    assert codes(g, "k1") == "KD QD JD"
    g.play(mv("t5", "f1"))
    assert codes(g, "f1") == "AC 2C"


def test_bisley_a_card_that_fits_both_piles_of_its_suit_may_go_on_either() -> None:
    g = arrange(engine.new_game("bisley", 1), f1="AC 2C 3C 4C 5C", k1="KC QC JC 10C 9C 8C 7C", t1="6C")
    assert {mv("t1", "f1"), mv("t1", "k1")} <= legal(g)


def test_bisley_an_emptied_column_stays_empty() -> None:
    g = arrange(engine.new_game("bisley", 1), f1="AC", t1="2C", t2="9H")
    g.play(mv("t1", "f1"))
    refused(g, mv("t2", "t1"), "nothing may be placed on the empty")


def test_bisley_is_won_however_a_suit_is_shared_between_its_two_piles() -> None:
    g = engine.new_game("bisley", 1)
    piles = {f"f{i + 1}": " ".join(r + s for r in RANKS[:6]) for i, s in enumerate("CDHS")}
    piles.update({f"k{i + 1}": " ".join(r + s for r in reversed(RANKS[6:12])) for i, s in enumerate("CDHS")})
    piles["k1"] = "KC " + piles["k1"]
    piles.update(t1="KD", t2="KH", t3="KS")
    g = arrange(g, **piles)
    assert not g.is_won()
    for src, dst in (("t1", "k2"), ("t2", "k3"), ("t3", "k4")):
        refused(g, mv(src, dst), "cannot go on")  # a king on a 7: the king piles were laid without their king
    g = arrange(engine.new_game("bisley", 1), **{**piles, "k2": "KD " + piles["k2"], "k3": "KH " + piles["k3"],
                                                   "k4": "KS " + piles["k4"], "t1": "", "t2": "", "t3": ""})
    assert g.is_won()


# --- Royal Cotillion -------------------------------------------------------------------------


def cotillion(**piles: str) -> Game:
    """A Royal Cotillion position with every right-wing place not named holding a queen of
    spades (which no foundation here wants), so that no space fills unless asked to."""
    g = engine.new_game("royal-cotillion", 1)
    return arrange(g, **{**{p: "QS" for p in ids(g, "r")}, **piles})


def test_royal_cotillion_answers_to_lords_and_ladies() -> None:
    assert engine.get_spec("Lords and Ladies").slug == "royal-cotillion"


def test_royal_cotillion_setup_aces_and_twos_out_two_wings_and_a_stock_of_68() -> None:
    g = engine.new_game("royal-cotillion", 3)
    assert [codes(g, p) for p in ids(g, "a")] == ["AC", "AD", "AH", "AS"]
    assert [codes(g, p) for p in ids(g, "b")] == ["2C", "2D", "2H", "2S"]
    assert [len(g.piles[p]) for p in ids(g, "l")] == [3] * 4
    assert [len(g.piles[p]) for p in ids(g, "r")] == [1] * 16
    assert len(g.piles["stock"]) == 68 and not g.piles["waste"]
    assert cards_once_per_deck(g)


def test_royal_cotillion_foundations_climb_by_suit_in_steps_of_two_going_round() -> None:
    g = cotillion(a1="AC", b1="2C", r1="3C", r2="2D", r3="4C", r4="5D",
                stock="9S")
    assert mv("r1", "a1") in legal(g) and mv("r3", "b1") in legal(g)
    refused(g, mv("r3", "a1"), "follows the order A 3 5 7 9 J K 2 4 6 8 10 Q")
    refused(g, mv("r2", "b1"), "cannot go on")  # 2D on 2C: not the next of the order
    g = cotillion(a1="AC 3C 5C 7C 9C JC KC", b1="2C 4C 6C 8C 10C QC",
                r1="2C", r2="AC", stock="9S")
    assert mv("r1", "a1") in legal(g)  # after the king, the two (going round)
    assert mv("r2", "b1") in legal(g)  # after the queen, the ace
    g = cotillion(a1="AC 3C 5C 7C 9C JC KC 2C 4C 6C 8C 10C QC", r1="KC", stock="9S")
    refused(g, mv("r1", "a1"), "complete")


def test_royal_cotillion_wings_play_only_to_the_foundations() -> None:
    g = cotillion(a1="AC", l1="9H 3C", l2="4H", r1="", r2="5S",
                stock="9S")
    assert mv("l1", "a1") in legal(g)
    refused(g, mv("l1", "l2"), "nothing may be placed on Left wing column 2")
    refused(g, mv("l2", "r1"), "nothing may be placed on Right wing place 1")
    refused(g, mv("r2", "l2"), "nothing may be placed on Left wing column 2")
    refused(g, mv("l1", "a1", 2), "only the top card")


def test_royal_cotillion_right_wing_spaces_fill_at_once_from_the_waste_then_the_stock() -> None:
    g = cotillion(a1="AC", r1="3C", r2="3D", b1="2D", waste="8H 9H",
                stock="10S JS")
    g.play(mv("r1", "a1"))
    assert codes(g, "r1") == "9H" and codes(g, "waste") == "8H"
    g = cotillion(a1="AC", r1="3C", stock="10S JS")
    g.play(mv("r1", "a1"))
    assert codes(g, "r1") == "JS" and codes(g, "stock") == "10S"
    g = cotillion(a1="AC", r1="3C")
    g.play(mv("r1", "a1"))
    assert not g.piles["r1"]  # nothing left to fill it with


def test_royal_cotillion_left_wing_spaces_stay_empty_and_the_waste_goes_only_home() -> None:
    g = cotillion(a1="AC", l1="3C", waste="5D", stock="9S")
    g.play(mv("l1", "a1"))
    assert not g.piles["l1"]
    refused(g, mv("waste", "l1"), "nothing may be placed on Left wing column 1")


def test_royal_cotillion_has_one_pass_through_the_stock() -> None:
    g = cotillion(a1="AC", waste="5D", stock="9S")
    g.play("deal")
    assert codes(g, "waste") == "5D 9S" and "redeal" not in legal(g)
    refused(g, "redeal", "no redeal")


# --- British Square ----------------------------------------------------------------------------


def test_british_square_setup_sixteen_piles_of_one_and_a_stock_of_88() -> None:
    g = engine.new_game("british-square", 4)
    assert [len(g.piles[p]) for p in ids(g, "t")] == [1] * 16
    assert len(g.piles["stock"]) == 88 and all(not g.piles[p] for p in ids(g, "f"))
    assert cards_once_per_deck(g)


def test_british_square_foundations_take_one_suit_each() -> None:
    g = arrange(engine.new_game("british-square", 1), f1="AH", t1="AH", t2="AS", t3="2H", stock="9C")
    refused(g, mv("t1", "f2"), "one suit each", "♥")
    assert {mv("t2", "f2"), mv("t3", "f1")} <= legal(g)
    refused(g, mv("t3", "f2"), "takes only a card of rank A")


def test_british_square_foundations_climb_to_the_king_then_fall_from_the_second_king() -> None:
    up = " ".join(r + "H" for r in RANKS)
    g = arrange(engine.new_game("british-square", 1), f1=up, t1="KH", t2="QH", t3="AH", stock="9C")
    refused(g, mv("t2", "f1"), "follows the order")
    g.play(mv("t1", "f1"))
    g.play(mv("t2", "f1"))
    assert len(g.piles["f1"]) == 15
    down = " ".join(r + "H" for r in reversed(RANKS[1:]))
    g = arrange(engine.new_game("british-square", 1), f1=f"{up} {down}", t1="AH", stock="9C")
    g.play(mv("t1", "f1"))
    assert len(g.piles["f1"]) == 26


def test_british_square_piles_build_by_suit_either_way_fixed_by_the_first_two_cards() -> None:
    g = arrange(engine.new_game("british-square", 1), t1="7H", t2="8H", t3="6H", t4="9H", t5="8S", stock="9C")
    assert {mv("t2", "t1"), mv("t3", "t1")} <= legal(g)
    refused(g, mv("t5", "t1"), "cannot go on", "in suit")
    g.play(mv("t2", "t1"))  # 7H 8H: going up now
    assert mv("t4", "t1") in legal(g)
    refused(g, mv("t3", "t1"), "cannot go on", "second card sets the way")
    g.play(mv("t1", "t4"))  # 8H back down onto 9H
    assert mv("t3", "t1") in legal(g)  # t1 is one card again: either way
    g = arrange(engine.new_game("british-square", 1), t1="QH KH", t2="AH", t3="2H", t4="AS", stock="9C")
    refused(g, mv("t2", "t1"), "cannot go on")  # no wrap: nothing above the king
    g = arrange(engine.new_game("british-square", 1), t1="2S AS", t2="KS", stock="9C")
    refused(g, mv("t2", "t1"), "cannot go on")  # nor below the ace


def test_british_square_spaces_take_only_the_waste_card() -> None:
    g = arrange(engine.new_game("british-square", 1), t2="5D", waste="9C", stock="3S")
    refused(g, mv("t2", "t1"), "filled only from the waste")
    g.play(mv("waste", "t1"))
    assert codes(g, "t1") == "9C"


def test_british_square_has_one_pass_through_the_stock() -> None:
    g = arrange(engine.new_game("british-square", 1), t1="5D", waste="9C")
    refused(g, "redeal", "no redeal")


# --- Jubilee (Kings) ---------------------------------------------------------------------------


def test_jubilee_kings_setup_eight_kings_out_and_a_stock_of_96() -> None:
    g = engine.new_game("jubilee-kings", 6)
    assert [codes(g, p) for p in ids(g, "f")] == ["KC", "KD", "KH", "KS"] * 2
    assert len(g.piles["stock"]) == 96 and not g.piles["waste"]
    assert all(not g.piles[p] for p in ids(g, "w"))
    assert cards_once_per_deck(g)
    assert legal(g) == {"deal"}


def test_jubilee_kings_foundations_follow_the_jumping_order_by_suit() -> None:
    order = ["K", "A", "J", "2", "10", "3", "9", "4", "8", "5", "7", "6", "Q"]
    g = arrange(engine.new_game("jubilee-kings", 1), f1="KC", f2="KD", waste="AC", stock="2C")
    assert mv("waste", "f1") in legal(g)
    refused(g, mv("waste", "f2"), "cannot go on", "in suit")
    g = arrange(engine.new_game("jubilee-kings", 1), f1="KC AC", waste="2C", stock="3C")
    refused(g, mv("waste", "f1"), "follows the order K A J 2 10 3 9 4 8 5 7 6 Q")
    g = arrange(engine.new_game("jubilee-kings", 1), f1=" ".join(r + "C" for r in order[:-1]), waste="QC")
    g.play(mv("waste", "f1"))
    assert len(g.piles["f1"]) == 13


def test_jubilee_kings_a_turned_card_must_be_placed_before_the_next_is_turned() -> None:
    g = arrange(engine.new_game("jubilee-kings", 1), f1="KC", stock="5D 9H")
    g.play("deal")
    assert codes(g, "waste") == "9H"
    refused(g, "deal", "the card in the hand must be placed first")
    assert {mv("waste", w) for w in ids(g, "w")} <= legal(g)
    g.play(mv("waste", "w3"))
    assert "deal" in legal(g)


def test_jubilee_kings_waste_piles_take_any_card_from_the_hand_and_give_only_to_the_foundations() -> None:
    g = arrange(engine.new_game("jubilee-kings", 1), f1="KC", w1="9H", w2="AC", waste="3S", stock="5D")
    assert mv("waste", "w1") in legal(g)  # any card on any card
    assert mv("w2", "f1") in legal(g)
    refused(g, mv("w1", "w3"), "may go only to the foundations")
    refused(g, mv("w2", "w1"), "may go only to the foundations")


def test_jubilee_kings_redeals_gather_the_waste_piles_fourth_first_twice() -> None:
    g = arrange(engine.new_game("jubilee-kings", 1), w1="2C", w2="3C", w3="4C 5C", w4="6C 7C", waste="9D")
    refused(g, "redeal", "the card in the hand must be placed first")  # the hand first
    g = arrange(engine.new_game("jubilee-kings", 1), w1="2C", w2="3C", w3="4C 5C", w4="6C 7C", stock="9D")
    refused(g, "redeal", "only when the stock is empty")
    g = arrange(engine.new_game("jubilee-kings", 1), w1="2C", w2="3C", w3="4C 5C", w4="6C 7C")
    g.play("redeal")
    assert all(not g.piles[p] for p in ids(g, "w")) and g.redeals_left == 1
    turned = []
    while g.piles["stock"]:
        g.play("deal")
        turned.append(codes(g, "waste"))
        g.play(mv("waste", "w1"))
    assert turned == ["6C", "7C", "4C", "5C", "3C", "2C"]  # pile 4 first, each from its first card
    g.play("redeal")
    assert g.redeals_left == 0
    while g.piles["stock"]:
        g.play("deal")
        g.play(mv("waste", "w2"))
    refused(g, "redeal", "no redeals left")


def test_jubilee_kings_is_won_with_every_card_home() -> None:
    order = ["K", "A", "J", "2", "10", "3", "9", "4", "8", "5", "7", "6", "Q"]
    piles = {f"f{i + 1}": " ".join(r + s for r in order) for i, s in enumerate("CDHSCDHS")}
    g = arrange(engine.new_game("jubilee-kings", 1), **piles)
    assert g.is_won()


# --- Backbone ---------------------------------------------------------------------------------


def test_backbone_setup_two_columns_of_eleven_a_tail_eight_ribs_and_a_stock_of_73() -> None:
    g = engine.new_game("backbone", 7)
    assert [len(g.piles[p]) for p in ("b1", "b2", "c")] == [11, 11, 1]
    assert [len(g.piles[p]) for p in ids(g, "l") + ids(g, "r")] == [1] * 8
    assert len(g.piles["stock"]) == 73 and all(not g.piles[p] for p in ids(g, "f"))
    assert cards_once_per_deck(g) and not any(g.down.values())


def test_backbone_columns_wait_for_the_tail_to_go() -> None:
    g = arrange(engine.new_game("backbone", 1), b1="9C AD", b2="8H 10S", c="AS", l1="JS", l2="5C", l3="6C",
                l4="7C", r1="8C", r2="9D", r3="10D", r4="JD", stock="2C")
    refused(g, mv("b1", "f1"), "not available until", "tail")
    refused(g, mv("b2", "l1"), "not available until")
    g.play(mv("c", "f1"))
    assert {mv("b1", "f2"), mv("b2", "l1")} <= legal(g)


def test_backbone_ribs_build_down_by_suit_one_card_at_a_time_and_nothing_goes_on_the_backbone() -> None:
    g = arrange(engine.new_game("backbone", 1), b1="9C", b2="8H", l1="JS", l2="10S", l3="10H", l4="9S 8S",
                r1="8C", r2="9D", r3="10D", r4="JD", stock="2C")
    assert mv("l2", "l1") in legal(g) and mv("r2", "r3") in legal(g)
    refused(g, mv("l3", "l1"), "cannot go on", "in suit")
    refused(g, mv("l4", "l2", 2), "only the top card")
    refused(g, mv("r1", "b1"), "nothing may be placed on Backbone column 1")


def test_backbone_rib_spaces_take_backbone_or_waste_cards_never_a_rib_card() -> None:
    g = arrange(engine.new_game("backbone", 1), b1="9C", b2="8H", c="", l1="", l2="10S", l3="10H", l4="9S",
                r1="8C", r2="9D", r3="10D", r4="JD", waste="4D", stock="2C")
    refused(g, mv("l2", "l1"), "filled only from the reserve or the waste")
    assert {mv("b1", "l1"), mv("b2", "l1"), mv("waste", "l1")} <= legal(g)
    g = arrange(engine.new_game("backbone", 1), b1="9C", b2="8H", c="KS", l1="", l2="10S", l3="10H", l4="9S",
                r1="8C", r2="9D", r3="10D", r4="JD", stock="2C")
    assert mv("c", "l1") in legal(g)


def test_backbone_has_one_redeal_of_the_waste_turned_over() -> None:
    g = arrange(engine.new_game("backbone", 1), b1="9C", b2="8H", c="KS", l1="QS", l2="10S", l3="10H", l4="9S",
                r1="8C", r2="9D", r3="10D", r4="JD", waste="2C 3C")
    g.play("redeal")
    g.play("deal")
    assert codes(g, "waste") == "2C"
    g.play("deal")
    refused(g, "redeal", "no redeals left")


@pytest.mark.parametrize("slug", ["royal-cotillion", "british-square", "jubilee-kings", "backbone"])
def test_nothing_leaves_a_foundation(slug: str) -> None:
    g = engine.new_game(slug, 2)
    for pid in g.order:
        if g.group_of[pid].kind is engine.Kind.FOUNDATION:
            assert not g.group_of[pid].to


# --- Heads and Tails -----------------------------------------------------------------------------


def heads_and_tails(**piles: str) -> Game:
    """A Heads and Tails position: every head and tail not named holds a card no move wants
    (a queen of clubs), every reserve not named three face-down cards."""
    g = engine.new_game("heads-and-tails", 1)
    filled = {p: "QC" for p in ids(g, "h") + ids(g, "t")}
    filled.update({p: "#2S #3S #4S" for p in ids(g, "r")})
    return arrange(g, **{**filled, **piles})


def test_heads_and_tails_setup_heads_tails_and_eight_face_down_reserves_of_eleven() -> None:
    g = engine.new_game("heads-and-tails", 8)
    assert [len(g.piles[p]) for p in ids(g, "h") + ids(g, "t")] == [1] * 16
    assert [(len(g.piles[p]), g.down[p]) for p in ids(g, "r")] == [(11, 11)] * 8
    assert not g.stock_id and cards_once_per_deck(g)
    assert all(not g.piles[p] for p in ids(g, "a") + ids(g, "k"))


def test_heads_and_tails_foundations_one_ace_and_one_king_place_per_suit() -> None:
    g = heads_and_tails(a1="AH", h1="AH", h2="AS", h3="KH", h4="KS", k1="KH QH")
    refused(g, mv("h1", "a2"), "one suit each", "♥")
    refused(g, mv("h3", "k2"), "one suit each", "♥")
    assert {mv("h2", "a2"), mv("h4", "k2")} <= legal(g)
    refused(g, mv("h3", "a2"), "takes only a card of rank A")


def test_heads_and_tails_heads_and_tails_build_by_suit_either_way_without_wrap() -> None:
    g = heads_and_tails(h1="7D", h2="8D", t1="6D", t2="8S", t3="AD", t4="KD", t5="7D")
    assert {mv("h2", "h1"), mv("t1", "h1"), mv("h1", "h2")} <= legal(g)
    refused(g, mv("t2", "h1"), "cannot go on", "in suit")
    refused(g, mv("t3", "t4"), "cannot go on")  # no wrap between king and ace
    g.play(mv("h2", "h1"))  # 7D 8D: up ...
    refused(g, mv("t1", "h1"), "cannot go on")  # the 6D does not fit the 8D on top
    g.play(mv("t5", "h1"))  # ... and down again: the direction may change
    assert codes(g, "h1") == "7D 8D 7D"
    refused(g, mv("h1", "t1", 2), "only the top card")


def test_heads_and_tails_a_space_fills_at_once_from_the_reserve_in_line_else_to_the_left() -> None:
    g = heads_and_tails(a1="AD", h3="2D", r3="#9C #8C", t5="3D", r5="", r4="#JH", t1="4D", r1="", r8="#5S")
    g.play(mv("h3", "a1"))
    assert codes(g, "h3") == "8C" and codes(g, "r3") == "9C" and g.down["r3"] == 1  # in line, face down kept
    g.play(mv("t5", "a1"))
    assert codes(g, "t5") == "JH" and not g.piles["r4"]  # r5 empty: the nearest to the left
    g.play(mv("t1", "a1"))
    assert codes(g, "t1") == "5S"  # r1 empty, nothing to its left: round to the rightmost


def test_heads_and_tails_once_the_reserves_are_gone_a_space_takes_any_card_by_choice() -> None:
    g = heads_and_tails(**{p: "" for p in ids(engine.new_game("heads-and-tails", 1), "r")}, a1="AD", h1="2D", t3="9S")
    g.play(mv("h1", "a1"))
    assert not g.piles["h1"]
    g.play(mv("t3", "h1"))
    assert codes(g, "h1") == "9S"


def test_heads_and_tails_reserve_cards_never_move_by_hand() -> None:
    g = heads_and_tails(h1="")
    assert not any(m.startswith("r") for m in legal(g))


# --- Matrimony -----------------------------------------------------------------------------------


def test_matrimony_setup_jack_and_queen_of_diamonds_out_sixteen_piles_and_a_stock_of_86() -> None:
    g = engine.new_game("matrimony", 5)
    assert codes(g, "j1") == "JD" and codes(g, "q1") == "QD"
    assert all(not g.piles[p] for p in ids(g, "j")[1:] + ids(g, "q")[1:])
    assert [len(g.piles[p]) for p in ids(g, "t")] == [1] * 16
    assert len(g.piles["stock"]) == 86 and cards_once_per_deck(g)


def test_matrimony_jacks_go_down_and_queens_up_round_the_corner_one_per_suit() -> None:
    g = arrange(engine.new_game("matrimony", 1), j1="JD", q1="QD", t1="10D", t2="KD", t3="JD", t4="JS",
                t5="QH", t6="AD", stock="5C")
    assert {mv("t1", "j1"), mv("t2", "q1"), mv("t4", "j2"), mv("t5", "q2")} <= legal(g)
    refused(g, mv("t3", "j2"), "one suit each")
    refused(g, mv("t6", "q1"), "follows the order Q K A 2")
    g = arrange(engine.new_game("matrimony", 1), j1="JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD", t1="KD", t2="QD",
                stock="5C")
    g.play(mv("t1", "j1"))
    g.play(mv("t2", "j1"))
    assert len(g.piles["j1"]) == 13


def test_matrimony_piles_play_only_to_the_foundations_and_wait_for_the_deal() -> None:
    g = arrange(engine.new_game("matrimony", 1), j1="JD", t1="10D", t2="9D", t3="5C", stock="6H 7H")
    refused(g, mv("t2", "t3"), "nothing may be placed on Pile 3")
    g.play(mv("t1", "j1"))
    g.play(mv("t2", "j1"))
    g.play("deal")
    assert codes(g, "t1") == "7H" and codes(g, "t2") == "6H" and codes(g, "t3") == "5C"


def test_matrimony_deals_one_card_to_every_pile_with_a_short_last_deal() -> None:
    g = engine.new_game("matrimony", 2)
    for _ in range(5):
        g.play("deal")
    assert len(g.piles["stock"]) == 6
    before = [len(g.piles[p]) for p in ids(g, "t")]
    g.play("deal")
    after = [len(g.piles[p]) for p in ids(g, "t")]
    assert [b - a for a, b in zip(before, after)] == [1] * 6 + [0] * 10


def test_matrimony_redeals_take_up_one_pile_each_last_first_dealt_from_its_own_place() -> None:
    g = arrange(engine.new_game("matrimony", 1), j1="JD", t16="2C 3C 4C", t1="9S", t15="5H 6H")
    refused(engine.new_game("matrimony", 1), "redeal", "only when the stock is empty")
    g.play("redeal")  # pile 16: its bottom card back on its own place, then round to 1 and 2
    assert (codes(g, "t16"), codes(g, "t1"), codes(g, "t2")) == ("2C", "9S 3C", "4C")
    assert g.redeals_left == 15
    g.play("redeal")  # then pile 15
    assert (codes(g, "t15"), codes(g, "t16")) == ("5H", "2C 6H")
    g.redeals_left = 0
    g._legal = None
    refused(g, "redeal", "no redeals left")


def test_matrimony_sends_no_card_home_by_itself_while_a_pile_is_left_to_take_up() -> None:
    """A take-up deals the cards left round the piles again, so which cards are left decides
    where each falls: a card going home is the player's choice until the last redeal
    (``auto.safe_moves``), and the solver's safe moves follow the same rule."""
    g = arrange(engine.new_game("matrimony", 1), stock="", j1="JD", q1="QD", t3="10D", t5="KD")
    assert {mv("t3", "j1"), mv("t5", "q1"), "redeal"} <= legal(g) and g.safe_moves() == []
    g.redeals_left = 0
    g._legal = None
    assert [str(m) for m in g.safe_moves()] == [mv("t3", "j1"), mv("t5", "q1")]


# --- St. Helena ----------------------------------------------------------------------------------


def frame_ids(g: Game) -> list[str]:
    return [p for prefix in "nesw" for p in ids(g, prefix)]


def st_helena(**piles: str) -> Game:
    """A St. Helena position with every frame pile not named holding a queen of hearts."""
    g = engine.new_game("st-helena", 1)
    return arrange(g, **{**{p: "QH" for p in frame_ids(g)}, **piles})


def test_st_helena_setup_kings_and_aces_out_and_twelve_piles_of_eight_numbered_clockwise() -> None:
    g = engine.new_game("st-helena", 3)
    assert [codes(g, p) for p in ids(g, "k")] == ["KC", "KD", "KH", "KS"]
    assert [codes(g, p) for p in ids(g, "a")] == ["AC", "AD", "AH", "AS"]
    assert [len(g.piles[p]) for p in frame_ids(g)] == [8] * 12
    assert [g.pile_name(p) for p in frame_ids(g)] == [f"Pile {n}" for n in range(1, 13)]
    assert cards_once_per_deck(g) and not g.stock_id
    assert engine.get_spec("Napoleon's Favourite").slug == "st-helena"


def test_st_helena_deals_one_card_at_a_time_clockwise_round_the_frame() -> None:
    from engine.dealing import shuffled_pack

    g = engine.new_game("st-helena", 11)
    pack = shuffled_pack(engine.new_game("st-helena", 11))  # the same shuffle, kings and aces out
    order = frame_ids(g)
    for rnd in range(8):
        assert [g.piles[p][rnd] for p in order] == pack[rnd * 12:(rnd + 1) * 12]


def test_st_helena_piles_build_up_or_down_regardless_of_suit_without_wrap() -> None:
    g = st_helena(n1="7C", n2="8H", n3="6S", n4="KD", e1="AS", e2="9S")
    assert {mv("n2", "n1"), mv("n3", "n1"), mv("n1", "n2")} <= legal(g)
    refused(g, mv("e2", "n1"), "cannot go on")
    refused(g, mv("e1", "n4"), "cannot go on")  # an ace never on a king
    refused(g, mv("n4", "e1"), "cannot go on")


def test_st_helena_until_the_first_redeal_top_piles_go_to_the_kings_and_bottom_piles_to_the_aces() -> None:
    g = st_helena(k1="KC", a1="AC", n1="QC", s1="2C", e1="2C", w1="QC", n2="2C", s2="QC")
    assert {mv("n1", "k1"), mv("s1", "a1"), mv("e1", "a1"), mv("w1", "k1")} <= legal(g)
    refused(g, mv("n2", "a1"), "until the first redeal", "king foundations")
    refused(g, mv("s2", "k1"), "until the first redeal", "ace foundations")
    g.play("redeal")
    g = arrange(g, k1="KC", a1="AC", **{**{p: "QH" for p in frame_ids(g)}, "n2": "2C", "s2": "QC"})
    assert {mv("n2", "a1"), mv("s2", "k1")} <= legal(g)


def test_st_helena_spaces_are_never_filled() -> None:
    g = st_helena(a1="AC", n1="", e1="2C", e2="5D")
    refused(g, mv("e2", "n1"), "nothing may be placed on the empty Pile 1")


def test_st_helena_redeal_gathers_twelve_onto_one_and_deals_from_pile_one_round() -> None:
    g = arrange(engine.new_game("st-helena", 1), n1="2C 3C", e1="4C", w2="5C 6C 7C")
    g.play("redeal")
    order = frame_ids(g)
    # Pile 12 (w2) was on top: its top card 7C goes first, onto pile 1, then 6C, 5C, then
    # pile 6 (e1) ... and pile 1's 3C, 2C last.
    dealt = {p: codes(g, p) for p in order if g.piles[p]}
    assert dealt == {"n1": "7C", "n2": "6C", "n3": "5C", "n4": "4C", "e1": "3C", "e2": "2C"}
    assert g.redeals_left == 1
    g.play("redeal")
    refused(g, "redeal", "no redeals left")


# --- Intrigue -------------------------------------------------------------------------------------


def test_intrigue_setup_one_queen_heads_the_first_column_and_103_cards_wait_in_the_stock() -> None:
    g = engine.new_game("intrigue", 4)
    assert codes(g, "t1") == "QH" and all(not g.piles[p] for p in ids(g, "t")[1:])
    assert len(g.piles["stock"]) == 103 and legal(g) == {"deal"}
    assert cards_once_per_deck(g)


def test_intrigue_turned_cards_go_onto_the_newest_column_and_a_queen_starts_the_next() -> None:
    g = arrange(engine.new_game("intrigue", 1), t1="QH", stock="9C QS 4D 7H")
    g.play("deal")
    assert codes(g, "t1") == "QH 7H"
    g.play("deal")
    assert codes(g, "t1") == "QH 7H 4D"
    g.play("deal")
    assert codes(g, "t2") == "QS" and codes(g, "t1") == "QH 7H 4D"
    g.play("deal")
    assert codes(g, "t2") == "QS 9C"


def test_intrigue_foundations_sixes_up_to_jacks_and_fives_down_round_to_kings_regardless_of_suit() -> None:
    g = arrange(engine.new_game("intrigue", 1), s1="6C 7D 8S", v1="5H 4H 3C 2D AS", t1="QH 9H", t2="QS KD",
                t3="QD 10C", stock="2C")
    assert {mv("t1", "s1"), mv("t2", "v1")} <= legal(g)
    refused(g, mv("t3", "s1"), "follows the order 6 7 8 9 10 J")
    g = arrange(engine.new_game("intrigue", 1), s1="6C 7D 8S 9S 10H JD", t1="QH 6D", t2="QS 5C", stock="2C")
    refused(g, mv("t1", "s1"), "complete")
    assert {mv("t1", "s2"), mv("t2", "v1")} <= legal(g)


def test_intrigue_queens_never_move_and_nothing_is_built_on_the_columns_while_the_stock_lasts() -> None:
    g = arrange(engine.new_game("intrigue", 1), t1="QH", t2="QS 9C", t3="QD 8C", stock="2C")
    refused(g, mv("t1", "t2"), "stays there")
    refused(g, mv("t2", "t1"), "only once the stock is used up")
    refused(g, mv("t3", "t2"), "nothing may be placed on Column 2")


def test_intrigue_once_the_stock_is_out_a_bare_queen_takes_any_one_card() -> None:
    g = arrange(engine.new_game("intrigue", 1), t1="QH", t2="QS 9C", t3="QD 8C 3H")
    assert {mv("t2", "t1"), mv("t3", "t1")} <= legal(g)
    g.play(mv("t2", "t1"))
    refused(g, mv("t3", "t1"), "nothing may be placed on Column 1")  # no longer bare
    assert mv("t1", "t2") in legal(g)  # the 9C moves on again, onto the now bare Column 2


def test_intrigue_is_won_with_every_card_but_the_queens_home() -> None:
    piles = {f"s{i}": "6C 7C 8C 9C 10C JC" for i in range(1, 9)}
    piles.update({f"v{i}": "5C 4C 3C 2C AC KC" for i in range(1, 9)})
    piles.update({f"t{i}": "QH" for i in range(1, 9)})
    g = arrange(engine.new_game("intrigue", 1), **piles)
    assert g.is_won() and g.goal_count == 96
    g = arrange(engine.new_game("intrigue", 1), **{**piles, "t8": "QH KC", "v8": "5C 4C 3C 2C AC"})
    assert not g.is_won()


# --- Little Spider ---------------------------------------------------------------------------------


def little_spider(**piles: str) -> Game:
    """A Little Spider position: every pile not named holds a card no move here wants."""
    g = engine.new_game("little-spider", 1)
    blockers = dict(u1="7C", u2="7D", u3="7H", u4="7S", l1="8C", l2="8D", l3="8H", l4="8S")
    return arrange(g, **{**blockers, **piles})


def test_little_spider_setup_two_rows_of_four_and_a_stock_of_44() -> None:
    g = engine.new_game("little-spider", 2)
    assert [len(g.piles[p]) for p in ids(g, "u") + ids(g, "l")] == [1] * 8
    assert len(g.piles["stock"]) == 44 and all(not g.piles[p] for p in ids(g, "f"))
    assert cards_once_per_deck(g)


def test_little_spider_the_first_base_card_fixes_the_colours_of_aces_and_kings() -> None:
    g = little_spider(u1="AH", u2="AD", u3="KC", u4="KH", l1="AS", stock="2C")
    assert {mv("u1", "f1"), mv("u3", "f3")} <= legal(g)
    g.play(mv("u1", "f1"))  # a red ace: red aces up, black kings down
    assert {mv("u2", "f2"), mv("u3", "f2")} <= legal(g)
    refused(g, mv("u4", "f2"), "fixed the colours", "aces of its colour and kings of the other")
    g = little_spider(u1="KH", u2="AC", u3="AD", l4="5S", stock="2C")
    g.play(mv("u1", "f1"))  # a red king: red kings down, black aces up
    assert mv("u2", "f2") in legal(g)
    refused(g, mv("u3", "f2"), "fixed the colours")
    refused(g, mv("l4", "f4"), "takes only an ace or a king")


def test_little_spider_aces_build_up_and_kings_down_by_suit() -> None:
    g = little_spider(f1="AH", f2="KS", u1="2H", u2="QS", u3="2D", stock="2C")
    assert {mv("u1", "f1"), mv("u2", "f2")} <= legal(g)
    refused(g, mv("u3", "f1"), "cannot go on")


def test_little_spider_while_the_stock_lasts_the_lower_row_plays_only_to_the_foundation_above() -> None:
    g = little_spider(f1="AH", f3="AD", l1="2H", l3="2H", u2="2D", stock="2C")
    assert mv("l1", "f1") in legal(g)
    refused(g, mv("l3", "f1"), "only to the foundation directly above it")
    assert mv("u2", "f3") in legal(g)  # the upper row plays to any foundation
    refused(g, mv("u2", "u1"), "while the stock lasts")  # and nothing is built on the piles


def test_little_spider_deals_upper_row_then_lower_row_and_a_short_last_deal_to_the_upper_row() -> None:
    g = engine.new_game("little-spider", 3)
    for _ in range(5):
        before = [len(g.piles[p]) for p in ids(g, "u") + ids(g, "l")]
        g.play("deal")
        assert [len(g.piles[p]) for p in ids(g, "u") + ids(g, "l")] == [n + 1 for n in before]
    before = [len(g.piles[p]) for p in ids(g, "u") + ids(g, "l")]
    g.play("deal")
    after = [len(g.piles[p]) for p in ids(g, "u") + ids(g, "l")]
    assert [a - b for a, b in zip(after, before)] == [1] * 4 + [0] * 4 and not g.piles["stock"]


def test_little_spider_once_the_stock_is_out_piles_build_either_way_regardless_of_suit_going_round() -> None:
    g = little_spider(f1="AH", f2="AD", l3="2H", u1="KS", u2="AC", u3="5D", u4="QC", l1="9H", l2="3S")
    assert mv("l3", "f1") in legal(g)  # any foundation now
    assert {mv("u2", "u1"), mv("u4", "u1"), mv("u1", "u2")} <= legal(g)  # an ace on a king, a queen on a king
    refused(g, mv("u3", "u1"), "cannot go on")
    refused(g, mv("l1", "l2"), "cannot go on")


def test_little_spider_an_emptied_pile_is_never_filled() -> None:
    g = little_spider(f1="AH", u1="2H", u2="9C")
    g.play(mv("u1", "f1"))
    refused(g, mv("u2", "u1"), "nothing may be placed on the empty")
