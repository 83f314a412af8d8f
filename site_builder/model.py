"""The site as the builder sees it once the content is read and checked.

Pages are plain dataclasses filled stage by stage: ``load`` sets the facts, ``links``
attaches resolved links and backlinks, ``render`` the HTML. Nothing here does I/O.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .errors import BuildWarning
from .pagekey import DERIVED
from .sources import Source
from .winnability import Winnability

if TYPE_CHECKING:
    from .mdparse import ParsedBody
    from .pagekey import Deferred


Html = tuple[str, list[tuple[str, str]]]  # a body's HTML, and its h2 sections (anchor, HTML)


def slugify(text: str) -> str:
    """URL and anchor slug: "Will o' the Wisp" -> "will-o-the-wisp" (as the engine's slugs)."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"['\u2019]", "", text.lower())
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


@functools.lru_cache(maxsize=65536)
def name_key(name: str) -> str:
    """How names are compared in links: case, spacing and apostrophe style do not matter."""
    name = name.replace("\u2019", "'").replace("\u2018", "'")
    return " ".join(name.split()).casefold()


@dataclass(frozen=True)
class Ref:
    """A link to a page (and maybe an anchor on it), as shown in lists such as backlinks."""

    key: str
    url: str
    title: str


@dataclass(frozen=True)
class Claim:
    """A comparison a page makes in its prose, as its front matter declares it (``harder_than``,
    ``easier_than``, ``[[compare]]``): ``game`` wins a smaller share of its deals than
    ``other`` when ``harder``, a larger one when not. Names as written, ``game`` "" for the
    page's own game; ``nth``: the ``[[compare]]`` table it is in, -1 for the page's own keys."""

    game: str
    other: str
    harder: bool
    nth: int = -1

    @property
    def key(self) -> str:
        return "harder_than" if self.harder else "easier_than"


@dataclass(frozen=True)
class ClaimNote:
    """A claim the figures cannot settle yet (their intervals overlap) while the shares won,
    as the rule pages show them, point the other way: the page making it says so (claims.py)."""

    game: str
    game_url: str
    other: str
    other_url: str
    harder: bool
    game_figure: str  # each figure as its rule page states it (``Winnability.summary``)
    other_figure: str


@dataclass
class Page:
    """Anything with its own URL and a Markdown body."""

    key: str  # "game:well", "family:spider", "name:jubilee", "glossary", "index", "about"
    kind: str
    slug: str
    url: str
    title: str
    summary: str
    src: Source
    # Parsed from ``src`` (bodies.parse_bodies), so a page's key leaves them out (pagekey).
    parsed: ParsedBody | None = field(default=None, metadata=DERIVED)
    headings: list[tuple[int, str, str]] = field(default_factory=list, metadata=DERIVED)  # level, text, id
    anchors: set[str] = field(default_factory=set, metadata=DERIVED)
    body_key: str = field(default="", metadata=DERIVED)  # the parse's cache key
    load_html: Callable[[], Html] | None = field(default=None, metadata=DERIVED)  # the body's HTML and h2 sections

    def html(self) -> Html:
        """The body's HTML (wiki links as placeholders) and its h2 sections, read or made
        only for a page that is rendered."""
        return self.load_html() if self.load_html else ("", [])
    link_meta: list[dict[str, Any]] = field(default_factory=list)  # each wiki link, resolved, in order
    backlinks: list[Ref] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)  # comparisons its prose makes (game and family pages)
    claim_notes: list[ClaimNote] = field(default_factory=list)  # what the page adds about them (claims.py)

    def ref(self) -> Ref:
        """The page as a link in a list; one object per page, however many lists it is in
        (a page's key digests each object once: pagekey)."""
        ref: Ref | None = self.__dict__.get("_ref")
        if ref is None or (ref.key, ref.url, ref.title) != (self.key, self.url, self.title):
            ref = self.__dict__["_ref"] = Ref(self.key, self.url, self.title)
        return ref


@dataclass
class GamePage(Page):
    engine: str = ""
    aliases: list[str] = field(default_factory=list)  # the page's own and the engine's
    family: str = ""
    decks: int = 0
    related: list[str] = field(default_factory=list)
    sources: list[dict[str, Any]] = field(default_factory=list)
    description: str = ""  # from the engine
    related_items: list[Item] = field(default_factory=list)
    winnability: Winnability | None = None  # the solver's figure, if measured (maybe stale)
    names: list[NamePage] = field(default_factory=list)  # name pages that list this game


@dataclass
class FamilyPage(Page):
    games: list[str] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)

    def link(self) -> dict[str, str]:
        """The family as its games' pages link to it; one dict per family, however many
        games (a page's key digests each object once: pagekey)."""
        link: dict[str, str] | None = self.__dict__.get("_link")
        if link is None or link != {"url": self.url, "title": self.title}:
            link = self.__dict__["_link"] = {"url": self.url, "title": self.title}
        return link


@dataclass
class NamePage(Page):
    """A name that more than one game goes by ("Jubilee"): a page that sends the reader to each."""

    games: list[str] = field(default_factory=list)  # as written in the front matter
    sources: list[dict[str, Any]] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)  # the games, resolved, in that order


@dataclass
class GlossaryPage(Page):
    aliases: dict[str, str] = field(default_factory=dict)
    terms: dict[str, str] = field(default_factory=dict)  # anchor -> heading
    term_backlinks: dict[str, list[Ref]] = field(default_factory=dict)


@dataclass
class Planned:
    """A game the sources name that has no page yet."""

    title: str
    family: str
    decks: int
    aliases: list[str]
    note: str
    src: Source
    line: int

    @property
    def slug(self) -> str:
        return slugify(self.title)

    @property
    def url(self) -> str:
        """Where a mention points: its entry on its family page."""
        return f"/families/{self.family}/#planned-{self.slug}"


@dataclass(frozen=True)
class Item:
    """A game in a list (related games, a family's games, an index): written or planned."""

    title: str
    url: str
    planned: bool
    summary: str = ""
    decks: int = 0
    note: str = ""
    anchor: str = ""


@dataclass
class Site:
    games: dict[str, GamePage] = field(default_factory=dict)
    families: dict[str, FamilyPage] = field(default_factory=dict)
    planned: list[Planned] = field(default_factory=list)
    names: dict[str, NamePage] = field(default_factory=dict)  # by slug: content/names/<slug>.md
    glossary: GlossaryPage | None = None
    pages: dict[str, Page] = field(default_factory=dict)  # "index", "about"
    warnings: list[BuildWarning] = field(default_factory=list)
    engines: set[str] = field(default_factory=set)  # the engine slugs of ``games``, for quick checks
    boards: dict[str, Deferred] = field(default_factory=dict)  # each game's first deal (board.deal_boards)
    grid: tuple[int, int] = (1, 1)  # the largest board: rows, columns

    def all_pages(self) -> list[Page]:
        out: list[Page] = [*self.pages.values(), *self.games.values(), *self.families.values(),
                           *self.names.values()]
        if self.glossary is not None:
            out.append(self.glossary)
        return out

    def game_item(self, page: GamePage) -> Item:
        """The game as an item of a list; one object per game, in however many lists
        (a page's key digests each object once: pagekey)."""
        item = Item(page.title, page.url, False, page.summary, page.decks)
        known: Item | None = page.__dict__.get("_item")
        if known != item:
            page.__dict__["_item"] = known = item
        return known

    def planned_item(self, p: Planned) -> Item:
        return Item(p.title, p.url, True, "", p.decks, p.note, f"planned-{p.slug}")
