"""Queen of Italy (Terrace): every clause of RULES.md, the refusals included."""

from __future__ import annotations

import engine

from .helpers import arrange, codes, legal, refused

FOUNDATIONS = tuple(f"f{i}" for i in range(1, 9))
TABLEAU = tuple(f"t{i}" for i in range(1, 10))
CHOICES = {"t1>f1", "t2>f1", "t3>f1", "t4>f1"}

# Tableau cards that neither build on one another nor go to a foundation of base 5.
IDLE = dict(zip(TABLEAU, "KC KD QC QD JC JD 10C 10D 9C".split()))
TERRACE = "2S 3S 4S 6C 7C 8C 9S 10S JS QS KS"  # eleven cards, the K♠ on top


def queen() -> engine.Game:
    return engine.new_game("queen-of-italy", 1)


def playing(**piles: str) -> engine.Game:
    """A game past its first move (base rank 5, from the 5♥ on f1), set to ``piles``."""
    g = queen()
    g.play("t1>f1")
    assert g.phase == ""
    return arrange(g, **{"f1": "5H", "terrace": TERRACE, **IDLE, **piles})


def test_alias_terrace_is_queen_of_italy() -> None:
    assert engine.new_game("Terrace", 4).spec.slug == "queen-of-italy"
    assert engine.new_game("Terrace", 4).view() == engine.new_game("queen-of-italy", 4).view()


def test_setup_eleven_terrace_cards_and_four_face_up_cards_to_choose_from() -> None:
    for seed in (1, 2, 3):
        g = engine.new_game("queen-of-italy", seed)
        assert len(g.piles["terrace"]) == 11
        assert [len(g.piles[t]) for t in TABLEAU] == [1, 1, 1, 1, 0, 0, 0, 0, 0]
        assert all(g.piles[f] == [] for f in FOUNDATIONS)
        assert g.piles["waste"] == []
        assert len(g.piles["stock"]) == 104 - 11 - 4
        assert all(d == 0 for d in g.down.values())
        view = {p["id"]: p for p in g.view()["piles"]}
        assert all(c["up"] for pid in ("terrace", "t1", "t2", "t3", "t4") for c in view[pid]["cards"])


def test_exactly_four_legal_moves_at_the_start() -> None:
    for seed in (1, 2, 3, 4, 5):
        g = engine.new_game("queen-of-italy", seed)
        assert legal(g) == CHOICES


def test_any_move_other_than_the_four_choices_is_refused_at_the_start() -> None:
    g = arrange(queen(), terrace=TERRACE, t1="5H", t2="6S", t3="4S", t4="KD", stock="2C 3C 4C 5C 6C 7C 8C")
    assert legal(g) == CHOICES  # not even 4♠ onto 5♥, a tableau build later on
    for move in ("deal", "redeal", "terrace>f1", "t1>f2", "t3>t1", "t4>t5", "t5>f1", "t1:2>f1"):
        refused(g, move, "first choose the base card")


def test_the_choice_fills_its_place_from_the_stock_and_deals_five_more_piles() -> None:
    g = arrange(queen(), terrace=TERRACE, t1="5H", t2="9C", t3="2D", t4="KS",
                stock="3C 3D 3H 4C 4D 4H 5C 5D")
    g.play("t2>f1")
    assert codes(g, "f1") == "9C"
    assert [len(g.piles[t]) for t in TABLEAU] == [1] * 9
    assert [codes(g, t) for t in ("t1", "t3", "t4")] == ["5H", "2D", "KS"]
    new = sorted(codes(g, t) for t in ("t2", "t5", "t6", "t7", "t8", "t9"))
    assert new == sorted("3H 4C 4D 4H 5C 5D".split())  # the stock's top six cards
    assert codes(g, "stock") == "3C 3D"
    assert g.piles["waste"] == []
    assert codes(g, "terrace") == TERRACE
    assert g.phase == ""


def test_the_choice_fixes_the_base_rank_of_all_eight_foundations() -> None:
    g = arrange(queen(), terrace="2S 3S 4S 6C 7C 8C 9S 10S JS QS 5S", t1="5H", t2="9C", t3="2D",
                t4="KS", stock="QC QD JC JD 10C 10D")
    g.play("t1>f1")  # base rank 5
    assert {f"terrace>f{i}" for i in range(2, 9)} <= legal(g)  # a 5 of any suit starts one
    refused(g, "t2>f2", "takes only a card of rank 5", "9♣")
    g.undo()
    g.play("t2>f1")  # base rank 9 instead
    assert not any(m.startswith("terrace") for m in legal(g))
    refused(g, "t1>f2", "takes only a card of rank 9", "5♥")
    refused(g, "terrace>f2", "takes only a card of rank 9", "5♠")


def test_foundations_build_up_in_alternating_colours() -> None:
    g = playing(t1="6S", t2="6D", t3="7C", t4="6H")
    assert "t1>f1" in legal(g)
    refused(g, "t2>f1", "6♦", "5♥", "up in alternating colours")
    refused(g, "t4>f1", "6♥", "5♥", "alternating colours")  # same suit is not enough
    refused(g, "t3>f1", "7♣", "5♥")
    g.play("t1>f1")
    assert codes(g, "f1") == "5H 6S"


def test_foundations_wrap_from_king_to_ace() -> None:
    g = playing(f1="5H", f2="QH KS", t1="AD", t2="AC")
    assert "t1>f2" in legal(g)
    refused(g, "t2>f2", "A♣", "K♠")
    g.play("t1>f2")
    assert codes(g, "f2") == "QH KS AD"


def test_a_foundation_holds_thirteen_cards() -> None:
    full = "5H 6S 7D 8C 9H 10S JD QC KH AS 2D 3C 4H"  # base 5 round to 4
    g = playing(f1=full, t1="5S")
    assert len(full.split()) == 13
    refused(g, "t1>f1", "foundation 1", "complete", "13 cards")
    assert "t1>f2" in legal(g)  # the 5♠ may start another foundation instead


def test_tableau_builds_down_in_alternating_colours() -> None:
    g = playing(t1="9H", t2="8S", t3="8D", t4="10S", t5="8H")
    assert "t2>t1" in legal(g)
    refused(g, "t3>t1", "8♦", "9♥", "down in alternating colours")
    refused(g, "t5>t1", "8♥", "9♥", "alternating colours")
    refused(g, "t4>t1", "10♠", "9♥", "down")


def test_tableau_moves_one_card_at_a_time_only_the_top_card() -> None:
    g = playing(t1="9H 8S", t2="10C", t3="9D")
    refused(g, "t1:2>t2", "only the top card", "pile 1")
    assert "t1>t3" in legal(g) and "t3>t2" in legal(g)
    view = {p["id"]: p for p in g.view()["piles"]}
    assert view["t1"]["pick"] == [1]


def test_terrace_top_card_goes_to_the_foundations_only() -> None:
    g = playing(terrace="2C 6S", t1="7H")
    assert {m for m in legal(g) if m.startswith("terrace")} == {"terrace>f1"}
    refused(g, "terrace>t1", "terrace", "only to the foundations")
    g = playing(terrace="6S 2C")  # the 6♠ is covered
    assert not any(m.startswith("terrace") for m in legal(g))
    refused(g, "terrace:2>f1", "only the top card")


def test_stock_turns_one_card_at_a_time_onto_the_waste() -> None:
    g = playing(stock="3D 8H 2S", waste="")
    assert "deal" in legal(g)
    g.play("deal")
    assert codes(g, "waste") == "2S" and codes(g, "stock") == "3D 8H"
    g.play("deal")
    assert codes(g, "waste") == "2S 8H" and codes(g, "stock") == "3D"


def test_waste_top_card_goes_to_foundations_or_tableau() -> None:
    g = playing(waste="8H 6S", t1="7H")
    assert {m for m in legal(g) if m.startswith("waste")} == {"waste>f1", "waste>t1"}
    g = playing(waste="6S 2H", t1="7H")  # the 6♠ is covered; the 2♥ fits nowhere
    assert not any(m.startswith("waste") for m in legal(g))


def test_emptied_tableau_pile_is_filled_at_once_from_the_waste() -> None:
    g = playing(t1="6S", waste="QH JS", stock="2C")
    g.play("t1>f1")
    assert codes(g, "t1") == "JS"
    assert codes(g, "waste") == "QH" and codes(g, "stock") == "2C"


def test_emptied_tableau_pile_is_filled_from_the_stock_when_the_waste_is_empty() -> None:
    g = playing(t1="6S", waste="", stock="2C 3D")
    g.play("t1>f1")
    assert codes(g, "t1") == "3D"
    assert codes(g, "stock") == "2C" and g.piles["waste"] == []


def test_no_redeal_when_the_stock_is_spent() -> None:
    g = playing(stock="", waste="8H")
    assert "redeal" not in legal(g)
    refused(g, "redeal", "no redeal")
    refused(g, "deal", "stock is empty")


def test_won_when_all_104_cards_are_on_the_foundations() -> None:
    # Base 5 round to 4, alternating colours: two red-first and two black-first runs per deck.
    red_first = "5{r} 6{b} 7{r} 8{b} 9{r} 10{b} J{r} Q{b} K{r} A{b} 2{r} 3{b} 4{r}"
    black_first = "5{b} 6{r} 7{b} 8{r} 9{b} 10{r} J{b} Q{r} K{b} A{r} 2{b} 3{r} 4{b}"
    runs = [red_first.format(r="H", b="S"), red_first.format(r="D", b="C"),
            black_first.format(r="H", b="S"), black_first.format(r="D", b="C")] * 2
    g = queen()
    g.play("t1>f1")
    g = arrange(g, **dict(zip(FOUNDATIONS, runs)))
    assert sum(len(p) for p in g.piles.values()) == 104 and g.is_won()
    g = queen()
    g.play("t1>f1")
    g = arrange(g, **dict(zip(FOUNDATIONS, runs[:-1] + [runs[-1].rsplit(" ", 1)[0]])), t1="4C")
    assert not g.is_won()
    g.play("t1>f8")
    assert g.is_won() and not g.is_stuck() and g.view()["status"] == "won"
