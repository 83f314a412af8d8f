"""The Nation: every clause of RULES.md, the refusals included."""

from __future__ import annotations

import engine
from engine.cards import Card
from engine.dealing import game_shuffle, new_pack

from .helpers import arrange, codes, legal, refused

ACES = ("f1", "f2", "f3", "f4")
KINGS = ("g1", "g2", "g3", "g4")
COLUMNS = tuple(f"t{i}" for i in range(1, 13))
BASES = {**dict(zip(ACES, "AC AD AH AS".split())), **dict(zip(KINGS, "KC KD KH KS".split()))}


def nation(**piles: str) -> engine.Game:
    return arrange(engine.new_game("the-nation", 1), **{**BASES, **piles})


def counted_by_hand(pack: list[Card]) -> dict[str, list[str]]:
    """The deal as RULES.md says it: twelve columns, each counting one to eight; a card
    that continues a foundation (ace piles up, king piles down, by suit) goes there at
    once and still uses up its count. Returns every pile's card codes."""
    piles = {pid: [code] for pid, code in BASES.items()}
    piles.update({t: [] for t in COLUMNS})
    cards = iter(pack)
    for t in COLUMNS:
        for _count in range(8):
            card = next(cards, None)
            if card is None:
                return piles
            up = ACES["CDHS".index(card.suit)]
            down = KINGS["CDHS".index(card.suit)]
            if card.rank == _rank(piles[up][-1]) + 1:
                piles[up].append(card.code)
            elif card.rank == _rank(piles[down][-1]) - 1:
                piles[down].append(card.code)
            else:
                piles[t].append(card.code)
    return piles


def _rank(code: str) -> int:
    return {"A": 1, "J": 11, "Q": 12, "K": 13}.get(code[:-1]) or int(code[:-1])


def test_setup_one_ace_and_one_king_of_each_suit_are_foundations() -> None:
    g = engine.new_game("the-nation", 1)
    assert [g.piles[f][0].code for f in ACES] == ["AC", "AD", "AH", "AS"]
    assert [g.piles[f][0].code for f in KINGS] == ["KC", "KD", "KH", "KS"]
    assert sum(len(p) for p in g.piles.values()) == 104
    assert all(d == 0 for d in g.down.values())
    assert g.redeals_left == 2


def test_setup_counts_each_column_one_to_eight_with_foundation_plays_using_up_a_count() -> None:
    short_columns = 0
    for seed in (1, 2, 3, 4, 5):
        g = engine.new_game("the-nation", seed)
        # The pack the engine shuffled: two decks less the eight foundation cards.
        pack = new_pack(2)
        for code in BASES.values():
            pack.remove(next(c for c in pack if c.code == code))
        expected = counted_by_hand(game_shuffle(engine.get_spec("the-nation"), pack, seed))
        assert {pid: codes(g, pid).split() for pid in expected} == expected
        assert all(len(g.piles[t]) <= 8 for t in COLUMNS)
        short_columns += sum(len(g.piles[t]) < 8 for t in COLUMNS)
    assert short_columns > 0  # the check above met columns shortened by foundation plays


def test_foundations_build_aces_up_and_kings_down_by_suit() -> None:
    g = nation(f1="AC 2C", g1="KC QC", t1="3C", t2="JC", t3="3D", t4="JH", t5="9S", t6="9S")
    assert {"t1>f1", "t2>g1"} <= legal(g)
    refused(g, "t3>f1", "3♦", "2♣", "up in suit")
    refused(g, "t4>g1", "J♥", "Q♣", "down in suit")
    refused(g, "t2>f1", "J♣", "2♣")
    refused(g, "t1>g1", "3♣", "Q♣")


def test_foundation_cards_do_not_move() -> None:
    g = nation(f1="AC 2C", g1="KC QC", t1="")
    refused(g, "f1>t1", "do not move")
    refused(g, "g1>t1", "do not move")


def test_only_the_last_card_of_a_column_is_available() -> None:
    g = nation(f1="AC", t1="2C 9H", t2="10H 5D")
    assert "t1>f1" not in legal(g)
    refused(g, "t1>f1", "9♥", "A♣")
    refused(g, "t2:2>t1", "only the top card", "column 2")
    view = {p["id"]: p for p in g.view()["piles"]}
    assert view["t1"]["pick"] == [1] and view["t2"]["pick"] == [1]


def test_marriage_onto_another_column_by_suit_one_rank_up_or_down() -> None:
    g = nation(t1="9C", t2="8C", t3="10C")
    assert {"t2>t1", "t3>t1", "t1>t2", "t1>t3"} <= legal(g)
    g.play("t2>t1")
    assert codes(g, "t1") == "9C 8C"


def test_marriage_not_in_suit_is_refused() -> None:
    g = nation(t1="9C", t2="8H", t3="10S")
    refused(g, "t2>t1", "8♥", "9♣", "in suit")
    refused(g, "t3>t1", "10♠", "9♣", "in suit")


def test_marriage_not_one_rank_apart_is_refused() -> None:
    g = nation(t1="9C", t2="7C", t3="JC", t4="9C")
    refused(g, "t2>t1", "7♣", "9♣", "up or down")
    refused(g, "t3>t1", "J♣", "9♣", "up or down")
    refused(g, "t4>t1", "9♣", "9♣")


def test_direction_may_change_within_a_column() -> None:
    g = nation(t1="9C", t2="10C", t3="9C")
    g.play("t2>t1")  # up from 9 to 10 …
    assert "t3>t1" in legal(g)
    g.play("t3>t1")  # … then down to 9 again
    assert codes(g, "t1") == "9C 10C 9C"


def test_empty_column_takes_any_one_available_card() -> None:
    g = nation(t1="", t2="QH 5D", t3="7S", t4="2C")
    assert {"t2>t1", "t3>t1", "t4>t1"} <= legal(g)
    refused(g, "t2:2>t1", "only the top card")


def test_no_automatic_foundation_play_after_the_deal() -> None:
    g = nation(t1="2C 5H", t2="6H")
    g.play("t1>t2")  # uncovers the 2♣, which fits the ace of clubs
    assert codes(g, "t1") == "2C" and codes(g, "f1") == "AC"
    assert "t1>f1" in legal(g)


def test_the_nation_has_no_stock_to_deal_from() -> None:
    g = nation(t1="9C")
    refused(g, "deal", "no stock")


# Columns to take up (each written from its top, the first card dealt, to its last card).
# After the turn-over the last column comes out first, then the eleventh, … then the first:
#   5H 2C 9D | 3C 7S | 4D 10H QC JC 8S 6D 9H 4S 5S 3H 2H
TAKE_UP = dict(t1="4D 10H QC JC 8S 6D 9H 4S 5S 3H 2H", t11="3C 7S", t12="5H 2C 9D")


def test_redeal_takes_the_last_column_first_from_its_top_and_counts_again() -> None:
    g = nation(**TAKE_UP)
    assert "redeal" in legal(g)
    g.play("redeal")
    # Column 1 counts 5H(1) 2C(2, to the ace) 9D(3) 3C(4, to the ace) 7S(5) 4D(6) 10H(7)
    # QC(8, to the king): five cards, though eight were counted.
    assert codes(g, "t1") == "5H 9D 7S 4D 10H"
    # Column 2 counts JC(1, to the king) 8S 6D 9H 4S 5S 3H 2H(8, to the ace of hearts).
    assert codes(g, "t2") == "8S 6D 9H 4S 5S 3H"
    assert all(g.piles[t] == [] for t in COLUMNS[2:])
    assert codes(g, "f1") == "AC 2C 3C"
    assert codes(g, "g1") == "KC QC JC"
    assert codes(g, "f3") == "AH 2H"
    assert [codes(g, f) for f in ("f2", "f4", "g2", "g3", "g4")] == ["AD", "AS", "KD", "KH", "KS"]
    # The 3♥ stayed in its column though the 2♥ came after it; it is now available.
    assert "t2>f3" in legal(g)
    assert g.redeals_left == 1


def test_redeal_may_be_made_twice() -> None:
    g = nation(**TAKE_UP)
    g.play("redeal")
    assert "redeal" in legal(g)
    g.play("redeal")
    # The second redeal takes up t2 then t1: 8S 6D 9H 4S 5S 3H, then 5H 9D 7S 4D 10H. The
    # 3♥ (count 6) now goes to the ace of hearts as it is dealt; nothing else fits.
    assert codes(g, "t1") == "8S 6D 9H 4S 5S 5H 9D"
    assert codes(g, "t2") == "7S 4D 10H"
    assert codes(g, "f3") == "AH 2H 3H"
    assert g.redeals_left == 0


def test_third_redeal_is_refused() -> None:
    g = nation(**TAKE_UP)
    g.play("redeal")
    g.play("redeal")
    assert "redeal" not in legal(g)
    refused(g, "redeal", "no redeals left", "2 times")


def test_won_when_all_cards_are_on_the_foundations() -> None:
    ranks = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    piles = {}
    for f, g_, suit in zip(ACES, KINGS, "CDHS"):
        piles[f] = " ".join(r + suit for r in ranks)
        piles[g_] = " ".join(r + suit for r in reversed(ranks))
    piles["g1"] = "KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"  # the last ace still in a column
    g = arrange(engine.new_game("the-nation", 1), **piles, t5="AC")
    assert not g.is_won()
    g.play("t5>g1")
    assert g.is_won() and not g.is_stuck() and g.view()["status"] == "won"
