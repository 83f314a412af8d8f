"""The engine's public contract: registry, errors, notation, history, records, view."""

from __future__ import annotations

import dataclasses
import json

import pytest

import engine
from engine.dealing import new_pack, shuffle_key
from engine.rng import SplitMix64, name_key, shuffled

SOURCE_GAMES = ["well", "well-up", "deuces", "will-o-the-wisp", "the-wheel", "two-rings", "the-nation", "queen-of-italy"]
RELATED_GAMES = [
    "beleaguered-castle", "fortress", "streets-and-alleys", "siegecraft",  # the last two: issue 32
    "forty-thieves", "busy-aces", "courtyard", "threes-company", "fours-up", "penta", "sixes-and-sevens",
    "eights-down", "cast-out-nines", "dimes", "jacks-in-the-box", "diplomat",
    "spider", "spider-one-suit", "spider-two-suits", "spiderette", "simple-simon",  # Simple Simon: issue 32
    "freecell", "eight-off", "penguin",
    "bakers-game", "seahaven-towers", "fore-cell", "king-albert",  # issue 32
    "klondike", "klondike-draw-one", "gargantua",
]
OTHER_GAMES = [  # issue 10
    "bisley", "royal-cotillion", "british-square", "jubilee-kings", "backbone", "heads-and-tails", "intrigue",
    "little-spider", "crazy-quilt", "matrimony", "st-helena", "babette", "virginia-reel",
]
CALCULATION_GAMES = ["sir-tommy", "strategy", "calculation"]  # issue 31
COMPARED_GAMES = ["salic-law", "royal-parade", "labyrinth"]  # issue 31
FAN_GAMES = ["bakers-dozen", "la-belle-lucie"]  # issue 31
GOLF_GAMES = ["golf", "black-hole", "tripeaks", "pyramid"]  # issue 32
YUKON_GAMES = ["yukon", "russian-solitaire", "scorpion", "canfield"]  # issue 32
ROW_GAMES = ["monte-carlo", "accordion"]  # issue 32
SIMPLE_GAMES = ["aces-up", "clock"]  # issue 32


def test_games_lists_the_source_games_then_the_related_games_with_their_facts() -> None:
    specs = engine.games()
    assert [s.slug for s in specs] == SOURCE_GAMES + RELATED_GAMES + OTHER_GAMES + CALCULATION_GAMES + COMPARED_GAMES + FAN_GAMES + GOLF_GAMES + YUKON_GAMES + ROW_GAMES + SIMPLE_GAMES
    facts = {s.slug: (s.decks, s.family) for s in specs}
    assert facts["well"] == (1, "beleaguered-castle")
    assert facts["deuces"] == (2, "forty-thieves")
    assert facts["will-o-the-wisp"] == (1, "spider")
    assert facts["the-nation"] == (2, "lady-cadogan")
    assert facts["queen-of-italy"] == (2, "terrace")
    assert facts["spider-one-suit"] == (2, "spider")
    assert facts["freecell"] == (1, "freecell")
    assert facts["gargantua"] == (2, "klondike")
    assert facts["bisley"] == (1, "other") and facts["jubilee-kings"] == (2, "calculation")
    assert facts["sir-tommy"] == facts["strategy"] == facts["calculation"] == (1, "calculation")
    assert facts["yukon"] == facts["russian-solitaire"] == facts["scorpion"] == (1, "yukon")
    assert facts["canfield"] == (1, "canfield")
    assert all(isinstance(s.title, str) and isinstance(s.aliases, tuple) for s in specs)


def test_alias_and_title_find_the_game() -> None:
    assert engine.new_game("terrace", 3).spec.slug == "queen-of-italy"
    assert engine.new_game("The Wheel", 3).spec.slug == "the-wheel"


def test_unknown_slug_names_the_slug_and_the_nearest_games() -> None:
    with pytest.raises(engine.UnknownGameError) as info:
        engine.new_game("dueces", 1)
    assert isinstance(info.value, ValueError)
    assert "'dueces'" in str(info.value) and "'deuces'" in str(info.value)


def test_duplicate_registration_is_refused() -> None:
    well = engine.get_spec("well")
    with pytest.raises(engine.RegistrationError, match="'well' is already registered"):
        engine.register(well)
    with pytest.raises(engine.RegistrationError, match="'Terrace' is already used by 'queen-of-italy'"):
        engine.register(dataclasses.replace(well, slug="new-game", title="New", aliases=("Terrace",)))


def test_a_variant_is_a_few_lines_of_replace() -> None:
    up = engine.get_spec("well-up")
    well = engine.get_spec("well")
    assert up.groups[1:] == well.groups[1:]
    assert up.groups[0].direction is engine.Direction.UP


@pytest.mark.parametrize("slug", SOURCE_GAMES + RELATED_GAMES)
def test_same_slug_and_seed_give_the_same_deal_and_other_seeds_differ(slug: str) -> None:
    a, b, c = engine.new_game(slug, 42), engine.new_game(slug, 42), engine.new_game(slug, 43)
    assert a.view() == b.view()
    assert a.view()["piles"] != c.view()["piles"]


def test_splitmix64_matches_the_reference_vector() -> None:
    rng = SplitMix64(1234567)
    assert [rng.next64() for _ in range(3)] == [6457827717110365317, 3203168211198807973, 9817491932198370423]


def test_pinned_shuffle_and_deals_do_not_change() -> None:
    assert shuffled(list(range(10)), 2026) == [5, 0, 9, 2, 4, 7, 3, 6, 8, 1]
    well = engine.new_game("well", 1)
    assert " ".join(c.code for c in well.piles["t1"]) == "8H 5C KS 10H 9C"
    deuces = engine.new_game("deuces", 1)
    assert [deuces.piles[f"t{i}"][0].code for i in range(1, 11)] == \
        ["QC", "8S", "JC", "10S", "9D", "KS", "6C", "7H", "8C", "7S"]
    wheel = engine.new_game("the-wheel", 99)
    assert [wheel.piles[f"c{i}"][0].code for i in range(1, 13)] == \
        ["5S", "9D", "JH", "2D", "3D", "10S", "5C", "3C", "9D", "2S", "10C", "2C"]


def test_the_shuffle_key_is_fnv1a_of_the_games_name() -> None:
    assert name_key("") == 0xCBF29CE484222325
    assert name_key("a") == 0xAF63DC4C8601EC8C  # the published FNV-1a 64-bit test vector
    assert shuffle_key(engine.get_spec("well-up")) == name_key("well")


def _shuffle_order(slug: str, seed: int) -> list[int]:
    """Where each card of the unshuffled pack lands in deal ``seed`` of ``slug``: the shuffle
    itself, apart from what the game does with the pack afterwards."""
    spec = engine.get_spec(slug)
    pack = new_pack(spec.decks, spec.suits)
    return [pack.index(c) for c in shuffled(pack, seed ^ shuffle_key(spec))]


def test_deal_n_of_one_game_is_not_deal_n_of_another() -> None:
    # Before, Queen of Italy, Forty Thieves, Busy Aces and Courtyard all laid out one shuffle
    # as deal 1: every pair of games on the same pack now shuffles deal 1 to 3 apart.
    for seed in (1, 2, 3):
        by_order: dict[tuple[int, ...], str] = {}
        for spec in engine.games():
            if spec.deal_numbers != "project" or spec.deals_as:
                continue
            order = tuple(_shuffle_order(spec.slug, seed))
            assert order not in by_order, f"deal {seed} of {spec.slug} is deal {seed} of {by_order[order]}"
            by_order[order] = spec.slug


def test_a_variant_that_shares_its_parents_deals_lays_out_the_same_cards() -> None:
    for child, parent in (("well-up", "well"), ("klondike-draw-one", "klondike")):
        for seed in (1, 77):
            a, b = engine.new_game(child, seed), engine.new_game(parent, seed)
            assert {p: [c.code for c in a.piles[p]] for p in a.order} == \
                {p: [c.code for c in b.piles[p]] for p in b.order}


def test_sharing_deals_needs_a_parent_registered_before_on_the_same_pack() -> None:
    well = engine.get_spec("well")
    with pytest.raises(engine.RegistrationError, match="deals_as"):
        engine.registry._check(dataclasses.replace(well, slug="x-well", deals_as="no-such-game"))
    with pytest.raises(engine.RegistrationError, match="same pack"):
        engine.registry._check(dataclasses.replace(well, slug="x-well", deals_as="spider", decks=1))


def test_a_spec_names_one_of_the_solver_s_scans_for_its_hint() -> None:
    well = engine.get_spec("well")
    with pytest.raises(engine.RegistrationError, match=r"'x-well': hint_scan is one of standard, .*; got 'fast'"):
        engine.registry._check(dataclasses.replace(well, slug="x-well", hint_scan="fast"))
    assert {spec.hint_scan for spec in engine.games()} <= set(engine.spec.SCANS)


def test_seed_must_be_a_whole_number_in_range() -> None:
    for bad in (-1, 2**63, "7", 1.5, True):
        with pytest.raises(ValueError, match="seed"):
            engine.new_game("well", bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("slug", SOURCE_GAMES + RELATED_GAMES)
def test_every_legal_move_text_parses_back_to_the_same_move(slug: str) -> None:
    g = engine.new_game(slug, 5)
    for _ in range(30):
        moves = g.legal_moves()
        if not moves:
            break
        for m in moves:
            assert g.parse_move(str(m)) == m
        g.play(moves[-1])


def test_malformed_move_text_raises_invalid_move_error_naming_it() -> None:
    g = engine.new_game("deuces", 1)
    for bad in ("", "t1", "t1>", ">f1", "t1:0>f1", "t1->f1", "shuffle", "t1+t1>o1", "t1+t2:2>o1"):
        with pytest.raises(engine.InvalidMoveError) as info:
            g.play(bad)
        assert repr(bad) in str(info.value)
    assert g.moves_made == 0


def test_illegal_move_names_the_move_and_leaves_the_game_as_it_was() -> None:
    g = engine.new_game("deuces", 1)
    before = g.view()
    card = g.piles["t1"][-1]
    assert card.code == "QC"
    with pytest.raises(engine.IllegalMoveError) as info:
        g.play("t1>f1")
    assert "'t1>f1'" in str(info.value) and "Q♣ cannot go on the 2♣" in str(info.value)
    assert isinstance(info.value, ValueError)
    assert g.view() == before and g.record() == "deuces/1/"
    with pytest.raises(engine.IllegalMoveError, match="no pile 'z9'"):
        g.play("z9>f1")


def test_undo_and_redo() -> None:
    g = engine.new_game("will-o-the-wisp", 2)
    views = [g.view()]
    for _ in range(5):
        g.play(g.legal_moves()[0])
        views.append(g.view())
    for i in range(5, 0, -1):
        g.undo()
        assert g.view() == {**views[i - 1], "counters": {**views[i - 1]["counters"], "redo": True}}
    with pytest.raises(engine.IllegalMoveError, match="nothing to undo"):
        g.undo()
    for i in range(1, 6):
        g.redo()
        assert g.view()["piles"] == views[i]["piles"]
    with pytest.raises(engine.IllegalMoveError, match="nothing to redo"):
        g.redo()


def test_a_new_move_after_undo_clears_redo() -> None:
    g = engine.new_game("deuces", 3)
    g.play("deal")
    g.undo()
    g.play(g.legal_moves()[0])
    assert not g.view()["counters"]["redo"]


def test_restart_returns_to_the_first_position() -> None:
    g = engine.new_game("two-rings", 8)
    first = g.view()
    for _ in range(6):
        g.play(g.legal_moves()[-1])
    g.restart()
    assert g.view() == first


def test_record_and_replay_rebuild_the_identical_game() -> None:
    g = engine.new_game("terrace", 12)
    for _ in range(20):
        g.play(g.legal_moves()[len(g.legal_moves()) // 2])
    text = g.record()
    assert text.startswith("queen-of-italy/12/") and text.count(",") == 19
    again = engine.replay(text)
    assert again.view() == g.view() and again.record() == text


@pytest.mark.parametrize("bad, words", [
    ("", "expected 'slug/seed/moves'"),
    ("well", "expected"),
    ("well/x/", "seed 'x'"),
    ("nosuchgame/1/", "unknown game 'nosuchgame'"),
    ("well/1/t1>f1", "move 1 't1>f1'"),
    ("well/1/zz", "move 1 'zz'"),
    ("well/1/a/b", "expected"),
])
def test_malformed_or_tampered_records_raise_record_error(bad: str, words: str) -> None:
    with pytest.raises(engine.RecordError) as info:
        engine.replay(bad)
    assert words in str(info.value)


def test_tampered_move_in_a_real_record_is_caught_at_its_place() -> None:
    g = engine.new_game("deuces", 4)
    for _ in range(4):
        g.play(g.legal_moves()[0])
    moves = g.record().split("/")[2].split(",")
    moves[2] = "t9>f8" if moves[2] != "t9>f8" else "t8>f8"
    with pytest.raises(engine.RecordError, match="move 3"):
        engine.replay("deuces/4/" + ",".join(moves))


@pytest.mark.parametrize("slug", SOURCE_GAMES + RELATED_GAMES)
def test_view_is_json_ready_and_describes_every_pile(slug: str) -> None:
    g = engine.new_game(slug, 6)
    view = g.view()
    assert json.loads(json.dumps(view)) == view
    assert view["format"] == engine.VIEW_FORMAT and view["game"] == slug and view["seed"] == 6
    assert view["status"] == "playing"
    assert {"stock", "redeals_left", "moves", "undo", "redo"} <= set(view["counters"])
    assert [p["id"] for p in view["piles"]] == list(g.order)
    cells = set()
    for p in view["piles"]:
        assert {"id", "kind", "name", "row", "col", "fan", "cards", "pick"} <= set(p)
        assert 0 <= p["row"] < view["grid"]["rows"] and 0 <= p["col"] < view["grid"]["cols"]
        assert (p["row"], p["col"]) not in cells, f"two piles at one grid place: {p['id']}"
        cells.add((p["row"], p["col"]))
        for i in p["pick"]:
            assert p["cards"][i]["up"]
    assert sum(len(p["cards"]) for p in view["piles"]) == 52 * g.spec.decks
    assert view["legal"] == [str(m) for m in g.legal_moves()]


def test_view_actions_say_why_a_disabled_action_is_disabled() -> None:
    g = engine.new_game("two-rings", 1)
    actions = {a["move"]: a for a in g.view()["actions"]}
    assert actions["deal"]["enabled"] and actions["deal"]["label"] == "Turn a card"
    assert not actions["redeal"]["enabled"] and "stock is empty" in actions["redeal"]["reason"]


def test_no_two_places_of_any_game_share_a_cell_but_a_cascade_of_grid_places() -> None:
    """The layout hints: two places whose cells overlap (rows and columns both less than a
    cell apart) would put one card over another, except places of a grid set half over one
    another in a column (Babette's garden). Rings (The Wheel's circle) are spaced so."""
    for spec in engine.games():
        view = engine.new_game(spec.slug, 1).view()
        piles = view["piles"]
        for i, p in enumerate(piles):
            for q in piles[i + 1:]:
                if abs(p["row"] - q["row"]) < 1 and abs(p["col"] - q["col"]) < 1:
                    assert p["gap"] and q["gap"] and p["col"] == q["col"], f"{spec.slug}: {p['id']} and {q['id']} share a cell"


def test_the_wheel_has_its_cross_in_the_middle_of_its_circle_and_its_cushion_below() -> None:
    view = engine.new_game("the-wheel", 1).view()
    at = {p["id"]: (p["row"], p["col"]) for p in view["piles"]}
    ring = [at[f"o{n}"] for n in range(1, 25)]
    cross = [at[f"x{n}"] for n in range(1, 9)]
    cushion = [at[f"c{n}"] for n in range(1, 13)]
    top, bottom = min(r for r, _ in ring), max(r for r, _ in ring)
    left, right = min(c for _, c in ring), max(c for _, c in ring)
    assert all(top < r < bottom and left < c < right for r, c in cross)  # inside the circle
    assert min(r for r, _ in cushion) > bottom  # the cushion below it
    assert sorted({r for r, _ in cushion}) == [min(r for r, _ in cushion), max(r for r, _ in cushion)]  # two rows


def test_a_group_that_writes_out_its_places_gives_one_per_pile() -> None:
    wheel = engine.get_spec("the-wheel")
    cross = wheel.group("x")
    with pytest.raises(engine.RegistrationError, match="places 2 of its 8 piles"):
        engine.registry._check(dataclasses.replace(
            wheel, slug="x-wheel", groups=(dataclasses.replace(cross, places=cross.places[:2]), *wheel.groups[1:])))


def test_layout_hints_never_change_a_fingerprint() -> None:
    """Moving a pile on the screen keeps the figures: places, rings, sideways places and the
    fold are presentation."""
    spec = engine.get_spec("backbone")
    moved = dataclasses.replace(spec, fold=True, groups=tuple(
        dataclasses.replace(g, at=(g.at[0] + 1, g.at[1]), turned=not g.turned, places=()) for g in spec.groups))
    assert engine.fingerprint(moved) == engine.fingerprint(spec)
