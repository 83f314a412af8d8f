"""Stage 8: the Pagefind search index, written into the build folder before the swap.

Pagefind's Python package drives its own binary (shipped in the ``pagefind[bin]`` wheel), so
the index is made with no network and no Node. The pages are indexed from the new build folder, before the swap; only
elements inside ``data-pagefind-body`` are indexed, so navigation and the demo board are not.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from pagefind.index import IndexConfig, PagefindIndex


async def _index(site: Path) -> int:
    config = IndexConfig(output_path=str(site / "pagefind"), force_language="en")
    async with PagefindIndex(config=config) as index:  # the index is written on leaving the block
        result = await index.add_directory(str(site))
    return int(result.get("page_count", 0))


def build_index(site: Path) -> int:
    """Index the HTML files already written under ``site`` into ``site/pagefind``.

    One ``add_directory`` call: handing pages over one by one costs a round trip to the
    Pagefind process each, about a hundred times slower on a large site.
    The index runs on a thread of its own with its own event loop, so a caller that already
    runs one (Playwright's sync API, a notebook) can still build.
    """
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(lambda: asyncio.run(_index(site))).result()
