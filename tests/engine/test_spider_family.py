"""The Spider family (Spider, Spider in one and two suits, Spiderette): every clause of
docs/readings/spider.md, the refusals included."""

from __future__ import annotations

import collections

import engine
from engine.game import Game
from engine.spec import Kind

from .helpers import arrange, codes, legal, refused

KING_TO_ACE = "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS"
ALL_SLUGS = ("spider", "spider-one-suit", "spider-two-suits", "spiderette")
TWO_PACK_SLUGS = ("spider", "spider-one-suit", "spider-two-suits")


def run_of(suit: str) -> str:
    return KING_TO_ACE.replace("S", suit)


def all_cards(g: Game) -> collections.Counter[tuple[int, str]]:
    return collections.Counter((c.rank, c.suit) for pid in g.order for c in g.piles[pid])


def moves_from(g: Game, pid: str) -> set[str]:
    """The legal moves that take cards from ``pid``."""
    return {m for m in legal(g) if m.split(">")[0].split(":")[0] == pid}


def full_tableau(count: int, card: str = "KC") -> dict[str, str]:
    """Every pile holds one card, so that a deal is not blocked."""
    return {f"t{i}": card for i in range(1, count + 1)}


# --- Setup ---------------------------------------------------------------------------


def test_spider_setup_four_piles_of_six_six_of_five_only_the_top_card_up() -> None:
    for slug in TWO_PACK_SLUGS:
        g = engine.new_game(slug, 5)
        assert [len(g.piles[f"t{i}"]) for i in range(1, 11)] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5], slug
        assert [g.down[f"t{i}"] for i in range(1, 11)] == [5, 5, 5, 5, 4, 4, 4, 4, 4, 4], slug
        assert sum(g.down[f"t{i}"] for i in range(1, 11)) == 44
        assert len(g.piles["stock"]) == 50
        assert [g.piles[f"d{i}"] for i in range(1, 9)] == [[]] * 8
        assert "d9" not in g.piles
        assert g.ids_by_kind[Kind.WASTE] == () and g.ids_by_kind[Kind.CELL] == ()
        assert g.ids_by_kind[Kind.FOUNDATION] == ()
        view = {p["id"]: p for p in g.view()["piles"]}
        assert [c["up"] for c in view["t1"]["cards"]] == [False] * 5 + [True]
        assert [c["up"] for c in view["t5"]["cards"]] == [False] * 4 + [True]


def test_spider_uses_two_packs_of_four_suits() -> None:
    g = engine.new_game("spider", 5)
    cards = all_cards(g)
    assert sum(cards.values()) == 104
    assert set(cards) == {(r, s) for r in range(1, 14) for s in "CDHS"}
    assert set(cards.values()) == {2}


def test_spider_one_suit_is_eight_sets_of_spades() -> None:
    g = engine.new_game("spider-one-suit", 5)
    cards = all_cards(g)
    assert sum(cards.values()) == 104
    assert set(cards) == {(r, "S") for r in range(1, 14)}
    assert set(cards.values()) == {8}


def test_spider_two_suits_is_four_sets_of_spades_and_four_of_hearts() -> None:
    g = engine.new_game("spider-two-suits", 5)
    cards = all_cards(g)
    assert sum(cards.values()) == 104
    assert set(cards) == {(r, s) for r in range(1, 14) for s in "HS"}
    assert set(cards.values()) == {4}


def test_spiderette_setup_klondike_triangle_24_in_stock_four_discard_places() -> None:
    g = engine.new_game("spiderette", 5)
    assert [len(g.piles[f"t{i}"]) for i in range(1, 8)] == [1, 2, 3, 4, 5, 6, 7]
    assert [g.down[f"t{i}"] for i in range(1, 8)] == [0, 1, 2, 3, 4, 5, 6]
    assert len(g.piles["stock"]) == 24
    assert [g.piles[f"d{i}"] for i in range(1, 5)] == [[]] * 4 and "d5" not in g.piles
    assert g.ids_by_kind[Kind.WASTE] == () and g.ids_by_kind[Kind.CELL] == ()
    cards = all_cards(g)
    assert set(cards) == {(r, s) for r in range(1, 14) for s in "CDHS"} and set(cards.values()) == {1}
    view = {p["id"]: p for p in g.view()["piles"]}
    assert [c["up"] for c in view["t7"]["cards"]] == [False] * 6 + [True]


# --- Tableau and what moves ------------------------------------------------------------


def test_tableau_builds_down_regardless_of_suit() -> None:
    g = arrange(engine.new_game("spider", 1), t1="9S", t2="8H", t3="8S", t4="10D", t5="7C")
    assert {"t2>t1", "t3>t1", "t1>t4"} <= legal(g)
    refused(g, "t4>t1", "10♦", "9♠", "down")
    refused(g, "t5>t1", "7♣", "9♠")


def test_nothing_is_built_on_an_ace_and_a_king_goes_only_into_an_empty_pile() -> None:
    piles = {f"t{i}": "5C" for i in range(4, 11)}
    g = arrange(engine.new_game("spider", 1), t1="AH", t2="KS", t3="", **piles)
    assert moves_from(g, "t2") == {"t2>t3"}
    refused(g, "t2>t1", "K♠", "A♥")


def test_one_suit_run_moves_as_a_unit_whole_or_in_part() -> None:
    g = arrange(engine.new_game("spider", 1), t1="KC 9H 8H 7H", t2="10S", t3="9D")
    assert {"t1:3>t2", "t1:2>t3"} <= legal(g)
    g.play("t1:3>t2")
    assert codes(g, "t2") == "10S 9H 8H 7H" and codes(g, "t1") == "KC"


def test_a_mixed_suit_run_does_not_move_as_a_unit() -> None:
    piles = {f"t{i}": "5C" for i in range(4, 11)}
    g = arrange(engine.new_game("spider", 1), t1="9S 8H 7H", t2="10D", t3="", **piles)
    refused(g, "t1:3>t2", "only the top 2 cards", "not 3")
    refused(g, "t1:3>t3", "only the top 2 cards", "not 3")
    assert moves_from(g, "t1") == {"t1>t3", "t1:2>t3"}


def test_a_one_suit_run_has_no_length_limit() -> None:
    g = arrange(engine.new_game("spider", 1), t1="#3D " + " ".join(KING_TO_ACE.split()[1:]), t2="KH")
    assert "t1:12>t2" in legal(g)
    g.play("t1:12>t2")
    assert len(g.piles["t2"]) == 13 and codes(g, "t1") == "3D" and g.down["t1"] == 0
    g = arrange(engine.new_game("spider", 1), t1="3D " + KING_TO_ACE, t2="")
    assert "t1:13>t2" in legal(g)  # into a space too


def test_spider_one_suit_any_run_in_sequence_moves() -> None:
    g = arrange(engine.new_game("spider-one-suit", 1), t1="9S 8S 7S 6S", t2="10S", t3="9S")
    assert {"t1:4>t2", "t1:3>t3"} <= legal(g)
    g.play("t1:4>t2")
    assert codes(g, "t2") == "10S 9S 8S 7S 6S" and g.piles["t1"] == []


def test_spider_two_suits_run_moves_only_when_all_spades_or_all_hearts() -> None:
    g = arrange(engine.new_game("spider-two-suits", 1), t1="9S 8H 7H", t2="10S", t3="9H")
    assert "t1:2>t3" in legal(g)
    refused(g, "t1:3>t2", "only the top 2 cards")


def test_empty_pile_takes_any_card_or_movable_run_and_is_not_filled_by_itself() -> None:
    piles = {f"t{i}": "KC" for i in range(4, 11)}
    g = arrange(engine.new_game("spider", 1), t1="2C 9H 8H", t2="", t3="QD", **piles, stock="5S " * 10)
    assert {"t1>t2", "t1:2>t2", "t3>t2"} <= legal(g)
    g.play("t3>t2")
    assert g.piles["t3"] == []  # nothing comes to fill the space


def test_spiderette_builds_and_moves_as_spider() -> None:
    g = arrange(engine.new_game("spiderette", 1), t1="10S 8H 7H", t2="9D", t3="", t4="8C", t5="AD",
                t6="JC", t7="QC")
    assert moves_from(g, "t1") == {"t1:2>t2", "t1>t3", "t1:2>t3", "t1>t4"}
    refused(g, "t1:3>t3", "only the top 2 cards")
    assert {"t4>t2", "t4>t3"} <= legal(g)  # regardless of suit
    refused(g, "t2>t5", "9♦", "A♦")


# --- Discards ------------------------------------------------------------------------


def test_complete_suit_is_discarded_by_the_player_to_an_empty_place() -> None:
    g = arrange(engine.new_game("spider", 1), t1="#5D " + KING_TO_ACE, t2="2C")
    assert {f"t1:13>d{i}" for i in range(1, 9)} <= legal(g)
    assert "t2>t3" in legal(g)  # discarding is never forced
    g.play("t1:13>d3")
    assert codes(g, "d3") == KING_TO_ACE and codes(g, "t1") == "5D"
    assert g.down["t1"] == 0  # the discard uncovers a face-down card: it turns up


def test_a_completed_suit_is_not_discarded_by_itself() -> None:
    g = arrange(engine.new_game("spider", 1), t1=" ".join(KING_TO_ACE.split()[:-1]), t2="AS")
    g.play("t2>t1")
    assert len(g.piles["t1"]) == 13
    assert all(g.piles[f"d{i}"] == [] for i in range(1, 9))
    assert "t1:13>d1" in legal(g)


def test_only_a_complete_king_to_ace_run_may_be_discarded() -> None:
    g = arrange(engine.new_game("spider", 1), t1=" ".join(KING_TO_ACE.split()[1:]))
    refused(g, "t1:12>d1", "complete run from king down to ace")
    refused(g, "t1>d1", "complete run")
    mixed = KING_TO_ACE.replace("7S", "7H")
    g = arrange(engine.new_game("spider", 1), t1=mixed)
    refused(g, "t1:13>d1", "only the top 6 cards")


def test_a_taken_discard_place_takes_nothing_more() -> None:
    g = arrange(engine.new_game("spider", 1), d1=run_of("H"), t1=KING_TO_ACE)
    refused(g, "t1:13>d1", "Discard 1", "already holds")
    assert "t1:13>d2" in legal(g)


def test_cards_never_leave_a_discard_place() -> None:
    g = arrange(engine.new_game("spider", 1), d1=KING_TO_ACE, t1="2C", t2="")
    refused(g, "d1>t1", "do not move")
    refused(g, "d1:13>t2", "do not move")
    assert moves_from(g, "d1") == set()


# --- The stock -----------------------------------------------------------------------


def test_deal_puts_one_card_face_up_on_every_pile_left_to_right() -> None:
    stock = " ".join(f"{r}H" for r in ("A", 2, 3, 4, 5, 6, 7, 8, 9, 10)) + " JH"
    g = arrange(engine.new_game("spider", 1), **{f"t{i}": "#QC KC" for i in range(1, 11)}, stock=stock)
    g.play("deal")
    assert [codes(g, f"t{i}").split()[-1] for i in range(1, 11)] == \
        ["JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"]
    assert codes(g, "stock") == "AH"
    assert all(g.down[f"t{i}"] == 1 for i in range(1, 11))  # the dealt card lies face up


def test_spider_stock_is_five_deals_of_ten_then_no_more() -> None:
    g = engine.new_game("spider", 8)
    sizes = []
    while g.piles["stock"]:
        before = len(g.piles["stock"])
        g.play("deal")
        sizes.append(before - len(g.piles["stock"]))
    assert sizes == [10] * 5
    assert [len(g.piles[f"t{i}"]) for i in range(1, 11)] == [11] * 4 + [10] * 6
    refused(g, "deal", "stock is empty")


def test_deal_refused_while_a_pile_is_empty() -> None:
    for slug, count in (("spider", 10), ("spider-one-suit", 10), ("spider-two-suits", 10), ("spiderette", 7)):
        piles = full_tableau(count, "KS")
        piles[f"t{count}"] = ""
        g = arrange(engine.new_game(slug, 1), **piles, stock="2S " * 10)
        refused(g, "deal", "no deal", "piles", "empty")
        assert "deal" not in legal(g)


def test_with_fewer_than_ten_cards_in_the_tableau_the_stock_cannot_be_dealt() -> None:
    places = {f"d{i}": run_of("CDHS"[i % 4]) for i in range(1, 8)}  # seven suits gone
    stock = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H"
    g = arrange(engine.new_game("spider", 1), **places, t1="KH", t2="QH", t3="JH", stock=stock)
    assert sum(len(g.piles[f"t{i}"]) for i in range(1, 11)) == 3
    refused(g, "deal", "no deal", "empty")
    assert "deal" not in legal(g) and len(g.piles["stock"]) == 10


def test_deal_allowed_at_any_time_when_no_pile_is_empty() -> None:
    g = arrange(engine.new_game("spider", 1), **full_tableau(9, "9C"), t10="10D", stock="2H " * 10)
    assert {"deal", "t1>t10"} <= legal(g)


def test_no_redeal_and_no_waste() -> None:
    for slug in ALL_SLUGS:
        g = engine.new_game(slug, 2)
        refused(g, "redeal", "no redeal")
        while g.piles["stock"]:
            g.play("deal")
        refused(g, "redeal", "no redeal")
        refused(g, "deal", "stock is empty")


def test_spiderette_three_deals_of_seven_then_three_onto_the_first_three_piles() -> None:
    g = engine.new_game("spiderette", 9)
    sizes = []
    while len(g.piles["stock"]) > 3:
        before = len(g.piles["stock"])
        g.play("deal")
        sizes.append(before - len(g.piles["stock"]))
    assert sizes == [7, 7, 7]
    last = list(reversed(g.piles["stock"]))
    g.play("deal")
    assert [g.piles[f"t{i}"][-1] for i in (1, 2, 3)] == last
    assert [len(g.piles[f"t{i}"]) for i in range(1, 8)] == [5, 6, 7, 7, 8, 9, 10]
    assert g.piles["stock"] == []


def test_spiderette_short_last_deal_also_needs_every_pile_filled() -> None:
    g = arrange(engine.new_game("spiderette", 1), **full_tableau(6), t7="", stock="2H 3H 4H")
    refused(g, "deal", "no deal", "empty")  # pile 7 gets no card, yet it must hold one


# --- Automatic actions and winning ------------------------------------------------------


def test_exposed_face_down_card_turns_up_and_nothing_else_happens() -> None:
    g = arrange(engine.new_game("spider", 1), t1="#4D #5C 9H", t2="10S", stock="3C " * 10)
    g.play("t1>t2")
    assert g.down["t1"] == 1 and codes(g, "t1") == "4D 5C"
    assert "t1>t3" in legal(g)  # the 5♣ is now available
    assert len(g.piles["stock"]) == 10


def test_won_when_all_104_cards_are_in_the_eight_discard_places() -> None:
    places = {f"d{i}": run_of("CDHS"[i % 4]) for i in range(1, 8)}
    g = arrange(engine.new_game("spider", 1), **places, t1=run_of("C"))
    assert not g.is_won() and g.status() != "won"
    g.play("t1:13>d8")
    assert g.is_won() and g.view()["status"] == "won"


def test_spider_one_suit_won_with_eight_runs_of_spades() -> None:
    places = {f"d{i}": KING_TO_ACE for i in range(1, 8)}
    g = arrange(engine.new_game("spider-one-suit", 1), **places, t5=KING_TO_ACE)
    assert not g.is_won()
    g.play("t5:13>d8")
    assert g.is_won()


def test_spiderette_won_when_all_52_cards_are_discarded() -> None:
    g = arrange(engine.new_game("spiderette", 1), d1=run_of("C"), d2=run_of("D"), d3=run_of("H"),
                t4=KING_TO_ACE)
    assert not g.is_won()
    refused(g, "t4:13>d3", "already holds")
    g.play("t4:13>d4")
    assert g.is_won()
