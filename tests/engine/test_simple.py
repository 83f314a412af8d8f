"""Aces Up and Clock: every clause of their readings (docs/readings/aces-up-and-clock.md),
refusals included, and the capabilities they brought (``GameSpec.outranked``,
``StockRule.by_rank`` and ``StockRule.chain``)."""

from __future__ import annotations

import engine
from engine.solver.model import compact_model

from .helpers import arrange, cards_once_per_deck, codes, ids, legal, mv, refused

RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()

# --- Aces Up ---------------------------------------------------------------------------------


def test_aces_up_deals_one_card_face_up_to_each_of_four_piles_and_keeps_48_in_the_stock() -> None:
    g = engine.new_game("aces-up", 3)
    assert [len(g.piles[p]) for p in ids(g, "t")] == [1] * 4
    assert all(g.down[p] == 0 for p in ids(g, "t"))
    assert len(g.piles["stock"]) == 48 and not g.piles["d"]
    assert cards_once_per_deck(g)
    assert engine.get_spec("Firing Squad").slug == "aces-up"


def test_aces_up_throws_out_a_top_card_while_a_higher_card_of_its_suit_shows() -> None:
    g = arrange(engine.new_game("aces-up", 1), t1="5H", t2="9H", t3="KC", t4="2S", stock="3D 4D 6D 7D")
    assert legal(g) == {mv("t1", "d"), "deal"}
    refused(g, mv("t2", "d"), "9♥ may be taken off only while a higher card of hearts")
    refused(g, mv("t3", "d"), "higher card of clubs")
    g.play(mv("t1", "d"))
    assert codes(g, "d") == "5H" and not g.piles["t1"]


def test_aces_up_counts_aces_high_so_an_ace_is_never_thrown_out_and_beats_a_king() -> None:
    g = arrange(engine.new_game("aces-up", 1), t1="KS", t2="AS", t3="QS", t4="2H", stock="3D 4D 6D 7D")
    assert legal(g) >= {mv("t1", "d"), mv("t3", "d")}
    refused(g, mv("t2", "d"), "A♠ may be taken off only")


def test_aces_up_needs_the_higher_card_on_top_of_another_pile_not_buried() -> None:
    g = arrange(engine.new_game("aces-up", 1), t1="5H", t2="9H 2C", t3="KC", t4="2S", stock="3D")
    refused(g, mv("t1", "d"), "5♥", "higher card of hearts")
    g = arrange(engine.new_game("aces-up", 1), t1="9H 5H", t2="2C", t3="KC", t4="2S", stock="3D")
    refused(g, mv("t1", "d"), "on top of another pile")  # the 9 under it does not count


def test_aces_up_fills_an_empty_pile_with_any_top_card_and_builds_nothing_else() -> None:
    g = arrange(engine.new_game("aces-up", 1), t1="", t2="9H 5H", t3="KC", t4="2S", stock="3D")
    assert {mv("t2", "t1"), mv("t3", "t1"), mv("t4", "t1")} <= legal(g)
    refused(g, mv("t2", "t1", 2), "only the top card")
    refused(g, mv("t4", "t3"), "nothing may be placed on")
    refused(g, mv("d", "t1"), "empty")
    g.play(mv("t2", "t1"))
    assert codes(g, "t1") == "5H" and codes(g, "t2") == "9H"


def test_aces_up_deals_a_card_onto_each_pile_at_any_time_even_onto_a_space() -> None:
    g = arrange(engine.new_game("aces-up", 1), t1="", t2="9H", t3="KC", t4="2S", stock="3D 4D 6D 7D")
    g.play("deal")
    assert [codes(g, p) for p in ids(g, "t")] == ["7D", "9H 6D", "KC 4D", "2S 3D"]
    assert not g.piles["stock"]
    refused(g, "deal", "stock is empty")
    refused(g, "redeal", "no redeal")


def test_aces_up_is_won_with_the_48_others_thrown_out_and_the_four_aces_left() -> None:
    thrown = [f"{r}{s}" for s in "CDHS" for r in RANKS[1:] if f"{r}{s}" != "2S"]
    g = arrange(engine.new_game("aces-up", 1), t1="AH", t2="AC", t3="AD", t4="AS 2S", d=" ".join(thrown))
    # The 2♠ is the last to go, and only from under another pile's A♠: its own ace lies beneath it.
    refused(g, mv("t4", "d"), "2♠")
    g = arrange(engine.new_game("aces-up", 1), t1="AH", t2="AC", t3="AD 2S", t4="AS", d=" ".join(thrown))
    assert len(g.piles["d"]) == 47 and g.status() == "playing"
    g.play(mv("t3", "d"))
    assert g.status() == "won"


def test_aces_up_has_a_compact_model_which_throws_out_as_the_engine_does() -> None:
    # The 5♥ under the K♥ of another pile goes; the A♥ outranks it too (aces high); the 2♠
    # has nothing of its suit above it on top, and the aces are never outranked.
    g = arrange(engine.new_game("aces-up", 1), t1="9C 5H", t2="KH", t3="2S", t4="AD", stock="3C 4C 5C 6C")
    m = compact_model(g)
    assert m is not None
    state = m.start()
    assert sorted(str(m.move(x)) for x in m.moves(state, every=True)) == sorted(str(x) for x in g.legal_moves())
    move = engine.Move(("t1",), "d")
    assert [m.move(x) for x in m.outranked_moves(state)] == [move]
    state = m.advance(state, m.cmove(move, state))
    g.play(move)
    assert state == m.state_of(g) and not m.outranked_moves(state)


def test_aces_up_positions_differing_only_in_the_order_of_the_discards_are_one() -> None:
    # The discard pile holds the cards no other pile holds; the order they went in changes
    # nothing to come, so the solver's key leaves it out (keying._unkeyed).
    first = arrange(engine.new_game("aces-up", 1), t1="9C", t2="KH", t3="2S", t4="AD", d="5H 3C", stock="4C 6C")
    second = arrange(engine.new_game("aces-up", 1), t1="9C", t2="KH", t3="2S", t4="AD", d="3C 5H", stock="4C 6C")
    moved = arrange(engine.new_game("aces-up", 1), t1="9C", t2="KH", t3="2S", t4="AD", d="3C", stock="4C 6C 5H")
    m = compact_model(first)
    assert m is not None
    key = m.key(m.state_of(first))
    assert key == m.key(m.state_of(second))
    assert key != m.key(m.state_of(moved))


# --- Clock -----------------------------------------------------------------------------------


def clock(**piles: str) -> engine.Game:
    """A Clock position: each named pile as given (bottom first), every other pile holding
    four face-down cards of the ranks not used, in order."""
    g = engine.new_game("clock", 1)
    used = {w.lstrip("#") for text in piles.values() for w in text.split()}
    spare = [f"{r}{s}" for s in "CDHS" for r in RANKS if f"{r}{s}" not in used]
    layout = {}
    for pid in g.order:
        layout[pid] = piles[pid] if pid in piles else " ".join("#" + spare.pop() for _ in range(4))
    return arrange(g, **layout)


def test_clock_deals_thirteen_piles_of_four_all_face_down() -> None:
    g = engine.new_game("clock", 7)
    assert [len(g.piles[p]) for p in g.order] == [4] * 13
    assert all(g.down[p] == 4 for p in g.order)
    assert cards_once_per_deck(g)
    assert [g.pile_name(p) for p in ("h1", "h12", "k")] == ["1 o'clock", "12 o'clock", "Kings' pile"]
    for name in ("Travellers", "Hidden Cards", "Sun Dial"):
        assert engine.get_spec(name).slug == "clock"


def test_clock_has_one_move_turning_the_kings_top_card_onto_the_pile_of_its_rank() -> None:
    g = clock(k="#2C #3C #4C #7H", h7="#5D #6D #8D #9D")
    assert legal(g) == {"deal"}
    view = g.view()
    assert view["forced"] == {"move": "deal", "pile": "k"} and "Kings' pile" in view["prompt"]
    g.play("deal")
    assert codes(g, "h7") == "5D 6D 8D 9D 7H" and g.down["h7"] == 4 and g.down["k"] == 3
    assert g.view()["done"] == "Turned the next card: the 7 of hearts, onto 7 o'clock"
    assert "7 o'clock" in g.view()["prompt"] and g.view()["forced"] == {"move": "deal", "pile": "h7"}


def test_clock_turns_the_next_card_from_the_pile_the_last_one_went_to() -> None:
    g = clock(k="#2C #3C #4C #7H", h7="#5D #6D #8D #QS", h12="#2D #3D #4D #JH")
    g.play("deal")  # 7♥ to seven o'clock
    g.play("deal")  # then seven o'clock's top face-down card, the Q♠, to twelve
    assert codes(g, "h12").endswith("QS") and g.down["h7"] == 3 and codes(g, "h7").endswith("7H")
    g.play("deal")  # then twelve's: the J♥ to eleven
    assert codes(g, "h11").endswith("JH")


def test_clock_sends_a_card_of_the_piles_own_rank_back_onto_it() -> None:
    g = clock(k="#2C #3C #4C #KH")
    g.play("deal")
    assert codes(g, "k") == "2C 3C 4C KH" and g.down["k"] == 3
    g.play("deal")  # the next card still comes from the kings
    assert g.down["k"] == 2


def test_clock_is_lost_when_the_fourth_king_comes_up_with_cards_still_face_down() -> None:
    # Three kings are up, the last two of them from the kings' own pile, so the chain stands
    # there (no other pile holds a card more than it was dealt).
    g = clock(k="#KC KD KH", h5="#5C #5D #5H #KS")
    g.play("deal")  # the K♣, the last face-down card of the kings' pile, goes on top of it
    assert g.status() == "stuck" and not g.legal_moves() and not g.is_won() and g.view()["forced"] is None
    refused(g, "deal", "no face-down card is left on Kings' pile", "game is over")


def test_clock_is_won_when_every_card_is_face_up_and_not_before() -> None:
    g = clock()
    assert not g.is_won()  # 52 cards on the hours and the kings, but face down
    won = 0
    for seed in range(1, 14):
        g = engine.new_game("clock", seed)
        while g.legal_moves():
            g.play("deal")
        assert g.deals == 52 if g.is_won() else g.down["k"] == 0
        assert g.is_won() == all(g.down[p] == 0 for p in g.order)
        won += g.is_won()
    assert won < 13


def test_clock_offers_no_other_move_and_refuses_moving_cards_by_hand() -> None:
    g = clock(k="#2C #3C #4C #7H", h7="#5D #6D #8D 9D")
    refused(g, mv("h7", "h8"), "do not move")
    refused(g, "redeal", "no redeal")


def test_clock_is_searched_through_the_engine_one_line_a_deal() -> None:
    g = engine.new_game("clock", 2)
    assert compact_model(g) is None
    verdict = engine.solve(g, 1000)
    assert verdict.result in ("won", "lost") and verdict.positions <= 53


def test_aces_up_throws_out_by_itself_only_a_card_that_outranks_nothing_left() -> None:
    # The 2♥ outranks nothing: thrown out by itself. The 7♣ could still throw out the 5♣
    # in the stock, so keeping it may matter: a choice, never automatic.
    g = arrange(engine.new_game("aces-up", 1), t1="2H", t2="9H", t3="7C", t4="KC", stock="5C 3D 4D 6D")
    assert [str(m) for m in g.safe_moves()] == [mv("t1", "d")]
    g = arrange(engine.new_game("aces-up", 1), t1="3D", t2="9H", t3="7C", t4="KC", stock="5C 2D 4D 6D")
    assert g.safe_moves() == []  # the 3♦ has no higher diamond above it, nor is the 7♣ free of the 5♣


def test_registration_refuses_a_deal_by_rank_without_thirteen_piles_or_outranked_cards_with_no_discard() -> None:
    import dataclasses

    import pytest

    from engine.errors import RegistrationError
    from engine.games.simple import ACES_UP, CLOCK
    from engine.registry import register

    assert CLOCK.stock is not None
    twelve = dataclasses.replace(CLOCK, slug="clock-twelve", title="Clock twelve", aliases=(),
                                 stock=dataclasses.replace(CLOCK.stock, deal_to_more=()))
    with pytest.raises(RegistrationError, match="thirteen piles"):
        register(twelve)
    assert ACES_UP.outranked is not None
    nowhere = dataclasses.replace(ACES_UP, slug="aces-nowhere", title="Aces nowhere", aliases=(),
                                  outranked=dataclasses.replace(ACES_UP.outranked, to="t"))
    with pytest.raises(RegistrationError, match="discard pile"):
        register(nowhere)


def test_a_deal_by_rank_from_a_stock_puts_each_card_on_the_pile_of_its_rank() -> None:
    """``StockRule.by_rank`` without ``chain``: the stock's top card goes face up to the pile
    of its rank (a game built on it need not be registered to be played here)."""
    import dataclasses

    from engine.game import Game
    from engine.games.simple import CLOCK
    from engine.spec import Kind, PileGroup

    assert CLOCK.stock is not None
    sorter = dataclasses.replace(
        CLOCK, slug="sorter", title="Sorter", aliases=(),
        groups=(PileGroup("stock", Kind.STOCK, "Stock"),
                *(dataclasses.replace(g, deal=0, deal_down=0) for g in CLOCK.groups)),
        stock=dataclasses.replace(CLOCK.stock, chain=False))
    g = Game(sorter, 1)
    assert len(g.piles["stock"]) == 52
    for _ in range(52):
        g.play("deal")
    assert all(len(g.piles[p]) == 4 and g.down[p] == 0 for p in g.order if p != "stock")
    assert {c.rank for c in g.piles["h7"]} == {7} and {c.rank for c in g.piles["k"]} == {13}
    assert g.is_won()
    refused(g, "deal", "stock is empty")
