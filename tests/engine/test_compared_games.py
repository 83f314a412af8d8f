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
