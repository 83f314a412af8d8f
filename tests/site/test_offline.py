"""The offline copy as the builder writes it: the service worker's list, the build id that
names its caches, the manifest, and the local server's compression (what a host sends)."""

from __future__ import annotations

import gzip
import json
import re
import shutil
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from site_builder import build
from site_builder.offline import page_url, service_worker, shell_files
from site_builder.runtime import PYODIDE_LOADED, prepare_runtime

from site_fixture import write_content
from tests.conftest import Served


def offline_config(site: Path) -> dict[str, object]:
    """The OFFLINE object the builder writes at the top of sw.js."""
    text = (site / "sw.js").read_text("utf-8")
    found = re.search(r"^const OFFLINE = (\{.*?\n\});$", text, re.S | re.M)
    assert found, "sw.js does not start with the builder's OFFLINE list"
    config: dict[str, object] = json.loads(found.group(1))
    return config


def test_the_service_worker_keeps_every_page_asset_and_search_file_but_not_the_demos_runtime(real_site: Path) -> None:
    config = offline_config(real_site)
    shell = set(config["shell"])  # type: ignore[arg-type]
    pages = {page_url(p.relative_to(real_site).as_posix()) for p in real_site.rglob("*.html")}
    assert {"/", "/games/deuces/", "/glossary/", "/search/", "/404.html"} <= pages
    assert pages <= shell, f"pages the offline copy misses: {sorted(pages - shell)}"
    assets = {"/" + p.relative_to(real_site).as_posix() for p in (real_site / "assets").rglob("*") if p.is_file()}
    demo = set(config["demo"])  # type: ignore[arg-type]
    assert assets - demo <= shell and "/manifest.webmanifest" in shell
    for name in ("pagefind/pagefind-ui.js", "pagefind/pagefind.js", "pagefind/pagefind-entry.json"):
        assert "/" + name in shell, name
    assert any(u.startswith("/pagefind/fragment/") for u in shell) and any(u.startswith("/pagefind/index/") for u in shell)
    # Pyodide and the engine wait for a game page; nothing listed is missing from the site.
    version = config["pyodide"]
    assert demo == {f"/pyodide/{version}/{n}" for n in PYODIDE_LOADED} | {next(u for u in assets if "/engine." in u)}
    assert not shell & demo and not any(u.startswith("/pyodide/") for u in shell)
    for url in shell | demo:
        path = real_site / url.lstrip("/")
        assert (path / "index.html" if url.endswith("/") else path).is_file(), url


def test_the_build_id_changes_with_any_file_the_worker_keeps_and_only_then(tmp_path: Path) -> None:
    content = write_content(tmp_path)
    out = tmp_path / "site"
    build(content, out, search=False)
    first = (out / "sw.js").read_bytes()
    build(content, out, search=False)
    assert (out / "sw.js").read_bytes() == first, "the same site must give the same service worker"
    runtime = prepare_runtime()
    copy = tmp_path / "copy"
    shutil.copytree(out, copy)
    theme = Path(__file__).resolve().parents[2] / "theme"
    assert service_worker(copy, runtime, theme) == first
    about = copy / "about" / "index.html"
    about.write_text(about.read_text("utf-8").replace("About the site.", "About this site."), "utf-8")
    changed = service_worker(copy, runtime, theme).decode()
    old_id, new_id = offline_config(out)["build"], re.search(r'"build": "(\w+)"', changed)[1]  # type: ignore[index]
    assert old_id != new_id
    assert list(shell_files(copy, runtime)) == offline_config(out)["shell"]


def test_the_manifest_makes_the_site_installable_with_icons_that_exist(real_site: Path) -> None:
    manifest = json.loads((real_site / "manifest.webmanifest").read_text("utf-8"))
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone" and manifest["name"]
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert (real_site / icon["src"].lstrip("/")).is_file(), icon["src"]
        if icon["type"] == "image/png":
            data = (real_site / icon["src"].lstrip("/")).read_bytes()
            width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
            assert data[:8] == b"\x89PNG\r\n\x1a\n" and f"{width}x{height}" == icon["sizes"]
    home = (real_site / "index.html").read_text("utf-8")
    assert '<link rel="manifest" href="/manifest.webmanifest">' in home
    assert re.search(r'<script type="module" src="/assets/offline\.\w+\.js"></script>', home)


@pytest.fixture(scope="module")
def served(real_site: Path) -> Iterator[str]:
    site = Served(real_site)
    yield site.url
    site.stop()


def fetch(url: str, **headers: str) -> tuple[dict[str, str], bytes]:
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as r:
        return dict(r.headers), r.read()


def test_the_server_compresses_text_and_webassembly_as_a_host_does(real_site: Path, served: str) -> None:
    version = offline_config(real_site)["pyodide"]
    for path, file in (("/games/deuces/", "games/deuces/index.html"), (f"/pyodide/{version}/pyodide.asm.wasm",
                       f"pyodide/{version}/pyodide.asm.wasm"), ("/sw.js", "sw.js")):
        headers, body = fetch(served + path, **{"Accept-Encoding": "gzip, br"})
        assert headers.get("Content-Encoding") == "gzip" and headers.get("Vary") == "Accept-Encoding", path
        original = (real_site / file).read_bytes()
        assert gzip.decompress(body) == original and len(body) < len(original), path
        plain_headers, plain = fetch(served + path)
        assert "Content-Encoding" not in plain_headers and plain == original, path
    headers, _ = fetch(served + "/manifest.webmanifest", **{"Accept-Encoding": "gzip"})
    assert headers["Content-Type"] == "application/manifest+json" and headers["Cache-Control"] == "no-cache"
    engine = next(u for u in offline_config(real_site)["demo"] if "/engine." in u)  # type: ignore[attr-defined]
    headers, _ = fetch(served + engine, **{"Accept-Encoding": "gzip"})
    assert headers.get("Content-Encoding") == "gzip", "the engine is text (JSON): compressed as a host would"
    headers, _ = fetch(served + f"/pyodide/{version}/python_stdlib.zip", **{"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in headers, "a zip is compressed already"
