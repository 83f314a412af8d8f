"""The Wheel: every clause of RULES.md, the refusals included."""

from __future__ import annotations

import collections

import engine

from .helpers import arrange, codes, legal, refused

CUSHION = tuple(f"c{i}" for i in range(1, 13))
CIRCLE = tuple(f"o{i}" for i in range(1, 25))
CROSS = tuple(f"x{i}" for i in range(1, 9))
COURTS = {11, 12, 13}


def wheel() -> engine.Game:
    return engine.new_game("the-wheel", 1)


def test_setup_eight_aces_form_the_cross_twelve_cushion_cards_face_up_and_84_in_the_pack() -> None:
    for seed in (1, 2, 3):
        g = engine.new_game("the-wheel", seed)
        assert [codes(g, x) for x in CROSS] == ["AC", "AD", "AH", "AS"] * 2
        assert [len(g.piles[c]) for c in CUSHION] == [1] * 12
        assert len(g.piles["stock"]) == 84
        assert all(g.piles[o] == [] for o in CIRCLE)
        # No ace is left anywhere but in the cross.
        assert all(card.rank != 1 for pid in (*CUSHION, "stock") for card in g.piles[pid])
        assert sum(len(p) for p in g.piles.values()) == 104
        assert all(d == 0 for d in g.down.values())
        view = {p["id"]: p for p in g.view()["piles"]}
        assert all(view[c]["cards"][0]["up"] for c in CUSHION)


def test_packet_of_three_pips_of_different_values_adding_to_18_and_a_court_goes_to_the_circle() -> None:
    g = arrange(wheel(), **dict(zip(CROSS, "AC AD AH AS AC AD AH AS".split())),
                c1="4H", c2="5S", c3="9D", c4="KS", c5="JC")
    assert legal(g) == {"c1+c2+c3+c4>o1", "c1+c2+c3+c5>o1"}
    g.play("c4+c3+c2+c1>o1")  # the order of the places named does not matter
    assert sorted(codes(g, "o1").split()) == sorted(["4H", "5S", "9D", "KS"])
    assert g.piles["o1"][-1].code == "KS"  # the court card crowns the packet
    assert all(g.piles[c] == [] for c in ("c1", "c2", "c3", "c4"))
    assert codes(g, "c5") == "JC"


def test_packet_with_two_pips_of_one_value_is_refused() -> None:
    # 4 + 4 + 10 = 18, but two fours.
    g = arrange(wheel(), c1="4H", c2="4S", c3="10D", c4="KS")
    assert legal(g) == set()
    refused(g, "c1+c2+c3+c4>o1", "three pip cards", "different values")
    g = arrange(wheel(), c1="6H", c2="6S", c3="6D", c4="QS")  # 6 + 6 + 6 = 18
    refused(g, "c1+c2+c3+c4>o1", "different values")


def test_packet_without_a_court_card_is_refused() -> None:
    # 5 + 6 + 7 = 18, with a fourth pip instead of a court card.
    g = arrange(wheel(), c1="5H", c2="6C", c3="7D", c4="9S", stock="2C")
    assert legal(g) == {"deal"}
    refused(g, "c1+c2+c3+c4>o1", "needs a court card")


def test_packet_not_adding_to_18_is_refused() -> None:
    g = arrange(wheel(), c1="5H", c2="6C", c3="8D", c4="KS")
    assert legal(g) == set()
    refused(g, "c1+c2+c3+c4>o1", "add up to 19", "not 18")
    g = arrange(wheel(), c1="2H", c2="6C", c3="9D", c4="KS")
    refused(g, "c1+c2+c3+c4>o1", "add up to 17", "not 18")


def test_packet_with_two_court_cards_is_refused() -> None:
    g = arrange(wheel(), c1="QD", c2="KS", c3="8C", c4="10H")
    refused(g, "c1+c2+c3+c4>o1", "exactly one court card")


def test_packet_must_be_four_cards() -> None:
    g = arrange(wheel(), c1="5H", c2="6C", c3="7D", c4="KS")
    refused(g, "c1+c2+c3>o1", "four cards")
    refused(g, "c1+c2+c3+c4+c5>o1", "four cards")


def test_packet_is_taken_from_the_cushion_only() -> None:
    g = arrange(wheel(), x1="AC", c1="", c2="5S", c3="9D", c4="KS", stock="")
    refused(g, "x1+c2+c3+c4>o1", "taken from the cushion", "Cross 1 is not a cushion place")
    refused(g, "c1+c2+c3+c4>o1", "empty cushion place")


def test_cushion_card_cannot_leave_alone() -> None:
    g = arrange(wheel(), c1="5H", c2="6C", c3="7D", c4="KS")
    refused(g, "c4>o1", "only in packets")
    refused(g, "c1>c2", "only in packets")


def test_cross_aces_take_no_further_part() -> None:
    g = arrange(wheel(), x1="AC", c1="5H", c2="6C", c3="7D", c4="KS")
    assert not any(m.startswith("x") or "+x" in m for m in legal(g))
    refused(g, "x1>o1", "cross 1", "do not move")


def test_no_packet_can_be_made_without_an_available_court_card() -> None:
    # 5 + 6 + 7 = 18 lies ready, but the king is covered by a nine.
    g = arrange(wheel(), c1="5H", c2="6C", c3="7D", c4="KS 9H", stock="2C")
    assert legal(g) == {"deal"}
    refused(g, "c1+c2+c3+c4>o1", "court card")


def test_only_the_top_card_of_a_cushion_place_is_available() -> None:
    # Uncovered, the 6♥ would complete 5 + 6 + 7; it lies under a jack.
    g = arrange(wheel(), c1="6H JS", c2="5C", c3="7D", c4="QH 2S", stock="2C")
    assert legal(g) == {"deal"}
    view = {p["id"]: p for p in g.view()["piles"]}
    assert all(view[c]["pick"] == [] for c in CUSHION)  # no cushion card may be picked


def test_taking_a_packet_releases_the_cards_underneath() -> None:
    g = arrange(wheel(), c1="6H JS", c2="5C", c3="7D", c4="3S", c5="8H", c6="QD", c7="7S")
    assert "c1+c2+c6+c7>o1" not in legal(g)  # the 6♥ is covered
    g.play("c1+c3+c4+c5>o1")  # 3 + 7 + 8 crowned by the J♠ uncovers the 6♥
    assert codes(g, "c1") == "6H"
    assert legal(g) == {"c1+c2+c6+c7>o2"}  # 6 + 5 + 7 and the Q♦


def test_packets_fill_the_circle_places_in_turn() -> None:
    g = arrange(wheel(), c1="4H", c2="5S", c3="9D", c4="KS", c5="3C", c6="7H", c7="8D", c8="QC")
    assert all(m.endswith(">o1") for m in legal(g))
    refused(g, "c1+c2+c3+c4>o5", "next packet goes to Circle 1, not Circle 5")
    g.play("c1+c2+c3+c4>o1")
    assert legal(g) == {"c5+c6+c7+c8>o2"}
    refused(g, "c5+c6+c7+c8>o1", "next packet goes to Circle 2, not Circle 1")
    g.play("c5+c6+c7+c8>o2")
    assert len(g.piles["o1"]) == len(g.piles["o2"]) == 4


def test_emptied_places_are_refilled_from_the_pack_during_the_first_deal() -> None:
    g = wheel()
    assert g.deals == 0
    g = arrange(g, c1="4H", c2="5S", c3="9D", c4="KS", c5="2C", c6="2D", c7="2H", c8="2S",
                c9="3C", c10="3D", c11="3H", c12="3S", stock="8C 10H 6S 7C 10D")
    top_four = {"10D", "7C", "6S", "10H"}
    g.play("c1+c2+c3+c4>o1")
    assert [len(g.piles[c]) for c in ("c1", "c2", "c3", "c4")] == [1, 1, 1, 1]
    assert {codes(g, c) for c in ("c1", "c2", "c3", "c4")} == top_four
    assert codes(g, "stock") == "8C"
    assert [codes(g, c) for c in CUSHION[4:]] == "2C 2D 2H 2S 3C 3D 3H 3S".split()


def test_deal_is_refused_while_a_packet_can_still_be_made() -> None:
    g = arrange(wheel(), c1="4H", c2="5S", c3="9D", c4="KS", stock="2C 3C")
    assert "deal" not in legal(g)
    # in words a player reads: the cards, not the move's notation
    refused(g, "deal", "no deal while a packet can still be made", "the 4♥, 5♠ and 9♦ with the K♠")


# A cushion with no court card (so no packet), and a pack whose top twelve cards are, in
# the order they are dealt, KC 5C 6D 7H QC 8D 8H 8S 10C 10D 10H 10S; 9S and 9H stay below.
BEFORE_DEAL = dict(zip(CUSHION, "3C 7D 8S 2H 2S 4C 4D 4H 4S 5H 5S 6C".split()))
DEALT = "KC 5C 6D 7H QC 8D 8H 8S 10C 10D 10H 10S".split()
PACK = "9H 9S " + " ".join(reversed(DEALT))


def after_a_deal() -> engine.Game:
    g = arrange(wheel(), **BEFORE_DEAL, stock=PACK)
    assert legal(g) == {"deal"}
    g.play("deal")
    return g


def test_deal_allowed_when_no_packet_can_be_made_puts_one_card_on_each_place_in_order() -> None:
    g = after_a_deal()
    assert [codes(g, c) for c in CUSHION] == [f"{BEFORE_DEAL[c]} {d}" for c, d in zip(CUSHION, DEALT)]
    assert codes(g, "stock") == "9H 9S"
    assert g.deals == 1


def test_emptied_places_are_not_refilled_after_a_deal() -> None:
    g = after_a_deal()
    g.play("c1+c2+c3+c4>o1")  # 5 + 6 + 7 and the K♣: uncovers 3♣ 7♦ 8♠ 2♥
    assert [codes(g, c) for c in ("c1", "c2", "c3", "c4")] == ["3C", "7D", "8S", "2H"]
    assert codes(g, "stock") == "9H 9S"
    g.play("c1+c2+c3+c5>o2")  # 3 + 7 + 8 and the Q♣: empties three places
    assert [g.piles[c] for c in ("c1", "c2", "c3")] == [[], [], []]
    assert codes(g, "c5") == "2S"
    assert codes(g, "stock") == "9H 9S"


def test_fewer_than_twelve_cards_left_go_onto_the_first_places_covering_empty_ones_too() -> None:
    g = after_a_deal()
    g.play("c1+c2+c3+c4>o1")
    g.play("c1+c2+c3+c5>o2")
    assert legal(g) == {"deal"}  # no court card showing
    before = {c: codes(g, c) for c in CUSHION}
    g.play("deal")
    assert codes(g, "c1") == "9S" and codes(g, "c2") == "9H"  # the top card went to the first place
    assert {c: codes(g, c) for c in CUSHION[2:]} == {c: before[c] for c in CUSHION[2:]}
    assert g.piles["stock"] == []
    assert g.deals == 2


def test_deal_refused_when_the_pack_is_empty_and_there_is_no_redeal() -> None:
    g = arrange(wheel(), c1="5H", c2="6C", c3="8D", c4="KS", stock="")
    refused(g, "deal", "stock is empty")
    refused(g, "redeal", "no redeal")
    assert g.is_stuck() and not g.is_won()


# 2..10 of a suit add to 54: exactly three packets of three different values adding to 18.
TRIPLES = (("2", "6", "10"), ("3", "7", "8"), ("4", "5", "9"))


def all_packets() -> list[str]:
    out = []
    for _deck in range(2):
        for suit in "CDHS":
            for triple, court in zip(TRIPLES, "JQK"):
                out.append(" ".join(r + suit for r in (*triple, court)))
    return out


def test_won_when_all_24_packets_are_made() -> None:
    packets = all_packets()
    assert len(packets) == 24
    counts = collections.Counter(card for p in packets for card in p.split())
    assert len(counts) == 48 and set(counts.values()) == {2}  # each pip and court of two decks once
    last = packets[-1].split()
    g = arrange(wheel(), **dict(zip(CROSS, "AC AD AH AS AC AD AH AS".split())),
                **dict(zip(CIRCLE, packets[:-1])), **dict(zip(("c1", "c2", "c3", "c4"), last)))
    assert not g.is_won()
    assert legal(g) == {"c1+c2+c3+c4>o24"}
    g.play("c1+c2+c3+c4>o24")
    assert g.is_won() and not g.is_stuck() and g.view()["status"] == "won"
    assert all(len(g.piles[o]) == 4 and g.piles[o][-1].rank in COURTS for o in CIRCLE)


def test_packets_need_known_groups_a_group_of_foundations_to_go_to_and_at_most_fourteen_piles() -> None:
    import dataclasses

    import pytest

    spec = engine.get_spec("the-wheel")
    engine.registry._check(dataclasses.replace(spec, slug="x-wheel"))  # as registered: fine
    for packets in (engine.spec.Packets(("q",), "o"), engine.spec.Packets(("c",), "c"), engine.spec.Packets(("c",), "o", pips=0)):
        with pytest.raises(engine.RegistrationError, match=r"'x-wheel': packets go from known groups"):
            engine.registry._check(dataclasses.replace(spec, slug="x-wheel", packets=packets))


def test_the_compact_model_makes_a_packet_as_the_engine_does() -> None:
    from engine.solver.model import compact_model

    g = arrange(wheel(), **dict(zip(CROSS, "AC AD AH AS AC AD AH AS".split())),
                c1="4H", c2="5S", c3="9D", c4="KS", c5="JC", c7="2C 6H")
    model = compact_model(g)
    assert model is not None and not model.hooked
    state = model.state_of(g)
    ours = sorted(str(model.move(m)) for m in model.moves(state, every=True))
    assert ours == sorted(str(m) for m in g.legal_moves()) == ["c1+c2+c3+c4>o1", "c1+c2+c3+c5>o1"]
    for move in g.legal_moves():
        after = g.working_copy()
        after.play(move)
        assert model.advance(state, model.cmove(move, state)) == model.state_of(after)
