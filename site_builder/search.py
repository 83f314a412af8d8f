"""Stage 8: the Pagefind search index, written into the build folder before the swap.

Pagefind's ``pagefind[bin]`` wheel ships its binary, so the index is made with no network and
no Node. Only elements inside ``data-pagefind-body`` are indexed, so navigation and the demo
board are not.

The binary runs as a command (``python -m pagefind --site ...``), not through the package's
Python service: the service stops the binary as soon as it answers "written", and on a busy
machine that cut short writes still in flight (empty ``pagefind-entry.json`` and index chunks
seen under load, which broke search in the browser). A command that exits has finished its
writes. The output is checked before the swap all the same.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from .errors import BuildError, BuildFailed


def build_index(site: Path) -> int:
    """Index the HTML files already written under ``site`` into ``site/pagefind``; the number
    of pages indexed. A failed or incomplete index raises ``BuildFailed``."""
    out = site / "pagefind"
    command = [sys.executable, "-m", "pagefind", "--site", str(site), "--output-path", str(out),
               "--force-language", "en", "--silent"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BuildFailed([BuildError(site, 0, f"Pagefind failed (exit {done.returncode})",
                                      (done.stderr or done.stdout).strip())])
    return check_index(out)


def check_index(out: Path) -> int:
    """The page count of a written index, after checking no file of it is empty."""
    entry = out / "pagefind-entry.json"
    try:
        data = json.loads(entry.read_text("utf-8"))
        count = sum(int(lang["page_count"]) for lang in data["languages"].values())
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise BuildFailed([BuildError(entry, 0, "Pagefind wrote no usable entry file", str(exc))]) from exc
    empty = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file() and p.stat().st_size == 0)
    if empty:
        raise BuildFailed([BuildError(out, 0, "Pagefind left empty files", ", ".join(empty[:5]))])
    return count
