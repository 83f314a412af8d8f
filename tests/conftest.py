"""Shared fixtures for the site and in-page play tests.

``real_site`` builds the real content once per session into a temporary folder;
``site_url`` serves it on 127.0.0.1 with the same headers as netlify.toml; ``browser`` is a
headless Chromium (the system's /usr/bin/chromium when present, else Playwright's own).
Nothing is skipped: a missing tool fails with what to install.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest

from site_builder import build
from site_builder.serve import make_server

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]


@pytest.fixture(scope="session")
def real_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("real") / "_site"
    build(CONTENT, out)
    return out


class Served:
    """A built site served on 127.0.0.1 (netlify.toml's headers) in a thread, until ``stop``."""

    def __init__(self, root: Path) -> None:
        self.server = make_server(root, 0, quiet=True)
        host, port = self.server.server_address[:2]
        self.url = f"http://{host}:{port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.stopped = False

    def stop(self) -> None:
        if not self.stopped:
            self.server.shutdown()
            self.server.server_close()
            self.stopped = True


@pytest.fixture(scope="session")
def site_url(real_site: Path) -> Iterator[str]:
    served = Served(real_site)
    yield served.url
    served.stop()


def launch_options() -> dict[str, Any]:
    """How to start Chromium here: headless, Debian's when installed, with the flags this
    closed network needs."""
    options: dict[str, Any] = {"headless": True, "args": CHROMIUM_ARGS}
    if CHROMIUM.exists():
        options["executable_path"] = str(CHROMIUM)
    return options


def cannot_start(exc: Exception) -> NoReturn:
    pytest.fail(f"cannot start Chromium ({exc.__class__.__name__}: {str(exc).splitlines()[0]}). Install it: "
                "apt-get install chromium (or: python -m playwright install chromium)", pytrace=False)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("Playwright is not installed: run  pip install -e '.[test]'", pytrace=False)
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Any) -> Iterator[Any]:
    try:
        chromium = playwright.chromium.launch(**launch_options())
    except Exception as exc:  # noqa: BLE001 (any launch failure means the same fix)
        cannot_start(exc)
    yield chromium
    chromium.close()
