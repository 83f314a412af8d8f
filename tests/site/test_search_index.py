"""The search stage: Pagefind's index is whole when the build swaps it in, or the build fails.

Pagefind's Python service stopped its binary before writes in flight were done, which on a
busy machine left empty index files (and a search box that found nothing); the builder now
runs the binary as a command and checks what it wrote.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from site_builder import BuildFailed
from site_builder.search import build_index, check_index

PAGE = ('<!doctype html><html lang="en"><head><title>{0}</title></head>'
        '<body><nav>menu</nav><main data-pagefind-body><h1>{0}</h1><p>{1}</p></main></body></html>')


def small_site(root: Path) -> Path:
    site = root / "site"
    for slug, title, text in [("well", "Well", "A well of cards."), ("deuces", "Deuces", "Twos come out first.")]:
        (site / slug).mkdir(parents=True)
        (site / slug / "index.html").write_text(PAGE.format(title, text), "utf-8")
    return site


def test_every_page_is_indexed_and_no_file_is_empty(tmp_path: Path) -> None:
    site = small_site(tmp_path)
    assert build_index(site) == 2
    out = site / "pagefind"
    entry = json.loads((out / "pagefind-entry.json").read_text("utf-8"))
    assert entry["languages"]["en"]["page_count"] == 2
    files = [p for p in out.rglob("*") if p.is_file()]
    assert any(p.suffix == ".pf_fragment" for p in files)
    assert all(p.stat().st_size > 0 for p in files)


def test_an_index_with_an_empty_file_fails_naming_it(tmp_path: Path) -> None:
    site = small_site(tmp_path)
    build_index(site)
    fragment = next((site / "pagefind" / "fragment").iterdir())
    fragment.write_bytes(b"")
    with pytest.raises(BuildFailed) as info:
        check_index(site / "pagefind")
    assert f"fragment/{fragment.name}" in str(info.value)


def test_an_empty_entry_file_fails_naming_it(tmp_path: Path) -> None:
    site = small_site(tmp_path)
    build_index(site)
    (site / "pagefind" / "pagefind-entry.json").write_text("", "utf-8")
    with pytest.raises(BuildFailed) as info:
        check_index(site / "pagefind")
    assert "pagefind-entry.json" in str(info.value) and "no usable entry file" in str(info.value)
