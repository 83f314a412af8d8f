"""A small, valid content folder for builder tests, written to a temporary directory.

It has a page for every registered engine game (facts taken from the engine), one family
per engine family, a glossary, a planned game, a home page and an about page. Tests
overwrite single files with a known mistake and check the message names file, line, value.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from site_builder import BuildError, BuildFailed, check

FAMILY_TITLES = {"beleaguered-castle": "Castle family", "forty-thieves": "Forty Thieves family",
                 "spider": "Spider family", "lady-cadogan": "Lady Cadogan's games", "terrace": "Terrace family",
                 "freecell": "FreeCell family", "klondike": "Klondike family", "other": "Other games",
                 "calculation": "Calculation family", "golf": "Golf and Pyramid games", "yukon": "Yukon family",
                 "canfield": "Canfield family"}


def game_page(slug: str, body: str = "", **overrides: str) -> str:
    spec = engine.get_spec(slug)
    fields = {
        "title": f'"{spec.title}"',
        "engine": f'"{spec.slug}"',
        "family": f'"{spec.family}"',
        "decks": str(spec.decks),
        "summary": f'"A short summary of {spec.title}."',
        "related": '["Red and Black"]',
    }
    fields.update(overrides)
    front = "\n".join(f"{k} = {v}" for k, v in fields.items() if v is not None)
    body = body or f"## Layout\n\nDeal the cards for {spec.title}.\n\n## Play\n\nBuild on the [[foundations]].\n"
    return f"+++\n{front}\n\n[[sources]]\nname = \"A rule book\"\nnote = \"page 1\"\n+++\n\n{body}"


def name_page(title: str, games: list[str], body: str = "", /, **overrides: str | None) -> str:
    """A name page (``names/<slug>.md``): a name several games share. Its front matter puts
    ``title`` on line 2, ``summary`` on line 3 and ``games`` from line 4, one game a line."""
    listed = "".join(f'  "{g}",\n' for g in games)
    fields: dict[str, str | None] = {"title": f'"{title}"', "summary": f'"Several games are called {title}."',
                                     "games": f"[\n{listed}]"}
    fields.update(overrides)
    front = "\n".join(f"{k} = {v}" for k, v in fields.items() if v is not None)
    return f"+++\n{front}\n+++\n\n{body or f'The name {title} is shared.'}\n"


def files() -> dict[str, str]:
    out: dict[str, str] = {}
    for spec in engine.games():
        out[f"games/{spec.slug}.md"] = game_page(spec.slug)
    for slug, title in FAMILY_TITLES.items():
        out[f"families/{slug}.md"] = (f'+++\ntitle = "{title}"\nsummary = "Games alike."\ngames = []\n+++\n\n'
                                      f"The {title} shares a layout.\n")
    out["glossary.md"] = (
        '+++\ntitle = "Glossary"\nsummary = "Words."\n\n[aliases]\nfoundations = "Foundation"\n'
        '"the well" = "Well"\n+++\n\nTerms used on the rule pages.\n\n'
        "## Foundation\n\nA pile built up from a base card.\n\n"
        "## Well\n\nA single cell used as a last resort, as in [[Well]].\n\n"
        "## Tableau\n\nThe piles you build on.\n")
    out["planned.toml"] = ('# planned games\n\n[[game]]\ntitle = "Red and Black"\nfamily = "forty-thieves"\n'
                           'decks = 2\naliases = ["Rouge et Noir"]\nnote = "Forty Thieves in colours."\n')
    out["index.md"] = '+++\ntitle = "Patience Rulebook"\nsummary = "Rules."\n+++\n\nStart with [[Well]].\n'
    out["about.md"] = '+++\ntitle = "About"\n+++\n\nAbout the site.\n'
    return out


def write_content(root: Path, changes: dict[str, str | None] | None = None) -> Path:
    """Write the fixture under ``root/content`` with ``changes`` applied (None deletes a file)."""
    content = root / "content"
    merged: dict[str, str | None] = {**files(), **(changes or {})}
    for rel, text in merged.items():
        if text is None:
            continue
        path = content / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    return content


def errors_for(tmp_path: Path, changes: dict[str, str | None]) -> list[BuildError]:
    """The errors ``check`` reports for the fixture with ``changes`` applied (it must fail)."""
    content = write_content(tmp_path, changes)
    with pytest.raises(BuildFailed) as info:
        check(content)
    return info.value.errors


def only(errors: list[BuildError], needle: str) -> BuildError:
    """The one error whose message holds ``needle``."""
    found = [e for e in errors if needle in e.message]
    assert len(found) == 1, [str(e) for e in errors]
    return found[0]


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` and its bytes, by path relative to it (to compare two sites)."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
