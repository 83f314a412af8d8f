"""Babette, Crazy Quilt and Virginia Reel: grids of places that hold each other in, a
waste that takes cards, places kept for one rank. Every clause of their readings
(docs/readings/two-pack-classics.md, docs/readings/odd-ones.md), refusals included."""

from __future__ import annotations

import dataclasses

import pytest

import engine
from engine.dealing import game_shuffle, new_pack
from engine.game import Game
from engine.rules import covered

from .helpers import arrange, cards_once_per_deck, codes, ids, legal, mv, refused

SUITS = "CDHS"


# --- Babette -------------------------------------------------------------------------------


def test_babette_setup_one_row_of_eight_and_96_cards_in_the_stock() -> None:
    g = engine.new_game("babette", 3)
    garden = ids(g, "g")
    assert len(garden) == 104 and all(len(g.piles[p]) == 1 for p in garden[:8])
    assert not any(g.piles[p] for p in garden[8:])
    assert len(g.piles["stock"]) == 96 and cards_once_per_deck(g)
    assert all(not g.piles[p] for p in ids(g, "a") + ids(g, "k"))
    assert g.pile_name("g11") == "Garden row 2, column 3"


def test_babette_a_card_is_free_only_when_the_place_below_it_is_empty() -> None:
    g = arrange(engine.new_game("babette", 1), a1="AC 2C 3C 4C", g1="5C", g9="AD", g10="9H")
    refused(g, mv("g1", "a1"), "held in", "the card below has to go first")
    assert mv("g9", "a2") in legal(g)
    g.play(mv("g9", "a2"))
    assert mv("g1", "a1") in legal(g)
    # A card two rows down does not block: g2 has nothing directly below it.
    g = arrange(engine.new_game("babette", 1), a1="AC 2C 3C 4C", g2="5C", g18="9H")
    assert mv("g2", "a1") in legal(g)


def test_babette_garden_cards_go_only_to_the_foundations_and_gaps_are_never_filled() -> None:
    g = arrange(engine.new_game("babette", 1), g1="5C", g2="6C", g3="")
    refused(g, mv("g1", "g2"), "nothing may be placed on Garden row 1, column 2")
    refused(g, mv("g1", "g3"), "nothing may be placed on")


def _babette_with_an_ace_or_king_in_row_2() -> tuple[Game, list[str], str]:
    """The first deal whose second row, once dealt, has an ace or king that can go home."""
    for seed in range(1, 100):
        g = engine.new_game("babette", seed)
        stock = [c.code for c in reversed(g.piles["stock"])]  # the next card first
        g.play("deal")
        home = [p for p in ids(g, "g")[8:16] if mv(p, "a1") in legal(g) or mv(p, "k1") in legal(g)]
        if home:
            return g, stock, home[0]
    raise AssertionError("no such deal among 1-99")


def test_babette_each_deal_fills_the_next_row_under_the_gaps() -> None:
    g, stock, gap = _babette_with_an_ace_or_king_in_row_2()
    assert [codes(g, p) for p in ids(g, "g")[8:16]] == stock[:8]
    home = next(m for m in g.legal_moves() if m.sources == (gap,))
    g.play(home)
    g.play("deal")
    assert not g.piles[gap]  # the gap stays; the third row goes under the second
    assert [codes(g, p) for p in ids(g, "g")[16:24]] == stock[8:16]


def test_babette_foundations_aces_up_kings_down_one_of_each_suit() -> None:
    g = arrange(engine.new_game("babette", 1), a1="AC", k1="KH", g1="AC", g2="2C", g3="QH", g4="KH", g5="AD")
    assert {mv("g2", "a1"), mv("g3", "k1"), mv("g5", "a2")} <= legal(g)
    refused(g, mv("g1", "a2"), "take one suit each")  # a second ace of clubs starts no pile
    refused(g, mv("g4", "k2"), "take one suit each")
    refused(g, mv("g5", "k2"), "takes only a card of rank K")


def test_babette_redeal_only_once_the_stock_is_out_rightmost_column_first_top_down() -> None:
    g = engine.new_game("babette", 1)
    refused(g, "redeal", "only once every row has been dealt")
    g = arrange(engine.new_game("babette", 1), g1="2C", g9="3C", g8="4D", g16="5D", g24="6D", g3="7H")
    g.play("redeal")
    # Column 8 (4D 5D 6D from the top down), then column 3 (7H), then column 1 (2C 3C):
    # dealt again a row of eight at once, the rest to the stock.
    assert [codes(g, p) for p in ids(g, "g")[:6]] == ["4D", "5D", "6D", "7H", "2C", "3C"]
    assert not any(g.piles[p] for p in ids(g, "g")[6:]) and not g.piles["stock"]
    assert g.redeals_left == 1
    g.play("redeal")
    refused(g, "redeal", "no redeals left")


def test_babette_a_long_redeal_deals_one_row_and_stocks_the_rest() -> None:
    garden = {f"g{i}": c for i, c in zip(range(1, 11), "2C 3C 4C 5C 6C 7C 8C 9C 10C JC".split())}
    g = arrange(engine.new_game("babette", 1), **garden)
    g.play("redeal")
    # g10 (row 2, column 2) comes out after 3C with column 2; column 1 (2C, then g9's 10C) last.
    assert [codes(g, p) for p in ids(g, "g")[:8]] == ["9C", "8C", "7C", "6C", "5C", "4C", "3C", "JC"]
    assert len(g.piles["stock"]) == 2
    g.play("deal")
    assert [codes(g, p) for p in ids(g, "g")[8:10]] == ["2C", "10C"]
    refused(g, "deal", "stock is empty")


# --- Crazy Quilt ---------------------------------------------------------------------------


def test_crazy_quilt_setup_an_ace_and_a_king_of_each_suit_a_quilt_of_64_and_32_in_the_stock() -> None:
    g = engine.new_game("crazy-quilt", 8)
    assert [codes(g, p) for p in ids(g, "a")] == ["AC", "AD", "AH", "AS"]
    assert [codes(g, p) for p in ids(g, "k")] == ["KC", "KD", "KH", "KS"]
    assert all(len(g.piles[p]) == 1 for p in ids(g, "q")) and len(g.piles["stock"]) == 32
    assert not g.piles["waste"] and cards_once_per_deck(g)


def test_crazy_quilt_sixteen_cards_start_free_upright_at_top_and_bottom_sideways_at_the_sides() -> None:
    g = engine.new_game("crazy-quilt", 1)
    view = {p["id"]: p for p in g.view()["piles"]}
    q = g.spec.group("q")
    free = [p for p in ids(g, "q") if not covered(g, q, p)]
    assert free == ["q1", "q3", "q5", "q7", "q8", "q9", "q24", "q25", "q40", "q41", "q56", "q57", "q58", "q60",
                    "q62", "q64"]
    assert [view[p]["turn"] for p in ("q1", "q2", "q9", "q10")] == ["", "sideways", "sideways", ""]


def test_crazy_quilt_an_upright_card_is_freed_above_or_below_a_sideways_one_left_or_right() -> None:
    full = {p: "9S" for p in engine.new_game("crazy-quilt", 1).spec.group("q").ids()}
    # q19 (row 3, column 3) is upright; q20 (row 3, column 4) sideways.
    g = arrange(engine.new_game("crazy-quilt", 1), a1="AC 2C 3C 4C", a2="AD 2D 3D 4D", **{**full, "q19": "5C", "q20": "5D"})
    refused(g, mv("q19", "a1"), "held in", "above and below")
    refused(g, mv("q20", "a2"), "held in", "to its left and to its right")
    g = arrange(engine.new_game("crazy-quilt", 1), a1="AC 2C 3C 4C", a2="AD 2D 3D 4D",
                **{**full, "q19": "5C", "q20": "5D", "q27": "", "q10": "", "q12": ""})
    assert mv("q19", "a1") in legal(g)  # the place below (q27) is empty
    refused(g, mv("q20", "a2"), "held in")  # q12 above it and q10 diagonal do not free a sideways card
    g = arrange(engine.new_game("crazy-quilt", 1), a2="AD 2D 3D 4D", **{**full, "q20": "5D", "q21": ""})
    assert mv("q20", "a2") in legal(g)


def test_crazy_quilt_free_cards_build_on_the_waste_up_or_down_in_suit_without_going_round() -> None:
    g = arrange(engine.new_game("crazy-quilt", 1), waste="7H", q1="8H", q3="6H", q5="8S", q7="KH")
    assert {mv("q1", "waste"), mv("q3", "waste")} <= legal(g)
    refused(g, mv("q5", "waste"), "cannot go on", "in suit")
    g.play(mv("q1", "waste"))
    refused(g, mv("q3", "waste"), "cannot go on")  # 6H on 8H
    g = arrange(engine.new_game("crazy-quilt", 1), waste="AH", q1="KH")
    refused(g, mv("q1", "waste"), "cannot go on")  # no going round from ace to king
    g = arrange(engine.new_game("crazy-quilt", 1), q1="8H")
    refused(g, mv("q1", "waste"), "nothing may be placed on the empty")


def test_crazy_quilt_the_waste_plays_only_home_and_an_emptied_place_stays_empty() -> None:
    g = arrange(engine.new_game("crazy-quilt", 1), waste="2C", a1="AC", q1="", q2="9D")
    assert mv("waste", "a1") in legal(g)
    refused(g, mv("waste", "q1"), "nothing may be placed on")
    refused(g, mv("q2", "q1"), "nothing may be placed on")


def test_crazy_quilt_one_redeal_turns_the_waste_with_its_quilt_cards_over() -> None:
    g = arrange(engine.new_game("crazy-quilt", 1), stock="3D 9C", q1="8C")
    g.play("deal")
    g.play(mv("q1", "waste"))
    g.play("deal")
    refused(g, "deal", "stock is empty")
    assert codes(g, "waste") == "9C 8C 3D"
    g.play("redeal")
    assert [c.code for c in reversed(g.piles["stock"])] == ["9C", "8C", "3D"]
    while g.piles["stock"]:
        g.play("deal")
    refused(g, "redeal", "no redeals left")


# --- Virginia Reel -------------------------------------------------------------------------


def test_virginia_reel_setup_the_first_two_three_and_four_head_their_rows() -> None:
    for seed in (1, 9, 77):
        g = engine.new_game("virginia-reel", seed)
        assert [g.piles[p][0].rank for p in ("two1", "three1", "four1")] == [2, 3, 4]
        rows = ids(g, "two") + ids(g, "three") + ids(g, "four")
        assert all(len(g.piles[p]) == 1 for p in rows + ids(g, "r"))
        assert len(g.piles["stock"]) == 72 and not g.piles["discard"] and cards_once_per_deck(g)
        # The heads are the first 2, 3 and 4 of the shuffled pack, copies told apart.
        pack = game_shuffle(engine.get_spec("virginia-reel"), new_pack(2), seed)
        assert [g.piles[p][0] for p in ("two1", "three1", "four1")] == [
            next(c for c in pack if c.rank == r) for r in (2, 3, 4)]


def test_virginia_reel_a_place_on_its_rows_rank_builds_up_in_suit_by_threes_to_four_cards() -> None:
    g = arrange(engine.new_game("virginia-reel", 1), two1="2H", r1="5H", r2="5S", r3="6H", three1="3S 6S 9S",
                r4="QS", r5="8H", four1="4D 7D 10D KD", r6="KC")
    assert {mv("r1", "two1"), mv("r4", "three1")} <= legal(g)
    refused(g, mv("r2", "two1"), "cannot go on", "in suit")
    refused(g, mv("r3", "two1"), "cannot go on", "follows the order 2 5 8 J")
    refused(g, mv("r5", "two1"), "cannot go on")
    refused(g, mv("r6", "four1"), "is complete")
    g.play(mv("r1", "two1"))
    g.play(mv("r5", "two1"))
    assert codes(g, "two1") == "2H 5H 8H"


def test_virginia_reel_a_misplaced_card_takes_nothing_until_it_moves_away() -> None:
    g = arrange(engine.new_game("virginia-reel", 1), two2="7D", four1="4D", r1="10D", r2="2C")
    refused(g, mv("r1", "two2"), "starts with the 7", "takes nothing")
    assert mv("two2", "four1") in legal(g)  # the 7D moves on, in suit by threes
    g.play(mv("two2", "four1"))
    assert mv("r2", "two2") in legal(g)


def test_virginia_reel_an_empty_place_takes_only_its_rows_rank() -> None:
    g = arrange(engine.new_game("virginia-reel", 1), three4="", r1="4C", r2="3C", two2="3D")
    refused(g, mv("r1", "three4"), "takes only a card of rank 3")
    assert {mv("r2", "three4"), mv("two2", "three4")} <= legal(g)


def test_virginia_reel_aces_go_to_the_discard_from_anywhere_and_nothing_else_does() -> None:
    g = arrange(engine.new_game("virginia-reel", 1), r1="AS", four3="AH", r2="KS")
    assert {mv("r1", "discard"), mv("four3", "discard")} <= legal(g)
    refused(g, mv("r2", "discard"), "takes only As")
    # Automatic moves discard a reserve ace, never one from a place (its gap would block the deal).
    assert [str(m) for m in g.safe_moves()] == [mv("r1", "discard")]


def test_virginia_reel_two_lone_cards_in_each_others_rows_change_places() -> None:
    g = arrange(engine.new_game("virginia-reel", 1), three2="4C", four5="3H", two3="3S", four6="2D 5D")
    assert {mv("three2", "four5"), mv("four5", "three2")} <= legal(g)
    refused(g, mv("two3", "four5"), "change cards only when each card then lies in the row of its rank")
    g.play(mv("three2", "four5"))
    assert codes(g, "three2") == "3H" and codes(g, "four5") == "4C"
    g.undo()
    assert codes(g, "three2") == "4C" and codes(g, "four5") == "3H"


def test_lone_cards_trade_places_only_between_known_rows_each_kept_for_a_rank_of_its_own() -> None:
    reel = engine.get_spec("virginia-reel")
    engine.registry._check(dataclasses.replace(reel, slug="x-reel"))  # as registered: fine
    for swaps in (("two", "q"), ("two",), ("two", "r"), ("two", "three", "two")):
        with pytest.raises(engine.RegistrationError, match=r"'x-reel': lone cards trade places .*swaps"):
            engine.registry._check(dataclasses.replace(reel, slug="x-reel", swaps=swaps))


def test_virginia_reel_no_deal_while_a_place_is_empty_and_a_deal_puts_one_card_on_each_reserve_pile() -> None:
    g = engine.new_game("virginia-reel", 3)
    places = {p: "9C" for p in g.order if g.group_of[p].prefix in ("two", "three", "four")}
    arrange(g, **{**places, "two3": ""}, r1="5C", stock=" ".join(["8D"] * 7 + ["7D"]))
    refused(g, "deal", "no deal while one of the twos row")
    g.piles["two3"] = g.piles["r1"][:]
    g.piles["r1"] = []
    g._legal = None
    g.play("deal")
    assert [codes(g, p) for p in ids(g, "r")] == ["7D", "8D", "8D", "8D", "8D", "8D", "8D", "8D"]


def test_virginia_reel_is_won_with_every_place_complete_and_the_aces_discarded() -> None:
    places = {}
    for prefix, ranks in (("two", "2 5 8 J"), ("three", "3 6 9 Q"), ("four", "4 7 10 K")):
        for i in range(8):
            places[f"{prefix}{i + 1}"] = " ".join(r + SUITS[i % 4] for r in ranks.split())
    places["four8"] = "4S 7S 10S"
    g = arrange(engine.new_game("virginia-reel", 1), **places, r1="KS", discard=" ".join(a + s for s in SUITS * 2 for a in "A"))
    assert g.status() == "playing"
    g.play(mv("r1", "four8"))
    assert g.is_won()
