"""Two Rings: every clause of RULES.md, the refusals included."""

from __future__ import annotations

import engine

from .helpers import arrange, codes, legal, refused

SEVENS = tuple(f"f{i}" for i in range(1, 9))
SIXES = tuple(f"g{i}" for i in range(1, 9))
BRACELET = tuple(f"b{i}" for i in range(1, 9))

# Foundations as dealt, and a bracelet none of whose cards fits them (an 8 or a 5 would).
BASES = {**dict(zip(SEVENS, "7C 7D 7H 7S 7C 7D 7H 7S".split())),
         **dict(zip(SIXES, "6C 6D 6H 6S 6C 6D 6H 6S".split()))}
IDLE_BRACELET = dict(zip(BRACELET, "JC JD JH JS 2C 2D 2H 2S".split()))


def rings(**piles: str) -> engine.Game:
    return arrange(engine.new_game("two-rings", 1), **{**BASES, **IDLE_BRACELET, **piles})


def test_setup_sevens_and_sixes_are_foundations_and_eight_cards_form_the_bracelet() -> None:
    for seed in (1, 2, 3):
        g = engine.new_game("two-rings", seed)
        assert [codes(g, f) for f in SEVENS] == ["7C", "7D", "7H", "7S"] * 2
        assert [codes(g, f) for f in SIXES] == ["6C", "6D", "6H", "6S"] * 2
        assert [len(g.piles[b]) for b in BRACELET] == [1] * 8
        assert len(g.piles["stock"]) == 104 - 16 - 8
        assert g.piles["waste"] == []
        # Every six and seven is a foundation: none is left in the bracelet or the pack.
        assert all(c.rank not in (6, 7) for pid in (*BRACELET, "stock") for c in g.piles[pid])
        assert all(d == 0 for d in g.down.values())
        assert g.redeals_left == 1


def test_sevens_build_up_by_suit() -> None:
    g = rings(b1="8C", b2="8D", b3="9C")
    assert {"b1>f1", "b1>f5", "b2>f2", "b2>f6"} <= legal(g)
    refused(g, "b2>f1", "8♦", "7♣", "up in suit")
    refused(g, "b3>f1", "9♣", "7♣", "up in suit")
    g.play("b1>f1")
    assert codes(g, "f1") == "7C 8C"


def test_sevens_end_at_the_king_with_seven_cards() -> None:
    g = rings(f1="7C 8C 9C 10C JC QC KC", b1="AC")
    refused(g, "b1>f1", "sevens 1", "complete", "7 cards")


def test_sixes_build_down_by_suit() -> None:
    g = rings(b1="5C", b2="5D", b3="4C")
    assert {"b1>g1", "b1>g5", "b2>g2"} <= legal(g)
    refused(g, "b2>g1", "5♦", "6♣", "down in suit")
    refused(g, "b3>g1", "4♣", "6♣", "down in suit")
    refused(g, "b1>f1", "5♣", "7♣")  # not onto a seven


def test_sixes_end_at_the_ace_with_six_cards() -> None:
    g = rings(g1="6C 5C 4C 3C 2C AC", b1="KC")
    refused(g, "b1>g1", "sixes 1", "complete", "6 cards")


def test_nothing_is_built_on_the_bracelet() -> None:
    g = rings(b1="9C", b2="8C", b3="10C", waste="8C")
    assert not any(m.split(">")[-1].startswith("b") for m in legal(g))
    refused(g, "b2>b1", "nothing may be placed", "bracelet 1")
    refused(g, "b3>b1", "nothing may be placed", "bracelet 1")
    refused(g, "waste>b1", "nothing may be placed", "bracelet 1")


def test_bracelet_cards_go_to_the_foundations_only() -> None:
    g = rings(b1="8C", waste="2C")
    assert {m for m in legal(g) if m.startswith("b1")} == {"b1>f1", "b1>f5"}
    refused(g, "b1>waste", "nothing may be placed", "talon")


def test_emptied_bracelet_place_is_filled_at_once_from_the_pack() -> None:
    g = rings(b1="8C", stock="QD 9S", waste="2C")
    g.play("b1>f1")
    assert codes(g, "b1") == "9S"  # the pack's top card
    assert codes(g, "stock") == "QD"
    assert codes(g, "waste") == "2C"


def test_emptied_bracelet_place_is_filled_from_the_talon_top_when_the_pack_is_empty() -> None:
    g = rings(b1="8C", stock="", waste="QD 9S")
    g.play("b1>f1")
    assert codes(g, "b1") == "9S"  # the talon's top card
    assert codes(g, "waste") == "QD"


def test_deal_turns_one_card_of_the_pack_onto_the_talon() -> None:
    g = rings(stock="QD 9S", waste="")
    assert "deal" in legal(g)
    g.play("deal")
    assert codes(g, "waste") == "9S" and codes(g, "stock") == "QD"
    refused(g, "stock>waste", "pack")  # only the deal moves the pack


def test_only_the_talon_top_card_is_available_to_the_foundations() -> None:
    g = rings(waste="8C 8D")
    assert {m for m in legal(g) if m.startswith("waste")} == {"waste>f2", "waste>f6"}
    refused(g, "waste>f1", "8♦", "7♣")
    refused(g, "waste:2>f1", "only the top card", "talon")


def test_talon_turned_over_once_forms_a_new_pack_in_which_the_first_turned_card_comes_first() -> None:
    g = rings(stock="QD JH 10S", waste="")
    order = []
    for _ in range(3):
        g.play("deal")
        order.append(g.piles["waste"][-1].code)
    assert order == ["10S", "JH", "QD"]
    assert "redeal" in legal(g) and "deal" not in legal(g)
    g.play("redeal")
    assert g.piles["waste"] == [] and len(g.piles["stock"]) == 3
    again = []
    for _ in range(3):
        g.play("deal")
        again.append(g.piles["waste"][-1].code)
    assert again == order
    assert g.redeals_left == 0


def test_talon_turn_over_refused_while_the_pack_has_cards() -> None:
    g = rings(stock="QD", waste="JH 10S")
    assert "redeal" not in legal(g)
    refused(g, "redeal", "only when the stock is empty")


def test_second_talon_turn_over_is_refused() -> None:
    g = rings(stock="", waste="QD JH")
    g.play("redeal")
    g.play("deal")
    g.play("deal")
    assert g.piles["stock"] == []
    assert "redeal" not in legal(g)
    refused(g, "redeal", "no redeals left", "1 allowed")
    refused(g, "deal", "stock is empty")
    assert g.is_stuck()


def test_won_when_all_104_cards_are_on_the_foundations() -> None:
    up = "7 8 9 10 J Q".split()
    down = "6 5 4 3 2".split()
    piles = {}
    for i, suit in enumerate("CDHSCDHS"):
        piles[SEVENS[i]] = " ".join(r + suit for r in up) + f" K{suit}"
        piles[SIXES[i]] = " ".join(r + suit for r in down) + f" A{suit}"
    piles[SEVENS[0]] = "7C 8C 9C 10C JC QC"  # the last king still in the bracelet
    g = arrange(engine.new_game("two-rings", 1), **piles, b1="KC")
    assert sum(len(p) for p in g.piles.values()) == 104
    assert not g.is_won()
    g.play("b1>f1")
    assert g.is_won() and not g.is_stuck() and g.view()["status"] == "won"
