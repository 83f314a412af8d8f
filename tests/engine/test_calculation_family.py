"""Sir Tommy, Strategy and Calculation: every clause of their readings
(docs/readings/calculation-family.md), refusals included. Jubilee (Kings), the family's
two-pack member, is tested in test_classics.py."""

from __future__ import annotations

import pytest

import engine
from engine.spec import steps

from .helpers import arrange, cards_once_per_deck, codes, ids, legal, mv, refused

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "CDHS"


def rank_text(rank: int) -> str:
    return RANKS[rank - 1]


# --- What the three share: the hand and the waste piles ----------------------------------------


@pytest.mark.parametrize("slug", ["sir-tommy", "strategy", "calculation"])
def test_a_turned_card_must_be_placed_before_the_next_is_turned(slug: str) -> None:
    g = arrange(engine.new_game(slug, 1), stock="5D 9H")
    g.play("deal")
    assert codes(g, "waste") == "9H" and codes(g, "stock") == "5D"
    refused(g, "deal", "the card in the hand must be placed first")
    assert {mv("waste", w) for w in ids(g, "w")} <= legal(g)
    g.play(mv("waste", "w2"))
    assert "deal" in legal(g)


@pytest.mark.parametrize("slug", ["sir-tommy", "strategy", "calculation"])
def test_waste_piles_take_any_card_from_the_hand_and_give_only_to_the_foundations(slug: str) -> None:
    g = arrange(engine.new_game(slug, 1), w1="9H", w2="QC", waste="3S", stock="5D")
    assert {mv("waste", "w1"), mv("waste", "w2"), mv("waste", "w3")} <= legal(g)  # any card on any card, or a space
    refused(g, mv("w1", "w3"), "may go only to the foundations")
    refused(g, mv("w2", "w1"), "may go only to the foundations")
    refused(g, mv("w1", "waste"), "nothing may be placed on Hand")


@pytest.mark.parametrize("slug", ["sir-tommy", "strategy", "calculation"])
def test_only_the_top_card_of_a_waste_pile_moves(slug: str) -> None:
    g = arrange(engine.new_game(slug, 1), f1="AC", w1="2C KD", waste="7S")
    refused(g, mv("w1", "f1", 2), "only the top card")
    assert not any(m.startswith("w1") for m in legal(g))  # the 2♣ under the K♦ waits


@pytest.mark.parametrize("slug", ["sir-tommy", "strategy", "calculation"])
def test_no_redeal_and_nothing_leaves_a_foundation(slug: str) -> None:
    g = arrange(engine.new_game(slug, 1), w1="QC")
    refused(g, "redeal", "no redeal")
    for pid in g.order:
        if g.group_of[pid].kind is engine.Kind.FOUNDATION:
            assert not g.group_of[pid].to


# --- Sir Tommy ---------------------------------------------------------------------------------


def test_sir_tommy_setup_every_card_in_the_stock_and_nothing_out() -> None:
    g = engine.new_game("sir-tommy", 4)
    assert len(g.piles["stock"]) == 52 and cards_once_per_deck(g)
    assert all(not g.piles[p] for p in g.order if p != "stock")
    assert legal(g) == {"deal"}


def test_sir_tommy_foundations_start_with_any_ace_and_climb_regardless_of_suit() -> None:
    g = arrange(engine.new_game("sir-tommy", 1), waste="5H", stock="2C")
    refused(g, mv("waste", "f1"), "takes only a card of rank A")
    g = arrange(engine.new_game("sir-tommy", 1), f1="AC", waste="AH", stock="2C")
    assert mv("waste", "f2") in legal(g)  # a second ace starts another foundation
    g = arrange(engine.new_game("sir-tommy", 1), f1="AC", w1="2H", waste="3S", stock="9C")
    g.play(mv("w1", "f1"))  # a red 2 on a black ace
    g.play(mv("waste", "f1"))
    assert codes(g, "f1") == "AC 2H 3S"


def test_sir_tommy_foundations_go_up_one_rank_at_a_time_to_the_king() -> None:
    g = arrange(engine.new_game("sir-tommy", 1), f1="AC 2C", waste="4C", stock="9C")
    refused(g, mv("waste", "f1"), "cannot go on")
    g = arrange(engine.new_game("sir-tommy", 1), f1="AC 2C 3C", waste="2D", stock="9C")
    refused(g, mv("waste", "f1"), "cannot go on")  # never down
    g = arrange(engine.new_game("sir-tommy", 1), f1=" ".join(r + "C" for r in RANKS), waste="AD", stock="9C")
    refused(g, mv("waste", "f1"), "complete")  # no going round the corner


def test_sir_tommy_waste_pile_cards_go_home_even_while_a_card_waits_in_the_hand() -> None:
    g = arrange(engine.new_game("sir-tommy", 1), f1="AC", w1="9D 2S", waste="KH", stock="9C")
    g.play(mv("w1", "f1"))
    assert codes(g, "f1") == "AC 2S" and codes(g, "w1") == "9D"


def test_sir_tommy_is_won_with_every_card_home() -> None:
    piles = {f"f{i + 1}": " ".join(r + s for r in RANKS) for i, s in enumerate(SUITS)}
    g = arrange(engine.new_game("sir-tommy", 1), **piles)
    assert g.is_won()
    g = arrange(engine.new_game("sir-tommy", 1), **{**piles, "f4": "AS", "w1": "2S"})
    assert not g.is_won()


# --- Strategy ----------------------------------------------------------------------------------


def test_strategy_setup_the_aces_out_and_a_stock_of_48() -> None:
    g = engine.new_game("strategy", 9)
    assert [codes(g, p) for p in ids(g, "f")] == ["AC", "AD", "AH", "AS"]
    assert len(g.piles["stock"]) == 48 and all(c.rank != 1 for c in g.piles["stock"])
    assert all(not g.piles[p] for p in ids(g, "w")) and len(ids(g, "w")) == 8
    assert cards_once_per_deck(g) and legal(g) == {"deal"}


def test_strategy_nothing_goes_home_while_the_stock_lasts() -> None:
    g = arrange(engine.new_game("strategy", 1), f1="AC", f2="AD", f3="AH", f4="AS", w1="2C", waste="2D", stock="KS")
    refused(g, mv("waste", "f2"), "while the stock lasts")
    refused(g, mv("w1", "f1"), "while the stock lasts")
    assert legal(g) == {mv("waste", w) for w in ids(g, "w")}


def test_strategy_once_the_stock_is_dealt_the_reserves_build_up_by_suit() -> None:
    g = arrange(engine.new_game("strategy", 1), f1="AC", f2="AD", f3="AH", f4="AS", w1="KS 2C", w2="3C 2D", w3="3D")
    assert legal(g) == {mv("w1", "f1"), mv("w2", "f2")}
    refused(g, mv("w2", "f1"), "cannot go on", "in suit")
    refused(g, mv("w3", "f2"), "cannot go on")  # the 3♦ waits for the 2♦
    g.play(mv("w2", "f2"))
    refused(g, mv("w2", "f1"), "cannot go on")  # the 3♣ waits for the 2♣
    g.play(mv("w1", "f1"))
    g.play(mv("w2", "f1"))
    g.play(mv("w3", "f2"))
    assert codes(g, "f1") == "AC 2C 3C" and codes(g, "f2") == "AD 2D 3D" and codes(g, "w1") == "KS"


def test_strategy_the_last_card_turned_may_go_home_from_the_hand() -> None:
    g = arrange(engine.new_game("strategy", 1), f1="AC", f2="AD", f3="AH", f4="AS", waste="2H")
    assert {mv("waste", "f3")} | {mv("waste", w) for w in ids(g, "w")} == legal(g)


def test_strategy_is_won_with_every_card_home() -> None:
    piles = {f"f{i + 1}": " ".join(r + s for r in RANKS) for i, s in enumerate(SUITS)}
    assert arrange(engine.new_game("strategy", 1), **piles).is_won()


# --- Calculation -------------------------------------------------------------------------------


def test_calculation_setup_the_first_ace_two_three_and_four_of_the_pack_start_the_foundations() -> None:
    for seed in range(1, 30):
        g = engine.new_game("calculation", seed)
        assert [g.piles[p][0].rank for p in ("f1", "f2", "f3", "f4")] == [1, 2, 3, 4]
        assert all(len(g.piles[p]) == 1 for p in ("f1", "f2", "f3", "f4"))
        assert len(g.piles["stock"]) == 48 and cards_once_per_deck(g)
    suits = {tuple(engine.new_game("calculation", seed).piles[p][0].suit for p in ("f1", "f2", "f3", "f4"))
             for seed in range(1, 30)}
    assert len(suits) > 1  # any suits: chance decides


@pytest.mark.parametrize("pid,base", [("f1", 1), ("f2", 2), ("f3", 3), ("f4", 4)])
def test_calculation_each_foundation_climbs_by_its_own_step_regardless_of_suit_to_the_king(pid: str, base: int) -> None:
    order = [rank_text(r) for r in steps(base, base)]
    assert order[-1] == "K" and len(set(order)) == 13
    # Built to the queen's place in ever-changing suits, one card at a time from the hand.
    g = arrange(engine.new_game("calculation", 1), **{pid: order[0] + "C"}, stock="")
    for k, rank in enumerate(order[1:]):
        card = rank + SUITS[k % 4]
        wrong = rank_text(steps(base, base)[k] % 13 + 1) + "H"  # one rank above the top: wrong unless the step is 1
        g = arrange(g, **{pid: " ".join(c.code for c in g.piles[pid])}, waste=card)
        if base != 1:
            g2 = arrange(engine.new_game("calculation", 1), **{pid: " ".join(c.code for c in g.piles[pid])}, waste=wrong)
            refused(g2, mv("waste", pid), "cannot go on", "order")
        g.play(mv("waste", pid))
    assert len(g.piles[pid]) == 13 and g.piles[pid][-1].rank == 13
    g = arrange(g, **{pid: " ".join(c.code for c in g.piles[pid])}, waste="AD")
    refused(g, mv("waste", pid), "complete")


def test_calculation_the_orders_are_the_books() -> None:
    assert [rank_text(r) for r in steps(2, 2)] == "2 4 6 8 10 Q A 3 5 7 9 J K".split()
    assert [rank_text(r) for r in steps(3, 3)] == "3 6 9 Q 2 5 8 J A 4 7 10 K".split()
    assert [rank_text(r) for r in steps(4, 4)] == "4 8 Q 3 7 J 2 6 10 A 5 9 K".split()
    g = engine.new_game("calculation", 1)
    assert [g.spec.group(p).sequence for p in ("f1", "f2", "f3", "f4")] == [steps(b, b) for b in (1, 2, 3, 4)]


def test_calculation_a_card_may_fit_two_foundations_and_the_player_chooses() -> None:
    # A 5 goes on the ace's pile after the 4, and on the four's pile after the ace (4 8 Q 3 7 J 2 6 10 A 5).
    g = arrange(engine.new_game("calculation", 1), f1="AC 2C 3C 4C", f2="2D", f3="3H",
                f4="4S 8S QS 3S 7S JS 2S 6S 10S AS", waste="5D", stock="9C")
    assert {mv("waste", "f1"), mv("waste", "f4")} <= legal(g)
    refused(g, mv("waste", "f2"), "cannot go on")


def test_calculation_is_won_with_every_foundation_at_its_king() -> None:
    piles = {f"f{b}": " ".join(rank_text(r) + SUITS[(b + k) % 4] for k, r in enumerate(steps(b, b)))
             for b in (1, 2, 3, 4)}
    g = arrange(engine.new_game("calculation", 1), **piles)
    assert g.is_won()
