"""Baker's Game, Seahaven Towers, Fore Cell, King Albert, Streets and Alleys, Siegecraft and
Simple Simon: every clause of docs/readings/cells-and-castles.md, the refusals included."""

from __future__ import annotations

import engine
from engine.spec import Kind

from .helpers import arrange, codes, legal, refused

SUIT_RUN = "QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H AH".split()


def lengths(g: engine.Game, prefix: str, count: int) -> list[int]:
    return [len(g.piles[f"{prefix}{i}"]) for i in range(1, count + 1)]


def filled(first: int, last: int, cards: str) -> dict[str, str]:
    """Columns ``first`` to ``last`` each holding one of ``cards``: piles that take no part,
    so that they are not counted as spaces."""
    return {f"t{i}": card for i, card in zip(range(first, last + 1), cards.split())}


def every_card_once(g: engine.Game) -> bool:
    cards = sorted((c.rank, c.suit) for pile in g.piles.values() for c in pile)
    return cards == sorted((r, s) for r in range(1, 14) for s in "CDHS")


# === Baker's Game ======================================================================


def test_bakers_game_deal_n_is_freecells_deal_n() -> None:
    for number in (1, 617, 11982):
        bakers, freecell = engine.new_game("bakers-game", number), engine.new_game("freecell", number)
        assert all(codes(bakers, f"t{i}") == codes(freecell, f"t{i}") for i in range(1, 9))
    g = engine.new_game("bakers-game", 1)
    assert codes(g, "t1") == "JD KD 2S 4C 3S 6D 6S"
    assert lengths(g, "c", 4) == [0] * 4 and lengths(g, "f", 4) == [0] * 4


def test_bakers_game_builds_down_by_suit_only() -> None:
    g = arrange(engine.new_game("bakers-game", 1), t1="7S", t2="6S", t3="6H", t4="8S", t5="5S")
    assert {"t2>t1", "t1>t4"} <= legal(g)
    refused(g, "t3>t1", "6♥", "7♠", "suit")
    refused(g, "t5>t1", "5♠", "7♠")
    refused(g, "t4>t1", "8♠", "7♠", "down")


def test_bakers_game_runs_move_in_suit_by_freecells_count_and_any_card_fills_a_space() -> None:
    # Runs: in suit only. Two empty cells, one empty column besides the target: (2 + 1) * 2 = 6.
    g = arrange(engine.new_game("bakers-game", 1), t1="2C " + " ".join(SUIT_RUN[:7]), t2="KH", t3="",
                t4="9D 8C", c1="5D", c2="6D", **filled(5, 8, "3S 4S 5S 6S"))
    refused(g, "t4:2>t3", "only the top card")  # 9♦ 8♣: not one suit
    refused(g, "t1:7>t2", "7 cards", "6")
    # Three empty cells: (3 + 1) * 2 = 8.
    g = arrange(engine.new_game("bakers-game", 1), t1="2C " + " ".join(SUIT_RUN[:7]), t2="KH", t3="",
                t4="9D 8C", c1="5D", **filled(5, 8, "3S 4S 5S 6S"))
    g.play("t1:7>t2")
    assert codes(g, "t2") == "KH " + " ".join(SUIT_RUN[:7])
    g = arrange(engine.new_game("bakers-game", 1), t1="5C", t2="")
    g.play("t1>t2")  # any card into a space
    assert codes(g, "t2") == "5C"


# === Seahaven Towers ===================================================================


def test_seahaven_towers_setup_ten_columns_of_five_and_the_middle_two_cells_filled() -> None:
    g = engine.new_game("seahaven-towers", 1)
    assert lengths(g, "t", 10) == [5] * 10
    assert lengths(g, "c", 4) == [0, 1, 1, 0] and lengths(g, "f", 4) == [0] * 4
    assert all(d == 0 for d in g.down.values()) and every_card_once(g)
    assert g.ids_by_kind[Kind.STOCK] == ()


def test_seahaven_towers_builds_by_suit_and_only_kings_fill_a_space() -> None:
    g = arrange(engine.new_game("seahaven-towers", 1), t1="JH", t2="10H", t3="10S", t4="", t5="QC", t6="KD")
    assert "t2>t1" in legal(g)
    refused(g, "t3>t1", "10♠", "J♥")
    refused(g, "t5>t4", "only a king")
    g.play("t6>t4")
    assert codes(g, "t4") == "KD"


def test_seahaven_towers_runs_are_limited_by_empty_cells_only() -> None:
    # Two empty cells: 3 cards; the empty columns add nothing (they take kings only).
    g = arrange(engine.new_game("seahaven-towers", 1), t1="2C " + " ".join(SUIT_RUN[:4]), t2="KH",
                t3="", t4="", c1="5D", c2="6D")
    refused(g, "t1:4>t2", "4 cards", "3")
    g = arrange(engine.new_game("seahaven-towers", 1), t1="2C " + " ".join(SUIT_RUN[:4]), t2="KH",
                t3="", t4="", c1="5D")
    g.play("t1:4>t2")  # three empty cells: 4 cards
    assert codes(g, "t2") == "KH QH JH 10H 9H" and codes(g, "t1") == "2C"
    # A run headed by a king may move into a space, within the same limit.
    g = arrange(engine.new_game("seahaven-towers", 1), t1="2C KS QS", t2="", c1="5D", c2="6D", c3="7D", c4="8D")
    refused(g, "t1:2>t2", "2 cards", "1")
    g = arrange(engine.new_game("seahaven-towers", 1), t1="2C KS QS", t2="", c1="5D", c2="6D", c3="7D")
    g.play("t1:2>t2")
    assert codes(g, "t2") == "KS QS"


def test_seahaven_towers_cells_hold_one_card() -> None:
    g = arrange(engine.new_game("seahaven-towers", 1), t1="5C", c2="9D")
    refused(g, "t1>c2", "already holds a card")
    g.play("t1>c1")
    assert codes(g, "c1") == "5C"


# === Fore Cell =========================================================================


def test_fore_cell_setup_eight_columns_of_six_and_every_cell_filled() -> None:
    g = engine.new_game("fore-cell", 1)
    assert lengths(g, "t", 8) == [6] * 8 and lengths(g, "c", 4) == [1] * 4
    assert lengths(g, "f", 4) == [0] * 4 and every_card_once(g)
    assert all(d == 0 for d in g.down.values())
    # With every cell full, no card may go to a cell.
    assert not any(">c" in m for m in legal(g))


def test_fore_cell_builds_in_alternating_colours_kings_only_in_a_space() -> None:
    g = arrange(engine.new_game("fore-cell", 1), t1="9S", t2="8H", t3="8C", t4="", c1="QD", c2="KC")
    assert "t2>t1" in legal(g)
    refused(g, "t3>t1", "8♣", "9♠", "alternating colours")
    refused(g, "c1>t4", "only a king")
    g.play("c2>t4")
    g.play("c1>t4")
    assert codes(g, "t4") == "KC QD"


def test_fore_cell_runs_count_empty_cells_only() -> None:
    g = arrange(engine.new_game("fore-cell", 1), t1="2C QH JS 10H 9S", t2="KS", t3="", c1="", c2="5D", c3="6D",
                c4="7D")
    refused(g, "t1:4>t2", "4 cards", "2")  # one empty cell: 2 cards; the empty column adds nothing
    g = arrange(engine.new_game("fore-cell", 1), t1="2C QH JS 10H 9S", t2="KS", t3="", c4="7D")
    g.play("t1:4>t2")  # three empty cells: 4 cards
    assert codes(g, "t2") == "KS QH JS 10H 9S"


# === King Albert =======================================================================


def test_king_albert_setup_nine_columns_one_to_nine_and_a_reserve_of_seven() -> None:
    g = engine.new_game("king-albert", 1)
    assert lengths(g, "t", 9) == list(range(1, 10)) and lengths(g, "r", 7) == [1] * 7
    assert lengths(g, "f", 4) == [0] * 4 and every_card_once(g)
    assert all(d == 0 for d in g.down.values())
    assert g.ids_by_kind[Kind.RESERVE] == tuple(f"r{i}" for i in range(1, 8))


def test_king_albert_moves_one_card_at_a_time_in_alternating_colours() -> None:
    g = arrange(engine.new_game("king-albert", 1), t1="KC 8D 7S", t2="9C", t3="8H", t4="8C")
    refused(g, "t1:2>t2", "only the top card")  # 8♦ 7♠ is a run, but runs do not move
    refused(g, "t4>t2", "8♣", "9♣", "alternating colours")
    g.play("t1>t3")
    g.play("t1>t2")
    assert codes(g, "t2") == "9C 8D" and codes(g, "t3") == "8H 7S"


def test_king_albert_reserve_gives_any_card_and_takes_none() -> None:
    g = arrange(engine.new_game("king-albert", 1), t1="9C", t2="", t3="5S", r1="AS", r4="8H", r7="QD")
    assert {"r1>f1", "r4>t1", "r7>t2"} <= legal(g)
    refused(g, "t3>r1", "nothing may be placed")
    g.play("r4>t1")
    refused(g, "t3>r4", "nothing may be placed", "Reserve 4")  # an emptied place stays empty
    g.play("r7>t2")  # any card into a space
    g.play("r1>f1")
    assert codes(g, "t1") == "9C 8H" and codes(g, "t2") == "QD" and codes(g, "f1") == "AS"
    assert not any(m.endswith(">r1") or ">r" in m for m in legal(g))


# === Streets and Alleys ================================================================


def test_streets_and_alleys_setup_the_whole_pack_in_rows_of_seven_and_six() -> None:
    g = engine.new_game("streets-and-alleys", 1)
    assert lengths(g, "t", 8) == [7, 7, 7, 7, 6, 6, 6, 6] and lengths(g, "f", 4) == [0] * 4
    assert every_card_once(g) and all(d == 0 for d in g.down.values())


def test_streets_and_alleys_foundations_wait_for_aces_and_rows_build_regardless_of_suit() -> None:
    g = arrange(engine.new_game("streets-and-alleys", 1), t1="8D", t2="7S", t3="2C", t4="AC", t5="7D")
    assert {"t2>t1", "t5>t1", "t4>f1"} <= legal(g)
    refused(g, "t3>f1", "rank A")
    refused(g, "t1>t2", "8♦", "7♠", "down")
    g.play("t4>f1")
    g.play("t3>f1")
    assert codes(g, "f1") == "AC 2C"


def test_streets_and_alleys_runs_move_through_empty_rows_and_any_card_fills_one() -> None:
    g = arrange(engine.new_game("streets-and-alleys", 1), t1="2C 9H 8S 7D", t2="10C", t3="",
                t4="9D", **filled(5, 8, "3S 4S 5S 6S"))
    refused(g, "t1:3>t2", "3 cards", "2")  # one empty row: 2 cards onto a card
    g.play("t1:2>t4")
    g.play("t1>t3")
    assert codes(g, "t4") == "9D 8S 7D" and codes(g, "t3") == "9H"


# === Siegecraft ========================================================================


def test_siegecraft_setup_aces_out_eight_rows_of_six_and_one_empty_cell() -> None:
    g = engine.new_game("siegecraft", 1)
    assert [codes(g, f"f{i}") for i in range(1, 5)] == ["AC", "AD", "AH", "AS"]
    assert lengths(g, "t", 8) == [6] * 8 and g.piles["c"] == [] and every_card_once(g)
    assert g.ids_by_kind[Kind.CELL] == ("c",)


def test_siegecraft_cell_holds_one_card_and_counts_for_runs() -> None:
    g = arrange(engine.new_game("siegecraft", 1), f1="AC", t1="2D 9H 8S 7D", t2="10C", t3="2S 4S", c="",
                t4="9D", **filled(5, 8, "3S 5S 6S 7S"))
    refused(g, "t1:3>t2", "3 cards", "2")  # the empty cell: 2 cards, no empty row
    g.play("t1:2>t4")
    assert codes(g, "t4") == "9D 8S 7D"
    g.play("t3>c")
    refused(g, "t1>c", "already holds a card")
    refused(g, "t4:2>t1", "2 cards", "1")  # the cell is full now: one card
    assert codes(g, "c") == "4S"


def test_siegecraft_cell_card_goes_to_a_foundation_or_a_row() -> None:
    g = arrange(engine.new_game("siegecraft", 1), f1="AC", t1="5H", t2="", c="2C")
    assert {"c>f1", "c>t2"} <= legal(g)
    refused(g, "c>t1", "2♣", "5♥")
    g.play("c>f1")
    assert codes(g, "f1") == "AC 2C" and codes(g, "c") == ""


# === Simple Simon ======================================================================


def test_simple_simon_setup_ten_piles_8_8_8_7_to_1_all_face_up_no_stock() -> None:
    g = engine.new_game("simple-simon", 1)
    assert lengths(g, "t", 10) == [8, 8, 8, 7, 6, 5, 4, 3, 2, 1] and lengths(g, "d", 4) == [0] * 4
    assert every_card_once(g) and all(d == 0 for d in g.down.values())
    assert g.ids_by_kind[Kind.STOCK] == ()
    assert not any(m == "deal" for m in legal(g))


def test_simple_simon_builds_regardless_of_suit_and_moves_only_one_suit_runs() -> None:
    g = arrange(engine.new_game("simple-simon", 1), t1="10C", t2="3D 9S 8H 7H", t3="", t4="KD")
    assert {"t2:2>t3", "t2>t3"} <= legal(g)
    refused(g, "t2:3>t1", "only the top 2 cards")  # 9♠ 8♥ 7♥: mixed suits
    refused(g, "t2:2>t4", "8♥", "K♦")
    g.play("t2:2>t3")
    g.play("t2>t1")
    assert codes(g, "t1") == "10C 9S" and codes(g, "t3") == "8H 7H"


def test_simple_simon_discards_only_a_complete_suit_and_wins_with_four() -> None:
    full = " ".join(["KH", *SUIT_RUN])
    g = arrange(engine.new_game("simple-simon", 1), t1="2C " + full, t2=" ".join(["KS", *SUIT_RUN[:11]]).replace("H", "S"))
    refused(g, "t2:12>d1", "complete run")
    g.play("t1:13>d1")
    assert len(g.piles["d1"]) == 13 and codes(g, "t1") == "2C"
    assert not g.is_won()


def test_simple_simon_is_won_when_all_four_suits_are_discarded() -> None:
    suits = {f"t{i}": " ".join(f"{r}{s}" for r in ["K", *SUIT_RUN_RANKS]) for i, s in enumerate("CDHS", 1)}
    g = arrange(engine.new_game("simple-simon", 1), **suits)
    for i in range(1, 5):
        assert not g.is_won()
        g.play(f"t{i}:13>d{i}")
    assert g.is_won()


SUIT_RUN_RANKS = [c[:-1] for c in SUIT_RUN]
