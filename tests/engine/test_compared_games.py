"""Salic Law, Royal Parade and Labyrinth: every clause of their readings
(docs/readings/compared-games.md), refusals included."""

from __future__ import annotations

import engine
from engine.game import Game

from .helpers import arrange, cards_once_per_deck, codes, ids, legal, mv, refused

SUITS = "CDHS"


# --- Salic Law -------------------------------------------------------------------------------


def salic(**piles: str) -> Game:
    return arrange(engine.new_game("salic-law", 1), **piles)


def test_salic_law_setup_one_king_heads_the_first_column_and_103_cards_wait_in_the_stock() -> None:
    g = engine.new_game("salic-law", 4)
    assert codes(g, "t1") == "KH" and all(not g.piles[p] for p in ids(g, "t")[1:])
    assert all(not g.piles[p] for p in ids(g, "q") + ids(g, "f"))
    assert len(g.piles["stock"]) == 103 and legal(g) == {"deal"}
    assert cards_once_per_deck(g)


def test_salic_law_turned_cards_go_onto_the_newest_column_and_a_king_starts_the_next() -> None:
    g = salic(t1="KH", stock="9C KS 4D QH 7H")
    g.play("deal")
    assert codes(g, "t1") == "KH 7H"
    g.play("deal")
    assert codes(g, "t1") == "KH 7H QH"  # a queen is dealt like any card, to be set aside by the player
    g.play("deal")
    g.play("deal")
    assert codes(g, "t2") == "KS" and codes(g, "t1") == "KH 7H QH 4D"
    g.play("deal")
    assert codes(g, "t2") == "KS 9C"


def test_salic_law_queens_go_to_their_own_row_one_to_a_place_and_nothing_else_does() -> None:
    g = salic(t1="KH 9C QS", t2="KS QD", t3="KD 5C", q1="QH", stock="2C")
    assert {mv("t1", "q2"), mv("t2", "q2")} <= legal(g)
    refused(g, mv("t1", "q1"), "complete")
    refused(g, mv("t3", "q2"), "takes only a card of rank Q")
    g.play(mv("t1", "q2"))
    refused(g, mv("q2", "q3"), "do not move")  # a queen set aside stays there


def test_salic_law_aces_build_up_to_the_jacks_regardless_of_suit() -> None:
    g = salic(f1="AC 2D 3S", f2="AH 2H 3H 4D 5D 6C 7C 8C 9S 10S JD", t1="KH 4H", t2="KS 5C", t3="KD AS",
              t4="KC JC", stock="2C")
    assert {mv("t1", "f1"), mv("t3", "f3")} <= legal(g)
    refused(g, mv("t2", "f1"), "cannot go on")
    refused(g, mv("t2", "f3"), "takes only a card of rank A")
    refused(g, mv("t4", "f2"), "complete")  # no queen or king ever goes up


def test_salic_law_kings_never_move_and_nothing_is_built_on_the_columns_while_the_stock_lasts() -> None:
    g = salic(t1="KH", t2="KS 9C", t3="KD 8C", stock="2C")
    refused(g, mv("t1", "t2"), "stays there")
    refused(g, mv("t2", "t1"), "only once the stock is used up")
    refused(g, mv("t3", "t2"), "nothing may be placed on Column 2")


def test_salic_law_once_the_stock_is_out_a_bare_king_takes_any_one_card() -> None:
    g = salic(t1="KH", t2="KS 9C", t3="KD 8C QH")
    assert {mv("t2", "t1"), mv("t3", "t1"), mv("t3", "q1")} <= legal(g)
    g.play(mv("t2", "t1"))
    refused(g, mv("t3", "t1"), "nothing may be placed on Column 1")  # no longer bare
    assert mv("t1", "t2") in legal(g)  # the 9C moves on again, onto the now bare Column 2


def test_salic_law_is_won_with_every_card_but_the_kings_home() -> None:
    piles = {f"f{i}": "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC" for i in range(1, 9)}
    piles.update({f"q{i}": "QH" for i in range(1, 9)})
    piles.update({f"t{i}": "KH" for i in range(1, 9)})
    g = salic(**piles)
    assert g.is_won() and g.goal_count == 96
    g = salic(**{**piles, "t8": "KH QH", "q8": ""})
    assert not g.is_won()


# --- Royal Parade ----------------------------------------------------------------------------


def parade(**piles: str) -> Game:
    return arrange(engine.new_game("royal-parade", 1), **piles)


def test_royal_parade_answers_to_its_other_names() -> None:
    for name in ("Financier", "Three Up", "Hussars", "Royal Procession"):
        assert engine.get_spec(name).slug == "royal-parade"


def test_royal_parade_setup_all_24_places_and_the_reserve_come_from_the_shuffled_pack() -> None:
    from engine.dealing import game_shuffle, new_pack

    for seed in (1, 9, 77):
        g = engine.new_game("royal-parade", seed)
        rows = ids(g, "two") + ids(g, "three") + ids(g, "four")
        assert all(len(g.piles[p]) == 1 for p in rows + ids(g, "r"))
        assert len(g.piles["stock"]) == 72 and not g.piles["discard"] and cards_once_per_deck(g)
        # No 2, 3 or 4 is set out to head a row: the places are simply the pack's first 24 cards.
        pack = game_shuffle(engine.get_spec("royal-parade"), new_pack(2), seed)
        assert [g.piles[p][0] for p in rows + ids(g, "r")] == pack[:32]


def test_royal_parade_a_place_on_its_rows_rank_builds_up_in_suit_by_threes_to_four_cards() -> None:
    g = parade(two1="2H", r1="5H", r2="5S", r3="6H", three1="3S 6S 9S", r4="QS", four1="4D 7D 10D KD", r6="KC")
    assert {mv("r1", "two1"), mv("r4", "three1")} <= legal(g)
    refused(g, mv("r2", "two1"), "cannot go on", "in suit")
    refused(g, mv("r3", "two1"), "cannot go on", "follows the order 2 5 8 J")
    refused(g, mv("r6", "four1"), "is complete")


def test_royal_parade_a_misplaced_card_takes_nothing_and_an_empty_place_takes_only_its_rows_rank() -> None:
    g = parade(two2="7D", three4="", r1="10D", r2="4C", r3="3C", stock="9H")
    refused(g, mv("r1", "two2"), "starts with the 7", "takes nothing")
    refused(g, mv("r2", "three4"), "takes only a card of rank 3")
    assert mv("r3", "three4") in legal(g)


def test_royal_parade_the_stock_may_be_dealt_while_a_place_is_empty_one_card_onto_each_reserve_pile() -> None:
    g = parade(two3="", four1="4D", r1="5C", r3="", stock=" ".join(["8D"] * 7 + ["7D"]))
    assert "deal" in legal(g)  # unlike Virginia Reel, an empty place does not hold up the deal
    g.play("deal")
    assert [codes(g, p) for p in ids(g, "r")] == ["5C 7D", "8D", "8D", "8D", "8D", "8D", "8D", "8D"]
    assert not g.piles["two3"]  # nothing fills a place by itself
    refused(g, "deal", "stock is empty")


def test_royal_parade_reserve_cards_go_to_the_places_and_nothing_goes_onto_the_reserve() -> None:
    g = parade(two1="2H", r1="5H", r2="", four1="4D", stock="9H")
    refused(g, mv("two1", "r2"), "nothing may be placed on Reserve 2")
    refused(g, mv("four1", "r1"), "nothing may be placed on Reserve 1")
    g.play(mv("r1", "two1"))
    assert not g.piles["r1"]  # an emptied reserve pile waits for the next deal


def test_royal_parade_aces_go_to_the_discard_and_two_lone_cards_in_each_others_rows_change_places() -> None:
    g = parade(r1="AS", four3="AH", r2="KS", three2="4C", four5="3H", two3="3S", stock="9H")
    assert {mv("r1", "discard"), mv("four3", "discard"), mv("three2", "four5"), mv("four5", "three2")} <= legal(g)
    refused(g, mv("r2", "discard"), "takes only As")
    refused(g, mv("two3", "four5"), "change cards only when each card then lies in the row of its rank")
    g.play(mv("three2", "four5"))
    assert codes(g, "three2") == "3H" and codes(g, "four5") == "4C"


def test_royal_parade_is_won_with_every_place_complete_and_the_aces_discarded() -> None:
    places = {}
    for prefix, ranks in (("two", "2 5 8 J"), ("three", "3 6 9 Q"), ("four", "4 7 10 K")):
        for i in range(8):
            places[f"{prefix}{i + 1}"] = " ".join(r + SUITS[i % 4] for r in ranks.split())
    places["four8"] = "4S 7S 10S"
    g = parade(**places, r1="KS", discard=" ".join("A" + s for s in SUITS * 2))
    assert g.status() == "playing"
    g.play(mv("r1", "four8"))
    assert g.is_won()


# --- Labyrinth -------------------------------------------------------------------------------


TOP_ROW = {f"g{i}": "9C" for i in range(1, 9)}


def maze(**piles: str) -> Game:
    """A Labyrinth position: the four aces on their foundations, the top row full of cards no
    foundation wants (so that nothing refills it), and the piles named."""
    return arrange(engine.new_game("labyrinth", 1), **{"f1": "AC", "f2": "AD", "f3": "AH", "f4": "AS", **TOP_ROW, **piles})


def test_labyrinth_setup_aces_out_one_row_of_eight_and_40_cards_in_the_stock() -> None:
    g = engine.new_game("labyrinth", 3)
    assert [codes(g, p) for p in ids(g, "f")] == ["AC", "AD", "AH", "AS"]
    assert all(len(g.piles[p]) == 1 for p in ids(g, "g")[:8]) and not any(g.piles[p] for p in ids(g, "g")[8:])
    assert len(g.piles["stock"]) == 40 and cards_once_per_deck(g)


def test_labyrinth_foundations_build_up_by_suit_to_the_king() -> None:
    g = maze(g1="2C", g2="2D", g3="3C", f3="AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", g4="KS", stock="9D")
    assert {mv("g1", "f1"), mv("g2", "f2")} <= legal(g)
    refused(g, mv("g3", "f1"), "cannot go on")
    refused(g, mv("g1", "f2"), "cannot go on", "in suit")
    refused(g, mv("g4", "f3"), "complete")


def test_labyrinth_each_deal_lays_a_row_of_eight_under_the_last_gaps_and_all() -> None:
    g = maze(g1="9C", g2="9D", g3="9H", g4="9S", g5="10C", g6="10D", g7="10H", g8="10S",
             g9="JC", g11="JD", stock=" ".join(["QC"] * 7 + ["KD"]) + " 4C 4D")
    g.deals = 1  # one row has been dealt under the top row
    g.play("deal")
    assert [codes(g, p) for p in ids(g, "g")[16:24]] == ["4D", "4C", "KD", "QC", "QC", "QC", "QC", "QC"]
    assert not g.piles["g10"]  # a gap in an earlier row stays a gap
    assert len(g.piles["stock"]) == 2


def test_labyrinth_a_card_is_free_in_the_top_row_or_when_the_place_above_or_below_is_empty() -> None:
    g = maze(g1="9C", g2="9D", g3="9H", g4="9S", g5="10C", g6="10D", g7="10H", g8="10S",
             g9="2C", g10="2D", g11="2H",
             g17="5C", g19="5H", g20="5S",
             g25="6C", g26="6D", g28="6S", stock="KC")
    g.deals = 3
    # g9 (2C): a card above and below it, held in. g10 (2D): the place below is empty.
    refused(g, mv("g9", "f1"), "Row 2, column 1", "held in")
    assert mv("g10", "f2") in legal(g)
    # g11 (2H): the places above (g3) and below (g19) both hold cards.
    refused(g, mv("g11", "f3"), "held in")
    # A gap above frees a card too: g26 (6D) lies under the gap at g18.
    g = maze(f4="AS 2S 3S 4S 5S", g12="3S", g20="4D", g28="6S", g26="6D", g34="2H", g35="3H")
    g.deals = 4
    assert mv("g28", "f4") in legal(g)  # the place below (g36) is empty
    refused(g, mv("g20", "f4"), "held in")  # g12 above and g28 below hold cards
    g = maze(f2="AD 2D 3D 4D 5D", g18="", g26="6D", g34="2H")
    g.deals = 4
    assert mv("g26", "f2") in legal(g)  # g34 below holds a card, but g18 above is empty


def test_labyrinth_the_top_row_is_refilled_at_once_from_the_stock_and_no_other_row_is() -> None:
    g = maze(g1="2C", g9="2D", g17="7D", stock="KH QS")
    g.deals = 2
    g.play(mv("g1", "f1"))
    assert codes(g, "g1") == "QS" and codes(g, "stock") == "KH"
    g = maze(g9="2D", stock="KH QS")
    g.deals = 2
    g.play(mv("g9", "f2"))
    assert not g.piles["g9"] and codes(g, "stock") == "KH QS"


def test_labyrinth_once_the_stock_is_out_top_row_gaps_stay_and_free_the_card_below() -> None:
    g = maze(g1="2C", g9="2D", g17="8C")
    g.deals = 2
    refused(g, mv("g9", "f2"), "held in")
    g.play(mv("g1", "f1"))
    assert not g.piles["g1"]
    assert mv("g9", "f2") in legal(g)
    refused(g, "deal", "stock is empty")


def test_labyrinth_cards_go_only_to_the_foundations() -> None:
    g = maze(g1="2C", g2="3C", g9="4C", stock="KH")
    refused(g, mv("g1", "g2"), "nothing may be placed on")
    refused(g, mv("g1", "g10"), "nothing may be placed on")


def test_labyrinth_is_won_with_all_52_cards_home() -> None:
    full = {f"f{i + 1}": " ".join(r + s for r in ("A 2 3 4 5 6 7 8 9 10 J Q K".split())) for i, s in enumerate(SUITS)}
    g = arrange(engine.new_game("labyrinth", 1), **full)
    assert g.is_won() and g.goal_count == 52
    g = arrange(engine.new_game("labyrinth", 1), **{**full, "f4": "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS"}, g1="KS")
    assert not g.is_won() and mv("g1", "f4") in legal(g)


def test_labyrinth_automatic_moves_never_take_a_top_row_card_as_its_refill_decides_where_later_cards_land() -> None:
    # Playing the 2C from the top row pulls the stock's next card into its place instead of into
    # the next row; when that happens is the player's choice (the solver found deals it had
    # called lost that are won by waiting). A lower-row card goes home by itself.
    g = maze(g1="2C", g10="2D", stock="KH QS")
    g.deals = 1
    assert {mv("g1", "f1"), mv("g10", "f2")} <= legal(g)
    assert [str(m) for m in g.safe_moves()] == [mv("g10", "f2")]
