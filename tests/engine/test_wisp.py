"""Will o' the Wisp: every clause of RULES.md, the refusals included."""

from __future__ import annotations

import engine

from .helpers import arrange, codes, legal, refused

KING_TO_ACE = "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS"


def test_setup_seven_piles_of_two_face_down_under_one_face_up_and_31_in_the_hand() -> None:
    g = engine.new_game("will-o-the-wisp", 4)
    for i in range(1, 8):
        assert len(g.piles[f"t{i}"]) == 3 and g.down[f"t{i}"] == 2
    assert len(g.piles["stock"]) == 31
    view = {p["id"]: p for p in g.view()["piles"]}
    assert [c["up"] for c in view["t1"]["cards"]] == [False, False, True]
    assert "code" not in view["t1"]["cards"][0]  # a face-down card is not revealed


def test_tableau_builds_down_regardless_of_suit() -> None:
    g = arrange(engine.new_game("will-o-the-wisp", 1), t1="9S", t2="8H", t3="10D", t4="8S")
    assert {"t2>t1", "t4>t1", "t1>t3"} <= legal(g)
    refused(g, "t3>t1", "10♦", "9♠", "down")


def test_in_suit_run_moves_as_a_unit_full_or_partial() -> None:
    g = arrange(engine.new_game("will-o-the-wisp", 1), t1="KC 9H 8H 7H", t2="10S", t3="9D",
                t4="QC", t5="JC", t6="KD", t7="QD")
    assert {"t1:3>t2", "t1:2>t3"} <= legal(g)
    g.play("t1:3>t2")
    assert codes(g, "t2") == "10S 9H 8H 7H" and codes(g, "t1") == "KC"


def test_mixed_suit_run_cannot_move_as_a_unit() -> None:
    g = arrange(engine.new_game("will-o-the-wisp", 1), t1="KC 9H 8S 7H", t2="10S",
                t3="QC", t4="JC", t5="KD", t6="QD", t7="JD")
    refused(g, "t1:3>t2", "only the top card")
    refused(g, "t1:2>t2", "only the top card")


def test_empty_pile_takes_any_card_or_in_suit_run() -> None:
    g = arrange(engine.new_game("will-o-the-wisp", 1), t1="2C 9H 8H", t2="", t3="QD",
                t4="QC", t5="JC", t6="KD", t7="5S")
    assert {"t1>t2", "t1:2>t2", "t3>t2"} <= legal(g)


def test_a_king_goes_only_to_an_empty_pile() -> None:
    g = arrange(engine.new_game("will-o-the-wisp", 1), t1="KH", t2="AC", t3="", t4="2C",
                t5="4C", t6="6C", t7="8C")
    moves = {m for m in legal(g) if m.startswith("t1")}
    assert moves == {"t1>t3"}


def test_exposed_face_down_card_turns_up_at_once() -> None:
    g = arrange(engine.new_game("will-o-the-wisp", 1), t1="#4D #5C 9H", t2="10S")
    g.play("t1>t2")
    assert g.down["t1"] == 1
    view = {p["id"]: p for p in g.view()["piles"]}
    assert view["t1"]["cards"][-1] == {"up": True, "id": "5C", "code": "5C", "rank": "5", "suit": "C",
                                       "red": False, "name": "5 of clubs"}
    g.undo()
    assert g.down["t1"] == 2


def test_deal_puts_one_card_on_each_pile_left_to_right() -> None:
    piles = {f"t{i}": "KC" for i in range(1, 8)}
    g = arrange(engine.new_game("will-o-the-wisp", 1), **piles, stock="2H 3H 4H 5H 6H 7H 8H 9H")
    g.play("deal")
    assert [codes(g, f"t{i}").split()[-1] for i in range(1, 8)] == ["9H", "8H", "7H", "6H", "5H", "4H", "3H"]
    assert codes(g, "stock") == "2H"


def test_last_deal_of_three_cards_goes_onto_the_first_three_piles() -> None:
    piles = {f"t{i}": "KC" for i in range(1, 8)}
    g = arrange(engine.new_game("will-o-the-wisp", 1), **piles, stock="2H 3H 4H")
    g.play("deal")
    assert [len(g.piles[f"t{i}"]) for i in range(1, 8)] == [2, 2, 2, 1, 1, 1, 1]
    assert g.piles["stock"] == []
    refused(g, "deal", "stock is empty")


def test_full_deal_sequence_is_four_deals_of_seven_and_one_of_three() -> None:
    g = engine.new_game("will-o-the-wisp", 9)
    sizes = []
    while g.piles["stock"]:
        before = len(g.piles["stock"])
        g.push(engine.Move.act("deal"))
        sizes.append(before - len(g.piles["stock"]))
    assert sizes == [7, 7, 7, 7, 3]


def test_deal_refused_while_a_pile_is_empty() -> None:
    g = arrange(engine.new_game("will-o-the-wisp", 1), t1="5C", t2="", stock="2H 3H")
    refused(g, "deal", "no deal", "empty")


def test_deal_allowed_any_time_no_pile_is_empty() -> None:
    piles = {f"t{i}": "9C" for i in range(1, 7)}
    g = arrange(engine.new_game("will-o-the-wisp", 1), **piles, t7="10D", stock="2H")
    assert "deal" in legal(g) and "t1>t7" in legal(g)


def test_complete_king_to_ace_run_may_be_discarded_when_the_player_chooses() -> None:
    g = arrange(engine.new_game("will-o-the-wisp", 1), t1="#5D " + KING_TO_ACE, t2="2C")
    assert "t1:13>discard" in legal(g)
    assert len(legal(g)) > 1  # discarding is never forced
    g.play("t1:13>discard")
    assert len(g.piles["discard"]) == 13 and codes(g, "t1") == "5D" and g.down["t1"] == 0


def test_incomplete_or_mixed_run_cannot_be_discarded() -> None:
    g = arrange(engine.new_game("will-o-the-wisp", 1), t1="QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS")
    refused(g, "t1:12>discard", "complete run")
    mixed = KING_TO_ACE.replace("7S", "7H")
    g = arrange(engine.new_game("will-o-the-wisp", 1), t1=mixed)
    refused(g, "t1:13>discard", "top 6 cards")  # 6♠ down to A♠


def test_won_when_all_52_cards_are_discarded() -> None:
    runs = " ".join(KING_TO_ACE.replace("S", s) for s in "CDH")
    g = arrange(engine.new_game("will-o-the-wisp", 1), discard=runs, t1=KING_TO_ACE)
    assert not g.is_won()
    g.play("t1:13>discard")
    assert g.is_won() and g.view()["status"] == "won"
