"""Explicit, checked registration of game specs (one ``register`` call per game)."""

from __future__ import annotations

import difflib
import re

from .cards import parse_card
from .dealing import new_pack
from .errors import RegistrationError, UnknownGameError
from .spec import SCANS, GameSpec, Kind

_SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_GAMES: dict[str, GameSpec] = {}
_NAMES: dict[str, str] = {}  # lower-cased title or alias -> slug


def register(spec: GameSpec) -> GameSpec:
    """Add ``spec`` to the registry; a clash of slug, title or alias is an error."""
    if not _SLUG_RE.match(spec.slug):
        raise RegistrationError(f"game slug {spec.slug!r} is not lower-case words joined by hyphens")
    if spec.slug in _GAMES:
        raise RegistrationError(f"game slug {spec.slug!r} is already registered")
    names = [spec.title, *spec.aliases]
    for name in names:
        key = name.lower()
        if key in _NAMES:
            raise RegistrationError(
                f"game {spec.slug!r}: name {name!r} is already used by {_NAMES[key]!r}"
            )
    _check(spec)
    _GAMES[spec.slug] = spec
    for name in names:
        _NAMES[name.lower()] = spec.slug
    return spec


def _check(spec: GameSpec) -> None:
    """Catch inconsistent specs at import time rather than mid-game."""
    ids: set[str] = set()
    for g in spec.groups:
        for pid in g.ids():
            if pid in ids or pid in ("deal", "redeal"):
                raise RegistrationError(f"game {spec.slug!r}: pile id {pid!r} is used twice or reserved")
            ids.add(pid)
        g.deal_counts()
        g.down_counts()
        if g.places and len(g.places) != g.count:
            raise RegistrationError(f"game {spec.slug!r}: group {g.prefix!r} places {len(g.places)} of its {g.count} piles")
        if g.first_cards:
            if g.starts_with or len(g.first_cards) > g.count:
                raise RegistrationError(f"game {spec.slug!r}: group {g.prefix!r} has first cards for "
                                        f"{len(g.first_cards)} of {g.count} piles, or also starts with base cards")
            for code in g.first_cards:
                try:
                    parse_card(code)
                except ValueError as e:
                    raise RegistrationError(f"game {spec.slug!r}: group {g.prefix!r}: {e}") from None
        if g.starts_with and g.base_rank is None and not spec.base_from_deal:
            raise RegistrationError(f"game {spec.slug!r}: group {g.prefix!r} starts with a base card but has no base_rank")
    if spec.hint_scan not in SCANS:
        raise RegistrationError(f"game {spec.slug!r}: hint_scan is one of {', '.join(SCANS)}; "
                                f"got {spec.hint_scan!r}")
    if spec.deal_numbers not in ("project", "microsoft"):
        raise RegistrationError(f"game {spec.slug!r}: unknown deal numbers {spec.deal_numbers!r}")
    if spec.deal_numbers == "microsoft" and (spec.decks != 1 or sorted(spec.suits) != sorted("CDHS")
                                             or any(g.starts_with for g in spec.groups)):
        raise RegistrationError(f"game {spec.slug!r}: Microsoft deal numbers need one full pack dealt whole")
    if spec.deals_as:
        parent = _GAMES.get(spec.deals_as)
        if parent is None or spec.deal_numbers != "project" or parent.deal_numbers != "project":
            raise RegistrationError(f"game {spec.slug!r}: deals_as names {spec.deals_as!r}, which is not a game "
                                    "registered before it with the project's deal numbers")
        if (parent.decks, parent.suits) != (spec.decks, spec.suits):
            raise RegistrationError(f"game {spec.slug!r}: it shares the deals of {spec.deals_as!r}, "
                                    "so it needs the same pack (decks and suits)")
    try:
        new_pack(spec.decks, spec.suits)
    except ValueError as e:
        raise RegistrationError(f"game {spec.slug!r}: {e}") from None
    dealt = sum(sum(g.deal_counts()) for g in spec.groups)
    if dealt > 52 * spec.decks:
        raise RegistrationError(f"game {spec.slug!r}: the groups deal {dealt} cards from {52 * spec.decks}")
    kinds = {g.kind for g in spec.groups}
    if spec.stock is not None and Kind.STOCK not in kinds and not spec.stock.chain:
        raise RegistrationError(f"game {spec.slug!r}: a stock rule needs a stock pile")
    by_prefix = {h.prefix: h for h in spec.groups}
    if spec.stock is not None and (spec.stock.by_rank or spec.stock.chain):
        rule = spec.stock
        if rule.chain and not rule.by_rank:
            raise RegistrationError(f"game {spec.slug!r}: a chain of deals needs by_rank")
        if any(prefix not in by_prefix for prefix in (rule.deal_to, *rule.deal_to_more)) or \
                sum(by_prefix[prefix].count for prefix in (rule.deal_to, *rule.deal_to_more)) != 13:
            raise RegistrationError(f"game {spec.slug!r}: dealing by rank needs thirteen piles, one a rank")
    if spec.outranked is not None:
        target = by_prefix.get(spec.outranked.to)
        if target is None or target.kind is not Kind.DISCARD or any(prefix not in by_prefix
                                                                    for prefix in spec.outranked.groups):
            raise RegistrationError(f"game {spec.slug!r}: outranked cards go from known groups to a discard pile")
    if spec.reshuffle is not None:
        if not spec.reshuffle.groups or any(prefix not in by_prefix for prefix in spec.reshuffle.groups):
            raise RegistrationError(f"game {spec.slug!r}: a reshuffle gathers unknown groups {spec.reshuffle.groups!r}")
        if spec.reshuffle.fans_of < 1 or spec.redeals is None or spec.redeals < 1:
            raise RegistrationError(f"game {spec.slug!r}: a reshuffle needs fans of at least one card and a "
                                    "number of redeals (each redeal's shuffle is numbered)")
        if spec.stock is not None:
            raise RegistrationError(f"game {spec.slug!r}: a reshuffle is the redeal of a game without a stock rule")
    if spec.take_up is not None:
        if not spec.take_up.groups or any(prefix not in by_prefix for prefix in spec.take_up.groups):
            raise RegistrationError(f"game {spec.slug!r}: a take-up redeal takes up unknown groups {spec.take_up.groups!r}")
        if spec.reshuffle is not None or (spec.stock is not None and (spec.stock.redeal_waste or spec.stock.gather)):
            raise RegistrationError(f"game {spec.slug!r}: a take-up redeal is the game's only redeal")
        if spec.take_up.one_pile and spec.redeals is None:
            raise RegistrationError(f"game {spec.slug!r}: a take-up of one pile at a time needs a number of redeals "
                                    "(the redeals left name the pile)")
        if spec.take_up.one_pile and spec.redeals is not None and spec.redeals > sum(by_prefix[prefix].count for prefix in spec.take_up.groups):
            raise RegistrationError(f"game {spec.slug!r}: more redeals than piles to take up one at a time")
    if spec.packets is not None:
        packets = spec.packets
        target = by_prefix.get(packets.to)
        if target is None or target.kind is not Kind.FOUNDATION or any(prefix not in by_prefix for prefix in packets.groups) \
                or not 1 <= packets.pips <= 8 or sum(by_prefix[prefix].count for prefix in packets.groups) > 14:
            raise RegistrationError(f"game {spec.slug!r}: packets go from known groups (14 piles at most) to a group "
                                    f"of foundations, one to eight pips and a court card each ({packets!r})")
    if spec.swaps:
        rows = [by_prefix.get(prefix) for prefix in spec.swaps]
        ranks = [g.base_rank for g in rows if g is not None]
        if len(rows) < 2 or len(ranks) != len(rows) or None in ranks or len(set(ranks)) != len(ranks):
            raise RegistrationError(f"game {spec.slug!r}: lone cards trade places between known groups, two or more, "
                                    f"each kept for a rank of its own (swaps {spec.swaps!r})")
    for g in spec.groups:
        for src in g.refill_from:
            if src not in ids:
                raise RegistrationError(f"game {spec.slug!r}: group {g.prefix!r} refills from unknown pile {src!r}")
        if g.refill_in_line is not None and g.refill_in_line not in {h.prefix for h in spec.groups}:
            raise RegistrationError(f"game {spec.slug!r}: group {g.prefix!r} refills in line from unknown group "
                                    f"{g.refill_in_line!r}")


def games() -> list[GameSpec]:
    """The registered games, in registration order."""
    return list(_GAMES.values())


def get_spec(slug: str) -> GameSpec:
    """The spec for a slug, title or alias; ``UnknownGameError`` names the nearest ones."""
    if slug in _GAMES:
        return _GAMES[slug]
    if isinstance(slug, str) and slug.lower() in _NAMES:
        return _GAMES[_NAMES[slug.lower()]]
    near = difflib.get_close_matches(str(slug).lower(), list(_GAMES) + list(_NAMES), n=3, cutoff=0.5)
    near_slugs = list(dict.fromkeys(_NAMES.get(n, n) for n in near))
    hint = f"; did you mean {', '.join(repr(s) for s in near_slugs)}?" if near_slugs else ""
    raise UnknownGameError(f"unknown game {slug!r}{hint} (known: {', '.join(_GAMES)})")
