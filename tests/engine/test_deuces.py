"""Deuces: every clause of RULES.md, the refusals included."""

from __future__ import annotations

import engine

from .helpers import arrange, codes, legal, refused


def test_setup_twos_start_eight_foundations_ten_piles_of_one_and_86_in_stock() -> None:
    g = engine.new_game("deuces", 11)
    assert sorted(codes(g, f"f{i}") for i in range(1, 9)) == sorted(["2C", "2D", "2H", "2S"] * 2)
    assert [len(g.piles[f"t{i}"]) for i in range(1, 11)] == [1] * 10
    assert len(g.piles["stock"]) == 86 and g.piles["waste"] == []
    view = {p["id"]: p for p in g.view()["piles"]}
    assert all(c["up"] for i in range(1, 11) for c in view[f"t{i}"]["cards"])
    assert all(not c["up"] for c in view["stock"]["cards"])


def test_foundations_build_up_by_suit_with_the_ace_highest() -> None:
    g = arrange(engine.new_game("deuces", 1), f1="2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
                f2="2H", t1="AC", t2="3D", t3="4H", t4="3H")
    assert "t1>f1" in legal(g)  # the ace follows the king
    refused(g, "t2>f2", "3♦", "2♥")
    refused(g, "t3>f2", "4♥", "2♥")
    assert "t4>f2" in legal(g)


def test_a_foundation_holds_thirteen_cards_and_never_more() -> None:
    g = arrange(engine.new_game("deuces", 1), f1="2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", t1="2C")
    refused(g, "t1>f1", "complete")


def test_the_ace_is_not_low() -> None:
    g = arrange(engine.new_game("deuces", 1), t1="2S", t2="AS", t3="KS")
    refused(g, "t2>t1", "A♠", "2♠")  # an ace does not go below a two
    assert "t2>t3" not in legal(g)   # nor on a king: building is down
    assert "t3>t2" in legal(g)       # a king goes on an ace


def test_tableau_builds_down_by_suit() -> None:
    g = arrange(engine.new_game("deuces", 1), t1="9S", t2="8S", t3="8H", t4="10S")
    assert "t2>t1" in legal(g)
    refused(g, "t3>t1", "8♥", "9♠", "in suit")
    refused(g, "t4>t1", "10♠", "9♠", "down")


def test_top_card_goes_to_a_foundation_or_another_pile() -> None:
    g = arrange(engine.new_game("deuces", 1), f1="2D", t1="3D", t2="4D", stock="5C")
    assert {"t1>f1", "t1>t2"} <= legal(g)


def test_empty_pile_takes_any_card_and_is_not_filled_by_itself() -> None:
    g = arrange(engine.new_game("deuces", 1), t1="QH", t2="", waste="5C", stock="9D")
    assert {"t1>t2", "waste>t2"} <= legal(g)
    g.play("deal")
    assert g.piles["t2"] == []


def test_run_moves_as_a_unit_up_to_two_to_the_power_of_empty_piles() -> None:
    rows = {f"t{i}": "KC" for i in range(3, 11)}
    g = arrange(engine.new_game("deuces", 1), t1="9S 8S 7S", t2="10S", **rows)
    # No empty pile: single cards only.
    refused(g, "t1:3>t2", "3 cards", "at most 1")
    rows.pop("t10")
    g = arrange(engine.new_game("deuces", 1), t1="9S 8S 7S", t2="10S", **rows)
    # One empty pile (t10): two cards onto a pile, one onto the empty pile.
    refused(g, "t1:3>t2", "at most 2")
    assert "t1:2>t10" not in legal(g) and "t1>t10" in legal(g)
    rows.pop("t9")
    g = arrange(engine.new_game("deuces", 1), t1="9S 8S 7S", t2="10S", **rows)
    # Two empty piles: four onto a pile, two onto an empty pile.
    assert "t1:3>t2" in legal(g)
    assert "t1:2>t9" in legal(g)
    refused(g, "t1:3>t9", "at most 2")


def test_a_run_longer_than_two_to_the_e_is_refused() -> None:
    rows = {f"t{i}": "KC" for i in range(3, 10)}  # t10 empty: e = 1
    g = arrange(engine.new_game("deuces", 1), t1="JS 10S 9S", t2="QS", **rows)
    refused(g, "t1:3>t2", "3 cards cannot move", "at most 2")


def test_only_runs_in_suit_and_sequence_move_together() -> None:
    g = arrange(engine.new_game("deuces", 1), t1="9S 8H 7S", t2="", t3="", t4="8S")
    refused(g, "t1:2>t4", "only the top card")


def test_stock_turns_one_card_onto_the_waste() -> None:
    g = arrange(engine.new_game("deuces", 1), t1="KC", stock="3H 7D")
    g.play("deal")
    assert codes(g, "waste") == "7D" and codes(g, "stock") == "3H"


def test_one_pass_through_the_stock_only() -> None:
    g = arrange(engine.new_game("deuces", 1), t1="KC", waste="3H 7D")
    refused(g, "deal", "stock is empty")
    refused(g, "redeal", "no redeal")


def test_waste_top_card_goes_to_foundation_or_tableau_but_not_the_one_beneath() -> None:
    g = arrange(engine.new_game("deuces", 1), f1="2H", t1="4D", waste="3H 3D")
    assert {"waste>t1"} <= legal(g)
    refused(g, "waste>f1", "3♦", "2♥")
    refused(g, "waste:2>t1", "only the top card")


def test_won_when_all_104_cards_are_on_the_foundations() -> None:
    ranks = "2 3 4 5 6 7 8 9 10 J Q K A".split()
    full = {f"f{i}": " ".join(r + "CDHS"[(i - 1) % 4] for r in ranks) for i in range(1, 9)}
    g = arrange(engine.new_game("deuces", 1), **full)
    assert g.is_won() and g.status() == "won"
    last = dict(full, f8=" ".join(r + "S" for r in ranks[:-1]), t1="AS")
    g = arrange(engine.new_game("deuces", 1), **last)
    assert not g.is_won()
    g.play("t1>f8")
    assert g.is_won()
