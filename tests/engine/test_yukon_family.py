"""Yukon, Russian Solitaire, Scorpion and Canfield: every clause of
docs/readings/yukon-and-canfield.md, the refusals included."""

from __future__ import annotations

import collections

import pytest

import engine
from engine import auto
from engine.cards import parse_card
from engine.game import Game

from .helpers import arrange, codes, legal, refused

YUKON_GAMES = ("yukon", "russian-solitaire")
RANKS = ["A", *(str(n) for n in range(2, 11)), "J", "Q", "K"]


def all_cards(g: Game) -> collections.Counter[tuple[int, str]]:
    return collections.Counter((c.rank, c.suit) for pid in g.order for c in g.piles[pid])


def rank_code(rank: int) -> str:
    return RANKS[(rank - 1) % 13]


# --- Yukon and Russian Solitaire ---------------------------------------------------------


@pytest.mark.parametrize("slug", YUKON_GAMES)
def test_yukon_setup_triangle_plus_24_face_up_no_stock(slug: str) -> None:
    g = engine.new_game(slug, 4)
    assert [len(g.piles[f"t{i}"]) for i in range(1, 8)] == [1, 6, 7, 8, 9, 10, 11]
    assert [g.down[f"t{i}"] for i in range(1, 8)] == [0, 1, 2, 3, 4, 5, 6]
    assert g.stock_id is None or not g.piles.get(g.stock_id)
    assert [g.piles[f"f{i}"] for i in range(1, 5)] == [[]] * 4
    cards = all_cards(g)
    assert set(cards) == {(r, s) for r in range(1, 14) for s in "CDHS"} and set(cards.values()) == {1}
    assert not any(m.action for m in g.legal_moves())  # nothing to deal


@pytest.mark.parametrize("slug", YUKON_GAMES)
def test_any_face_up_card_moves_with_the_cards_on_it_out_of_order(slug: str) -> None:
    target = "6S" if slug == "yukon" else "6D"
    g = arrange(engine.new_game(slug, 1), t1="#9C 5D QS 4H", t2=target)
    assert legal(g) == {"t1:3>t2"}
    g.play("t1:3>t2")
    assert codes(g, "t2") == f"{target} 5D QS 4H"
    assert codes(g, "t1") == "9C" and g.down["t1"] == 0  # the face-down card turned up


@pytest.mark.parametrize("slug", YUKON_GAMES)
def test_only_the_face_up_cards_move(slug: str) -> None:
    g = arrange(engine.new_game(slug, 1), t1="#9C 5D QS 4H", t2="6S" if slug == "yukon" else "6D")
    refused(g, "t1:4>t2", "3 face-up cards", "not 4")


@pytest.mark.parametrize("slug", YUKON_GAMES)
def test_the_chosen_card_alone_must_fit(slug: str) -> None:
    g = arrange(engine.new_game(slug, 1), t1="#9C 5D QS 4H", t2="6S" if slug == "yukon" else "6D")
    refused(g, "t1:2>t2", "Q♠ cannot go on")


def test_yukon_builds_in_alternating_colours_not_by_suit() -> None:
    g = arrange(engine.new_game("yukon", 1), t1="5H", t2="6H", t3="6C")
    refused(g, "t1>t2", "alternating colours")
    assert "t1>t3" in legal(g)


def test_russian_solitaire_builds_by_suit_not_by_colour() -> None:
    g = arrange(engine.new_game("russian-solitaire", 1), t1="5H", t2="6D", t3="6H", t4="6C")
    refused(g, "t1>t2", "in suit")
    refused(g, "t1>t4", "in suit")
    assert "t1>t3" in legal(g)


@pytest.mark.parametrize("slug", YUKON_GAMES)
def test_space_takes_a_king_with_whatever_lies_on_it(slug: str) -> None:
    g = arrange(engine.new_game(slug, 1), t1="#2C KH 3S 9D", t2="#4C QH 7C")
    refused(g, "t2:2>t3", "only a king")
    g.play("t1:3>t3")
    assert codes(g, "t3") == "KH 3S 9D" and g.down["t1"] == 0


@pytest.mark.parametrize("slug", YUKON_GAMES)
def test_foundations_aces_up_by_suit_one_card_at_a_time_and_cards_stay_home(slug: str) -> None:
    g = arrange(engine.new_game(slug, 1), t1="3H AH", t2="2H 2S", f1="", t3="3S")
    refused(g, "t2>f1", "takes only a card of rank A")
    g.play("t1>f1")
    refused(g, "t2:2>f1", "one card at a time")
    refused(g, "f1>t3", "do not move")


def test_yukon_safe_moves_count_only_cards_home() -> None:
    """A card that could go home at once may lie under cards out of order and need a resting
    place to carry them off: in Yukon the 2♥ goes home by itself only once both black aces
    are home, not because they could follow it."""
    g = arrange(engine.new_game("yukon", 1), f1="AH", f2="", t1="2H", t2="AS KD", t3="AC")
    assert not auto.is_safe(g, parse_card("2H"), "f1")
    g = arrange(engine.new_game("yukon", 1), f1="AH", f2="AS", f3="AC", t1="2H")
    assert auto.is_safe(g, parse_card("2H"), "f1")


# --- Scorpion ------------------------------------------------------------------------------


def test_scorpion_setup_seven_columns_of_seven_and_a_tail_of_three() -> None:
    g = engine.new_game("scorpion", 4)
    assert [len(g.piles[f"t{i}"]) for i in range(1, 8)] == [7] * 7
    assert [g.down[f"t{i}"] for i in range(1, 8)] == [3, 3, 3, 3, 0, 0, 0]
    assert len(g.piles["stock"]) == 3 and all(not g.piles[f"d{i}"] for i in range(1, 5))
    cards = all_cards(g)
    assert set(cards) == {(r, s) for r in range(1, 14) for s in "CDHS"} and set(cards.values()) == {1}


def test_scorpion_tail_deals_one_card_onto_each_of_the_first_three_columns_any_time() -> None:
    g = arrange(engine.new_game("scorpion", 1), stock="9C 5D 2H", t1="KS", t3="4C", t4="8H", t5="7S")
    assert "t5>t4" not in legal(g) and "deal" in legal(g)  # a move is possible, and so is the deal
    g.play("deal")
    assert codes(g, "t1") == "KS 2H" and codes(g, "t2") == "5D" and codes(g, "t3") == "4C 9C"
    assert codes(g, "t4") == "8H" and not g.piles["stock"]
    refused(g, "deal", "stock")


def test_scorpion_builds_down_by_suit_and_moves_face_up_groups() -> None:
    g = arrange(engine.new_game("scorpion", 1), t1="#AC 7H 2S JD", t2="8D", t3="8H")
    refused(g, "t1:3>t2", "in suit")
    g.play("t1:3>t3")
    assert codes(g, "t3") == "8H 7H 2S JD" and codes(g, "t1") == "AC"


def test_scorpion_space_takes_only_a_king() -> None:
    g = arrange(engine.new_game("scorpion", 1), t1="#4C QH 7C", t2="#2C KD 3S")
    refused(g, "t1:2>t3", "only a king")
    g.play("t2:2>t3")
    assert codes(g, "t3") == "KD 3S"


def test_scorpion_lifts_off_a_complete_suit_in_order() -> None:
    run = " ".join(r + "H" for r in reversed(RANKS))
    g = arrange(engine.new_game("scorpion", 1), t1="#5C " + run)
    assert "t1:13>d1" in legal(g)
    g.play("t1:13>d1")
    assert len(g.piles["d1"]) == 13 and codes(g, "t1") == "5C"


def test_scorpion_cards_carried_out_of_order_are_no_run() -> None:
    """Thirteen cards from a king may move as a group, but only a run in order goes off."""
    g = arrange(engine.new_game("scorpion", 1), t1="KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H AH 2H")
    assert "t1:13>d1" not in legal(g)
    refused(g, "t1:13>d1", "complete run")
    refused(g, "t1:12>d1", "complete run")


def test_scorpion_is_won_when_the_four_suits_are_lifted_off() -> None:
    g = arrange(engine.new_game("scorpion", 1), t1=" ".join(r + "S" for r in reversed(RANKS)),
                d1=" ".join(r + "C" for r in reversed(RANKS)), d2=" ".join(r + "D" for r in reversed(RANKS)),
                d3=" ".join(r + "H" for r in reversed(RANKS)))
    assert not g.is_won()
    g.play("t1:13>d4")
    assert g.is_won()


# --- Canfield ------------------------------------------------------------------------------


def canfield(base_not_ace: bool = True) -> Game:
    """A Canfield deal whose base rank is not the ace (so that wrapping shows)."""
    for seed in range(1, 50):
        g = engine.new_game("canfield", seed)
        if not base_not_ace or g.base != 1:
            return g
    raise AssertionError("no such deal")


def test_canfield_setup_reserve_foundation_card_four_piles_stock() -> None:
    g = engine.new_game("canfield", 4)
    assert len(g.piles["r"]) == 13 and g.down["r"] == 12
    assert len(g.piles["f1"]) == 1 and g.base == g.piles["f1"][0].rank
    assert [g.piles[f] for f in ("f2", "f3", "f4")] == [[]] * 3
    assert [len(g.piles[f"t{i}"]) for i in range(1, 5)] == [1] * 4
    assert len(g.piles["stock"]) == 34 and not g.piles["waste"]
    cards = all_cards(g)
    assert set(cards) == {(r, s) for r in range(1, 14) for s in "CDHS"} and set(cards.values()) == {1}


def test_canfield_base_rank_starts_the_other_foundations() -> None:
    g = canfield()
    base, other = rank_code(g.base), rank_code(g.base + 1)
    arrange(g, f1="", t1=other + "H", t2=base + "D")
    refused(g, "t1>f2", "takes only")
    g.play("t2>f2")
    assert codes(g, "f2") == base + "D"


def test_canfield_foundations_build_up_by_suit_round_the_corner() -> None:
    g = canfield()
    up = [rank_code(g.base + k) for k in range(13)]
    king = up.index("K")
    arrange(g, f1=" ".join(r + "S" for r in up[:king + 1]), t1="AS", t2="AH", r="#5C 9D")
    refused(g, "t2>f1", "suit")
    g.play("t1>f1")
    assert codes(g, "f1").endswith("KS AS")


def test_canfield_tableau_builds_down_in_alternating_colours_round_the_corner() -> None:
    g = canfield()
    arrange(g, t1="AH", t2="KS", t3="KD", t4="QD", r="#5C 9D")
    g.play("t2>t1")
    assert codes(g, "t1") == "AH KS"
    refused(g, "t3>t4", "cannot go on")  # up is the wrong way
    arrange(g, t1="AH", t2="KH", r="#5C 9D")
    refused(g, "t2>t1", "alternating colours")


def test_canfield_runs_move_whole_or_in_part() -> None:
    g = canfield()
    arrange(g, t1="9S 8H 7C", t2="9C", t3="10D", r="#5C 9D")
    assert {"t1:2>t2", "t1:3>t3"} <= legal(g)
    g.play("t1:2>t2")
    assert codes(g, "t2") == "9C 8H 7C" and codes(g, "t1") == "9S"


def test_canfield_reserve_top_card_only_to_foundation_or_tableau() -> None:
    g = canfield()
    arrange(g, r="#2C 7H 6S", t1="8D", t2="7D", t3="QC", t4="KC")
    refused(g, "r:2>t1", "top card")
    g.play("r>t2")
    assert codes(g, "t2") == "7D 6S" and codes(g, "r") == "2C 7H" and g.down["r"] == 1


def test_canfield_space_filled_at_once_from_the_reserve() -> None:
    g = canfield()
    arrange(g, r="#2C #JH 5D", t1="7S", t2="8H", t3="QC", t4="KC")
    g.play("t1>t2")
    assert codes(g, "t1") == "5D" and codes(g, "r") == "2C JH" and g.down["r"] == 1


def test_canfield_after_the_reserve_a_space_takes_any_card_when_you_like() -> None:
    g = canfield()
    arrange(g, t1="7S", t2="8H", t3="QC", t4="KC", waste="4D", stock="2S 3S 4S")
    g.play("t1>t2")
    assert not g.piles["t1"]  # no reserve left: the space waits
    assert {"waste>t1", "t3>t1", "deal"} <= legal(g)
    g.play("waste>t1")
    assert codes(g, "t1") == "4D"


def test_canfield_stock_three_at_a_time_and_the_waste_turned_over_without_limit() -> None:
    g = canfield()
    arrange(g, t1="2H", t2="2D", t3="2C", t4="2S", stock="9C 8C 7C 6C 5C")
    g.play("deal")
    assert codes(g, "waste") == "5C 6C 7C" and codes(g, "stock") == "9C 8C"
    refused(g, "redeal", "stock")
    g.play("deal")
    for _ in range(5):
        g.play("redeal")
        assert codes(g, "stock") == "9C 8C 7C 6C 5C" and not g.piles["waste"]
        g.play("deal")
        g.play("deal")
