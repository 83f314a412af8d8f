"""Stage 5b: the comparisons the prose makes, checked against the winnability figures.

A page that says one game is harder than another, meaning that a smaller share of its deals
can be won, declares it in its front matter (``harder_than``, ``easier_than``, ``[[compare]]``:
docs/content-format.md), so that no page can say one thing while the figures on the rule
pages say the opposite. This module is the one place where a claim meets the figures, and
``verdict`` the one rule:

- **contradicted**: both figures are shown and their 95% intervals, as the pages print them,
  lie apart the wrong way. The build fails, naming the page, the line and the claim: the
  prose (or the claim, or the figures) must change before the site is written.
- **unsettled, leaning against**: the intervals overlap (too many deals undecided to tell),
  but the shares won, as the pages print them ("at least 85.1%" against "at least 57.4%"),
  point the other way. Nothing is wrong yet, so the build goes on without a warning (there
  is nothing to do but measure again); the page that makes the claim says, under its prose,
  that the figures cannot settle it, so its reader never meets a number that seems to
  contradict it unexplained.
- otherwise (**supported**, **unsettled** with the shares agreeing, or **unmeasured**: a
  figure missing, stale or with no deal decided): nothing to say.

The figures are read as they are: a new run of the solver can only move a claim between
these cases, and the next build says so.
"""

from __future__ import annotations

from .errors import BuildError, did_you_mean
from .model import Claim, ClaimNote, GamePage, Page, Site, name_key
from .winnability import Winnability

CONTRADICTED = "contradicted"
LEANING_AGAINST = "leaning against"
SUPPORTED = "supported"
UNSETTLED = "unsettled"
UNMEASURED = "unmeasured"


def shown(game: GamePage) -> Winnability | None:
    """The figure a rule page shows, with a share: fresh, and with some deal decided."""
    figure = game.winnability
    return figure if figure is not None and not figure.stale and figure.settled else None


def verdict(harder: Winnability | None, easier: Winnability | None) -> str:
    """The claim "``harder`` wins a smaller share of its deals than ``easier``" against the
    two figures, compared as the pages print them (the interval rounded outwards, the share
    to one decimal), so that what the build decides is what a reader can see."""
    if harder is None or easier is None:
        return UNMEASURED
    h_low, h_high = map(float, harder.interval)
    e_low, e_high = map(float, easier.interval)
    if h_low > e_high:
        return CONTRADICTED
    if h_high < e_low:
        return SUPPORTED
    if float(harder.percent) > float(easier.percent):
        return LEANING_AGAINST
    return UNSETTLED


def check_claims(site: Site, errors: list[BuildError]) -> None:
    """Resolve every page's claims, fail on a claim the figures contradict or one that names
    no game, and give each page the notes its unsettled claims need."""
    games: dict[str, GamePage] = {}
    for g in site.games.values():
        for name in (g.title, *g.aliases):
            games[name_key(name)] = g
    pages: list[Page] = [*site.games.values(), *site.families.values()]
    for page in pages:
        notes: list[ClaimNote] = []
        seen: set[tuple[str, str]] = set()  # (harder, easier) game keys, as declared so far
        for claim in page.claims:
            subject = page if claim.game == "" and isinstance(page, GamePage) else \
                _game(site, games, page, claim, claim.game, "game", errors)
            other = _game(site, games, page, claim, claim.other, claim.key, errors)
            if not isinstance(subject, GamePage) or other is None:
                continue
            line = _line(page, claim, claim.key, claim.other)
            if subject is other:
                errors.append(BuildError(page.src.path, line, "a game cannot be compared with itself",
                                         claim.other))
                continue
            harder, easier = (subject, other) if claim.harder else (other, subject)
            if (easier.key, harder.key) in seen:
                errors.append(BuildError(page.src.path, line, f"{subject.title} is declared both harder and "
                                         f"easier than {other.title}", claim.other))
                continue
            again = (harder.key, easier.key) in seen  # the same claim twice (say, both ways round)
            seen.add((harder.key, easier.key))
            found = verdict(shown(harder), shown(easier))
            if found == CONTRADICTED:
                errors.append(_contradiction(page, claim, line, subject, other))
            elif found == LEANING_AGAINST and not again:
                s, o = shown(subject), shown(other)
                assert s is not None and o is not None  # leaning against: both are shown
                notes.append(ClaimNote(subject.title, subject.url, other.title, other.url, claim.harder,
                                       s.summary(), o.summary()))
        page.claim_notes = notes


def _game(site: Site, games: dict[str, GamePage], page: Page, claim: Claim, name: str, key: str,
          errors: list[BuildError]) -> GamePage | None:
    """The rule page ``name`` names, or an error with the line of the value: a claim can
    only be checked against a game that has a page (and so maybe a figure)."""
    found = games.get(name_key(name))
    if found is not None:
        return found
    planned = next((p for p in site.planned if name_key(name) in {name_key(n) for n in (p.title, *p.aliases)}),
                   None)
    shared = next((n for n in site.names.values() if name_key(n.title) == name_key(name)), None)
    if planned is not None:
        hint = f"{planned.title!r} has no rule page yet, so no winnability figure to compare with"
    elif shared is not None:
        hint = f"{shared.title!r} is a name several games share; name one of them: " + \
            ", ".join(repr(g) for g in shared.games)
    else:
        hint = did_you_mean(name, [g.title for g in site.games.values()]) or \
            "name a game by its title or an alias, as in 'related'"
    what = f"'{key}' in a [[compare]] table" if claim.nth >= 0 else repr(key)
    errors.append(BuildError(page.src.path, _line(page, claim, key, name), f"{what} names no game with a rule page",
                             name, hint))
    return None


def _line(page: Page, claim: Claim, key: str, value: str) -> int:
    if claim.nth < 0:
        return page.src.value_line(key, value)
    return page.src.value_line(key, value, "compare", claim.nth)


def _contradiction(page: Page, claim: Claim, line: int, subject: GamePage, other: GamePage) -> BuildError:
    s, o = shown(subject), shown(other)
    assert s is not None and o is not None  # contradicted: both are shown
    share = "smaller" if claim.harder else "larger"
    return BuildError(
        page.src.path, line,
        f"the winnability figures contradict the claim '{subject.title} {claim.key.replace('_', ' ')} "
        f"{other.title}' (that {subject.title} wins a {share} share of its deals): {subject.title} is winnable "
        f"in {s.summary()}, {other.title} in {o.summary()}, and the 95% intervals do not overlap",
        claim.other,
        "correct the prose and the claim; or, if a figure is wrong, measure again: "
        f"content/winnability/{subject.engine}.json, content/winnability/{other.engine}.json")
