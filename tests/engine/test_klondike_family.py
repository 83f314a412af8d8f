"""The Klondike family (Klondike, Klondike (draw one), Gargantua): every clause of
docs/readings/klondike.md, the refusals included."""

from __future__ import annotations

import collections

import pytest

import engine
from engine.game import Game
from engine.spec import Kind

from .helpers import arrange, codes, legal, refused

RANKS = ["A", *(str(n) for n in range(2, 11)), "J", "Q", "K"]
ONE_PACK = ("klondike", "klondike-draw-one")
ALL_SLUGS = (*ONE_PACK, "gargantua")
# A face-up run in alternating colours, queen down to two.
ALT_RUN = "QH JS 10H 9S 8H 7S 6H 5S 4H 3S 2H"


def suit_up(suit: str, ranks: list[str] = RANKS) -> str:
    return " ".join(r + suit for r in ranks)


def moves_from(g: Game, pid: str) -> set[str]:
    """The legal moves that take cards from ``pid``."""
    return {m for m in legal(g) if m.split(">")[0].split(":")[0] == pid}


def all_cards(g: Game) -> collections.Counter[tuple[int, str]]:
    return collections.Counter((c.rank, c.suit) for pid in g.order for c in g.piles[pid])


# --- Setup ---------------------------------------------------------------------------


@pytest.mark.parametrize("slug", ONE_PACK)
def test_klondike_setup_triangle_of_seven_24_in_stock_empty_waste(slug: str) -> None:
    g = engine.new_game(slug, 6)
    assert [len(g.piles[f"t{i}"]) for i in range(1, 8)] == [1, 2, 3, 4, 5, 6, 7]
    assert [g.down[f"t{i}"] for i in range(1, 8)] == [0, 1, 2, 3, 4, 5, 6]
    assert len(g.piles["stock"]) == 24 and g.piles["waste"] == []
    assert [g.piles[f"f{i}"] for i in range(1, 5)] == [[]] * 4 and "f5" not in g.piles
    assert g.ids_by_kind[Kind.CELL] == ()
    cards = all_cards(g)
    assert set(cards) == {(r, s) for r in range(1, 14) for s in "CDHS"} and set(cards.values()) == {1}
    view = {p["id"]: p for p in g.view()["piles"]}
    assert [c["up"] for c in view["t7"]["cards"]] == [False] * 6 + [True]
    assert all(not c["up"] for c in view["stock"]["cards"])


def test_gargantua_setup_triangle_of_nine_59_in_stock_eight_foundations() -> None:
    g = engine.new_game("gargantua", 6)
    assert [len(g.piles[f"t{i}"]) for i in range(1, 10)] == list(range(1, 10))
    assert [g.down[f"t{i}"] for i in range(1, 10)] == list(range(9))
    assert sum(g.down.values()) == 36
    assert len(g.piles["stock"]) == 59 and g.piles["waste"] == []
    assert [g.piles[f"f{i}"] for i in range(1, 9)] == [[]] * 8 and "f9" not in g.piles
    assert g.ids_by_kind[Kind.CELL] == ()
    cards = all_cards(g)
    assert set(cards) == {(r, s) for r in range(1, 14) for s in "CDHS"} and set(cards.values()) == {2}


# --- Tableau ----------------------------------------------------------------------------


@pytest.mark.parametrize("slug", ALL_SLUGS)
def test_tableau_builds_down_in_alternating_colours(slug: str) -> None:
    g = arrange(engine.new_game(slug, 1), t1="7S", t2="6H", t3="6C", t4="8D", t5="5D")
    assert {"t2>t1", "t1>t4"} <= legal(g)
    refused(g, "t3>t1", "6♣", "7♠", "alternating colours")
    refused(g, "t5>t1", "5♦", "7♠")
    refused(g, "t4>t1", "8♦", "7♠", "down")


def test_any_face_up_run_moves_as_a_unit_with_no_limit() -> None:
    g = arrange(engine.new_game("klondike", 1), t1="#5C " + ALT_RUN, t2="KC", t3="6D")
    assert {"t1:11>t2", "t1:4>t3"} <= legal(g)
    g.play("t1:11>t2")
    assert codes(g, "t2") == "KC " + ALT_RUN
    assert codes(g, "t1") == "5C" and g.down["t1"] == 0


def test_part_of_a_face_up_run_moves_from_any_of_its_cards() -> None:
    g = arrange(engine.new_game("klondike", 1), t1="#KD #2C 9S 8H 7C", t2="10H", t3="9C", t4="8D")
    assert moves_from(g, "t1") == {"t1:3>t2", "t1:2>t3", "t1>t4"}
    refused(g, "t1:4>t2", "only the top 3 cards")  # the face-down 2♣ does not move


def test_a_run_out_of_colour_or_sequence_does_not_move_as_a_unit() -> None:
    g = arrange(engine.new_game("klondike", 1), t1="10D 9S 8C", t2="9H", t3="10H")
    refused(g, "t1:2>t2", "only the top card")  # 9♠ 8♣: same colour
    refused(g, "t1:3>t3", "only the top card")


@pytest.mark.parametrize("slug", ALL_SLUGS)
def test_empty_pile_takes_only_a_king_or_king_headed_run(slug: str) -> None:
    g = arrange(engine.new_game(slug, 1), t1="4D KS QH", t2="", t3="2C QC", waste="KH", f1="AD 2D 3D",
                t4="5C", t5="6C", t6="7C", t7="8C")
    assert {"t1:2>t2", "waste>t2"} <= legal(g)
    refused(g, "t1>t2", "empty Pile 2 takes only a king")
    refused(g, "t3>t2", "only a king")
    refused(g, "f1>t2", "only a king")
    g.play("t1:2>t2")
    assert codes(g, "t2") == "KS QH"


def test_an_empty_pile_is_not_filled_by_itself() -> None:
    g = arrange(engine.new_game("klondike", 1), t1="KS", t2="", stock="KH 5C")
    g.play("deal")
    assert g.piles["t2"] == [] and codes(g, "waste") == "5C KH"


def test_exposed_face_down_card_turns_up_and_stays_where_it_is() -> None:
    g = arrange(engine.new_game("klondike", 1), t1="#AH #4D 9H", t2="10S")
    g.play("t1>t2")
    assert g.down["t1"] == 1 and codes(g, "t1") == "AH 4D"
    g.undo()
    assert g.down["t1"] == 2
    g = arrange(engine.new_game("klondike", 1), t1="#AH 9H", t2="10S")
    g.play("t1>t2")
    assert g.down["t1"] == 0 and codes(g, "t1") == "AH"
    assert all(g.piles[f"f{i}"] == [] for i in range(1, 5))  # not sent to a foundation
    assert "t1>f1" in legal(g)


# --- Foundations --------------------------------------------------------------------------


@pytest.mark.parametrize("slug", ALL_SLUGS)
def test_foundations_build_up_by_suit_from_the_ace(slug: str) -> None:
    g = arrange(engine.new_game(slug, 1), f1="AH 2H", t1="3H", t2="3D", t3="4H", t4="2S", waste="AS")
    assert {"t1>f1", "waste>f2", "waste>f3"} <= legal(g)
    refused(g, "t2>f1", "3♦", "2♥", "up in suit")
    refused(g, "t3>f1", "4♥", "2♥")
    refused(g, "t4>f2", "empty Foundation 2 takes only a card of rank A")


def test_foundations_take_one_card_at_a_time_and_stop_at_the_king() -> None:
    g = arrange(engine.new_game("klondike", 1), f1=suit_up("H"), f2="AS", t1="3H 2S", t2="AH")
    refused(g, "t1:2>f2", "one card at a time")
    refused(g, "t2>f1", "complete")


@pytest.mark.parametrize("slug", ALL_SLUGS)
def test_a_foundations_top_card_may_come_back_to_the_tableau(slug: str) -> None:
    g = engine.new_game(slug, 1)
    others = {pid: "9D" for pid in g.ids_by_kind[Kind.TABLEAU][3:]}
    g = arrange(g, f1="AH 2H 3H", f2=suit_up("C"), t1="4S", t2="", t3="4H", **others)
    assert moves_from(g, "f1") == {"f1>t1"}
    assert moves_from(g, "f2") == {"f2>t2"}  # a king into the space
    refused(g, "f1:2>t1", "only the top card")
    refused(g, "f1>t3", "3♥", "4♥")
    refused(g, "f1>f3", "may go only to the tableau")
    g.play("f1>t1")
    assert codes(g, "t1") == "4S 3H" and codes(g, "f1") == "AH 2H"


def test_nothing_goes_to_a_foundation_by_itself() -> None:
    g = arrange(engine.new_game("klondike", 1), t1="5S AH", t2="6D", stock="AC 2C")
    g.play("deal")
    assert codes(g, "waste") == "2C AC" and all(not g.piles[f"f{i}"] for i in range(1, 5))
    assert {"t1>f1", "waste>f1"} <= legal(g)


# --- Stock and waste ------------------------------------------------------------------------


def test_klondike_turns_three_cards_the_third_on_top_fewer_when_fewer_remain() -> None:
    g = arrange(engine.new_game("klondike", 1), t1="KC", stock="2H 3H 4H 5H 6H")
    g.play("deal")
    assert codes(g, "waste") == "6H 5H 4H" and codes(g, "stock") == "2H 3H"
    g.play("deal")
    assert codes(g, "waste") == "6H 5H 4H 3H 2H" and g.piles["stock"] == []


def test_only_the_waste_top_card_is_available() -> None:
    g = arrange(engine.new_game("klondike", 1), waste="6D 4H 5H", t1="6S", t2="5C", t3="7C")
    assert moves_from(g, "waste") == {"waste>t1"}
    refused(g, "waste:2>t2", "only the top card")
    g.play("waste>t1")
    assert moves_from(g, "waste") == {"waste>t2"}
    g.play("waste>t2")
    assert moves_from(g, "waste") == {"waste>t3"}


def test_turning_from_the_stock_is_allowed_at_any_time() -> None:
    g = arrange(engine.new_game("klondike", 1), t1="7S", t2="6H", stock="2H 3H 4H")
    assert {"deal", "t2>t1"} <= legal(g)


def test_redeal_only_when_the_stock_is_empty() -> None:
    g = arrange(engine.new_game("klondike", 1), t1="KC", stock="2H", waste="4H 5H")
    refused(g, "redeal", "only when the stock is empty")
    g = arrange(engine.new_game("klondike", 1), t1="KC")
    refused(g, "redeal", "waste is empty")
    refused(g, "deal", "stock is empty")


@pytest.mark.parametrize(("slug", "draw"), [("klondike", 3), ("klondike-draw-one", 1)])
def test_the_waste_is_turned_over_unshuffled_as_often_as_wanted(slug: str, draw: int) -> None:
    stock = "2H 3H 4H 5H 6H 7H 8H"
    g = arrange(engine.new_game(slug, 1), t1="KC", stock=stock)
    for _ in range(6):
        turns = 0
        while g.piles["stock"]:
            g.play("deal")
            turns += 1
        assert turns == -(-7 // draw)
        assert codes(g, "waste") == " ".join(reversed(stock.split()))
        g.play("redeal")
        assert codes(g, "stock") == stock and g.piles["waste"] == []


def test_klondike_draw_one_turns_one_card() -> None:
    g = arrange(engine.new_game("klondike-draw-one", 1), t1="KC", stock="2H 3H 4H")
    g.play("deal")
    assert codes(g, "waste") == "4H" and codes(g, "stock") == "2H 3H"
    g.play("deal")
    assert codes(g, "waste") == "4H 3H"


def test_gargantua_turns_one_card_and_allows_exactly_one_redeal() -> None:
    g = arrange(engine.new_game("gargantua", 1), t1="KC", stock="2H 3H 4H")
    g.play("deal")
    assert codes(g, "waste") == "4H" and codes(g, "stock") == "2H 3H"
    refused(g, "redeal", "only when the stock is empty")
    g.play("deal")
    g.play("deal")
    g.play("redeal")  # the second pass
    assert codes(g, "stock") == "2H 3H 4H"
    for _ in range(3):
        g.play("deal")
    refused(g, "redeal", "no redeals left", "1 allowed")
    refused(g, "deal", "stock is empty")
    assert codes(g, "waste") == "4H 3H 2H"  # the waste stays where it is
    assert "deal" not in legal(g) and "redeal" not in legal(g)


def test_gargantua_second_redeal_is_refused_in_a_real_deal() -> None:
    g = engine.new_game("gargantua", 3)
    for _ in range(59):
        g.play("deal")
    g.play("redeal")
    for _ in range(59):
        g.play("deal")
    refused(g, "redeal", "no redeals left")


def test_gargantua_has_two_foundations_for_each_suit() -> None:
    g = arrange(engine.new_game("gargantua", 1), f1="AH", f2="AH", t1="2H", t2="2H", t3="AS", t4="AS",
                f3="AC 2C")
    assert {"t1>f1", "t1>f2", "t3>f4", "t3>f8"} <= legal(g)
    g.play("t1>f1")
    g.play("t2>f2")
    g.play("t3>f4")
    g.play("t4>f5")
    assert [codes(g, f"f{i}") for i in range(1, 6)] == ["AH 2H", "AH 2H", "AC 2C", "AS", "AS"]


# --- Winning -----------------------------------------------------------------------------


def test_klondike_won_when_all_52_cards_are_on_the_foundations() -> None:
    g = arrange(engine.new_game("klondike", 1), f1=suit_up("C"), f2=suit_up("D"), f3=suit_up("H"),
                f4=suit_up("S", RANKS[:-1]), waste="KS")
    assert not g.is_won()
    g.play("waste>f4")
    assert g.is_won() and g.view()["status"] == "won"


def test_gargantua_won_when_all_104_cards_are_on_the_foundations() -> None:
    full = {f"f{i}": suit_up("CDHS"[(i - 1) % 4]) for i in range(1, 9)}
    full["f8"] = suit_up("S", RANKS[:-1])
    g = arrange(engine.new_game("gargantua", 1), **full, t9="KS")
    assert not g.is_won()
    g.play("t9>f8")
    assert g.is_won()
