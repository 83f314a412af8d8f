"""Compare our winnability figures with the published ones, as a Markdown table.

    python benchmarks/published_figures.py [--content content]

Each published figure below is held as data: the game, the figure and its interval as the
source states them (or the counts it reports), where it comes from, the rules the source
measured, and how those rules stand against ours. Our figure is read from the data files
(``content/winnability/SLUG.json``) with the builder's own ``load_winnability``, and our
interval is the rule page's: Wilson's 95% lower bound of the deals proved won to Wilson's
95% upper bound counting the undecided deals as won (the same protocol Blake and Gent use
for theirs). ``--content`` points at another checkout's content folder (or straight at its
``winnability`` folder), so the comparison can be run again wherever the figures grow.

Verdicts: **agrees** (the published interval meets ours, and ours is narrow enough to
mean something), **not settled** (they meet, but ours is too wide to tell), **borderline**
(outside our 95% interval, inside our 99.9% one: with a dozen comparisons one such miss is
expected by chance, so run more deals), **differs: rules (...)** (the rules measured are not
ours, as said), and **DIFFERS: solver?** (the same rules, or a difference that cannot move
the figure that way, and the figures apart beyond chance: a bug to find). Below the table:
deal-by-deal checks where a source says which deals are won (Microsoft FreeCell), and the
check between variants that share their deals (a deal won with three cards turned must
not be lost turning one). docs/published-figures.md explains each row. Nothing is solved.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from engine.solver.datafile import parse_ranges  # noqa: E402
from site_builder.errors import BuildError, BuildWarning  # noqa: E402
from site_builder.sources import gather  # noqa: E402
from site_builder.winnability import Z95, Winnability, load_winnability, wilson  # noqa: E402

Z999 = 3.2905267314919255  # the normal quantile of a two-sided 99.9% interval
WIDE = 10.0  # percentage points: an interval of ours wider than this settles nothing

SOURCES = {
    "BG": ("Blake & Gent, \"The Winnability of Klondike Solitaire and Many Other Patience Games\", "
           "JAIR 85 (2026), arXiv:1906.12314 v6",
           "https://arxiv.org/abs/1906.12314"),
    "BG-rules": ("Solvitaire, the solver behind Blake & Gent: its rule presets",
                 "https://github.com/thecharlieblake/Solvitaire/blob/master/src/main/input-output/input/sol_preset_types.cpp"),
    "Wolter": ("Jan Wolter, \"Experimental Analysis of Fortress Solitaire\" (2014), Politaire",
               "https://politaire.com/article/fortress.html"),
    "Keller": ("Michael Keller, \"FreeCell - Frequently Asked Questions\", Solitaire Laboratory",
               "http://solitairelaboratory.com/fcfaq.html"),
    "Bryan": ("Jerry Bryan, \"Baker's Game, Recent Results\" (2004)",
              "http://jerrybryan.com/math/baker4.html"),
    "FCS": ("Freecell Solver over Microsoft's deals 1 to 10,000,000, as Wikipedia's \"Baker's Game\" reports it",
            "https://en.wikipedia.org/wiki/Baker%27s_Game"),
    "Fish": ("Shlomi Fish's Black Hole solver over PySolFC's deals 1 to 1,000,000, as Wikipedia's \"Black Hole "
             "(solitaire)\" and Wolter's \"Experimental Analysis of Black Hole\" (politaire.com) report it",
             "https://en.wikipedia.org/wiki/Black_Hole_(solitaire)"),
    "playsolitaire": ("playsolitaire.io, TriPeaks: its exact solver over 1,000 random deals",
                      "https://playsolitaire.io"),
    "SWR": ("solitairewinrates.com, Pyramid win rates: the same 100 million deals for each form of the game",
            "https://solitairewinrates.com/Pyramid.html"),
    "MSE": ("\"Probability of 'clock patience' going out\", Mathematics Stack Exchange (2011): exactly 1/13, the "
            "chance that the last card to come up is the fourth king, with a proof by playing the deal backwards",
            "https://math.stackexchange.com/questions/20087/probability-of-clock-patience-going-out"),
    "Masten": ("Mark Masten, \"Solitaire Win Rates and Analysis\" (2022), as tabled by Blake & Gent (Tables 1, 9, 10)",
               "https://web.archive.org/web/20220426164250/https://masten.000webhostapp.com/EightOff.html"),
}


@dataclass(frozen=True)
class Published:
    """One published figure, and how the rules it was measured under stand against ours."""

    slug: str
    source: str  # a key of SOURCES
    where: str  # the table or passage
    percent: float
    plus_minus: float | None  # the 95% half-width as published; None: worked out from ``counts``
    counts: tuple[int, int] | None  # (won, deals) where the source gives them
    variant: str  # the rules the source measured, in a few words
    differs: str = ""  # "" when the rules are ours; else what differs, in a few words
    short: str = ""  # the same, shorter still, for the table's verdict
    explains: bool = True  # False: the difference cannot move the figure the way it is apart
    known_lost: tuple[int, ...] = ()  # deal numbers the source proves lost ...
    known_range: tuple[int, int] | None = None  # ... within this range, where all others are won

    def interval(self) -> tuple[float, float]:
        """The published 95% interval, in percent."""
        if self.plus_minus is not None:
            return self.percent - self.plus_minus, self.percent + self.plus_minus
        assert self.counts is not None, self.slug
        low, high = wilson(*self.counts)
        return 100 * low, 100 * high

    def text(self) -> str:
        if self.plus_minus is not None:
            return f"{self.percent} ± {self.plus_minus}"
        assert self.counts is not None
        won, deals = self.counts
        return f"{self.percent} ({won:,} of {deals:,})"


SPIDER_SHORT = "deals onto empty piles; lifts out whole piles only"
SPIDER_RULES = ("the stock may be dealt onto empty piles (ours: never while a pile is empty); a complete suit "
                "is lifted out only when it makes up a whole pile (ours: off the top of any pile)")

FIGURES: tuple[Published, ...] = (
    Published("klondike", "BG", "Table 1 and 3, Table 8 counts", 81.945, 0.084, (819_371, 1_000_000),
              "draw three, unlimited redeals, foundation cards may come back, kings only in spaces, any face-up run moves"),
    Published("klondike-draw-one", "BG", "Table 1 and 3, Table 8 counts", 90.480, 0.116, (904_226, 1_000_000),
              "as Klondike, turning one card at a time"),
    Published("beleaguered-castle", "BG", "Table 2, Table 8 counts", 68.170, 0.099, (1_362_720, 2_000_000),
              "aces out; 8 piles of 6 face up; down regardless of suit; one card at a time; any card in a space"),
    Published("fortress", "Wolter", "\"Random Deals\"", 20.24, None, (202_396, 1_000_000),
              "Politaire's Fortress: 10 piles (6, 6, 5 x 8) face up; up or down by suit; top card only; "
              "any card in a space"),
    Published("freecell", "BG", "Table 1, Table 8 counts", 99.998881, 0.000207, (9_999_890, 10_000_000),
              "4 cells, 8 piles, alternate colours, any card in a space, one card at a time (no supermoves)"),
    Published("freecell", "Keller", "\"Are all deals winnable?\"", 99.997, None, (31_999, 32_000),
              "Microsoft's deals 1 to 32,000: every one won but deal 11982",
              known_lost=(11982,), known_range=(1, 32_000)),
    Published("eight-off", "BG", "Table 1, Table 8 counts", 99.8805, 0.0022, (9_988_054, 10_000_000),
              "8 piles of 6, 8 cells with 4 filled, down by suit, kings only in spaces, one card at a time"),
    Published("eight-off", "Masten", "via Blake & Gent Table 9", 99.8801, 0.0010, (49_940_034, 50_000_000),
              "Eight Off as Blake & Gent (their comparison)"),
    Published("bakers-game", "BG", "results tables", 75.053, 0.028, None,
              "FreeCell's layout, 4 cells, down by suit, any card in a space, one card at a time"),
    Published("bakers-game", "Bryan", "four cells", 75.0, None, (750_611, 1_000_000),
              "Baker's Game with four cells, random deals"),
    Published("bakers-game", "FCS", "\"Statistics\"", 74.3, None, (7_431_962, 10_000_000),
              "Baker's Game on Microsoft's deals 1 to 10,000,000 (ours are the first 10,000 of them)"),
    Published("fore-cell", "BG", "results tables", 10.564, 0.020, None,
              "8 piles of 6, 4 cells all filled by the deal, kings only in spaces",
              differs="builds down by suit (ours, with PySolFC: alternate colours)", short="by suit"),
    Published("streets-and-alleys", "BG", "results tables", 51.187, 0.186, None,
              "8 piles (7, 7, 7, 7, 6, 6, 6, 6), aces dealt; down regardless of suit; one card at a time; "
              "any card in a space"),
    Published("siegecraft", "BG", "results tables", 99.136, 0.020, None,
              "Beleaguered Castle (aces out, 8 piles of 6) with one cell; one card at a time"),
    Published("spider", "BG", "Table 1, Table 8 counts", 98.487, 1.513, (9_731, 10_000),
              "four suits, 10 piles (54 cards, top card up), 50-card stock dealt one card per pile",
              differs=SPIDER_RULES, short=SPIDER_SHORT),
    Published("spiderette", "BG", "Table 2, Table 8 counts", 99.620, 0.018, (996_153, 1_000_000),
              "one pack, Klondike's 1..7 deal, 24-card stock dealt one per pile (3 x 7 + 3)",
              differs=SPIDER_RULES, short=SPIDER_SHORT, explains=False),
    Published("will-o-the-wisp", "BG", "Table 2, Table 8 counts", 99.9240, 0.0027, (9_992_300, 10_000_000),
              "one pack, 7 piles of 3, 31-card stock dealt one per pile (4 x 7 + 3)",
              differs=SPIDER_RULES + "; every card is dealt face up (its preset, unlike Spider's and Spiderette's, "
              "leaves Solvitaire's default; ours: the top card of each pile)",
              short=SPIDER_SHORT + "; every card face up",
              explains=False),  # our lost deals are lost under all three differences too
    Published("black-hole", "Fish", "the figures quoted", 86.9413, None, (869_413, 1_000_000),
              "the A\u2660 as the hole, 17 fans of 3 face up, one rank up or down regardless of suit, K and A adjacent"),
    Published("tripeaks", "playsolitaire", "the count quoted", 96.6, None, (966, 1_000),
              "28 cards in three peaks, the base row face up; one rank up or down regardless of suit, K and A adjacent; "
              "the stock turned once"),
    Published("clock", "MSE", "the accepted answer", round(100 / 13, 4), 0.0, None,
              "13 piles of 4 face down, the kings' pile in the centre; each card turned goes under the pile of its "
              "rank, the next turned from there; won when every card is turned before the fourth king"),
    Published("pyramid", "SWR", "\"All Cards, Once, No\"", 6.80, None, (6_795_618, 100_000_000),
              "28 cards in a triangle, pairs adding up to 13 and kings alone taken off, every card, the stock dealt "
              "once, no overlap discards",
              differs="the stock's top card is free beside the waste's, as Keller and Masten and PySolFC play "
                      "(ours: the waste's top card alone)",
              short="the stock's top card free too"),
)

# Variants that share their deals, the easier first: a deal the harder game wins, the easier
# must not lose (three cards turned at a time is stricter than one: Blake & Gent, section 6).
WEAKER_STRONGER = (("klondike-draw-one", "klondike"),)


def ours(figure: Winnability, z: float) -> tuple[float, float]:
    """Our interval in percent at the normal quantile ``z``: as the rule page's (Z95)."""
    return 100 * wilson(figure.won, figure.total, z)[0], 100 * wilson(figure.won + figure.unknown, figure.total, z)[1]


def verdict(pub: Published, figure: Winnability) -> str:
    low, high = pub.interval()
    our_low, our_high = ours(figure, Z95)
    meets = low <= our_high and high >= our_low
    stale = "stale figure: " if figure.stale else ""
    if pub.differs and (meets or pub.explains):
        return f"{stale}differs: rules ({pub.short or pub.differs})"
    if meets:
        return stale + ("agrees" if our_high - our_low <= WIDE else "not settled")
    wide_low, wide_high = ours(figure, Z999)
    if low <= wide_high and high >= wide_low:
        return stale + "borderline (outside 95%, inside 99.9%: run more deals)"
    why = f" (rules differ: {pub.short or pub.differs}; not so as to explain it)" if pub.differs else ""
    return f"{stale}DIFFERS: solver?{why}"


def read(content: Path) -> tuple[dict[str, Winnability], dict[str, dict[str, set[int]]], list[BuildError]]:
    """Every figure under ``content`` (a content folder or its winnability folder), checked as
    the builder checks it, and each file's deal lists for the deal-by-deal checks."""
    specs = {spec.slug: spec for spec in engine.games()}
    errors: list[BuildError] = []
    warnings: list[BuildWarning] = []
    figures: dict[str, Winnability] = {}
    deals: dict[str, dict[str, set[int]]] = {}
    for src in gather(content):
        if not src.rel.endswith(".json") or src.rel.count("/") > (1 if src.rel.startswith("winnability/") else 0):
            continue
        figure = load_winnability(src, errors, warnings, specs)
        if figure is not None:
            figures[figure.game] = figure
            data = json.loads(src.text)
            deals[figure.game] = {key: set(parse_ranges(data[key])) for key in ("won", "lost", "unknown")}
    return figures, deals, errors


def table(figures: dict[str, Winnability]) -> list[str]:
    titles = {spec.slug: spec.title for spec in engine.games()}
    out = ["| game | published (%) | source | our deals: won / lost / undecided | our 95% interval (%) | verdict |",
           "|---|---|---|---|---|---|"]
    for pub in FIGURES:
        figure = figures.get(pub.slug)
        if figure is None:
            out.append(f"| {titles.get(pub.slug, pub.slug)} | {pub.text()} | {pub.source} | no figure | | |")
            continue
        low, high = figure.interval
        out.append(f"| {titles[pub.slug]} | {pub.text()} | {pub.source} | {figure.won:,} / {figure.lost:,} / "
                   f"{figure.unknown:,} of {figure.total:,} ({figure.deals}) | {low}–{high} | {verdict(pub, figure)} |")
    return out


def deal_checks(deals: dict[str, dict[str, set[int]]]) -> list[str]:
    out = []
    for pub in FIGURES:
        if pub.known_range is None or pub.slug not in deals:
            continue
        first, last = pub.known_range
        lists = deals[pub.slug]
        inside = {key: {n for n in found if first <= n <= last} for key, found in lists.items()}
        known = set(pub.known_lost)
        wrong_lost = sorted(inside["lost"] - known)
        wrong_won = sorted(inside["won"] & known)
        open_won = sorted(inside["unknown"] - known)
        checked = sum(len(found) for found in inside.values())
        out.append(f"- {pub.slug}, deals {first}–{last} ({pub.source}: all won but {', '.join(map(str, known))}): "
                   f"{checked:,} of ours in that range; proved lost but known won: {fmt(wrong_lost)}; "
                   f"won but known lost: {fmt(wrong_won)}; undecided but known won: {fmt(open_won)}")
    for easier, harder in WEAKER_STRONGER:
        if easier in deals and harder in deals:
            both = deals[easier]["won"] | deals[easier]["lost"] | deals[easier]["unknown"]
            won_hard_lost_easy = sorted(deals[harder]["won"] & deals[easier]["lost"] & both)
            lost_easy = sorted(deals[easier]["lost"])
            not_lost_hard = [n for n in lost_easy if n not in deals[harder]["lost"]]
            out.append(f"- {harder} against {easier} (same deals; {easier} can only be easier): won in "
                       f"{harder} but lost in {easier}: {fmt(won_hard_lost_easy)}; lost in {easier} "
                       f"({fmt(lost_easy)}) but not proved lost in {harder}: {fmt(not_lost_hard)}")
    return out


def fmt(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers)) if numbers else "none"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--content", type=Path, default=Path(__file__).resolve().parent.parent / "content",
                        help="a content folder, or its winnability folder (default: this checkout's content)")
    args = parser.parse_args()
    figures, deals, errors = read(args.content)
    print("\n".join(table(figures)))
    checks = deal_checks(deals)
    if checks:
        print("\nDeal by deal:\n")
        print("\n".join(checks))
    print("\nSources:\n")
    for key, (name, url) in SOURCES.items():
        print(f"- {key}: {name}, <{url}>")
    print("\nThe rules each source measured:\n")
    for pub in FIGURES:
        note = f"differs from ours: {pub.differs}" if pub.differs else "the same as ours"
        print(f"- {pub.slug} ({pub.source}, {pub.where}): {pub.variant}; {note}")
    for problem in errors:
        print(problem, file=sys.stderr)


if __name__ == "__main__":
    main()
