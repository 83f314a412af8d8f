"""Monte Carlo and Accordion: every clause of their readings
(docs/readings/accordion-and-monte-carlo.md), refusals included, and the solver's route
for them: the compact model, whose moves and positions tests/engine/test_solver_model.py
checks against the engine's."""

from __future__ import annotations

import engine
from engine.solver.model import compact_model

from .helpers import arrange, cards_once_per_deck, codes, ids, legal, mv, refused

# --- Monte Carlo -----------------------------------------------------------------------------
# The grid's places g1..g25 are read row by row: g1..g5 the top row, g6..g10 the second.


def test_monte_carlo_deals_25_cards_face_up_in_a_square_and_27_to_the_stock() -> None:
    g = engine.new_game("monte-carlo", 3)
    assert [len(g.piles[p]) for p in ids(g, "g")] == [1] * 25
    assert all(g.down[p] == 0 for p in ids(g, "g"))
    assert len(g.piles["stock"]) == 27 and not g.piles["d"]
    assert cards_once_per_deck(g)
    assert engine.get_spec("Weddings").slug == "monte-carlo"


def test_monte_carlo_takes_off_two_cards_of_one_rank_that_touch_in_any_of_eight_directions() -> None:
    # g7 (row 2, place 2) touches g1 g2 g3 g6 g8 g11 g12 g13.
    g = arrange(engine.new_game("monte-carlo", 1), g7="7H", g1="7C", g13="7D", g9="7S", g8="KD", g5="KC",
                stock="2C")
    assert {"g1+g7>d", "g7+g13>d"} <= legal(g)
    refused(g, "g7+g9>d", "do not touch")  # two places apart on the row
    refused(g, "g5+g8>d", "do not touch")  # row 1 place 5 and row 2 place 3: two columns apart
    refused(g, "g7+g8>d", "7♥ and the K♦ are not of one rank")
    refused(g, "g7>d", "two at a time")
    refused(g, "g1+g7+g13>d", "two at a time")
    g.play("g7+g13>d")
    assert codes(g, "d") == "7H 7D" and not g.piles["g7"] and not g.piles["g13"]


def test_monte_carlo_places_on_the_edges_do_not_touch_the_other_end_of_the_next_row() -> None:
    # g5 ends row 1 and g6 starts row 2: next to each other in order, not on the table.
    g = arrange(engine.new_game("monte-carlo", 1), g5="9H", g6="9C", g10="9D", stock="2C")
    assert legal(g) >= {"g5+g10>d"}
    refused(g, "g5+g6>d", "do not touch")
    refused(g, mv("g5", "g10"), "nothing may be placed on")  # a card moves only to the discard pile


def test_monte_carlo_close_up_slides_the_cards_back_in_reading_order_and_fills_the_end_from_the_stock() -> None:
    cards = {f"g{i}": code for i, code in enumerate(
        "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD".split(), 1)}
    g = arrange(engine.new_game("monte-carlo", 1), **cards, stock="KS QS JS")
    g.piles["g2"] = []  # two gaps: the 2♣'s place and the J♣'s
    g.piles["g11"] = []
    g._legal = None
    g.play("deal")
    assert [codes(g, p) for p in ids(g, "g")][:4] == ["AC", "3C", "4C", "5C"]
    assert codes(g, "g10") == "QC" and codes(g, "g11") == "KC"  # the Q♣ ends row 2, the K♣ starts row 3
    assert [codes(g, p) for p in ids(g, "g")][-3:] == ["QD", "JS", "QS"]  # the end filled from the stock's top
    assert codes(g, "stock") == "KS"


def test_monte_carlo_close_up_is_the_players_move_and_refused_when_it_would_change_nothing() -> None:
    g = engine.new_game("monte-carlo", 1)
    refused(g, "deal", "every place", "no gap")  # a full grid
    pair = next(m for m in g.legal_moves() if not m.action)
    g.play(pair)
    assert sum(1 for p in ids(g, "g") if not g.piles[p]) == 2  # the gaps stay until the player closes up
    assert "deal" in legal(g)
    g = arrange(engine.new_game("monte-carlo", 1), g1="5H", g2="6H")
    refused(g, "deal", "stock is empty", "nothing to close up")  # gaps only after the last card
    g = arrange(engine.new_game("monte-carlo", 1), g1="5H", g3="6H")
    g.play("deal")  # the stock is empty, but the 6♥ moves back next to the 5♥
    assert codes(g, "g2") == "6H" and not g.piles["g3"]


def test_monte_carlo_is_won_with_every_card_discarded_and_searched_by_the_compact_model() -> None:
    g = engine.new_game("monte-carlo", 1)
    assert compact_model(g) is not None
    pack = [c for p in g.order for c in g.piles[p]]
    for p in g.order:
        g.piles[p] = []
    g.piles["d"], g.piles["g1"] = pack[:50], pack[50:51]
    g._legal = None
    assert not g.is_won()
    g.piles["d"], g.piles["g1"] = pack, []
    g._legal = None
    assert g.is_won() and g.status() == "won"


# --- Accordion -------------------------------------------------------------------------------


def test_accordion_starts_with_one_card_in_the_row_and_51_in_the_stock() -> None:
    g = engine.new_game("accordion", 4)
    assert len(g.piles["r1"]) == 1 and all(not g.piles[p] for p in ids(g, "r")[1:])
    assert len(g.piles["stock"]) == 51
    assert cards_once_per_deck(g)
    assert legal(g) == {"deal"}
    for alias in ("Idle Year", "Tower of Babel", "Methuselah"):
        assert engine.get_spec(alias).slug == "accordion"


def test_accordion_deals_one_card_at_a_time_onto_the_end_of_the_row_whenever_asked() -> None:
    g = arrange(engine.new_game("accordion", 1), r1="5H", r2="5C", stock="KS 2D")
    g.play("deal")  # a move is open (5♣ on 5♥), and dealing is still allowed
    assert codes(g, "r3") == "2D" and codes(g, "stock") == "KS"
    g.play("deal")
    assert codes(g, "r4") == "KS" and not g.piles["stock"]
    refused(g, "deal", "stock is empty")


def test_accordion_moves_a_pile_onto_the_next_or_the_third_to_its_left_matching_suit_or_rank() -> None:
    g = arrange(engine.new_game("accordion", 1), r1="9S", r2="4D", r3="7C", r4="9H", r5="7H", stock="2C")
    assert legal(g) == {"r4>r1", "r5>r4", "deal"}  # a leap by rank (9♥ onto 9♠), a slide by suit (7♥ onto 9♥)
    assert "r5>r3" not in legal(g)  # two places away: neither a slide nor a leap
    refused(g, "r5>r3", "Pile 5 may go only onto the pile next to it on the left or the one three places to its left")
    refused(g, "r3>r2", "7♣ matches the 4♦", "neither in suit nor in rank")
    refused(g, "r1>r2", "only onto the pile next to it on the left")  # never to the right
    refused(g, mv("r4", "stock"), "only onto the pile")


def test_accordion_moves_the_whole_pile_judged_by_its_top_card_and_the_row_closes_up() -> None:
    g = arrange(engine.new_game("accordion", 1), r1="2S", r2="KD 3S", r3="8H", r4="8C", stock="2C")
    assert "r2:2>r1" in legal(g)  # the 3♠ on top matches the 2♠ by suit; the K♦ under it does not count
    refused(g, "r2>r1", "whole pile", "2 cards")
    g.play("r4>r3")
    assert codes(g, "r3") == "8H 8C" and not g.piles["r4"]
    g.play("r2:2>r1")
    assert codes(g, "r1") == "2S KD 3S"
    assert codes(g, "r2") == "8H 8C" and not g.piles["r3"]  # the 8s closed up into the gap


def test_accordion_is_won_when_the_whole_pack_is_one_pile() -> None:
    g = engine.new_game("accordion", 1)
    pack = [c for p in g.order for c in g.piles[p]]
    for p in g.order:
        g.piles[p] = []
    g.piles["r1"], g.piles["r2"] = pack[:51], pack[51:]
    g._legal = None
    assert not g.is_won()
    g.piles["r1"] = pack
    g.piles["r2"] = []
    g._legal = None
    assert g.is_won() and g.status() == "won"
    assert compact_model(engine.new_game("accordion", 1)) is not None


def test_accordion_view_offers_only_the_whole_pile_and_says_its_row_closes_up() -> None:
    g = arrange(engine.new_game("accordion", 1), r1="2S", r2="KD 3S", stock="2C")
    piles = {p["id"]: p for p in g.view()["piles"]}
    assert piles["r2"]["pick"] == [0]  # the board picks the whole pile, not its top card alone
    assert piles["r2"]["closes"] is True and "closes" not in piles["stock"]
    assert "closes" not in {k for p in engine.new_game("monte-carlo", 1).view()["piles"] for k in p}


def test_accordion_an_undecided_search_suggests_the_deal_which_takes_no_fold_away() -> None:
    """A card dealt goes onto the end of the row, so every fold open before the deal is open
    after it and dealing never costs a win: where its search finds no winning line, the
    Hint suggests the deal rather than the first fold towards the best position it reached
    (late in a deal, such folds lost the game). With the stock used up, it is that fold."""
    line = engine.solve(engine.new_game("accordion", 2), 200_000).moves
    game = engine.new_game("accordion", 2)
    for move in line[:70]:
        game.play(move)
    assert game.piles["stock"]
    verdict = engine.solve(game, 3000)
    assert verdict.result == "unknown" and [str(m) for m in verdict.best] == ["deal"]
    folds = set(legal(game)) - {"deal"}
    assert folds
    game.play("deal")
    assert folds <= set(legal(game))
    for move in line[70:]:
        if not game.piles["stock"]:
            break
        game.play(move)
    assert not game.piles["stock"]
    verdict = engine.solve(game, 2)
    assert verdict.result == "unknown" and verdict.best and str(verdict.best[0]) != "deal"
