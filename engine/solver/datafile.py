"""The winnability data file (``content/winnability/SLUG.json``): its deal ranges, how it is
read and written, how runs of one game's rules are merged into it, and the deal its rule page
opens on.

**What earlier runs proved is kept.** A "won" is a line replayed through the rules and a
"lost" a complete search, whichever search found it, so a new run on the same rules and
solver (the same fingerprint) is merged into the file already there (``merge``): every
deal of either run, won where either won, lost where either proved it, undecided only
where neither settled it; ``runs`` lists what each run found. Searches that differ win
different deals (Babette: 328 won at 5,000 positions by one search, 219 at 1,000 by an
older one, 407 by the two together), so merging raises a figure at no cost, and a bigger
run (more deals, a bigger budget) only adds to it. A deal one run won and another proved
lost is a fault of the solver: the merge refuses, naming the deals, and writes nothing.

Each file written also names its ``opening``: the deal the game's rule page opens its demo
on, a won deal whose line the demo's Hint finds from the start (``opening``). It is worked
out here, once, rather than by the site builder on every build.

Like ``engine/cli.py``, this module does I/O (``engine.solver.bulk`` runs the deals); the
engine core never imports it, and it is never sent to a browser.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from ..bridge import HINT_BUDGET
from ..game import new_game
from ..registry import get_spec
from .fingerprint import fingerprint
from .search import FAULTS_MENDED, SOLVER_VERSION, WON, fair_budget, solve

DATA_FORMAT = 1
# Won deals tried, lowest first, for the one a rule page's demo opens on (``opening``).
OPENING_TRIES = 60

def parse_ranges(text: str) -> list[int]:
    """``1-5,9`` -> [1, 2, 3, 4, 5, 9]; a malformed part raises ValueError naming it."""
    out: list[int] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ValueError(f"cannot read the deal range {part!r}: expected N or N-M")
        a, b = int(low), int(high or low)
        if b < a:
            raise ValueError(f"the deal range {part!r} runs backwards")
        out.extend(range(a, b + 1))
    return out


def format_ranges(numbers: Iterable[int]) -> str:
    """[1, 2, 3, 5] -> ``1-3,5``."""
    parts: list[str] = []
    run: list[int] = []
    for n in sorted(numbers):
        if run and n == run[-1] + 1:
            run.append(n)
            continue
        if run:
            parts.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
        run = [n]
    if run:
        parts.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ",".join(parts)


class MergeError(ValueError):
    """Two runs disagree on a deal (one won it, the other proved it lost), or cannot be merged."""


def runs_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    """What a file's runs found: its ``runs``, or the file itself as one run (files written
    before runs were kept)."""
    if "runs" in data:
        return list(data["runs"])
    run: dict[str, Any] = {key: data[key] for key in ("date", "search", "scan", "budget", "deals") if key in data}
    run.update({key: data["counts"][key] for key in ("won", "lost", "unknown")})
    if "seconds" in data:
        run["seconds"] = data["seconds"]["total"]
    return [run]


def merge(old: dict[str, Any], new: dict[str, Any], wins_only: bool = False) -> dict[str, Any]:
    """``new``'s data file with what ``old`` proved kept (see the module's docstring): both
    must be of one game, rules and solver. The timings are ``new``'s (they describe one
    run); ``budget`` is the largest any run used, ``date`` the latest. ``wins_only`` takes
    only ``old``'s won deals (its other deals count as undecided): for a file whose "lost"
    verdicts are in doubt, as when a fault was mended without a new solver version (see
    ``SOLVER_VERSION`` in engine/solver/search.py), while each of its wins is still a
    replayed line; so they are taken from a file of the same rules filed before a fault was
    mended too (``_before_mending``)."""
    if wins_only:
        kept = set(parse_ranges(old["won"]))
        old = {**old, "lost": "", "unknown": format_ranges(set(parse_ranges(old["deals"])) - kept),
               "runs": [{**run, "taken": "won"} for run in runs_of(old)]}
        if old.get("game") == new.get("game") and old.get("fingerprint") in _before_mending(new):
            old = {**old, "fingerprint": new["fingerprint"], "solver_version": new.get("solver_version")}
    for key in ("game", "fingerprint", "solver_version"):
        if old.get(key) != new.get(key):
            raise MergeError(f"cannot merge runs of another {key.replace('_', ' ')}: "
                             f"{old.get(key)!r} and {new.get(key)!r}")
    deals = set(parse_ranges(old["deals"])) | set(parse_ranges(new["deals"]))
    won = set(parse_ranges(old["won"])) | set(parse_ranges(new["won"]))
    lost = set(parse_ranges(old["lost"])) | set(parse_ranges(new["lost"]))
    both = won & lost
    if both:
        raise MergeError(f"{new['game']}: deals won by one run and proved lost by another: {format_ranges(both)} "
                         "(a fault of the solver; nothing written)")
    unknown = deals - won - lost
    out = dict(new)
    out.update({
        "budget": max(old["budget"], new["budget"]),
        "date": max(old["date"], new["date"]),
        "deals": format_ranges(deals),
        "counts": {"deals": len(deals), "won": len(won), "lost": len(lost), "unknown": len(unknown)},
        "won": format_ranges(won), "lost": format_ranges(lost), "unknown": format_ranges(unknown),
        "runs": _joined(runs_of(old), runs_of(new)),
    })
    out.pop("scan", None)  # a run's, kept in its entry of ``runs``
    return out


def _joined(first: list[dict[str, Any]], second: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Both lists of runs, in order, each run once: a file merged with a copy of itself
    that went on (a scratch folder started from the game's file, so that ``--undecided``
    reads it) shares its earlier runs with the copy, and they are listed once. Two runs
    alike in every entry, their seconds too, are one run."""
    out = list(first)
    out.extend(run for run in second if run not in first)
    return out


def _before_mending(data: dict[str, Any]) -> set[str]:
    """The fingerprints the rules of ``data``'s game had before the faults mended since (an
    earlier solver version, or fewer faults counted in ``FAULTS_MENDED``), when its file is
    of the rules as they are now: a win filed under one of them is a line replayed through
    the same rules, so ``merge`` takes it with ``wins_only``."""
    try:
        spec = get_spec(data["game"])
    except (KeyError, ValueError):
        return set()
    if data.get("fingerprint") != fingerprint(spec):
        return set()
    faults = FAULTS_MENDED.get(spec.slug, 0)
    return {fingerprint(spec, version, count) for version in range(1, SOLVER_VERSION + 1)
            for count in range(faults + 1)} - {fingerprint(spec)}


def opening(slug: str, won: str) -> int | None:
    """The deal a rule page's demo opens on (a data file's ``opening``): the lowest won deal
    whose winning line the demo's own Hint finds from the deal's start (a search of
    ``HINT_BUDGET`` positions, as in the browser), so that a reader's first Hint leads
    somewhere; tried among the ``OPENING_TRIES`` lowest won deals, else the lowest won
    deal (None where none is won). Klondike's lowest won deal, 2, was won by a search of
    100,000 positions; the Hint finds deal 3's line at once."""
    seeds = parse_ranges(won)
    for seed in seeds[:OPENING_TRIES]:
        game = new_game(slug, seed)
        if solve(game, fair_budget(game, HINT_BUDGET)).result == WON:
            return seed
    return seeds[0] if seeds else None


def with_opening(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with its ``opening`` worked out again for its won deals (none: no key)."""
    out = {key: value for key, value in data.items() if key != "opening"}
    seed = opening(data["game"], data["won"])
    if seed is not None:
        out["opening"] = seed
    return out


def write(path: Path, data: dict[str, Any]) -> None:
    """Write a data file whole (a temporary file renamed over it)."""
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)


def read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise MergeError(f"{path}: not a readable winnability file ({e})") from None
    if not isinstance(data, dict) or not all(k in data for k in ("game", "fingerprint", "deals", "won", "lost")):
        raise MergeError(f"{path}: not a winnability file")
    return data


def merge_files(target: Path, others: list[Path], out: TextIO, wins_only: bool = False) -> int:
    """``python -m engine merge FILE [OTHER...]``: merge what ``others`` proved into ``FILE``
    (``--wins-only``: only their won deals); with none, only work its ``opening`` out again."""
    data = read(target)
    for other in others:
        data = merge(read(other), data, wins_only)
    data = with_opening(data)
    write(target, data)
    out.write(f"{data['game']}: {tally(data)} deals ({len(runs_of(data))} runs), opens on deal "
              f"{data.get('opening', '-')} -> {target}\n")
    return 0


def tally(data: dict[str, Any]) -> str:
    """A data file's counts as said: "N won, N lost, N undecided of N"."""
    c = data["counts"]
    return f"{c['won']} won, {c['lost']} lost, {c['unknown']} undecided of {c['deals']}"


def undecided(path: Path, deals: str | None) -> list[int]:
    """The deals (of ``deals``, if given) that the data file at ``path`` leaves undecided:
    for a second run with a bigger budget, whose verdicts are merged into it. The file must
    be of the rules and solver as they are now: what another fingerprint left undecided
    says nothing of these rules."""
    if not path.exists():
        raise ValueError(f"--undecided: there is no {path} to take the undecided deals from")
    data = read(path)
    now = fingerprint(get_spec(data["game"]))
    if data.get("fingerprint") != now:
        raise ValueError(f"--undecided: {path} was measured under other rules or another solver "
                         f"(fingerprint {data.get('fingerprint')}, now {now}); solve its deals again instead")
    left = parse_ranges(data["unknown"])
    if deals is not None:
        wanted = set(parse_ranges(deals))
        left = [seed for seed in left if seed in wanted]
    return left


def tried(data: dict[str, Any], scan: str, budget: int) -> set[int]:
    """The deals a run of the data file ``data`` has searched with ``scan`` at ``budget``
    positions or more: searched again so, they would be left undecided again (on the search
    as it was then; a stronger search since may settle some). So a run stopped part way is
    taken up where it stopped (``python -m engine solve --undecided --untried``)."""
    out: set[int] = set()
    for run in runs_of(data):
        if run.get("scan", "standard") == scan and run.get("budget", 0) >= budget and "deals" in run:
            out.update(parse_ranges(run["deals"]))
    return out
