"""The Forty Thieves / Busy Aces family beyond Deuces: every clause of
docs/readings/forty-thieves.md, the refusals included.

Forty Thieves, Busy Aces, Courtyard, Three's Company, Fours Up, Penta, Sixes and Sevens,
Eights Down, Cast Out Nines, Dimes, Jacks in the Box and Diplomat. Clauses the games share
(set-up table, one-pass stock, foundations that keep their cards, the win) are one test
each, run over every game it concerns; the rest are one test per game and clause.
"""

from __future__ import annotations

import collections

import pytest

import engine
from engine.game import Game
from engine.spec import Kind

from .helpers import arrange, check_two_to_the_e, codes, lay, legal, mv, refused

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "CDHS"

TWELVE = ["forty-thieves", "busy-aces", "courtyard", "threes-company", "fours-up", "penta",
          "sixes-and-sevens", "eights-down", "cast-out-nines", "dimes", "jacks-in-the-box", "diplomat"]

# The base rank of each game whose foundations climb from one rank by suit.
BASE = {"forty-thieves": "A", "busy-aces": "A", "courtyard": "A", "diplomat": "A", "threes-company": "3",
        "fours-up": "4", "cast-out-nines": "9", "dimes": "10", "jacks-in-the-box": "J"}


# slug: the foundation groups as (prefix, piles, base, down, cards each).
GOALS: dict[str, list[tuple[str, int, str, bool, int]]] = {
    **{slug: [("f", 8, base, False, 13)] for slug, base in BASE.items()},
    "eights-down": [("f", 8, "8", True, 13)],
    "penta": [("f", 4, "5", False, 13), ("g", 4, "5", True, 13)],
    "sixes-and-sevens": [("f", 8, "7", False, 7), ("g", 8, "6", True, 6)],
}


def rotated(base: str) -> list[str]:
    """The game's rank order, lowest first: base, base+1, ..., K, A, ..., base-1."""
    i = RANKS.index(base)
    return RANKS[i:] + RANKS[:i]


def climb(base: str, suit: str, *, down: bool = False, n: int = 13) -> str:
    """The first ``n`` cards of a foundation started by ``base`` of ``suit``, going up the
    game's order (or down from the base, round the corner: 8 7 ... A K ... 9)."""
    order = rotated(base)
    if down:
        order = order[:1] + order[:0:-1]
    return " ".join(r + suit for r in order[:n])




def ids(g: Game, prefix: str) -> list[str]:
    return [p for p in g.order if p.rstrip("0123456789") == prefix]


# --- names ------------------------------------------------------------------------------


def test_forty_thieves_answers_to_the_names_in_the_reading() -> None:
    spec = engine.get_spec("forty-thieves")
    # "St." or "St": the reading writes it without the full stop; that is only spelling.
    names = {a.replace(".", "").lower() for a in spec.aliases}
    assert names == {"napoleon at st helena", "big forty", "le cadran", "roosevelt at san juan"}
    for alias in spec.aliases:
        assert engine.get_spec(alias).slug == "forty-thieves"


@pytest.mark.parametrize("slug", [s for s in TWELVE if s != "forty-thieves"])
def test_the_other_games_have_no_aliases(slug: str) -> None:
    assert engine.get_spec(slug).aliases == ()


# --- set-up -----------------------------------------------------------------------------

# slug: (tableau prefix -> (piles, cards each)), (foundation prefix -> (piles, rank dealt or "")),
# stock size, cells.
SETUP: dict[str, tuple[dict[str, tuple[int, int]], dict[str, tuple[int, str]], int, int]] = {
    "forty-thieves": ({"t": (10, 4)}, {"f": (8, "")}, 64, 0),
    "busy-aces": ({"t": (12, 1)}, {"f": (8, "")}, 92, 0),
    "courtyard": ({"t": (12, 1)}, {"f": (8, "")}, 92, 0),
    "threes-company": ({"t": (8, 1)}, {"f": (8, "3")}, 88, 0),
    "fours-up": ({"t": (6, 1)}, {"f": (8, "4")}, 90, 0),
    "penta": ({"t": (3, 1), "u": (3, 1)}, {"f": (4, ""), "g": (4, "")}, 98, 0),
    "sixes-and-sevens": ({"t": (9, 1)}, {"f": (8, "7"), "g": (8, "6")}, 79, 0),
    "eights-down": ({"t": (6, 1)}, {"f": (8, "8")}, 90, 0),
    "cast-out-nines": ({"t": (7, 1)}, {"f": (8, "")}, 97, 0),
    "dimes": ({"t": (8, 1)}, {"f": (8, "")}, 96, 0),
    "jacks-in-the-box": ({"t": (6, 1)}, {"f": (8, "J")}, 90, 4),
    "diplomat": ({"t": (8, 4)}, {"f": (8, "")}, 72, 0),
}


@pytest.mark.parametrize("slug", TWELVE)
def test_setup_deals_the_piles_face_up_sets_out_the_base_cards_and_leaves_the_rest_as_stock(slug: str) -> None:
    tableau, founds, stock, cells = SETUP[slug]
    g = engine.new_game(slug, 5)
    expected = {"stock", "waste", *tableau, *founds} | ({"c"} if cells else set())
    assert {p.rstrip("0123456789") for p in g.order} == expected
    for prefix, (count, each) in tableau.items():
        assert [len(g.piles[p]) for p in ids(g, prefix)] == [each] * count
    for prefix, (count, rank) in founds.items():
        piles = [codes(g, p) for p in ids(g, prefix)]
        if rank:  # one base card on each, two of every suit
            assert sorted(piles) == sorted(rank + s for s in SUITS * 2)[:count]
        else:
            assert piles == [""] * count
    assert [len(g.piles[c]) for c in ids(g, "c")] == [0] * cells
    assert len(g.piles["stock"]) == stock and g.piles["waste"] == []
    assert all(d == 0 for d in g.down.values())  # everything dealt is face up
    view = {p["id"]: p for p in g.view()["piles"]}
    assert all(c["up"] for prefix in tableau for p in ids(g, prefix) for c in view[p]["cards"])
    # Two full packs, every card exactly once: the base cards set out are not dealt again.
    counts = collections.Counter((c.rank, c.suit) for pile in g.piles.values() for c in pile)
    assert len(counts) == 52 and set(counts.values()) == {2}


def test_forty_thieves_only_the_top_card_of_each_pile_of_four_is_available() -> None:
    g = engine.new_game("forty-thieves", 5)
    view = {p["id"]: p for p in g.view()["piles"]}
    for i in range(1, 11):
        assert set(view[f"t{i}"]["pick"]) <= {3}


# --- foundations ------------------------------------------------------------------------


@pytest.mark.parametrize("slug", list(BASE))
def test_foundation_takes_only_the_base_rank_then_climbs_the_order_by_suit_to_thirteen_cards(slug: str) -> None:
    base = BASE[slug]
    o = rotated(base)
    g = lay(slug, "KD" if base == "A" else o[9] + "D",
            f1=climb(base, "C", n=12), f2="", f3=base + "H", f4=climb(base, "D"),
            t1=o[12] + "C", t2=o[12] + "H", t3=o[1] + "S", t4=base + "S", t5=o[2] + "H", t6=base + "D")
    assert "t1>f1" in legal(g)                               # the last card of the order tops it off
    refused(g, "t2>f1", o[12], "in suit")                    # by suit only
    refused(g, "t3>f2", f"takes only a card of rank {base}")  # an empty foundation takes the base rank
    assert "t4>f2" in legal(g)                               # any base card, any empty foundation
    refused(g, "t5>f3", "up")                                # no skipping a rank
    refused(g, "t6>f4", "complete")                          # thirteen cards, never a fourteenth


def test_three_s_company_foundations_climb_from_three_past_the_king_to_the_ace_and_two() -> None:
    g = lay("threes-company", "6D", f1="3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", t1="AC", t2="2C")
    refused(g, "t2>f1", "2♣", "K♣")
    g.play("t1>f1")
    g.play("t2>f1")
    assert codes(g, "f1") == climb("3", "C")


def test_fours_up_foundations_climb_from_four_past_the_king_to_the_three() -> None:
    g = lay("fours-up", "6D", f1=climb("4", "S", n=12), t1="3S")
    g.play("t1>f1")
    assert codes(g, "f1") == "4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S 3S"


def test_eights_down_foundations_build_down_by_suit_from_eight_round_to_nine() -> None:
    g = lay("eights-down", "5H", f1="8C 7C 6C 5C 4C 3C 2C AC", f2="", f3="8D", f4=climb("8", "S", down=True),
            t1="KC", t2="9D", t3="7D", t4="7H", t5="9S", t6="KH", waste="8S")
    assert "t1>f1" in legal(g)        # after the ace, the king
    refused(g, "t2>f3", "9♦", "down")  # the foundation does not go up
    assert "t3>f3" in legal(g)
    refused(g, "t4>f3", "in suit")
    refused(g, "t5>f4", "complete")    # 8 ... A K ... 9 is all thirteen
    refused(g, "t6>f2", "takes only a card of rank 8")  # an empty foundation takes only an eight
    assert "waste>f2" in legal(g)
    g.play("t1>f1")
    assert codes(g, "f1").split()[-2:] == ["AC", "KC"]


def test_penta_any_five_starts_a_foundation_in_the_group_the_player_chooses() -> None:
    g = lay("penta", "KD", t1="5H", t2="6H", t3="4H")
    assert {"t1>f1", "t1>f4", "t1>g1", "t1>g4"} <= legal(g)
    refused(g, "t2>f1", "takes only a card of rank 5")
    refused(g, "t3>g1", "takes only a card of rank 5")


def test_penta_up_foundations_climb_regardless_of_suit_round_the_corner_to_the_four() -> None:
    g = lay("penta", "9D", f1="5C 6D 7H 8S 9C 10D JH QS KC", f2="5C", f3="5C 6H 7D 8C 9S 10H JD QC KS AH 2D 3S 4C",
            t1="AD", t2="4H", t3="5S")
    assert "t1>f1" in legal(g)           # the ace, of any suit, follows the king
    refused(g, "t2>f2", "4♥", "5♣", "up")
    refused(g, "t3>f3", "complete")      # thirteen cards
    g.play("t1>f1")
    assert codes(g, "f1").split()[-2:] == ["KC", "AD"]


def test_penta_down_foundations_descend_regardless_of_suit_round_the_corner_to_the_six() -> None:
    g = lay("penta", "9D", g1="5C 4D 3H 2S AC", g2="5H", g3="5C 4H 3D 2C AS KH QD JC 10S 9H 8D 7C 6S",
            t1="KD", t2="6C", t3="5D")
    assert "t1>g1" in legal(g)           # the king, of any suit, follows the ace
    refused(g, "t2>g2", "6♣", "5♥", "down")
    refused(g, "t3>g3", "complete")


def test_sixes_and_sevens_sevens_climb_by_suit_to_the_king_and_hold_seven_cards() -> None:
    g = lay("sixes-and-sevens", "9H", f1="7C 8C 9C 10C JC QC", f2="7D 8D 9D 10D JD QD KD", f3="",
            t1="KC", t2="KS", t3="AD", t4="8H", t5="7S")
    assert "t1>f1" in legal(g)
    refused(g, "t2>f1", "K♠", "Q♣", "in suit")
    refused(g, "t3>f2", "complete", "7")      # seven cards, no going round to the ace
    refused(g, "t4>f3", "rank 7")             # an empty seven foundation takes only a seven
    assert "t5>f3" in legal(g)


def test_sixes_and_sevens_sixes_descend_by_suit_to_the_ace_and_hold_six_cards() -> None:
    g = lay("sixes-and-sevens", "9H", g1="6C 5C 4C 3C 2C", g2="6D 5D 4D 3D 2D AD", g3="6S",
            t1="AC", t2="KD", t3="7S", t4="5H")
    assert "t1>g1" in legal(g)
    refused(g, "t2>g2", "complete", "6")      # six cards, no going round to the king
    refused(g, "t3>g3", "7♠", "6♠", "down")
    refused(g, "t4>g3", "in suit")


def test_sixes_and_sevens_a_card_goes_on_any_foundation_of_its_suit_that_it_fits() -> None:
    g = arrange(engine.new_game("sixes-and-sevens", 1), f1="7C", f5="7C", g1="6C", t1="8C", t2="5C")
    assert legal(g) == {"t1>f1", "t1>f5", "t2>g1"}


@pytest.mark.parametrize("slug", TWELVE)
def test_cards_never_come_back_from_a_foundation(slug: str) -> None:
    started = {f"{prefix}{i}": climb(base, SUITS[(i - 1) % 4], down=down, n=2)
               for prefix, count, base, down, _ in GOALS[slug] for i in range(1, count + 1)}
    g = arrange(engine.new_game(slug, 1), **started)
    for p in started:
        refused(g, f"{p}>t1", "do not move")  # not even into a space
    assert not [m for m in legal(g) if m.startswith(("f", "g"))]


# --- tableau building -------------------------------------------------------------------


@pytest.mark.parametrize("slug", ["forty-thieves", "busy-aces", "courtyard", "threes-company", "cast-out-nines",
                                  "dimes", "jacks-in-the-box"])
def test_tableau_builds_down_by_suit_nothing_on_the_base_card_and_the_highest_card_on_nothing(slug: str) -> None:
    o = rotated(BASE[slug])
    g = lay(slug, o[9] + "D", t1=o[6] + "S", t2=o[5] + "S", t3=o[5] + "H", t4=o[7] + "S", t5=o[0] + "S",
            t6=o[12] + "S")
    assert "t2>t1" in legal(g)
    refused(g, "t3>t1", "in suit")
    refused(g, "t4>t1", "down")
    refused(g, "t6>t5", "down")  # no wrap: the highest card does not go on the base card
    assert not [m for m in legal(g) if m.startswith("t6>t")]  # the highest card goes on no card
    assert not [m for m in legal(g) if m.endswith(">t5")]    # and nothing goes on the base card


@pytest.mark.parametrize("slug", ["threes-company", "cast-out-nines", "dimes", "jacks-in-the-box"])
def test_rotated_order_runs_on_past_the_king_in_the_tableau(slug: str) -> None:
    # Three's Company: "a K♠ takes the Q♠, an A♠ the K♠, a 2♠ the A♠"; the same in the others.
    g = lay(slug, "6D", t1="KS", t2="QS", t3="AS", t4="2S")
    assert legal(g) == {"t2>t1", "t1>t3", "t3>t4"}


def test_forty_thieves_tableau_is_ace_low_a_king_does_not_go_on_an_ace() -> None:
    g = lay("forty-thieves", "5D", f1="AS", t1="KS", t2="QS", t3="AS", t4="2S")
    aces_up = {f"t3>f{i}" for i in range(2, 9)}  # any ace, any empty foundation
    assert legal(g) == {"t2>t1", "t3>t4", "t4>f1"} | aces_up
    refused(g, "t1>t3", "K♠", "A♠", "down")


def test_fours_up_builds_down_regardless_of_suit_through_the_rotated_order() -> None:
    g = lay("fours-up", "6D", t1="KS", t2="QH", t3="AD", t4="2C", t5="3H", t6="5S")
    # Q on any K, K on any A, A on any 2, 2 on any 3; the three goes on nothing.
    assert legal(g) == {"t2>t1", "t1>t3", "t3>t4", "t4>t5"}
    refused(g, "t6>t1", "5♠", "K♠", "down")


def test_penta_down_piles_build_down_and_up_piles_up_regardless_of_suit_round_the_corner() -> None:
    g = arrange(engine.new_game("penta", 1), t1="AH", t2="KS", t3="7C", u1="KD", u2="AC", u3="9D")
    # K on A in a down pile, A on K in an up pile, a card onto either group as it fits.
    assert legal(g) == {"t2>t1", "u1>t1", "t1>u1", "u2>u1"}
    refused(g, "t2>u1", "K♠", "K♦", "up")
    refused(g, "u2>t1", "A♣", "A♥", "down")


def test_penta_an_emptied_pile_keeps_its_direction() -> None:
    g = arrange(engine.new_game("penta", 1), t1="", t2="8C", t3="6S", u1="", u2="10C", u3="8D", waste="7S 7H")
    g.play("waste>u1")                # 7♥ into the empty up pile
    assert {"t2>u1", "u3>u1"} <= legal(g)
    refused(g, "t3>u1", "6♠", "7♥", "up")
    g.play("waste>t1")                # 7♠ into the empty down pile
    assert "t3>t1" in legal(g)
    refused(g, "t2>t1", "8♣", "7♠", "down")


def test_eights_down_tableau_builds_up_by_suit_through_the_rotated_order() -> None:
    g = lay("eights-down", "5H", t1="6D", t2="7D", t3="KD", t4="AD", t5="2D", t6="7C")
    # 7 on 6, A on K, 2 on A; nothing goes on a seven.
    assert legal(g) == {"t2>t1", "t4>t3", "t5>t4"}
    refused(g, "t1>t2", "6♦", "7♦", "up")
    refused(g, "t6>t1", "in suit")


def test_eights_down_a_nine_goes_only_into_a_space() -> None:
    g = lay("eights-down", "5H", t1="9D", t2="10D", t3="9C", t4="")
    assert {m for m in legal(g) if m.startswith("t1>")} == {"t1>t4"}
    assert "t2>t1" in legal(g)


def test_diplomat_builds_down_regardless_of_suit_and_ace_low() -> None:
    g = lay("diplomat", "5C", t1="8S", t2="7H", t3="9H", t4="AC", t5="KD", t6="2S")
    aces_up = {f"t4>f{i}" for i in range(1, 9)}  # any ace, any empty foundation
    assert legal(g) == {"t2>t1", "t1>t3", "t4>t6"} | aces_up
    refused(g, "t3>t1", "9♥", "8♠", "down")
    refused(g, "t5>t4", "K♦", "A♣")  # a king goes on nothing


def test_sixes_and_sevens_places_do_not_build_and_hold_one_card() -> None:
    g = lay("sixes-and-sevens", "9H", t1="9C", t2="8C", waste="8C")
    refused(g, "t2>t1", "may go only to the foundations")
    refused(g, "waste>t1", "complete")


# --- what may move: supermove shortcut, unlimited runs, single cards -------------------

SUPERMOVE_RUN = {
    "forty-thieves": ("6S 5S 4S 3S", "7S"),
    "busy-aces": ("6S 5S 4S 3S", "7S"),
    "cast-out-nines": ("6S 5S 4S 3S", "7S"),
    "dimes": ("6S 5S 4S 3S", "7S"),
    "diplomat": ("6S 5H 4C 3D", "7D"),  # building regardless of suit: any descending run
}


@pytest.mark.parametrize("slug", list(SUPERMOVE_RUN))
def test_a_run_moves_as_a_unit_up_to_two_to_the_e_onto_a_card_and_two_to_the_e_minus_one_into_a_space(slug: str) -> None:
    run, target = SUPERMOVE_RUN[slug]
    g = check_two_to_the_e(slug, run, target)
    refused(g, "t1:4>t2", "4 cards cannot move", "at most 2")
    # The run moved as a unit lands as it was.
    g = lay(slug, "KC", t1=run, t2=target, **{p: "" for p in ids(g, "t")[-2:]})
    g.play("t1:4>t2")
    assert codes(g, "t2") == f"{target} {run}" and g.piles["t1"] == []


def test_jacks_in_the_box_run_limit_counts_free_cells_f_plus_one_times_two_to_the_e() -> None:
    # (free cells, empty piles) -> the limit onto a card, (f + 1) * 2^e.
    for f, e in [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (0, 2)]:
        spaces = ["t6", "t5"][:e]
        cells = ["c1", "c2", "c3", "c4"][:f]
        g = lay("jacks-in-the-box", "KC", t1="6S 5S 4S 3S", t2="7S", **{p: "" for p in spaces + cells})
        assert (mv("t1", "t2", 4) in legal(g)) == (4 <= (f + 1) * 2 ** e), (f, e)
        for space in spaces:  # into a space: (f + 1) * 2^(e - 1)
            for k in range(1, 5):
                assert (mv("t1", space, k) in legal(g)) == (k <= (f + 1) * 2 ** (e - 1)), (f, e, k)
    g = lay("jacks-in-the-box", "KC", t1="6S 5S 4S 3S", t2="7S", c1="", c2="")
    refused(g, "t1:4>t2", "2 empty cells", "0 empty piles", "at most 3")


@pytest.mark.parametrize("slug", ["forty-thieves", "busy-aces", "courtyard", "threes-company", "fours-up",
                                  "cast-out-nines", "dimes", "jacks-in-the-box"])
def test_a_run_of_mixed_suits_does_not_move_as_a_unit(slug: str) -> None:
    o = rotated(BASE[slug])
    # Spaces to spare, so no limit stands in the way: only the suits do.
    g = arrange(engine.new_game(slug, 1), t1=f"{o[8]}D {o[7]}S {o[6]}H {o[5]}S", t2=o[8] + "S", t3=o[7] + "H")
    refused(g, "t1:3>t2", "only the top card")
    refused(g, "t1:2>t3", "only the top card")
    assert "t1>t4" in legal(g)  # it can still be taken apart card by card


def test_diplomat_run_of_any_suits_moves_within_the_limit() -> None:
    g = lay("diplomat", "KC", t1="JD 10S 9H 8S", t2="JC", t7="", t8="")
    assert {"t1:3>t2", "t1:2>t7"} <= legal(g)
    refused(g, "t1:3>t7", "at most 2")


UNLIMITED_RUN = {
    # slug: (run, a card the whole run goes on, a card its top three go on, blocker)
    "courtyard": ("10S 9S 8S 7S 6S", "JS", "9S", "KD"),
    "threes-company": ("10S 9S 8S 7S 6S", "JS", "9S", "KD"),
    "fours-up": ("10S 9S 8S 7S 6S", "JH", "9D", "KD"),  # builds regardless of suit
    "eights-down": ("10S JS QS KS AS", "9S", "JS", "5D"),  # ascending runs
}


@pytest.mark.parametrize("slug", list(UNLIMITED_RUN))
def test_in_suit_runs_move_whole_or_in_part_with_no_limit_onto_a_card_or_into_a_space(slug: str) -> None:
    run, whole, part, blocker = UNLIMITED_RUN[slug]
    g = lay(slug, blocker, t1=run, t2=whole, t3=part)  # no space, no cell
    assert {"t1:5>t2", "t1:3>t3"} <= legal(g)
    g = lay(slug, blocker, t1=run, t2=whole, t3=part, t4="")  # one space: all five still go into it
    assert {"t1:5>t4", "t1:4>t4", "t1:5>t2"} <= legal(g)
    g.play("t1:5>t2")
    assert codes(g, "t2") == f"{whole} {run}"


def test_eights_down_a_descending_run_does_not_move_as_a_unit() -> None:
    g = arrange(engine.new_game("eights-down", 1), t1="6C 5C", t2="4C", t3="")
    refused(g, "t1:2>t3", "only the top card")


@pytest.mark.parametrize("slug", ["penta", "sixes-and-sevens"])
def test_only_single_cards_move(slug: str) -> None:
    if slug == "penta":  # a descending run on a down pile, two spaces to spare
        g = arrange(engine.new_game(slug, 1), t1="9H 8S", t2="10C", u1="", u2="")
        refused(g, "t1:2>t2", "only the top card")
        refused(g, "t1:2>u1", "only the top card")
        assert {"t1>u1", "t1>t3"} <= legal(g)
    else:
        g = arrange(engine.new_game(slug, 1), f1="7C", waste="9C 8C")
        refused(g, "waste:2>f1", "only the top card")
        assert legal(g) == {"waste>f1", *(f"waste>t{i}" for i in range(1, 10))}


# --- spaces -----------------------------------------------------------------------------


@pytest.mark.parametrize("slug", ["forty-thieves", "busy-aces", "threes-company", "fours-up", "penta",
                                  "eights-down", "cast-out-nines", "dimes", "jacks-in-the-box", "diplomat"])
def test_empty_pile_takes_any_available_card_and_is_not_filled_by_itself(slug: str) -> None:
    g = lay(slug, "KC", t1="", t2="QH", waste="6C", stock="9D")
    assert {"t2>t1", "waste>t1"} <= legal(g)
    g.play("deal")
    assert g.piles["t1"] == [] and codes(g, "waste") == "6C 9D"


def test_jacks_in_the_box_cells_take_any_top_card_or_the_waste_card_and_give_it_back_one_at_a_time() -> None:
    g = lay("jacks-in-the-box", "KC", t1="5S", t2="9S 8S", t3="", c1="QD", c2="4S", c3="", c4="",
            f1="JD", waste="9H")
    assert {"t1>c3", "t2>c3", "waste>c3", "c1>f1", "c1>t3", "c2>t1", "c2>t3"} <= legal(g)
    refused(g, "t1>c1", "already holds a card")
    refused(g, "t2:2>c3", "one card at a time")
    refused(g, "c1>c3", "may go only to the foundations, the tableau")
    g.play("waste>c3")
    assert codes(g, "c3") == "9H" and g.piles["waste"] == []


def test_courtyard_space_is_filled_at_once_from_the_waste() -> None:
    g = lay("courtyard", "KC", t1="AS", t2="6S 5S", t3="7S", waste="5C 9D", stock="3H")
    g.play("t1>f1")
    assert codes(g, "t1") == "9D" and codes(g, "waste") == "5C" and codes(g, "stock") == "3H"
    g.play("t2:2>t3")  # a run leaving its pile empties it too
    assert codes(g, "t2") == "5C" and g.piles["waste"] == []


def test_courtyard_space_is_filled_from_the_stock_when_the_waste_is_empty() -> None:
    g = lay("courtyard", "KC", t1="AS", stock="3H 7D")
    g.play("t1>f1")
    assert codes(g, "t1") == "7D" and codes(g, "stock") == "3H" and g.down["t1"] == 0
    view = {p["id"]: p for p in g.view()["piles"]}
    assert view["t1"]["cards"][0]["up"]


def test_courtyard_space_waits_for_the_player_once_stock_and_waste_are_empty() -> None:
    g = lay("courtyard", "KC", t1="AS", t2="9S 8S 7S")
    g.play("t1>f1")
    assert g.piles["t1"] == []
    assert {"t2>t1", "t2:2>t1", "t2:3>t1", "t3>t1"} <= legal(g)  # any card or in-suit run


def test_sixes_and_sevens_empty_place_takes_the_waste_card_only_when_the_player_chooses() -> None:
    g = lay("sixes-and-sevens", "QC", t1="", t2="KD", waste="3H", stock="9C")
    assert legal(g) == {"waste>t1", "deal"}
    refused(g, "t2>t1", "may go only to the foundations")  # no place-to-place moves
    g.play("deal")
    assert g.piles["t1"] == []
    g.play("waste>t1")
    assert codes(g, "t1") == "9C"


# --- stock ------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", [s for s in TWELVE if s != "eights-down"])
def test_stock_turns_one_card_at_a_time_onto_the_waste_in_a_single_pass(slug: str) -> None:
    g = lay(slug, "QC", stock="3H 7D")
    g.play("deal")
    assert codes(g, "waste") == "7D" and codes(g, "stock") == "3H"
    g.play("deal")
    assert codes(g, "waste") == "7D 3H" and g.piles["stock"] == []
    refused(g, "deal", "stock is empty")
    refused(g, "redeal", "no redeal")


def test_eights_down_turns_the_waste_over_once_unshuffled() -> None:
    g = lay("eights-down", "5H", stock="3H 7D")
    g.play("deal")
    refused(g, "redeal", "only when the stock is empty")
    g.play("deal")
    assert codes(g, "waste") == "7D 3H" and "redeal" in legal(g)
    g.play("redeal")
    assert codes(g, "stock") == "3H 7D" and g.piles["waste"] == []
    g.play("deal")
    assert codes(g, "waste") == "7D"  # the first card turned comes first again
    g.play("deal")
    refused(g, "redeal", "no redeals left")
    refused(g, "deal", "stock is empty")


# --- winning ----------------------------------------------------------------------------

@pytest.mark.parametrize("slug", TWELVE)
def test_won_when_all_104_cards_are_on_the_foundations(slug: str) -> None:
    full = {f"{prefix}{i}": climb(base, SUITS[(i - 1) % 4], down=down, n=n)
            for prefix, count, base, down, n in GOALS[slug] for i in range(1, count + 1)}
    assert sum(len(v.split()) for v in full.values()) == 104
    last = list(full)[-1]
    *rest, top = full[last].split()
    g = arrange(engine.new_game(slug, 1), **dict(full, **{last: " ".join(rest)}), t1=top)
    assert not g.is_won() and g.status() == "playing"
    g.play(f"t1>{last}")
    assert g.is_won() and g.status() == "won"
