"""The FreeCell family (FreeCell, Eight Off, Penguin): every clause of
docs/readings/freecell.md, the refusals included. FreeCell's deals are checked against
PySolFC's own generator (the ``pysol-cards`` package)."""

from __future__ import annotations

import pytest
from pysol_cards import cards, deal_game, random_base  # type: ignore[import-untyped]

import engine
from engine.game import Game
from engine.spec import Kind

from .helpers import arrange, codes, legal, refused

RANKS = ["A", *(str(n) for n in range(2, 11)), "J", "Q", "K"]
# A run in alternating colours, queen down to ace (FreeCell); it goes onto the K♠.
ALT_RUN = "QH JS 10H 9S 8H 7S 6H 5S 4H 3S 2H AS".split()
# A run in one suit, queen down to ace (Eight Off); it goes onto the K♥.
SUIT_RUN = "QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H AH".split()


def suit_up(suit: str, ranks: list[str] = RANKS) -> str:
    return " ".join(r + suit for r in ranks)


def moves_from(g: Game, pid: str) -> set[str]:
    """The legal moves that take cards from ``pid``."""
    return {m for m in legal(g) if m.split(">")[0].split(":")[0] == pid}


def move(src: str, n: int, dst: str) -> str:
    return f"{src}:{n}>{dst}" if n > 1 else f"{src}>{dst}"


def columns(g: Game, count: int) -> list[str]:
    return [codes(g, f"t{i}") for i in range(1, count + 1)]


def pysol_columns(number: int) -> list[str]:
    """PySolFC's layout of Microsoft FreeCell deal ``number``: one line per column, bottom first."""
    game = deal_game.Game("freecell", number, random_base.RandomBase.DEALS_MS)
    text = str(game.calc_layout_string(cards.CardRenderer(False)))  # False: "10", not "T"
    return text.splitlines()


def penguin_with_base(rank: int) -> Game:
    """A Penguin deal whose beak has the given rank (the first such deal number)."""
    return next(g for g in (engine.new_game("penguin", s) for s in range(1, 500)) if g.base == rank)


# === FreeCell ==========================================================================


def test_freecell_setup_eight_columns_all_face_up_cells_and_foundations_empty() -> None:
    g = engine.new_game("freecell", 1)
    assert [len(g.piles[f"t{i}"]) for i in range(1, 9)] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert all(d == 0 for d in g.down.values())
    assert [g.piles[f"c{i}"] for i in range(1, 5)] == [[]] * 4 and "c5" not in g.piles
    assert [g.piles[f"f{i}"] for i in range(1, 5)] == [[]] * 4 and "f5" not in g.piles
    assert g.ids_by_kind[Kind.STOCK] == () and g.ids_by_kind[Kind.WASTE] == ()
    dealt = {(c.rank, c.suit) for i in range(1, 9) for c in g.piles[f"t{i}"]}
    assert dealt == {(r, s) for r in range(1, 14) for s in "CDHS"}


def test_freecell_deal_1_is_microsofts_deal_1() -> None:
    g = engine.new_game("freecell", 1)
    assert codes(g, "t1") == "JD KD 2S 4C 3S 6D 6S"
    rows = ("JD 2D 9H JC 5D 7H 7C 5H / KD KC 9S 5S AD QC KH 3H / 2S KS 9D QD JS AS AH 3C / "
            "4C 5C 10S QH 4H AC 4D 7S / 3S 10D 4S 10H 8H 2C JH 7D / 6D 8S 8D QS 6C 3D 8C 10C / "
            "6S 9C 2H 6H").split(" / ")
    cols = [codes(g, f"t{i}").split() for i in range(1, 9)]
    assert [" ".join(col[r] for col in cols if len(col) > r) for r in range(7)] == rows


def test_freecell_reference_deals_617_11982_and_123456() -> None:
    first_row = {617: "7D AD 5C 3S 5S 8C 2D AH", 11982: "AH AS 4H AC 2D 6S 10S JS"}
    for number, row in first_row.items():
        g = engine.new_game("freecell", number)
        assert " ".join(g.piles[f"t{i}"][0].code for i in range(1, 9)) == row, number
    assert codes(engine.new_game("freecell", 123456), "t1") == "QD 10C AS KC AH KH 6H"


@pytest.mark.parametrize("number", [1, 617, 11982, 1000000, 3000000000, 6000000000])
def test_freecell_deal_matches_pysolfc_microsoft_deal(number: int) -> None:
    assert columns(engine.new_game("freecell", number), 8) == pysol_columns(number)


def test_freecell_deal_numbers_outside_1_to_2_to_the_33_minus_1_are_refused() -> None:
    top = 2 ** 33 - 1
    for number in (0, 2 ** 33):
        with pytest.raises(ValueError, match=f"from 1 to {top}"):
            engine.new_game("freecell", number)
    assert columns(engine.new_game("freecell", top), 8) == pysol_columns(top)


def test_freecell_builds_down_in_alternating_colours() -> None:
    g = arrange(engine.new_game("freecell", 1), t1="7S", t2="6H", t3="6C", t4="8D", t5="5D")
    assert {"t2>t1", "t1>t4"} <= legal(g)
    refused(g, "t3>t1", "6♣", "7♠", "alternating colours")
    refused(g, "t5>t1", "5♦", "7♠")
    refused(g, "t4>t1", "8♦", "7♠", "down")


def test_freecell_run_moves_only_in_alternating_colours_and_sequence() -> None:
    g = arrange(engine.new_game("freecell", 1), t1="10D 9S 8C", t2="10H", t3="", t4="", c1="")
    refused(g, "t1:2>t2", "only the top card")  # 9♠ 8♣: same colour
    g = arrange(engine.new_game("freecell", 1), t1="10D 8S 7H", t2="9H", t3="", t4="")
    refused(g, "t1:3>t2", "only the top 2 cards")  # 10♦ 8♠: not in sequence
    assert "t1:2>t2" in legal(g)


def supermove_position(run: int, free_cells: int, free_columns: int, into_empty: bool) -> Game:
    """FreeCell: column 1 holds a run of ``run`` cards (queen down) on a 2♣; column 2 holds
    the K♠ it fits, or is empty; ``free_columns`` other columns and ``free_cells`` cells are
    empty, the rest hold cards that take no part."""
    fillers = ["9C", "9D", "10C", "10D", "JC", "JD"]
    piles = {"t1": "2C " + " ".join(ALT_RUN[:run]), "t2": "" if into_empty else "KS"}
    for i, card in enumerate(fillers):
        piles[f"t{i + 3}"] = "" if i < free_columns else card
    for i in range(4):
        piles[f"c{i + 1}"] = "" if i < free_cells else f"{i + 3}D"
    return arrange(engine.new_game("freecell", 1), **piles)


# (empty cells, empty columns other than the target, the limit)
ONTO_A_CARD = [(0, 0, 1), (1, 0, 2), (3, 0, 4), (4, 0, 5), (0, 1, 2), (2, 1, 6), (1, 2, 8), (0, 3, 8),
               (4, 1, 10)]
# (empty cells, empty columns counting the target, the limit)
INTO_A_SPACE = [(0, 1, 1), (1, 1, 2), (4, 1, 5), (0, 2, 2), (2, 2, 6), (1, 3, 8), (3, 2, 8)]


@pytest.mark.parametrize(("f", "e", "limit"), ONTO_A_CARD)
def test_freecell_supermove_onto_a_card_is_f_plus_1_times_2_to_the_e(f: int, e: int, limit: int) -> None:
    assert limit == (f + 1) * 2 ** e
    g = supermove_position(limit, f, e, into_empty=False)
    assert move("t1", limit, "t2") in legal(g)
    g.play(move("t1", limit, "t2"))
    assert codes(g, "t2") == "KS " + " ".join(ALT_RUN[:limit]) and codes(g, "t1") == "2C"
    g = supermove_position(limit + 1, f, e, into_empty=False)
    refused(g, move("t1", limit + 1, "t2"), f"{limit + 1} cards cannot move as a unit", f"at most {limit}",
            f"{f} empty cell")


@pytest.mark.parametrize(("f", "e", "limit"), INTO_A_SPACE)
def test_freecell_supermove_into_an_empty_column_is_halved(f: int, e: int, limit: int) -> None:
    assert limit == (f + 1) * 2 ** (e - 1)
    g = supermove_position(limit, f, e - 1, into_empty=True)
    assert move("t1", limit, "t2") in legal(g)
    g = supermove_position(limit + 1, f, e - 1, into_empty=True)
    assert move("t1", limit, "t2") in legal(g)  # part of the run, within the limit
    refused(g, move("t1", limit + 1, "t2"), "cannot move as a unit", f"at most {limit}")


def test_freecell_whole_twelve_card_run_moves_with_enough_room() -> None:
    g = supermove_position(12, 4, 2, into_empty=False)  # (4 + 1) * 2^2 = 20
    assert "t1:12>t2" in legal(g)


def test_freecell_empty_column_takes_any_card() -> None:
    g = arrange(engine.new_game("freecell", 1), t1="KC 5H", t2="", c1="9D")
    assert {"t1>t2", "c1>t2"} <= legal(g)
    g.play("t1>t2")
    assert codes(g, "t2") == "5H"


def test_freecell_cell_holds_one_card_of_any_kind() -> None:
    g = arrange(engine.new_game("freecell", 1), t1="9S 8H", t2="KD", c1="4C", t3="3H")
    assert {"t1>c2", "t1>c3", "t1>c4", "t2>c2"} <= legal(g)
    refused(g, "t2>c1", "Cell 1 already holds a card")
    refused(g, "t1:2>c2", "Cell 2 takes one card at a time")


def test_freecell_cell_card_goes_to_a_foundation_or_a_column() -> None:
    g = arrange(engine.new_game("freecell", 1), c1="2H", f1="AH", t1="3S", t2="3C", t3="KD",
                t4="QD", t5="JD", t6="10D", t7="9D", t8="8D")
    assert moves_from(g, "c1") == {"c1>f1", "c1>t1", "c1>t2"}
    refused(g, "c1>c2", "may go only to the foundations, the tableau")
    g.play("c1>t1")
    assert codes(g, "t1") == "3S 2H" and g.piles["c1"] == []


def test_freecell_foundations_build_up_by_suit_from_the_ace() -> None:
    g = arrange(engine.new_game("freecell", 1), f1="AH 2H", t1="3H", t2="3D", t3="4H", t4="2S", t5="AS")
    assert "t1>f1" in legal(g)
    refused(g, "t2>f1", "3♦", "2♥", "up in suit")
    refused(g, "t3>f1", "4♥", "2♥")
    refused(g, "t4>f2", "empty Foundation 2 takes only a card of rank A")
    assert {"t5>f2", "t5>f3", "t5>f4"} <= legal(g)


def test_freecell_foundations_take_single_cards_and_stop_at_the_king() -> None:
    g = arrange(engine.new_game("freecell", 1), f1=suit_up("H"), f2="AS", t1="3H 2S", t2="AH")
    refused(g, "t1:2>f2", "one card at a time")
    refused(g, "t2>f1", "complete")


def test_freecell_cards_do_not_come_back_from_the_foundations() -> None:
    g = arrange(engine.new_game("freecell", 1), f1="AH 2H 3H", t1="4S", t2="")
    refused(g, "f1>t1", "do not move")
    refused(g, "f1>t2", "do not move")
    refused(g, "f1>c1", "do not move")
    assert moves_from(g, "f1") == set()


def test_freecell_has_no_stock_and_nothing_happens_by_itself() -> None:
    g = arrange(engine.new_game("freecell", 1), t1="KS AH", t2="2H")
    refused(g, "deal", "no stock")
    g.play("t1>c1")  # the A♥ could go up, but nothing sends it there
    assert codes(g, "c1") == "AH" and all(not g.piles[f"f{i}"] for i in range(1, 5))


def test_freecell_won_when_all_52_cards_are_on_the_foundations() -> None:
    g = arrange(engine.new_game("freecell", 1), f1=suit_up("C"), f2=suit_up("D"), f3=suit_up("H"),
                f4=suit_up("S", RANKS[:-1]), c3="KS")
    assert not g.is_won()
    g.play("c3>f4")
    assert g.is_won() and g.view()["status"] == "won"


# === Eight Off =========================================================================


def test_eight_off_setup_eight_columns_of_six_and_four_cards_in_the_first_four_cells() -> None:
    g = engine.new_game("eight-off", 3)
    assert [len(g.piles[f"t{i}"]) for i in range(1, 9)] == [6] * 8
    assert [len(g.piles[f"c{i}"]) for i in range(1, 9)] == [1, 1, 1, 1, 0, 0, 0, 0] and "c9" not in g.piles
    assert [g.piles[f"f{i}"] for i in range(1, 5)] == [[]] * 4
    assert all(d == 0 for d in g.down.values())
    assert g.ids_by_kind[Kind.STOCK] == () and g.ids_by_kind[Kind.WASTE] == ()
    dealt = {(c.rank, c.suit) for pid in g.order for c in g.piles[pid]}
    assert len(dealt) == 52


def test_eight_off_builds_down_by_suit() -> None:
    g = arrange(engine.new_game("eight-off", 1), t1="7C", t2="6C", t3="6S", t4="8C", t5="6H")
    assert {"t2>t1", "t1>t4"} <= legal(g)
    refused(g, "t3>t1", "6♠", "7♣", "in suit")
    refused(g, "t5>t1", "6♥", "7♣", "in suit")


def eight_off_position(run: list[str], target: str, free_cells: int, free_columns: int) -> Game:
    """Eight Off: column 1 holds ``run`` on a 2♣, column 2 ``target`` (maybe empty);
    ``free_columns`` of columns 3-8 and ``free_cells`` of the eight cells are empty."""
    fillers = ["9C", "9D", "10C", "10D", "JC", "JD"]
    piles = {"t1": "2C " + " ".join(run), "t2": target}
    for i, card in enumerate(fillers):
        piles[f"t{i + 3}"] = "" if i < free_columns else card
    for i, card in enumerate(["3D", "4D", "5D", "6D", "7D", "8D", "3S", "4S"]):
        piles[f"c{i + 1}"] = "" if i < free_cells else card
    return arrange(engine.new_game("eight-off", 1), **piles)


@pytest.mark.parametrize(("f", "e"), [(0, 0), (0, 3), (1, 0), (3, 2), (7, 1)])
def test_eight_off_runs_of_f_plus_1_move_onto_a_card_empty_columns_add_nothing(f: int, e: int) -> None:
    limit = f + 1
    g = eight_off_position(SUIT_RUN[:limit], "KH", f, e)
    assert move("t1", limit, "t2") in legal(g)
    g = eight_off_position(SUIT_RUN[:limit + 1], "KH", f, e)
    refused(g, move("t1", limit + 1, "t2"), "cannot move as a unit", f"at most {limit}")


def test_eight_off_empty_column_takes_only_a_king() -> None:
    g = arrange(engine.new_game("eight-off", 1), t1="2C 5H", t2="", t3="3C KH", c1="3D", c2="KS")
    refused(g, "t1>t2", "empty Column 2 takes only a king")
    refused(g, "c1>t2", "only a king")
    assert {"c2>t2", "t3>t2"} <= legal(g)


@pytest.mark.parametrize("f", [1, 2, 4])
def test_eight_off_king_headed_run_into_an_empty_column_within_f_plus_1(f: int) -> None:
    run = ["KH", *SUIT_RUN]
    g = eight_off_position(run[:f + 1], "", f, 3)
    assert move("t1", f + 1, "t2") in legal(g)
    refused(g, move("t1", f, "t2"), "only a king")  # a queen-headed part may not go there
    g = eight_off_position(run[:f + 2], "", f, 3)
    refused(g, move("t1", f + 2, "t2"), "cannot move as a unit", f"at most {f + 1}")


def test_eight_off_cells_are_eight_and_each_holds_one_card() -> None:
    g = eight_off_position(["5H"], "KS", 1, 0)  # cell 1 empty, cells 2-8 full
    assert moves_from(g, "t1") == {"t1>c1"}
    refused(g, "t2>c2", "already holds a card")
    refused(g, "t1>c8", "already holds a card")


def test_eight_off_foundations_up_by_suit_from_the_ace_and_cards_stay() -> None:
    g = arrange(engine.new_game("eight-off", 1), f1="AS 2S", t1="3S", t2="3H", t3="2D", c1="AD",
                t4="4C")
    assert {"t1>f1", "c1>f2", "c1>f3", "c1>f4"} <= legal(g)
    refused(g, "t2>f1", "3♥", "2♠")
    refused(g, "t3>f2", "takes only a card of rank A")
    refused(g, "f1>t2", "do not move")


def test_eight_off_won_when_all_52_cards_are_on_the_foundations() -> None:
    g = arrange(engine.new_game("eight-off", 1), f1=suit_up("C"), f2=suit_up("D"), f3=suit_up("H"),
                f4=suit_up("S", RANKS[:-1]), t5="KS")
    assert not g.is_won()
    g.play("t5>f4")
    assert g.is_won()


# === Penguin ===========================================================================


@pytest.mark.parametrize("rank", [1, 7, 10, 13])
def test_penguin_setup_the_beak_sets_the_base_and_its_fellows_start_the_foundations(rank: int) -> None:
    g = penguin_with_base(rank)
    beak = g.piles["t1"][0]
    assert beak.rank == g.base == rank
    assert [len(g.piles[f"t{i}"]) for i in range(1, 8)] == [7] * 7
    assert all(d == 0 for d in g.down.values())
    assert [g.piles[f"c{i}"] for i in range(1, 8)] == [[]] * 7 and "c8" not in g.piles
    assert g.ids_by_kind[Kind.STOCK] == ()
    founded = [g.piles[f"f{i}"] for i in range(1, 5)]
    assert sorted(len(p) for p in founded) == [0, 1, 1, 1]
    starters = [p[0] for p in founded if p]
    assert all(c.rank == rank for c in starters)
    assert sorted(c.suit for c in starters) == sorted(set("CDHS") - {beak.suit})
    in_tableau = [c for i in range(1, 8) for c in g.piles[f"t{i}"] if c.rank == rank]
    assert in_tableau == [beak]  # the other three left no gap: 49 + 3 = 52
    assert len({(c.rank, c.suit) for pid in g.order for c in g.piles[pid]}) == 52


def test_penguin_beaks_suit_waits_for_the_beak() -> None:
    g = penguin_with_base(10)
    g = arrange(g, f1="10C", f2="10D", f3="10H", f4="", t1="9S 10S", t2="JS", t3="JC")
    assert {"t1>f4", "t3>f1"} <= legal(g)
    refused(g, "t2>f4", "takes only a card of rank 10", "J♠")


def test_penguin_foundations_build_up_by_suit_wrapping_from_king_to_ace() -> None:
    g = arrange(penguin_with_base(10), f1="10C JC QC KC", f2="10D", t1="AC", t2="AD", t3="JH")
    assert "t1>f1" in legal(g)
    refused(g, "t2>f1", "A♦", "K♣", "in suit")
    refused(g, "t3>f2", "J♥", "10♦")
    g.play("t1>f1")
    assert codes(g, "f1") == "10C JC QC KC AC"


def test_penguin_foundation_is_complete_with_thirteen_cards() -> None:
    full = suit_up("C", RANKS[9:] + RANKS[:9])  # 10 J Q K A 2 .. 9
    g = arrange(penguin_with_base(10), f1=" ".join(full.split()[:-1]), t1="9C", t2="10C")
    assert "t1>f1" in legal(g)
    g.play("t1>f1")
    assert len(g.piles["f1"]) == 13
    refused(g, "t2>f1", "complete")


def test_penguin_tableau_builds_down_by_suit_with_the_king_on_the_ace() -> None:
    g = arrange(penguin_with_base(10), t1="AS", t2="KS", t3="KH", t4="QS", t5="9S", t6="10S")
    assert {"t2>t1", "t5>t6"} <= legal(g)
    refused(g, "t3>t1", "K♥", "A♠", "in suit")
    refused(g, "t4>t1", "Q♠", "A♠")
    refused(g, "t6>t5", "10♠", "9♠", "down")


def test_penguin_any_in_suit_run_moves_however_many_cells_are_free() -> None:
    cells = {f"c{i}": f"{r}D" for i, r in enumerate("2345678", 1)}  # every cell full
    g = arrange(penguin_with_base(10), t1="2C 8S 7S 6S 5S 4S 3S", t2="9S", t3="QH", **cells)
    assert {move("t1", n, "t2") for n in range(1, 7)} & legal(g) == {"t1:6>t2"}
    g.play("t1:6>t2")
    assert codes(g, "t2") == "9S 8S 7S 6S 5S 4S 3S" and codes(g, "t1") == "2C"


def test_penguin_run_may_turn_the_corner_and_mixed_suits_do_not_move() -> None:
    g = arrange(penguin_with_base(10), t1="2C AS KS QS", t2="2S", t3="9S 8H", t4="10H")
    assert "t1:3>t2" in legal(g)
    refused(g, "t3:2>t4", "only the top card")


def test_penguin_empty_column_takes_only_the_rank_below_the_base() -> None:
    cells = {f"c{i}": f"{r}D" for i, r in enumerate("2345678", 1)}
    g = arrange(penguin_with_base(10), t1="2C 9S 8S 7S 6S", t2="", t3="JH", t4="QH",
                t5="5C", t6="6C", t7="7C", **cells)
    assert moves_from(g, "t1") == {"t1:4>t2"}  # a run of four headed by a 9, no free cell
    refused(g, "t1:3>t2", "takes only a card of rank 9", "8♠")
    refused(g, "t3>t2", "takes only a card of rank 9", "J♥")


def test_penguin_with_an_ace_beak_an_empty_column_takes_a_king() -> None:
    g = arrange(penguin_with_base(1), t1="2C KS", t2="", t3="QS")
    assert "t1>t2" in legal(g)
    refused(g, "t3>t2", "takes only a card of rank K")


def test_penguin_seven_cells_each_hold_one_card_and_play_to_foundation_or_column() -> None:
    g = arrange(penguin_with_base(10), t1="QH", t2="KH", f3="10H JH", c7="5C")
    assert {f"t1>c{i}" for i in range(1, 7)} <= legal(g)
    refused(g, "t1>c7", "already holds")
    g.play("t1>c1")
    assert moves_from(g, "c1") == {"c1>f3", "c1>t2"}
    refused(g, "c1>c2", "may go only to the foundations, the tableau")


def test_penguin_cards_stay_on_the_foundations_and_there_is_no_stock() -> None:
    g = arrange(penguin_with_base(10), f1="10C JC", t1="QC")
    refused(g, "f1>t1", "do not move")
    refused(g, "deal", "no stock")


def test_penguin_won_when_all_52_cards_are_on_the_foundations() -> None:
    order = RANKS[9:] + RANKS[:9]  # 10 J Q K A 2 .. 9
    g = arrange(penguin_with_base(10), f1=suit_up("C", order), f2=suit_up("D", order), f3=suit_up("H", order),
                f4=suit_up("S", order[:-1]), t7="9S")
    assert not g.is_won()
    g.play("t7>f4")
    assert g.is_won()
