"""Golf and Black Hole: every clause of their readings (docs/readings/golf-and-pyramid.md),
refusals included, and the solver's key for their one foundation."""

from __future__ import annotations

import engine
from engine.solver.model import compact_model

from .helpers import arrange, cards_once_per_deck, codes, ids, legal, mv, refused

# --- Golf ------------------------------------------------------------------------------------


def test_golf_deals_seven_columns_of_five_face_up_one_card_to_the_pile_and_sixteen_to_the_stock() -> None:
    g = engine.new_game("golf", 5)
    assert [len(g.piles[p]) for p in ids(g, "t")] == [5] * 7
    assert all(g.down[p] == 0 for p in ids(g, "t"))
    assert len(g.piles["f"]) == 1 and len(g.piles["stock"]) == 16
    assert cards_once_per_deck(g)


def test_golf_takes_a_column_card_one_rank_up_or_down_whatever_its_suit() -> None:
    g = arrange(engine.new_game("golf", 1), f="7H", t1="3C 8S", t2="6D", t3="9H", t4="7C", stock="2C")
    assert {mv("t1", "f"), mv("t2", "f")} <= legal(g)
    refused(g, mv("t3", "f"), "cannot go on the 7♥", "up or down regardless of suit")
    refused(g, mv("t4", "f"), "cannot go on the 7♥")  # the same rank is no neighbour
    g.play(mv("t1", "f"))
    assert codes(g, "f") == "7H 8S" and codes(g, "t1") == "3C"
    assert mv("t3", "f") in legal(g)  # the 9 now fits the 8


def test_golf_never_goes_round_the_corner() -> None:
    g = arrange(engine.new_game("golf", 1), f="AH", t1="KS", t2="2D", stock="5C")
    refused(g, mv("t1", "f"), "cannot go on the A♥")
    assert mv("t2", "f") in legal(g)


def test_golf_takes_nothing_on_a_king() -> None:
    g = arrange(engine.new_game("golf", 1), f="KH", t1="QS", t2="AD", stock="5C")
    refused(g, mv("t1", "f"), "takes nothing on the K♥")
    refused(g, mv("t2", "f"), "takes nothing on the K♥")
    assert legal(g) == {"deal"}
    g.play("deal")  # a turned card covers the king, and play goes on from it
    assert codes(g, "f") == "KH 5C"
    # A queen may still take a king, which then closes the pile.
    g = arrange(engine.new_game("golf", 1), f="QH", t1="KS", stock="5C")
    assert mv("t1", "f") in legal(g)


def test_golf_columns_give_only_their_top_card_and_only_to_the_pile() -> None:
    g = arrange(engine.new_game("golf", 1), f="7H", t1="6C 2S", t2="8D", stock="5C")
    refused(g, mv("t1", "f", 2), "only the top card")
    refused(g, mv("t2", "t1"), "nothing may be placed on")
    refused(g, mv("f", "t1"), "do not move")


def test_golf_turns_the_stock_one_card_at_a_time_onto_the_pile_once() -> None:
    g = arrange(engine.new_game("golf", 1), f="7H", t1="2C", stock="9D 4S")
    g.play("deal")
    assert codes(g, "f") == "7H 4S" and codes(g, "stock") == "9D"
    g.play("deal")
    assert codes(g, "f") == "7H 4S 9D" and not g.piles["stock"]
    refused(g, "deal", "the stock is empty")
    refused(g, "redeal", "no redeal")
    assert g.status() == "stuck"


def rest_of_pack(top: str, *out: str) -> str:
    """Every card of the pack but ``out``, as a pile ending with ``top``."""
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    cards = [r + s for s in "CDHS" for r in ranks if r + s not in (top, *out)]
    return " ".join([*cards, top])


def test_golf_is_won_when_every_card_is_on_the_pile() -> None:
    g = arrange(engine.new_game("golf", 1), f=rest_of_pack("7H", "8C", "3D"), t1="8C", stock="3D")
    g.play(mv("t1", "f"))
    assert not g.is_won()  # the stock's last card is still to be turned onto the pile
    g.play("deal")
    assert g.is_won()


# --- Black Hole ------------------------------------------------------------------------------


def test_black_hole_starts_with_the_ace_of_spades_and_seventeen_fans_of_three() -> None:
    g = engine.new_game("black-hole", 3)
    assert codes(g, "f") == "AS"
    assert [len(g.piles[p]) for p in ids(g, "t")] == [3] * 17
    assert "stock" not in g.piles
    assert cards_once_per_deck(g)
    refused(g, "deal", "no stock")


def test_black_hole_takes_a_fan_card_one_rank_up_or_down_going_round_the_corner() -> None:
    g = arrange(engine.new_game("black-hole", 1), f="AS", t1="5C KD", t2="9H 2C", t3="QD", t4="AH")
    assert {mv("t1", "f"), mv("t2", "f")} <= legal(g)  # a king and a two both touch the ace
    refused(g, mv("t3", "f"), "cannot go on the A♠", "going round the corner")
    refused(g, mv("t4", "f"), "cannot go on the A♠")
    g.play(mv("t1", "f"))
    assert mv("t3", "f") in legal(g)  # the queen on the king
    g.play(mv("t3", "f"))
    assert codes(g, "f") == "AS KD QD"


def test_black_hole_fans_give_only_their_top_card_and_take_nothing() -> None:
    g = arrange(engine.new_game("black-hole", 1), f="AS", t1="3C 2D", t2="9H")
    refused(g, mv("t1", "f", 2), "only the top card")
    refused(g, mv("t2", "t1"), "nothing may be placed on")
    refused(g, mv("f", "t2"), "do not move")


def test_black_hole_is_won_with_all_52_cards_in_the_hole() -> None:
    g = arrange(engine.new_game("black-hole", 1), f=rest_of_pack("AS", "3C", "2D"), t1="3C 2D")
    g.play(mv("t1", "f"))
    assert not g.is_won()
    g.play(mv("t1", "f"))
    assert g.is_won()


# --- The solver's key: the one foundation by its length and top card -------------------------


def test_the_solver_keys_the_one_foundation_by_its_length_and_top_card_only() -> None:
    for slug in ("golf", "black-hole"):
        a = arrange(engine.new_game(slug, 1), f="AS 2D 3C 4H", t1="5S", t2="9D")
        b = arrange(engine.new_game(slug, 1), f="AS 2C 3D 4H", t1="5S", t2="9D")
        c = arrange(engine.new_game(slug, 1), f="AS 2C 3D 4S", t1="5H", t2="9D")
        ma, mb, mc = compact_model(a), compact_model(b), compact_model(c)
        assert ma is not None and mb is not None and mc is not None
        assert ma.key(ma.state_of(a)) == mb.key(mb.state_of(b))  # the same cards below, in another order
        assert ma.key(ma.state_of(a)) != mc.key(mc.state_of(c))  # another top card


def test_a_foundation_built_in_suit_is_still_keyed_whole() -> None:
    g = engine.new_game("klondike", 1)
    model = compact_model(g)
    assert model is not None
    assert all(dealt_to != 2 for _, _, dealt_to in model.spans)


# --- TriPeaks --------------------------------------------------------------------------------


def test_tripeaks_deals_28_peak_cards_the_base_row_alone_face_up_one_card_to_the_pile_and_23_to_the_stock() -> None:
    g = engine.new_game("tripeaks", 4)
    places = ids(g, "p")
    assert [len(g.piles[p]) for p in places] == [1] * 28
    assert [g.down[p] for p in places] == [1] * 18 + [0] * 10
    assert len(g.piles["f"]) == 1 and len(g.piles["stock"]) == 23
    assert cards_once_per_deck(g)


def test_tripeaks_frees_a_card_only_when_both_cards_over_it_are_gone_and_turns_it_up_then() -> None:
    # p10 (third row, first place) lies under p19 and p20, the base row's first two cards.
    g = arrange(engine.new_game("tripeaks", 1), p10="#6C", p19="5H", p20="4D", f="6S", stock="KC")
    refused(g, mv("p10", "f"), "held in", "every card lying over it")
    g.play(mv("p19", "f"))
    assert g.down["p10"] == 1  # one card still lies over it: it stays face down
    refused(g, mv("p10", "f"), "held in")
    g.play(mv("p20", "f"))
    assert g.down["p10"] == 0  # both gone: it turns face up and is free
    assert mv("p10", "f") not in legal(g)  # the 6♣ does not fit the 4♦
    g.play("deal")
    refused(g, mv("p10", "f"), "cannot go on the K♣")


def test_tripeaks_peak_tops_are_held_by_the_two_cards_of_the_second_row() -> None:
    g = arrange(engine.new_game("tripeaks", 1), p1="6H", p4="8C", p5="7D", f="7S")
    refused(g, mv("p1", "f"), "held in")
    g.play(mv("p4", "f"))
    refused(g, mv("p1", "f"), "held in")  # the 7♦ still lies over it
    g.play(mv("p5", "f"))
    g.play(mv("p1", "f"))
    assert codes(g, "f") == "7S 8C 7D 6H"


def test_tripeaks_wraps_between_king_and_ace_and_takes_nothing_else() -> None:
    g = arrange(engine.new_game("tripeaks", 1), p19="KD", p20="2C", p21="AD", p22="5C", f="AS", stock="9C")
    assert {mv("p19", "f"), mv("p20", "f")} <= legal(g)
    refused(g, mv("p21", "f"), "cannot go on the A♠")
    refused(g, mv("p22", "f"), "cannot go on the A♠", "going round the corner")
    refused(g, mv("p19", "p20"), "nothing may be placed on")
    refused(g, mv("f", "p19"), "do not move")
    g.play("deal")
    assert codes(g, "f") == "AS 9C" and not g.piles["stock"]
    refused(g, "deal", "the stock is empty")
    refused(g, "redeal", "no redeal")


def test_tripeaks_has_a_compact_model_which_holds_a_covered_card_and_keys_its_pile_by_length_and_top_card() -> None:
    # Both models: the compact one the bulk runs use, and the engine's (the same keys).
    from engine.solver.engine_model import EngineModel

    a = arrange(engine.new_game("tripeaks", 1), f="AS 2D 3C 4H", p19="5S", stock="9D")
    b = arrange(engine.new_game("tripeaks", 1), f="AS 2C 3D 4H", p19="5S", stock="9D")
    c = arrange(engine.new_game("tripeaks", 1), f="AS 2C 3D 4S", p19="5H", stock="9D")
    models = [compact_model(g) for g in (a, b, c)]
    assert all(m is not None for m in models)
    key = [m.key(m.start()) for m in models if m is not None]
    assert key[0] == key[1] and key[0] != key[2]
    key = [EngineModel(g).key(g.snapshot()) for g in (a, b, c)]
    assert key[0] == key[1] and key[0] != key[2]
    # p10 lies under p19 and p20: face down and held in until both are gone, then up and free.
    g = arrange(engine.new_game("tripeaks", 1), p10="#6C", p19="5H", p20="4D", f="6S", stock="KC")
    m = compact_model(g)
    assert m is not None
    state = m.start()
    assert m.pick_limit(state, m.ids.index("p10")) == 0
    for pid in ("p19", "p20"):
        move = next(x for x in m.moves(state, every=True) if m.move(x) == engine.Move((pid,), "f"))
        state = m.advance(state, move)
        g.play(engine.Move((pid,), "f"))
    assert state == m.state_of(g) and g.down["p10"] == 0
    assert m.pick_limit(state, m.ids.index("p10")) == 1


# --- Pyramid ---------------------------------------------------------------------------------


def test_pyramid_deals_28_cards_face_up_in_seven_rows_and_24_to_the_stock() -> None:
    g = engine.new_game("pyramid", 2)
    assert [len(g.piles[p]) for p in ids(g, "p")] == [1] * 28
    assert all(g.down[p] == 0 for p in ids(g, "p"))
    assert len(g.piles["stock"]) == 24 and not g.piles["waste"] and not g.piles["d"]
    assert cards_once_per_deck(g)


def test_pyramid_takes_off_two_free_cards_adding_up_to_13_and_a_king_alone() -> None:
    # p22..p28 are the bottom row; p16 lies under p22 and p23.
    g = arrange(engine.new_game("pyramid", 1), p16="QC", p22="JH", p23="2C", p24="KS", p25="AD", p26="9S",
                stock="4C")
    assert {"p22+p23>d", "p24>d"} <= legal(g)
    refused(g, "p16+p25>d", "held in")  # the queen is still covered
    refused(g, "p22+p26>d", "add up to 20, not 13")
    refused(g, "p25>d", "counts 1", "alone")
    g.play("p22+p23>d")
    assert codes(g, "d") == "JH 2C" and not g.piles["p22"] and not g.piles["p23"]
    g.play("p16+p25>d")  # both cards over the queen are gone: it pairs with the ace
    g.play("p24>d")
    assert codes(g, "d") == "JH 2C QC AD KS"


def test_pyramid_pairs_the_waste_top_with_a_free_card_and_only_the_top() -> None:
    g = arrange(engine.new_game("pyramid", 1), p22="9H", p23="5S", stock="2D 8C 4C")
    g.play("deal")
    g.play("deal")
    assert codes(g, "waste") == "4C 8C"
    assert {"p23+waste>d"} <= legal(g)
    refused(g, "p22+waste>d", "add up to 17")  # the 4♣ under the 8♣ is not available
    g.play("p23+waste>d")
    assert "p22+waste>d" in legal(g)  # now the 4♣ is the waste's top card


def test_pyramid_moves_cards_only_by_taking_them_off_and_turns_the_stock_once() -> None:
    g = arrange(engine.new_game("pyramid", 1), p22="9H", p23="5S", stock="8C")
    refused(g, mv("p22", "p23"), "nothing may be placed on")
    refused(g, "p22+p23+waste>d", "one at a time", "two together")
    g.play("deal")
    refused(g, "deal", "the stock is empty")
    refused(g, "redeal", "no redeal")
    g.play("p23+waste>d")
    assert g.status() == "stuck"


def test_pyramid_is_won_with_all_52_cards_taken_off() -> None:
    g = arrange(engine.new_game("pyramid", 1), d=rest_of_pack("KS", "6H", "7C", "KH"), p22="6H", p23="7C", p24="KH")
    g.play("p22+p23>d")
    assert not g.is_won()
    g.play("p24>d")
    assert g.is_won()


def test_pyramid_has_a_compact_model_which_takes_off_pairs_and_kings_as_the_engine_does() -> None:
    # p22..p28 are the bottom row; the waste's top card pairs too.
    g = arrange(engine.new_game("pyramid", 1), p22="JH", p23="2C", p24="KS", p25="AD", p26="9S", p27="4H", p28="QC",
                waste="8D 5C", stock="4C")
    m = compact_model(g)
    assert m is not None
    state = m.start()
    assert sorted(str(m.move(x)) for x in m.moves(state, every=True)) == sorted(str(x) for x in g.legal_moves())
    for move in (engine.Move(("p24",), "d"), engine.Move(("p22", "p23"), "d"), engine.Move(("p25", "p28"), "d"),
                 engine.Move(("p26", "p27"), "d")):
        state = m.advance(state, m.cmove(move, state))
        g.play(move)
        assert state == m.state_of(g)
        assert sorted(str(m.move(x)) for x in m.moves(state, every=True)) == sorted(str(x) for x in g.legal_moves())


def test_both_searches_key_the_pairs_discard_pile_by_what_it_cannot_change() -> None:
    """The engine's search keys the pile by its length, the compact model leaves it out
    (what lies there is what no other pile holds): the order pairs were taken off in is no
    new position, in either."""
    from engine.solver.engine_model import EngineModel

    a = arrange(engine.new_game("pyramid", 1), d="KS JH 2C", p22="9H", stock="4C")
    b = arrange(engine.new_game("pyramid", 1), d="2C JH KS", p22="9H", stock="4C")
    c = arrange(engine.new_game("pyramid", 1), d="2C JH", p22="9H", stock="4C")
    key = [EngineModel(g).key(g.snapshot()) for g in (a, b, c)]
    assert key[0] == key[1] and key[0] != key[2]
    d = arrange(engine.new_game("pyramid", 1), d="2C JH", p22="9H", stock="4C", waste="KS")  # the king not yet off
    models = [compact_model(g) for g in (a, b, d)]
    key = [m.key(m.start()) for m in models if m is not None]
    assert len(key) == 3 and key[0] == key[1] and key[0] != key[2]
