"""How every game's board fits and reads, as a player sees it: for each game page at a
1280x800 desktop and a 360x740 phone (or the sizes given), at the opening deal and after two
deals from the stock, the card width, where the board starts and ends against the first
screen, whether it fits the width (or says it scrolls), whether it folded, and how many
corner indexes are covered or cut and how many cards of one pile lie over another's
(tests/play/geometry.js measures it, as test_geometry.py does). Then a summary line per size.

Figures, not a test: test_geometry.py asserts what must hold. Builds the site into a
temporary folder (or serves ``--site DIR``) and drives Debian's Chromium (or Playwright's).

    .venv/bin/python benchmarks/board_fit.py [--size 1280x800 --size 360x740] [--game klondike ...]
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from site_builder import build  # noqa: E402
from site_builder.serve import make_server  # noqa: E402
from tests.conftest import launch_options  # noqa: E402

GEOMETRY = (ROOT / "tests" / "play" / "geometry.js").read_text("utf-8")
READY = re.compile(r"^(ready|lost|stuck)$")


def measure(page: Any, url: str, slug: str, height: int) -> list[dict[str, Any]]:
    from playwright.sync_api import expect

    page.goto(f"{url}/games/{slug}/")
    expect(page.locator("section.demo")).to_have_attribute("data-status", READY, timeout=60_000)
    out = [{"when": "opening", **page.evaluate(GEOMETRY)}]
    for n in (1, 2):
        button = page.locator('section.demo .demo-actions button[data-move="deal"]:not([disabled])')
        if not button.count():
            break
        moves = page.locator('[data-counter="moves"]').inner_text()
        button.click()
        expect(page.locator('[data-counter="moves"]')).not_to_have_text(moves)
        expect(page.locator("section.demo")).to_have_attribute("data-status", READY, timeout=30_000)
        page.wait_for_function("() => document.getAnimations().length === 0")  # the cards at rest
        out.append({"when": f"{n} deal{'s' if n > 1 else ''}", **page.evaluate(GEOMETRY)})
    for m in out:
        m["folded"] = page.locator("section.demo .board.folded").count() > 0
        m["fits"] = m["top"] >= 0 and (m["frameBottom"] if m["framed"] else m["bottom"]) <= height + 0.5
        m["wide"] = m["framed"] or m["frameScroll"] <= m["frameWidth"] + 1
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", action="append", metavar="WxH", help="window sizes (default 1280x800 and 360x740)")
    parser.add_argument("--game", action="append", metavar="SLUG", help="games (default: every game)")
    parser.add_argument("--site", type=Path, help="an already built site to serve")
    args = parser.parse_args()
    sizes = [tuple(int(v) for v in s.split("x")) for s in (args.size or ["1280x800", "360x740"])]
    slugs = args.game or [g.slug for g in engine.games()]
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site or Path(tmp) / "_site"
        if args.site is None:
            build(ROOT / "content", site)
        server = make_server(site, 0, quiet=True)
        host, port = server.server_address[:2]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://{host}:{port}"
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch_options())
            for width, height in sizes:
                page = browser.new_page(viewport={"width": width, "height": height})
                print(f"\n{width}x{height}: card px, board from-to (first screen {height}), width, fold; "
                      "indexes covered or cut; cards over another pile's")
                totals = {"fit": 0, "wide": 0, "clean": 0, "n": 0}
                widths = []
                for slug in slugs:
                    for m in measure(page, url, slug, height):
                        totals["n"] += 1
                        totals["fit"] += m["fits"]
                        totals["wide"] += m["wide"]
                        totals["clean"] += not m["cut"] and not m["overlaps"]
                        if m["when"] == "opening":
                            widths.append(m["cardWidth"])
                        width_text = "scrolls, says so" if m["framed"] else ("fits" if m["wide"] else "TOO WIDE")
                        print(f"  {slug:20s} {m['when']:8s} {m['cardWidth']:5.0f} {m['top']:5.0f}-{m['bottom']:<5.0f}"
                              f" {'in' if m['fits'] else 'OUT':3s} {width_text:16s} {'folded' if m['folded'] else '':6s}"
                              f" {len(m['cut']):3d} {len(m['overlaps']):3d}")
                page.close()
                widths.sort()
                print(f"  {width}x{height}: {totals['fit']} of {totals['n']} boards in the first screen, "
                      f"{totals['wide']} within the width, {totals['clean']} with no index covered and no pile over "
                      f"another; opening cards {widths[0]:.0f}-{widths[-1]:.0f} px, median {widths[len(widths) // 2]:.0f}")
            browser.close()
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
