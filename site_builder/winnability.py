"""Stage 3b: the solver's winnability figures (``content/winnability/<slug>.json``).

The engine's bulk runner (``python -m engine solve``) writes one file per game; the builder
checks it as strictly as front matter (a bad file is a build error naming the file, the
line and the value) and turns it into the figure on the rule page and the list of winnable
deal numbers that the demo's "Winnable deals only" draws from.

A figure carries the fingerprint of the rules and the solver it was computed with. When
the engine's fingerprint of the game differs, the figure is **stale**: the build warns
and the page says it is being recomputed; a stale number or list is never shown.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine
from engine.solver.datafile import format_ranges, parse_ranges
from engine.dealing import seed_range

from .cache import BuildCache, digest
from .errors import BuildError, BuildWarning, did_you_mean
from .sources import Source

DATA_FORMAT = 1
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval

# key -> (type, required); "ranges" are deal lists such as "1-8,10"; "table" a JSON object.
FIELDS: dict[str, tuple[str, bool]] = {
    "format": ("int", True), "game": ("str", True), "fingerprint": ("hex16", True),
    "solver_version": ("int", True), "search": ("int", False), "scan": ("str", False), "budget": ("count", True),
    "date": ("date", True),
    "deals": ("ranges", True), "counts": ("table", True), "won": ("ranges", True), "lost": ("ranges", True),
    "unknown": ("ranges", True), "seconds": ("table", False), "positions": ("table", False),
    "python": ("str", False), "runs": ("list", False), "opening": ("count", False),
}
COUNTS = ("deals", "won", "lost", "unknown")
_WHAT = {"int": "an integer", "count": "a whole number of 1 or more", "str": "a string",
         "hex16": "16 hexadecimal digits", "date": "a date written YYYY-MM-DD",
         "ranges": 'a list of deal numbers such as "1-8,10"', "table": "a JSON object",
         "list": "a JSON list (the runs merged into the file, as engine.solver.bulk writes them)"}
_KEY = re.compile(r'"(?:[^"\\]|\\.)*"\s*:|[{}\n]|"(?:[^"\\]|\\.)*"')


@dataclass(frozen=True)
class Winnability:
    """A game's measured winnability, checked; ``stale`` when the rules have changed since."""

    game: str
    stale: bool
    path: str
    budget: int
    date: str
    deals: str  # as ranges, e.g. "1-10000"
    total: int
    won: int
    lost: int
    unknown: int
    won_seeds: str  # as ranges
    runs: int = 1  # different searches among the runs merged into the file (``searches``)
    opening: int | None = None  # the deal the demo opens on, where the file names one (``engine.solver.datafile.opening``)

    @property
    def percent(self) -> str:
        return percent(self.won, self.total)

    @property
    def interval(self) -> tuple[str, str]:
        """The 95% interval, as percentages rounded outwards: Wilson's lower bound of the
        deals proved won, and Wilson's upper bound counting the undecided deals as won."""
        low = wilson(self.won, self.total)[0]
        high = wilson(self.won + self.unknown, self.total)[1]
        return f"{math.floor(low * 1000 + 1e-9) / 10:.1f}", f"{math.ceil(high * 1000 - 1e-9) / 10:.1f}"

    @property
    def lower_bound(self) -> bool:
        """Some deals undecided: any of them may be won, so the share won is a lower bound
        and every sentence that gives it says "at least" (one rule for every page)."""
        return self.unknown > 0

    @property
    def settled(self) -> bool:
        """The solver decided at least one deal: there is a share to show."""
        return self.won > 0 or self.lost > 0

    @property
    def mostly_undecided(self) -> bool:
        """More deals undecided than decided: the figure is little more than a lower bound."""
        return 2 * self.unknown > self.total

    def summary(self) -> str:
        """The figure as every page states it. With undecided deals, the share won is a lower
        bound: "at least 82.1% of 10,000 deals (95% interval 81.3–82.8%, 12 undecided)";
        a plain "23.0% of 1,000 deals (95% interval 20.4–25.8%, none undecided)" only when
        every deal was decided; "not settled …" when none was."""
        if not self.settled:
            return f"not settled: the solver decided none of the {self.total:,} deals it tried"
        low, high = self.interval
        undecided = f"{self.unknown:,} undecided" if self.unknown else "none undecided"
        lead = "at least " if self.lower_bound else ""
        return f"{lead}{self.percent}% of {self.total:,} deals (95% interval {low}\u2013{high}%, {undecided})"

    @property
    def deals_text(self) -> str:
        """"1-1000,2001-3000" -> "1 to 1,000 and 2,001 to 3,000"."""
        parts = []
        for part in self.deals.split(","):
            low, _, high = part.strip().partition("-")
            parts.append(f"{int(low):,} to {int(high):,}" if high else f"{int(low):,}")
        return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]

    @property
    def date_text(self) -> str:
        day = datetime.date.fromisoformat(self.date)
        return f"{day.day} {day:%B %Y}"

    @property
    def demo_deal(self) -> int | None:
        """The deal a rule page's demo opens on: the file's ``opening`` (a won deal whose line
        the Hint finds from the start), else the lowest deal number proved won."""
        if self.opening is not None:
            return self.opening
        head = self.won_seeds.split(",")[0].split("-")[0]
        return int(head) if head else None

    def asset(self) -> bytes:
        """What the demo fetches for "Winnable deals only": the deal numbers proved won."""
        data = {"game": self.game, "won": self.won_seeds, "count": self.won}
        return json.dumps(data, separators=(",", ":")).encode("utf-8")


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion: honest near 0% and 100% and for few deals,
    where the textbook p ± z·se runs past the ends."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def percent(part: int, whole: int) -> str:
    """One decimal, never rounded to 0.0 or 100.0 unless it is exactly that."""
    value = 100 * part / whole if whole else 0.0
    text = f"{value:.1f}"
    if text == "100.0" and part < whole:
        return "99.9"
    if text == "0.0" and part > 0:
        return "0.1"
    return text


def key_lines(text: str) -> dict[tuple[str, ...], int]:
    """The line of each key of a JSON text, by its path: ("counts", "won") -> 9. JSON
    reports the line of a syntax error only, so a light scan finds where a key was written."""
    lines: dict[tuple[str, ...], int] = {}
    path: list[str] = []
    last = ""
    line = 1
    for m in _KEY.finditer(text):
        token = m.group()
        if token == "\n":
            line += 1
        elif token == "{":
            path.append(last)
        elif token == "}":
            if path:
                path.pop()
        elif token.endswith(":"):
            last = json.loads(token[:-1].rstrip())
            lines.setdefault((*path[1:], last), line)
    return lines


_FINGERPRINTS: dict[int, tuple[engine.GameSpec, str]] = {}  # id(spec) -> (spec, fingerprint), kept alive


def rules_fingerprint(spec: engine.GameSpec, known: str | None = None) -> str:
    """``engine.fingerprint(spec)``, worked out once per spec object (``known``: as a
    worker worked it out): a figure's staleness and the first deal's key both ask, and a
    game registered at run time (as the benchmark does) is a spec object of its own."""
    found = _FINGERPRINTS.get(id(spec))
    if found is None or found[0] is not spec:
        found = _FINGERPRINTS[id(spec)] = (spec, known or engine.fingerprint(spec))
    return found[1]


def load_winnability(src: Source, errors: list[BuildError], warnings: list[BuildWarning],
                     specs: dict[str, engine.GameSpec], cache: BuildCache | None = None) -> Winnability | None:
    """Check one data file; None (with the problems appended to ``errors``) if it is unusable.
    ``specs``: the engine's games by slug. A file that passed the checks is remembered in
    ``cache`` under its text and what the checks read of its game (the deal numbers it
    may have); whether it is stale is worked out afresh each time."""
    slug = src.rel.rpartition("/")[2].removesuffix(".json")
    spec = specs.get(slug)
    if spec is None:
        _check(src, errors, slug, spec)  # says what is wrong: an unknown game, at least
        return None
    key = digest(src.rel, str(src.path), src.text_key, seed_range(spec))
    hit = cache.get("winnability", key) if cache is not None else None
    checked = hit if isinstance(hit, tuple) and len(hit) == 3 else None
    if checked is None:
        checked = _check(src, errors, slug, spec)
        if checked is None:
            return None
        if cache is not None:
            cache.put("winnability", key, checked)
    figure, fingerprint, line = checked
    current = rules_fingerprint(spec)
    if fingerprint != current:
        warnings.append(BuildWarning(src.path, line,
                                     "stale winnability figure: the rules or the solver changed since it was "
                                     f"measured (engine fingerprint {current}); the page shows "
                                     f"no figure until it is measured again (python -m engine solve {slug})",
                                     fingerprint))
        return dataclasses.replace(figure, stale=True)
    return figure


def _check(src: Source, errors: list[BuildError], slug: str,
           spec: engine.GameSpec | None) -> tuple[Winnability, str, int] | None:
    """The file's figure (taken as fresh), the fingerprint it was measured under and the
    line of that; None if the file is unusable."""
    try:
        data = json.loads(src.text)
    except json.JSONDecodeError as exc:
        bad = src.text.splitlines()[exc.lineno - 1] if exc.lineno <= len(src.text.splitlines()) else ""
        errors.append(BuildError(src.path, exc.lineno, f"JSON syntax error: {exc.msg} (column {exc.colno})",
                                 bad.strip()))
        return None
    lines = key_lines(src.text)

    def error(key: tuple[str, ...], message: str, value: object = None, hint: str = "") -> None:
        errors.append(BuildError(src.path, lines.get(key, 1), message, value, hint))

    if not isinstance(data, dict):
        error((), "a winnability file holds one JSON object", type(data).__name__)
        return None
    if spec is None:
        error((), "winnability file of an unknown engine game", slug,
              did_you_mean(slug, [s.slug for s in engine.games()]) or
              "name the file after an engine slug (see engine.games())")
        return None
    before = len(errors)
    for key in data:
        if key not in FIELDS:
            error((key,), "unknown key in a winnability file", key, did_you_mean(key, FIELDS))
    values: dict[str, Any] = {}
    for key, (kind, required) in FIELDS.items():
        if key not in data:
            if required:
                error((), "missing required key in a winnability file", key)
            continue
        value = data[key]
        if not _valid(kind, value):
            error((key,), f"{key!r} must be {_WHAT[kind]}", value)
        else:
            values[key] = parse_ranges(value) if kind == "ranges" else value
    if len(errors) > before:
        return None
    if values["format"] != DATA_FORMAT:
        error(("format",), f"unknown winnability format (this builder reads format {DATA_FORMAT})", values["format"])
    if values["game"] != slug:
        error(("game",), f"'game' must name the game the file is named after ({slug!r})", values["game"])
    counts = _counts(data["counts"], error)
    if counts is not None:
        _check_deals(values, counts, seed_range(spec), error)
    if "opening" in values and values["opening"] not in values["won"]:
        error(("opening",), "'opening' (the deal the demo opens on) must be one of the deals in 'won'", values["opening"])
    if len(errors) > before:
        return None
    figure = Winnability(slug, False, str(src.path), values["budget"], values["date"], data["deals"],
                         counts["deals"] if counts else 0, len(values["won"]), len(values["lost"]),
                         len(values["unknown"]), format_ranges(values["won"]), searches(values.get("runs", ())),
                         values.get("opening"))
    return figure, values["fingerprint"], lines.get(("fingerprint",), 1)


def searches(runs: list[dict[str, Any]]) -> int:
    """How many different searches the runs merged into a file made (at least one): a run made
    in chunks, or again on deals its first part left, is one search however many entries it
    wrote; runs differ by their budget, their version of the search, or in having only their
    wins kept (``engine.solver.datafile.merge``'s "taken")."""
    return len({(run.get("budget"), run.get("search"), run.get("scan"), run.get("taken")) for run in runs}) or 1


def _valid(kind: str, value: Any) -> bool:
    if kind in ("int", "count"):
        return isinstance(value, int) and not isinstance(value, bool) and (kind == "int" or value >= 1)
    if kind == "table":
        return isinstance(value, dict)
    if kind == "list":
        return isinstance(value, list) and all(isinstance(item, dict) for item in value)
    if not isinstance(value, str):
        return False
    if kind == "hex16":
        return re.fullmatch(r"[0-9a-f]{16}", value) is not None
    if kind == "date":
        try:
            datetime.date.fromisoformat(value)
        except ValueError:
            return False
        return re.fullmatch(r"\d{4}-\d{2}-\d{2}", value) is not None
    if kind == "ranges":
        try:
            parse_ranges(value)
        except ValueError:
            return False
    return True


def _counts(table: dict[str, Any], error: Any) -> dict[str, int] | None:
    out: dict[str, int] = {}
    for key in table:
        if key not in COUNTS:
            error(("counts", key), "unknown key in 'counts'", key, did_you_mean(key, COUNTS))
    for key in COUNTS:
        value = table.get(key)
        if key not in table:
            error(("counts",), "missing key in 'counts'", key)
        elif not isinstance(value, int) or isinstance(value, bool) or value < 0:
            error(("counts", key), f"'counts.{key}' must be a whole number of 0 or more", value)
        else:
            out[key] = value
    return out if len(out) == len(COUNTS) and len(table) == len(COUNTS) else None


def _check_deals(values: dict[str, Any], counts: dict[str, int], seeds: tuple[int, int], error: Any) -> None:
    """The three lists split the deals, the counts are their lengths, and every deal number
    is one the demo can deal (so "Winnable deals only" opens the deal that was solved)."""
    deals = values["deals"]
    if not deals:
        error(("deals",), "'deals' must name at least one deal", "")
        return
    low, high = seeds
    outside = [n for n in deals if not low <= n <= high]
    if outside:
        error(("deals",), f"deal numbers of this game run from {low} to {high}", format_ranges(outside))
    if counts["deals"] != len(deals):
        error(("counts", "deals"), f"'counts.deals' must be the number of deals in 'deals' ({len(deals)})",
              counts["deals"])
    seen: set[int] = set()
    for key in ("won", "lost", "unknown"):
        numbers = values[key]
        if counts[key] != len(numbers):
            error(("counts", key), f"'counts.{key}' must be the number of deals in {key!r} ({len(numbers)})",
                  counts[key])
        strays = sorted(set(numbers) - set(deals))
        twice = sorted(seen.intersection(numbers))
        if strays:
            error((key,), f"{key!r} lists deals that 'deals' does not", format_ranges(strays))
        if twice:
            error((key,), f"{key!r} lists deals already listed as won or lost", format_ranges(twice))
        seen.update(numbers)
    missing = sorted(set(deals) - seen)
    if missing:
        error(("deals",), "deals with no verdict (in none of 'won', 'lost' and 'unknown')", format_ranges(missing))
