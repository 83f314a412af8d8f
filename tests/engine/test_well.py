"""Well and Well (up only): every clause of RULES.md, the refusals included."""

from __future__ import annotations

import engine

from .helpers import arrange, codes, legal, refused


def test_setup_aces_start_foundations_and_rows_are_dealt_face_up() -> None:
    g = engine.new_game("well", 7)
    assert [codes(g, f) for f in ("f1", "f2", "f3", "f4")] == ["AC", "AD", "AH", "AS"]
    assert [len(g.piles[f"t{i}"]) for i in range(1, 9)] == [5] * 8
    assert [len(g.piles[a]) for a in ("a1", "a2")] == [4, 4]
    assert g.piles["well"] == []
    assert all(d == 0 for d in g.down.values())
    # Only the last card of a row is available.
    view = {p["id"]: p for p in g.view()["piles"]}
    for pid in [*(f"t{i}" for i in range(1, 9)), "a1", "a2"]:
        assert set(view[pid]["pick"]) <= {len(g.piles[pid]) - 1}


def test_foundation_builds_up_or_down_by_suit_and_second_card_fixes_direction() -> None:
    g = arrange(engine.new_game("well", 1), f1="AC", t1="2C", t2="KC", t3="3C", t4="QC", t5="2H")
    assert {"t1>f1", "t2>f1"} <= legal(g)
    refused(g, "t5>f1", "2♥", "A♣")
    g.play("t1>f1")  # A 2: now only up
    assert "t3>f1" in legal(g)
    refused(g, "t2>f1", "K♣", "2♣")
    g.undo()
    g.play("t2>f1")  # A K: now only down
    assert "t4>f1" in legal(g)
    refused(g, "t1>f1", "2♣", "K♣")


def test_up_only_variant_refuses_building_down_from_the_ace() -> None:
    g = arrange(engine.new_game("well-up", 1), f1="AC", t1="2C", t2="KC")
    assert "t1>f1" in legal(g)
    refused(g, "t2>f1", "K♣", "up")


def test_main_rows_build_up_or_down_in_suit() -> None:
    g = arrange(engine.new_game("well", 1), t1="7H", t2="6H", t3="8H", t4="6S", t5="9H")
    assert {"t2>t1", "t3>t1"} <= legal(g)
    refused(g, "t4>t1", "6♠", "7♥")
    refused(g, "t5>t1", "9♥", "7♥")


def test_direction_may_change_within_a_main_row() -> None:
    g = arrange(engine.new_game("well", 1), t1="7H 8H", t2="7H")
    assert "t2>t1" in legal(g)  # 8♥ then 7♥ on top: up, then down


def test_nothing_may_be_placed_on_an_auxiliary_row() -> None:
    g = arrange(engine.new_game("well", 1), a1="6H", t1="5H", a2="7H")
    refused(g, "t1>a1", "nothing may be placed", "auxiliary row 1")
    refused(g, "a2>a1", "nothing may be placed")


def test_auxiliary_row_cards_go_to_foundations_or_main_rows() -> None:
    g = arrange(engine.new_game("well", 1), f1="AH", a1="2H", t1="3H")
    assert {"a1>f1", "a1>t1"} <= legal(g)


def test_empty_main_row_takes_any_single_card() -> None:
    g = arrange(engine.new_game("well", 1), t1="", t2="9S", a1="KD")
    assert {"t2>t1", "a1>t1"} <= legal(g)


def test_empty_well_takes_a_card_even_while_other_moves_exist() -> None:
    # RULES.md (revised): "as a last resort" is advice, not a rule.
    g = arrange(engine.new_game("well", 1), t1="7H", t2="8H", t3="2S", a1="9C")
    assert {"t1>t2", "t2>t1", "t3>well", "a1>well", "t1>well", "t2>well"} <= legal(g)
    g.play("t3>well")
    assert codes(g, "well") == "2S"


def test_the_well_takes_single_cards_from_rows_only() -> None:
    g = arrange(engine.new_game("well", 1), f1="AC 2C", t1="7H", t2="8H", a1="9C")
    assert "f1>well" not in legal(g)
    refused(g, "f1>well", "cards on foundation 1 do not move")


# Eight main rows whose top cards cannot move anywhere: no two of one suit are adjacent.
BLOCKED_ROWS = dict(t1="5H", t2="9S", t3="JC", t4="3D", t5="7C", t6="QH", t7="10D", t8="2S")


def test_well_is_the_only_move_when_the_rows_are_blocked() -> None:
    g = arrange(engine.new_game("well", 1), f1="AC", **BLOCKED_ROWS, a1="KD", a2="8H")
    assert legal(g) == {f"t{i}>well" for i in range(1, 9)} | {"a1>well", "a2>well"}
    g.play("t1>well")
    assert codes(g, "well") == "5H"


def test_well_card_unavailable_until_an_auxiliary_row_is_emptied() -> None:
    g = arrange(engine.new_game("well", 1), well="5H", t1="6H", a1="3C", a2="JD")
    refused(g, "well>t1", "well", "not available", "auxiliary rows")
    g = arrange(engine.new_game("well", 1), well="5H", t1="6H", a1="", a2="JD")
    assert "well>t1" in legal(g)


def test_emptied_well_may_be_used_again() -> None:
    g = arrange(engine.new_game("well", 1), f1="AC 2C 3C", well="4C", **BLOCKED_ROWS, a2="KD")
    g.play("well>f1")
    assert g.piles["well"] == []
    assert legal(g) == {f"t{i}>well" for i in range(1, 9)} | {"a2>well"}


def test_the_well_holds_one_card() -> None:
    g = arrange(engine.new_game("well", 1), well="4C", t1="9H", a1="JD")
    refused(g, "t1>well", "already holds")


def test_won_when_all_52_cards_are_on_the_foundations() -> None:
    g = engine.new_game("well", 1)
    ranks = "A 2 3 4 5 6 7 8 9 10 J Q".split()
    piles = {f"f{i}": " ".join(r + s for r in ranks) for i, s in enumerate("CDHS", 1)}
    g = arrange(g, **piles, t1="KC")
    assert not g.is_won()
    g.play("t1>f1")
    assert not g.is_won()  # 49 cards in this arranged position, not 52
    g = arrange(engine.new_game("well", 1), **{f: p + " K" + f"{'CDHS'[i]}" for i, (f, p) in enumerate(piles.items())})
    assert g.is_won() and not g.is_stuck() and g.view()["status"] == "won"
