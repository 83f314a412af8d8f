"""A page's key: any change of any value its template can read changes it; nothing else does.

Shared values (a family's list of games on a thousand pages, an Item in every index) are
keyed once per build and stand in later keys by a digest of their text when it is long;
these tests pin down that this shortcut loses nothing and depends on nothing but the values.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from site_builder.model import Item, Ref
from site_builder.pagekey import DERIVED, SHORT, Deferred, Memo, context_key


def items(n: int, summary: str = "A game.") -> list[Item]:
    return [Item(f"Game {i}", f"/games/game-{i}/", False, summary, 2) for i in range(n)]


@dataclass
class Holder:
    """A mutable record, as the page model's are."""

    title: str
    items: list[Item]
    refs: list[Ref] = field(default_factory=list)
    meta: list[dict[str, Any]] = field(default_factory=list)
    cached: str = field(default="", metadata=DERIVED)


def key(ctx: dict[str, Any], memo: Memo | None = None) -> str:
    return context_key(ctx, {} if memo is None else memo)


def test_a_long_shared_list_is_keyed_by_its_content_not_its_identity() -> None:
    long = items(40)
    assert len(repr(long)) > SHORT
    memo: Memo = {}
    first = key({"siblings": long}, memo)
    again = key({"siblings": long}, memo)  # from the memo
    fresh = key({"siblings": items(40)}, {})  # an equal list, never keyed before
    assert first == again == fresh


def test_a_change_in_one_member_of_a_long_shared_list_changes_every_key_that_holds_it() -> None:
    base = items(40)
    changed = items(40)
    changed[17] = dataclasses.replace(changed[17], summary="Another summary.")
    others = items(40)
    others[39] = dataclasses.replace(others[39], planned=True)
    keys = {key({"siblings": base}), key({"siblings": changed}), key({"siblings": others})}
    assert len(keys) == 3


def test_a_value_keys_alike_whatever_was_keyed_before_it() -> None:
    """The memo only saves work: a page's key never depends on the pages keyed before it
    (pages are keyed in other processes, in other orders)."""
    shared = items(35, summary="x" * 200)
    page = Holder("Deuces", shared[:5], [Ref("game:well", "/games/well/", "Well")] * 3,
                  [{"href": "/games/well/", "text": "Well"}] * 4)
    ctx = {"page": page, "siblings": shared, "first": shared[0], "toc": [("play", "Play")]}
    warm: Memo = {}
    key({"siblings": shared, "other": [shared[0], shared[3]], "page": Holder("Other", shared)}, warm)
    assert key(ctx, warm) == key(ctx, {})


def test_lists_of_the_same_members_differ_from_tuples_and_in_order() -> None:
    a, b = items(2, summary="y" * 150)
    memo: Memo = {}
    keys = {key({"v": [a, b]}, memo), key({"v": (a, b)}, memo), key({"v": [b, a]}, memo), key({"v": [a]}, memo)}
    assert len(keys) == 4


def test_every_field_of_a_mutable_record_counts_but_a_derived_one() -> None:
    page = Holder("Deuces", items(3), meta=[{"href": "/x/", "text": "X"}])
    base = key({"page": page})
    for change in ({"title": "Well"}, {"items": items(4)}, {"refs": [Ref("k", "/u/", "T")]},
                   {"meta": [{"href": "/x/", "text": "Y"}]}):
        assert key({"page": dataclasses.replace(page, **change)}) != base, change
    assert key({"page": dataclasses.replace(page, cached="anything")}) == base


def test_strings_markup_and_deferred_values_are_told_apart() -> None:
    values = ["<b>", Markup("<b>"), Deferred("<b>", lambda: ""), ["<b>"], ("<b>",), {"<b>": "<b>"}, 1, "1", True]
    assert len({key({"v": v}) for v in values}) == len(values)
