"""Baker's Dozen and La Belle Lucie: every clause of their readings (docs/readings/fans.md),
refusals included, and the two capabilities they added: kings sunk at the deal
(``PileGroup.sink_ranks``) and a redeal that shuffles and deals again in fans
(``GameSpec.reshuffle``)."""

from __future__ import annotations

import dataclasses

import pytest

import engine
from engine.cards import KING, parse_card
from engine.dealing import game_shuffle, new_pack, reshuffle_seed, sunk
from engine.errors import RegistrationError
from engine.registry import _check
from engine.solver import search as search_module
from engine.solver import solve
from engine.solver.model import compact_model
from engine.spec import Reshuffle, TakeUp

from .helpers import arrange, cards_once_per_deck, codes, ids, legal, mv, refused

# --- Baker's Dozen -------------------------------------------------------------------------


def test_bakers_dozen_deals_thirteen_face_up_columns_of_four_and_no_stock() -> None:
    g = engine.new_game("bakers-dozen", 7)
    assert [len(g.piles[p]) for p in ids(g, "t")] == [4] * 13
    assert all(not g.piles[p] for p in ids(g, "f"))
    assert not g.stock_id and cards_once_per_deck(g) and not any(g.down.values())


@pytest.mark.parametrize("seed", range(1, 41))
def test_bakers_dozen_every_king_lies_under_the_other_cards_of_its_column(seed: int) -> None:
    g = engine.new_game("bakers-dozen", seed)
    for pid in ids(g, "t"):
        ranks = [c.rank for c in g.piles[pid]]
        kings = ranks.count(KING)
        assert ranks[:kings] == [KING] * kings, (seed, pid, ranks)


def test_bakers_dozen_sinking_keeps_the_order_of_the_deal_otherwise() -> None:
    """The kings go under in the order dealt and the other cards keep theirs: the deal is
    the shuffled pack, pile by pile, with only the kings moved."""
    g = engine.new_game("bakers-dozen", 3)
    pack = game_shuffle(g.spec, new_pack(1), 3)
    for i, pid in enumerate(ids(g, "t")):
        dealt = pack[4 * i:4 * i + 4]
        assert g.piles[pid] == [c for c in dealt if c.rank == KING] + [c for c in dealt if c.rank != KING]
    cards = [parse_card(x) for x in ("5H", "KS", "2C", "KD")]
    assert [c.code for c in sunk(cards, (KING,))] == ["KS", "KD", "5H", "2C"]


def test_bakers_dozen_columns_build_down_regardless_of_suit_one_card_at_a_time() -> None:
    g = arrange(engine.new_game("bakers-dozen", 1), t1="KC 8H", t2="7S", t3="9D", t4="7H 6C", t5="10C")
    assert {mv("t2", "t1"), mv("t1", "t3")} <= legal(g)  # 7S on 8H, 8H on 9D: any suit
    refused(g, mv("t3", "t1"), "cannot go on", "down regardless of suit")  # 9D on 8H: up
    refused(g, mv("t5", "t2"), "cannot go on")  # 10C on 7S
    g.play(mv("t2", "t1"))
    refused(g, mv("t1", "t3", 2), "only the top card")  # 8H 7S do not move together
    g.play(mv("t4", "t1"))
    assert codes(g, "t1") == "KC 8H 7S 6C"


def test_bakers_dozen_an_emptied_column_is_never_filled_not_even_by_a_king() -> None:
    g = arrange(engine.new_game("bakers-dozen", 1), f1="AC", t1="2C", t2="QH KD", t3="JS")
    g.play(mv("t1", "f1"))
    refused(g, mv("t2", "t1"), "nothing may be placed on the empty")  # the KD cannot start it
    refused(g, mv("t3", "t1"), "nothing may be placed on the empty")


def test_bakers_dozen_foundations_start_with_any_ace_and_climb_by_suit() -> None:
    g = arrange(engine.new_game("bakers-dozen", 1), t1="2H", t2="AH", t3="2S", t4="3H")
    refused(g, mv("t1", "f1"), "takes only a card of rank A")
    g.play(mv("t2", "f3"))
    refused(g, mv("t3", "f3"), "cannot go on", "in suit")
    g.play(mv("t1", "f3"))
    g.play(mv("t4", "f3"))
    assert codes(g, "f3") == "AH 2H 3H"
    refused(g, mv("f3", "t3"), "do not move")  # a card on a foundation stays


def test_bakers_dozen_has_no_stock_and_no_redeal() -> None:
    g = engine.new_game("bakers-dozen", 1)
    refused(g, "deal", "no stock")
    refused(g, "redeal", "no stock")


def test_bakers_dozen_is_won_with_all_fifty_two_home() -> None:
    g = engine.new_game("bakers-dozen", 1)
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    piles = {f"f{i + 1}": " ".join(r + s for r in ranks[:-1]) for i, s in enumerate("CDHS")}
    g = arrange(g, **piles, t1="KC", t2="KD", t3="KH", t4="KS")
    for i, src in enumerate(("t1", "t2", "t3", "t4")):
        assert not g.is_won()
        g.play(mv(src, f"f{i + 1}"))
    assert g.is_won()


def test_bakers_dozen_keeps_the_solvers_compact_model_and_its_core() -> None:
    """Sinking the kings is a dealing rule only: the compact model reads the dealt position."""
    model = compact_model(engine.new_game("bakers-dozen", 1))
    assert model is not None and not model.hooked


# --- La Belle Lucie ------------------------------------------------------------------------


def test_la_belle_lucie_deals_seventeen_fans_of_three_and_one_of_one_face_up() -> None:
    g = engine.new_game("la-belle-lucie", 4)
    assert [len(g.piles[p]) for p in ids(g, "t")] == [3] * 17 + [1]
    assert all(not g.piles[p] for p in ids(g, "f"))
    assert not g.stock_id and cards_once_per_deck(g) and not any(g.down.values())
    assert engine.get_spec("The Fan").slug == engine.get_spec("Midnight Oil").slug == "la-belle-lucie"
    assert engine.get_spec("Alexander the Great").slug == "la-belle-lucie"


def test_la_belle_lucie_fans_build_down_by_suit_one_card_at_a_time() -> None:
    g = arrange(engine.new_game("la-belle-lucie", 1), t1="2D 8C", t2="7C", t3="7H", t4="9C", t5="6C 5C")
    assert {mv("t2", "t1"), mv("t1", "t4")} <= legal(g)
    refused(g, mv("t3", "t1"), "cannot go on", "down in suit")  # 7H on 8C: another suit
    refused(g, mv("t4", "t1"), "cannot go on")  # 9C on 8C: up
    g.play(mv("t2", "t1"))
    assert codes(g, "t1") == "2D 8C 7C"
    refused(g, mv("t5", "t1"), "cannot go on")  # 5C on 7C: not one rank lower
    refused(g, mv("t1", "t4", 2), "only the top card")


def test_la_belle_lucie_an_emptied_fan_is_never_filled_not_even_by_a_king() -> None:
    g = arrange(engine.new_game("la-belle-lucie", 1), f1="AS", t1="2S", t2="QH KH")
    g.play(mv("t1", "f1"))
    refused(g, mv("t2", "t1"), "nothing may be placed on the empty")


def test_la_belle_lucie_foundations_start_with_any_ace_and_climb_by_suit() -> None:
    g = arrange(engine.new_game("la-belle-lucie", 1), t1="2C", t2="AC", t3="2H")
    refused(g, mv("t1", "f2"), "takes only a card of rank A")
    g.play(mv("t2", "f2"))
    refused(g, mv("t3", "f2"), "cannot go on")
    g.play(mv("t1", "f2"))
    assert codes(g, "f2") == "AC 2C"


def test_la_belle_lucie_sends_nothing_home_by_itself_while_a_redeal_is_left() -> None:
    """Which cards a redeal gathers decides how its shuffle falls, so until the last redeal
    is made, a card going home from a fan is the player's choice (and the solver's)."""
    g = arrange(engine.new_game("la-belle-lucie", 1), t1="9H AC", t2="KS 2D")
    assert any(m.source == "t1" and m.target in ids(g, "f") for m in g.legal_moves())
    assert g.has_redeal() and g.safe_moves() == []
    g.redeals_left = 0  # the last redeal made: the ace goes up by itself again
    assert [m.source for m in g.safe_moves()] == ["t1"]


def test_la_belle_lucie_a_redeal_gathers_shuffles_and_deals_fans_of_three() -> None:
    g = engine.new_game("la-belle-lucie", 1)
    g = arrange(g, f1="AC 2C 3C", f2="AD", t1="4C 9H KS", t2="5C", t3="QD 2D JH", t5="7S 7D", t18="8H")
    left = sorted(c.code for p in ids(g, "t") for c in g.piles[p])
    homes = {p: codes(g, p) for p in ids(g, "f")}
    assert "redeal" in legal(g)  # at any time while a redeal is left
    g.play("redeal")
    assert [len(g.piles[p]) for p in ids(g, "t")] == [3, 3, 3, 1] + [0] * 14  # ten cards: the last fan shorter
    assert sorted(c.code for p in ids(g, "t") for c in g.piles[p]) == left
    assert {p: codes(g, p) for p in ids(g, "f")} == homes  # the foundations stay
    assert not any(g.down.values()) and g.redeals_left == 1


def test_la_belle_lucie_allows_two_redeals_and_then_refuses_with_the_reason() -> None:
    g = engine.new_game("la-belle-lucie", 9)
    g.play("redeal")
    g.play("redeal")
    assert "redeal" not in legal(g)
    refused(g, "redeal", "no redeals left", "2 allowed")
    refused(g, "deal", "no stock")


def test_la_belle_lucie_refuses_a_redeal_with_no_card_left_in_the_fans() -> None:
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    g = arrange(engine.new_game("la-belle-lucie", 1), **{f"f{i + 1}": " ".join(r + s for r in ranks)
                                                          for i, s in enumerate("CDHS")})
    refused(g, "redeal", "no cards left to gather")


def test_la_belle_lucie_a_redeal_depends_only_on_the_deal_the_redeal_and_the_cards_left() -> None:
    """The same cards, lying elsewhere, redeal the same; another deal number or the second
    redeal shuffles otherwise; undo and redo bring the same fans back."""
    a = arrange(engine.new_game("la-belle-lucie", 5), t1="4C 9H KS", t2="5C 2D", t4="JH")
    b = arrange(engine.new_game("la-belle-lucie", 5), t7="JH 2D", t3="KS", t9="5C 9H 4C")
    c = arrange(engine.new_game("la-belle-lucie", 6), t1="4C 9H KS", t2="5C 2D", t4="JH")
    for g in (a, b, c):
        g.play("redeal")
    fans = [codes(a, p) for p in ids(a, "t")]
    assert fans == [codes(b, p) for p in ids(b, "t")]
    assert reshuffle_seed(a, 1) != reshuffle_seed(c, 1) and reshuffle_seed(a, 1) != reshuffle_seed(a, 2)
    a.undo()
    a.redo()
    assert [codes(a, p) for p in ids(a, "t")] == fans


def test_la_belle_lucie_a_game_with_redeals_replays_exactly_from_its_record() -> None:
    g = engine.new_game("la-belle-lucie", 12)
    for _ in range(2):
        for _ in range(10):
            moves = [m for m in g.legal_moves() if not m.action]
            if moves:
                g.play(moves[0])
        g.play("redeal")
    again = engine.replay(g.record())
    assert again.view() == g.view() and again.record() == g.record()


def test_la_belle_lucie_the_view_offers_the_redeal_with_its_words() -> None:
    g = engine.new_game("la-belle-lucie", 1)
    actions = {a["move"]: a for a in g.view()["actions"]}
    assert actions["redeal"]["enabled"] and actions["redeal"]["label"] == "Shuffle and redeal"
    g.play("redeal")
    g.play("redeal")
    actions = {a["move"]: a for a in g.view()["actions"]}
    assert not actions["redeal"]["enabled"] and "no redeals left" in actions["redeal"]["reason"]


def test_la_belle_lucie_is_searched_by_the_compact_model_which_shuffles_as_the_deal_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compact model deals each redeal by the orders of the deal's own shuffles
    (``dealing.reshuffle_orders``), so its search wins through a redeal where the redeal's
    fans allow it and proves the rest lost, as the search through the engine, which plays
    each redeal as the game does. Here the clubs lie in one fan from the ace up, the king on
    top: only a redeal can help, and which redeals do depends on the deal number."""
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    verdicts = {}
    for seed in range(1, 13):
        g = arrange(engine.new_game("la-belle-lucie", seed), t1=" ".join(r + "C" for r in ranks),
                    **{f"f{i + 2}": " ".join(r + s for r in ranks) for i, s in enumerate("DHS")})
        assert compact_model(g) is not None and legal(g) == {"redeal"}
        verdict = solve(g, budget=20_000)
        with monkeypatch.context() as patched:
            patched.setattr(search_module, "compact_model", lambda game: None)
            assert solve(g, budget=20_000).result == verdict.result, seed
        verdicts[seed] = verdict.result
        if verdict.result == "won":
            assert str(verdict.moves[0]) == "redeal"
            for m in verdict.moves:
                g.play(m)
            assert g.is_won()
    assert set(verdicts.values()) == {"won", "lost"}, verdicts


# --- the capabilities' checks --------------------------------------------------------------


def test_a_reshuffle_needs_known_groups_a_number_of_redeals_and_no_stock_rule() -> None:
    lucie = engine.get_spec("la-belle-lucie")
    with pytest.raises(RegistrationError, match="unknown groups"):
        _check(dataclasses.replace(lucie, slug="x-unknown", reshuffle=Reshuffle(groups=("q",))))
    with pytest.raises(RegistrationError, match="number of redeals"):
        _check(dataclasses.replace(lucie, slug="x-unlimited", redeals=None))
    with pytest.raises(RegistrationError, match="number of redeals"):
        _check(dataclasses.replace(lucie, slug="x-fans", reshuffle=Reshuffle(groups=("t",), fans_of=0)))


def test_a_take_up_needs_known_groups_no_other_redeal_and_for_one_pile_at_a_time_a_pile_per_redeal() -> None:
    helena, matrimony = engine.get_spec("st-helena"), engine.get_spec("matrimony")
    with pytest.raises(RegistrationError, match="unknown groups"):
        _check(dataclasses.replace(helena, slug="x-unknown", take_up=TakeUp(("q",))))
    with pytest.raises(RegistrationError, match="only redeal"):
        _check(dataclasses.replace(helena, slug="x-both", reshuffle=Reshuffle(groups=("n",))))
    with pytest.raises(RegistrationError, match="number of redeals"):
        _check(dataclasses.replace(matrimony, slug="x-unlimited", redeals=None))
    with pytest.raises(RegistrationError, match="more redeals than piles"):
        _check(dataclasses.replace(matrimony, slug="x-many", redeals=17))
