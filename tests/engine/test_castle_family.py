"""Beleaguered Castle and Fortress: every clause of docs/readings/beleaguered-castle.md,
the refusals included."""

from __future__ import annotations

import collections

import pytest

import engine
from engine.game import Game

from .helpers import arrange, check_two_to_the_e, codes, lay, legal, mv, refused

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
BOTH = ["beleaguered-castle", "fortress"]


def suit_up(suit: str, n: int = 13) -> str:
    return " ".join(r + suit for r in RANKS[:n])



def rows(g: Game) -> list[str]:
    return [p for p in g.order if p.startswith("t")]



def one_pack_once(g: Game) -> bool:
    counts = collections.Counter((c.rank, c.suit) for pile in g.piles.values() for c in pile)
    return len(counts) == 52 and set(counts.values()) == {1}


# --- Beleaguered Castle -----------------------------------------------------------------


def test_beleaguered_castle_answers_to_laying_siege_and_sham_battle() -> None:
    assert set(engine.get_spec("beleaguered-castle").aliases) == {"Laying Siege", "Sham Battle"}
    assert engine.get_spec("Laying Siege").slug == engine.get_spec("sham battle").slug == "beleaguered-castle"
    assert engine.get_spec("fortress").aliases == ()


def test_beleaguered_castle_setup_aces_out_as_foundations_and_eight_rows_of_six_face_up() -> None:
    g = engine.new_game("beleaguered-castle", 9)
    assert g.order == ("f1", "f2", "f3", "f4", *(f"t{i}" for i in range(1, 9)))  # no stock, waste or cells
    assert sorted(codes(g, f"f{i}") for i in range(1, 5)) == ["AC", "AD", "AH", "AS"]
    assert [len(g.piles[f"t{i}"]) for i in range(1, 9)] == [6] * 8
    assert one_pack_once(g)  # 4 + 48 = 52: no ace left in the rows
    assert all(c.rank != 1 for p in rows(g) for c in g.piles[p])
    assert all(d == 0 for d in g.down.values())
    view = {p["id"]: p for p in g.view()["piles"]}
    for pid in rows(g):  # only the last card of a row is available
        assert all(c["up"] for c in view[pid]["cards"])
        assert set(view[pid]["pick"]) <= {5}


def test_beleaguered_castle_foundations_build_up_by_suit_to_the_king() -> None:
    g = lay("beleaguered-castle", "9D", f1="AC", f2="AH", f3=suit_up("S", 12), f4="",
            t1="2C", t2="2D", t3="3H", t4="KS", t5="AD", t6="5D")
    assert "t1>f1" in legal(g)
    refused(g, "t2>f1", "2♦", "A♣", "in suit")
    refused(g, "t3>f2", "3♥", "A♥", "up")
    assert "t4>f3" in legal(g)
    refused(g, "t6>f4", "takes only a card of rank A")
    assert "t5>f4" in legal(g)
    g.play("t4>f3")
    assert len(g.piles["f3"]) == 13
    g = lay("beleaguered-castle", "9D", f1=suit_up("C"), t1="AC")
    refused(g, "t1>f1", "complete")  # thirteen cards; no wrap from the king to the ace


def test_beleaguered_castle_builds_down_regardless_of_suit() -> None:
    g = arrange(engine.new_game("beleaguered-castle", 1), t1="10S", t2="9H", t3="9S", t4="JD",
                t5="8C", t6="KH", t7="2C", t8="4D")
    # 9♥ or 9♠ on the 10♠, the 10♠ on the J♦, the 8♣ on either nine; K, 2 and 4 go nowhere.
    assert legal(g) == {"t2>t1", "t3>t1", "t1>t4", "t5>t2", "t5>t3"}
    refused(g, "t4>t1", "J♦", "10♠", "down")


def test_beleaguered_castle_a_king_goes_on_nothing_but_an_empty_row_takes_any_card() -> None:
    g = lay("beleaguered-castle", "2C", t1="KH", t2="QS", t3="5D", t4="")
    assert {m for m in legal(g) if m.startswith("t1>")} == {"t1>t4"}
    assert {"t2>t1", "t2>t4", "t3>t4", "t5>t4"} <= legal(g)


def test_beleaguered_castle_descending_run_of_any_suits_moves_as_a_unit_within_the_limit() -> None:
    g = lay("beleaguered-castle", "KC", t1="QD JS 10H 9C", t2="QH", t7="", t8="")
    g.play("t1:3>t2")  # e = 2: up to four cards may go onto a card
    assert codes(g, "t2") == "QH JS 10H 9C" and codes(g, "t1") == "QD"


# --- Fortress ---------------------------------------------------------------------------


def test_fortress_setup_all_52_face_up_in_two_rows_of_six_and_eight_of_five_foundations_empty() -> None:
    g = engine.new_game("fortress", 9)
    assert g.order == ("f1", "f2", "f3", "f4", *(f"t{i}" for i in range(1, 11)))  # no stock, waste or cells
    assert [codes(g, f"f{i}") for i in range(1, 5)] == [""] * 4
    sizes = {p: len(g.piles[p]) for p in rows(g)}
    assert sorted(sizes.values()) == [5] * 8 + [6] * 2
    # The two rows of six are the first row of each wing (the rows nearest the top).
    view = {p["id"]: p for p in g.view()["piles"]}
    assert {p for p, n in sizes.items() if n == 6} == {p for p in rows(g) if view[p]["row"] == 0}
    assert one_pack_once(g)
    assert all(d == 0 for d in g.down.values())
    for pid in rows(g):
        assert all(c["up"] for c in view[pid]["cards"])
        assert set(view[pid]["pick"]) <= {sizes[pid] - 1}


def test_fortress_any_ace_starts_any_empty_foundation_which_builds_up_by_suit_to_the_king() -> None:
    g = lay("fortress", "9D", f1="AC", f2=suit_up("S", 12), t1="2C", t2="2H", t3="AH", t4="KS", t5="KC", t6="3C")
    assert {"t1>f1", "t3>f3", "t3>f4", "t4>f2"} <= legal(g)
    refused(g, "t2>f1", "2♥", "A♣", "in suit")
    refused(g, "t6>f1", "3♣", "A♣", "up")
    refused(g, "t1>f3", "takes only a card of rank A")
    refused(g, "t5>f1", "K♣", "A♣")  # no wrap: the foundation does not go down to the king
    g = lay("fortress", "9D", f1=suit_up("C"), t1="AC")
    refused(g, "t1>f1", "complete")


def test_fortress_builds_up_or_down_by_suit_and_the_direction_may_change_within_a_row() -> None:
    g = arrange(engine.new_game("fortress", 1), t1="7C", t2="8C", t3="6C", t4="8H", t5="AS", t6="KS",
                t7="4D", t8="10D", t9="JH", t10="2H")
    # The 7♣ and 8♣ go either way on each other, the 6♣ under the 7♣; no A-K link.
    aces_up = {f"t5>f{i}" for i in range(1, 5)}  # any ace, any empty foundation
    assert legal(g) == {"t1>t2", "t2>t1", "t1>t3", "t3>t1"} | aces_up
    refused(g, "t4>t1", "8♥", "7♣", "in suit")
    refused(g, "t6>t5", "K♠", "A♠", "up or down")
    refused(g, "t5>t6", "A♠", "K♠")
    g = arrange(engine.new_game("fortress", 1), t1="6C 7C", t2="6C")
    assert "t2>t1" in legal(g)  # up to the 7♣, then down to the 6♣


def test_fortress_runs_all_up_or_all_down_in_suit_move_as_units() -> None:
    g = lay("fortress", "KD", t1="5H 6H 7H", t2="4H", t3="9C 8C 7C", t4="10C", t9="", t10="")
    assert {"t1:3>t2", "t3:3>t4"} <= legal(g)
    g.play("t1:3>t2")
    assert codes(g, "t2") == "4H 5H 6H 7H" and g.piles["t1"] == []


def test_fortress_empty_row_takes_any_card_not_only_a_king() -> None:
    g = lay("fortress", "KD", t1="", t2="5D", t3="9C 8C")
    assert {"t2>t1", "t3>t1", "t4>t1"} <= legal(g)
    g.play("t2>t1")
    assert codes(g, "t1") == "5D"


# --- both -------------------------------------------------------------------------------

RUN = {"beleaguered-castle": ("6S 5H 4C 3D", "7D"), "fortress": ("6S 5S 4S 3S", "7S")}


@pytest.mark.parametrize("slug", BOTH)
def test_a_run_moves_as_a_unit_up_to_two_to_the_e_onto_a_card_and_two_to_the_e_minus_one_into_a_space(slug: str) -> None:
    g = check_two_to_the_e(slug, *RUN[slug])
    space = next(p for p in rows(g) if not g.piles[p])
    refused(g, "t1:4>t2", "4 cards cannot move", "1 empty pile", "at most 2")
    refused(g, "t1:2>" + space, "0 empty piles", "at most 1")


@pytest.mark.parametrize("slug", BOTH)
def test_a_run_out_of_sequence_does_not_move_as_a_unit(slug: str) -> None:
    # 3 under 5: not one rank apart, whatever the suits; plenty of empty rows.
    g = arrange(engine.new_game(slug, 1), t1="5S 3S", t2="4S")
    refused(g, "t1:2>t2", "only the top card")


@pytest.mark.parametrize("slug", BOTH)
def test_no_stock_nothing_to_deal_or_redeal(slug: str) -> None:
    g = arrange(engine.new_game(slug, 1), t1="5H", t2="9C")
    refused(g, "deal", "no stock")
    refused(g, "redeal", "no stock")
    assert not [m for m in legal(g) if m in ("deal", "redeal")]


@pytest.mark.parametrize("slug", BOTH)
def test_cards_stay_on_the_foundations(slug: str) -> None:
    g = arrange(engine.new_game(slug, 1), f1="AC 2C 3C", t1="", t2="4D")
    refused(g, "f1>t1", "do not move")
    refused(g, "f1>t2", "do not move")
    assert legal(g) == {"t2>t1", "t2>t3", "t2>t4", "t2>t5", "t2>t6", "t2>t7", "t2>t8",
                        *(["t2>t9", "t2>t10"] if slug == "fortress" else [])}


@pytest.mark.parametrize("slug", BOTH)
def test_won_when_all_52_cards_are_on_the_foundations(slug: str) -> None:
    g = arrange(engine.new_game(slug, 1), f1=suit_up("C"), f2=suit_up("D"), f3=suit_up("H"), f4=suit_up("S", 12),
                t1="KS")
    assert not g.is_won() and g.status() == "playing"
    g.play("t1>f4")
    assert g.is_won() and g.status() == "won"
