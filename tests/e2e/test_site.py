"""The built site: boots from the local server only, under any sub-path, offline, installable."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import struct
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest
from typing import TYPE_CHECKING

import build
import catan_core
from catan_core.i18n import translate

if TYPE_CHECKING:
    from collections.abc import Callable

    from conftest import GuardedBrowser, LocalSite
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

SW_CONTROLLED = "navigator.serviceWorker.controller !== null"
TEXT_FILES = ("index.html", "pyscript.json", "manifest.webmanifest", "sw.js")
UNCHECKED_HASH = 0b01
"""A .pyc header's flags for a hash-based file whose source is never checked (PEP 552)."""


def sw_assets(dist: Path) -> list[str]:
    """The URLs that dist/sw.js precaches."""
    found = re.search(r"const ASSETS = (\[.*?\]);", (dist / "sw.js").read_text(encoding="utf-8"), re.S)
    assert found, "sw.js has no ASSETS list"
    return json.loads(found[1])


def test_app_reaches_ready_using_only_the_local_server(app_page: Page, site: LocalSite) -> None:
    assert app_page.get_attribute("html", "data-ready") == "1"
    assert f"catan_core {catan_core.__version__}" in app_page.inner_text("#app")
    assert app_page.locator(".loading").count() == 0
    loaded = app_page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert any(url.endswith("/pyodide.asm.wasm") for url in loaded)
    assert [url for url in loaded if not url.startswith(site.url)] == []
    # The `browse` guard behind app_page also fails the test on any blocked request.


def test_works_under_a_subpath(browse: GuardedBrowser, site_under_subpath: LocalSite) -> None:
    assert site_under_subpath.url.endswith("/games/catan/")
    page = browse.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(site_under_subpath.url)
    browse.wait_ready(page)
    assert f"catan_core {catan_core.__version__}" in page.inner_text("#app")
    assert requested and [url for url in requested if not url.startswith(site_under_subpath.url)] == []


PYSCRIPT_PACKAGE = """async () => {
  const pyodide = await (await import("./interpreter.mjs")).started;
  const imported = "import sys; sorted(name for name in sys.modules if name.split('.')[0] == 'pyscript')";
  return { written: pyodide.FS.analyzePath("pyscript").exists, imported: pyodide.runPython(imported).toJs() };
}"""
"""Whether PyScript's Python package was written into the page's working directory, and which
of its modules are imported."""


@pytest.mark.parametrize("path", ["", "embed.html?scenario=scenarios/roads.json", "almanac.html"])
def test_the_pages_start_without_pyscripts_python_package(browse: GuardedBrowser, site: LocalSite, path: str) -> None:
    """interpreter.mjs runs PyScript's start-up code without the part that writes PyScript's
    package into the working directory and imports it (the pages reach the browser through
    catan_web.dom): on every page, whether its script runs synchronously or not (the embed's),
    neither happened, and the page is ready."""
    page = browse.open(site.url + path)
    assert page.evaluate(PYSCRIPT_PACKAGE) == {"written": False, "imported": []}


@pytest.mark.parametrize("path", ["", "embed.html?scenario=scenarios/roads.json", "almanac.html"])
def test_every_preloaded_file_is_fetched_once(browse: GuardedBrowser, site: LocalSite, dist_dir: Path,
                                              path: str) -> None:
    """Each file a page's head preloads (build.preload_links: the modules as scripts, the rest
    as fetches) is requested once while the page starts: the preload is what its module import
    or fetch() uses, not a second download beside it."""
    page = browse.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(site.url + path)
    browse.wait_ready(page)
    preloaded = page.evaluate("[...document.querySelectorAll('link[rel=preload]')].map(link => link.href)")
    assert len(preloaded) == len(build.preload_links(dist_dir, "page.py"))
    assert {url: requested.count(url) for url in preloaded} == {url: 1 for url in preloaded}
    page.context.close()


def test_second_visit_works_offline(browse: GuardedBrowser, serve_dist: Callable[[str], LocalSite]) -> None:
    local = serve_dist("/")  # its own server, so stopping it leaves the others alone
    page = browse.open(local.url)
    page.wait_for_function(SW_CONTROLLED, timeout=60_000)  # installed (all precached) and active
    cache_names = page.evaluate("caches.keys()")
    assert len(cache_names) == 1 and cache_names[0].startswith("catan:" + local.url)

    local.stop()
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(local.url, timeout=5)

    response = page.reload()
    browse.wait_ready(page)
    assert response is not None and response.from_service_worker
    assert f"catan_core {catan_core.__version__}" in page.inner_text("#app")


FROM_SNAPSHOT = "performance.getEntriesByName('pyodide-ready')[0].detail.snapshot"
"""Whether this start of the page's Python was from the snapshot (web/interpreter.mjs's mark)."""


def test_later_visits_start_python_from_its_snapshot_and_draw_fresh_random_numbers(
        browse: GuardedBrowser, site: LocalSite) -> None:
    """The first visit starts Python the usual way; once the service worker keeps the snapshot
    (build.write_snapshot), every start is from it, and still draws its own random numbers:
    the snapshot holds one state of Python's random generator, which web/interpreter.mjs seeds
    afresh, so the new-game form's seed differs at every start."""
    page = browse.open(site.url)
    page.wait_for_function(SW_CONTROLLED, timeout=60_000)
    started, seeds = [page.evaluate(FROM_SNAPSHOT)], [page.input_value("#seed")]
    for _ in range(2):
        page.reload()
        browse.wait_ready(page)
        started.append(page.evaluate(FROM_SNAPSHOT))
        seeds.append(page.input_value("#seed"))
    assert started == [False, True, True]
    assert len(set(seeds)) == len(seeds), seeds
    assert f"catan_core {catan_core.__version__}" in page.inner_text("#app")


DAMAGE = """async ([name, damage]) => {
    const cache = await caches.open((await caches.keys())[0]);
    if (damage === "missing") return cache.delete(name);
    const memory = new Uint8Array(await (await cache.match(name)).arrayBuffer());
    memory.fill(0, 0, 64);  // its header
    await cache.put(name, new Response(memory));
}"""
"""Damage the snapshot ``name`` that the service worker keeps in one of two ways: "header"
(zeros in place of its header) or "missing" (taken out of the worker's cache)."""


@pytest.mark.parametrize(("damage", "reason"), [
    ("header", "Error: Snapshot has invalid magic number"),  # Pyodide refuses it
    ("missing", "Error: {name}: 404 File not found"),  # not kept: asked of the server, which has it packed only
])
def test_a_start_without_a_usable_snapshot_says_so_and_starts_python_the_usual_way(
        guarded_browser: GuardedBrowser, site: LocalSite, dist_dir: Path, damage: str, reason: str) -> None:
    name = sw_snapshot(dist_dir)
    checkpoint = guarded_browser.checkpoint()
    page = guarded_browser.open(site.url)
    try:
        page.wait_for_function(SW_CONTROLLED, timeout=60_000)
        page.evaluate(DAMAGE, [name, damage])
        warnings: list[str] = []
        page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
        page.reload()
        guarded_browser.wait_ready(page)
        assert page.evaluate(FROM_SNAPSHOT) is False
        assert f"catan_core {catan_core.__version__}" in page.inner_text("#app")
        assert warnings == [f"Python could not start from {name} ({reason.format(name=name)}); starting it the usual way."]
    finally:
        page.context.close()
    assert guarded_browser.blocked[checkpoint[0]:] == []
    errors = guarded_browser.errors[checkpoint[1]:]  # the browser's report of the 404, if asked
    assert all("404" in error for error in errors) and len(errors) == (damage == "missing"), errors


PLAY_MS = 3000
"""How long computer players play in each earlier session of the code-cache test."""
WASM_CACHE_HIT = "v8.wasm.moduleCacheHit"
"""The trace event Chromium records when it takes a WebAssembly module's machine code from its
code cache instead of compiling it (category ``disabled-by-default-devtools.timeline``)."""


def test_a_regular_visitor_starts_python_from_the_compiled_code_cache(
        guarded_browser: GuardedBrowser, site: LocalSite, tmp_path: Path) -> None:
    """Someone who comes back in new browser sessions gets Pyodide's WebAssembly from Chromium's
    code cache (its optimised machine code, as a bare Pyodide page does) instead of compiling it
    again: the page lets Pyodide fetch pyodide.asm.wasm itself (build.preload_links), since a
    response that a preload link fetched was mostly not given the cache. With the preload, most
    visits in new sessions compiled the 9.6 MB module again and ran Python on the baseline
    compiler's code (its start twice as slow: README, start-up), and this test failed in some
    runs, not all. The first visit in a new session compiles it from the service worker's copy,
    beside which Chromium keeps the code; the second uses it. V8 hands its code to the cache
    only once it has optimised enough of it, so in each earlier session the player watches
    computer players play for a while: since Python starts from its snapshot, opening the page
    alone runs too little of the interpreter's code for that."""
    browser_type = guarded_browser.browser.browser_type

    def visit(trace: bool = False) -> list[dict]:
        """Open the site in Chromium on the test's profile and wait until ready; then, unless
        the visit is traced (the last one), let computer players play and leave the page open
        until its code is cached; close."""
        context = guarded_browser.guard(browser_type.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS))
        page = guarded_browser.new_page(context)
        events: list[dict] = []
        done: list[bool] = []
        if trace:
            session = context.new_cdp_session(page)
            session.on("Tracing.dataCollected", lambda data: events.extend(data["value"]))
            session.on("Tracing.tracingComplete", lambda _: done.append(True))
            session.send("Tracing.start", {"categories": "disabled-by-default-devtools.timeline",
                                           "transferMode": "ReportEvents"})
        page.goto(site.url)
        guarded_browser.wait_ready(page)
        page.wait_for_function(SW_CONTROLLED, timeout=60_000)
        if trace:
            session.send("Tracing.end")
            while not done:
                page.wait_for_timeout(50)
        else:
            page.select_option("#seat-kind-0", "standard")  # four computer players
            page.click("#start")
            page.wait_for_selector("#game:not([hidden])")
            if page.input_value("#speed") != "instant":  # the pace is remembered from the session before
                page.select_option("#speed", "instant")
            page.wait_for_timeout(PLAY_MS + build.CODE_CACHE_STAY_MS)
        context.close()
        return events

    checkpoint = guarded_browser.checkpoint()
    visit()  # the first visit: the service worker installs
    visit()  # a new session: compiled from the service worker's copy, the code kept beside it
    events = visit(trace=True)
    hits = [event["args"]["url"] for event in events if event.get("name") == WASM_CACHE_HIT]
    assert hits == [site.url + "pyodide/pyodide.asm.wasm"], sorted({e["name"] for e in events if "wasm" in e["name"]})
    guarded_browser.assert_clean_since(checkpoint)


@pytest.mark.parametrize(("missing", "reason"), [
    (build.CODE_ZIP, f"{build.CODE_ZIP}: 404 File not found"),  # interpreter.mjs's download
    ("pyodide/pyodide.mjs", "Failed to fetch dynamically imported module: {url}interpreter.mjs"),  # a module of it
])
def test_a_page_that_cannot_start_says_why(guarded_browser: GuardedBrowser, dist_dir: Path, tmp_path: Path,
                                           missing: str, reason: str) -> None:
    """A deployment missing a file the start needs: the loading message becomes an alert that
    says why (PyScript itself says nothing), in the language the page speaks, and nothing
    stays busy."""
    broken = tmp_path / "dist"
    shutil.copytree(dist_dir, broken)
    (broken / missing).unlink()
    server, url = build.start_server(broken)
    checkpoint = guarded_browser.checkpoint()
    page = guarded_browser.new_page(guarded_browser.new_context(locale="de-DE"))
    try:
        page.goto(url)
        alert = page.locator("[data-loading][role=alert]")
        alert.wait_for(timeout=60_000)
        assert alert.inner_text() == translate("ui.start_failed", {"reason": reason.format(url=url)}, "de")
        assert page.locator('[aria-busy="true"]').count() == 0
        assert page.get_attribute("html", "data-ready") is None
    finally:
        page.context.close()
        server.shutdown()
        server.server_close()
    assert guarded_browser.blocked[checkpoint[0]:] == []
    # the errors expected: the browser's reports of the 404s, and the reason itself, uncaught
    # by PyScript (or by the browser's own loading of interpreter.mjs)
    errors = guarded_browser.errors[checkpoint[1]:]
    assert errors and all("404" in error or error.endswith(reason.format(url=url)) for error in errors), errors


def test_manifest_is_linked_and_parseable(app_page: Page) -> None:
    session = app_page.context.new_cdp_session(app_page)
    try:
        manifest = session.send("Page.getAppManifest")
    finally:
        session.detach()
    assert manifest["url"].endswith("/manifest.webmanifest")
    assert manifest["errors"] == []
    data = json.loads(manifest["data"])
    assert data["name"] == "Catan" and data["start_url"] == "." and data["display"] == "standalone"
    icon_types = app_page.evaluate(
        """async (icons) => Promise.all(icons.map(async (icon) => {
            const response = await fetch(new URL(icon.src, document.querySelector('link[rel=manifest]').href));
            return response.ok ? response.headers.get('content-type') : 'HTTP ' + response.status;
        }))""",
        data["icons"],
    )
    assert icon_types == [icon["type"] for icon in data["icons"]]
    assert "image/svg+xml" in icon_types


def sw_snapshot(dist: Path) -> str:
    """The path of the snapshot that dist/sw.js keeps unpacked (build.write_snapshot)."""
    found = re.search(r'^const SNAPSHOT = "([^"]+)";', (dist / "sw.js").read_text(encoding="utf-8"), re.M)
    assert found, "sw.js names no SNAPSHOT"
    return found[1]


def test_service_worker_precaches_every_file(dist_dir: Path) -> None:
    """Every file but itself and the packed snapshot, which it keeps unpacked under its own name."""
    files = sorted(p.relative_to(dist_dir).as_posix() for p in dist_dir.rglob("*") if p.is_file())
    packed = sw_snapshot(dist_dir) + build.PACKED
    assert packed in files
    assert sw_assets(dist_dir) == ["./", *(name for name in files if name not in ("sw.js", packed))]


def test_the_snapshot_is_the_shipped_pyodides_named_by_its_bytes(dist_dir: Path) -> None:
    """The snapshot unpacks (gzip checks its length and CRC), is named by the hash of what it
    unpacks to, in the worker and in the module that starts from it; and its header carries the
    build id of the Pyodide the site ships, which Pyodide checks before it uses a snapshot."""
    name = sw_snapshot(dist_dir)
    memory = gzip.decompress((dist_dir / (name + build.PACKED)).read_bytes())
    assert name == f"pyodide/python-{hashlib.sha256(memory).hexdigest()[:16]}.snapshot"
    assert f'const SNAPSHOT = "{name}";' in (dist_dir / "interpreter.mjs").read_text(encoding="utf-8")
    found = re.search(r'BUILD_ID:"([0-9a-f]{64})"', (dist_dir / "pyodide" / "pyodide.mjs").read_text(encoding="utf-8"))
    assert found
    assert struct.unpack("<8I", memory[16:48]) == tuple(int(found[1][i:i + 8], 16) for i in range(0, 64, 8))


def test_only_relative_urls(dist_dir: Path) -> None:
    for name in TEXT_FILES:
        text = (dist_dir / name).read_text(encoding="utf-8")
        assert "://" not in text, name
        assert not re.search(r"""(?:src|href|start_url|scope)["']?\s*[=:]\s*["']/""", text), name


def test_build_is_reproducible(tmp_path: Path) -> None:
    first, second = build.build(tmp_path / "first"), build.build(tmp_path / "second")
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(second) for p in second.rglob("*") if p.is_file())
    assert [name for name in files if (first / name).read_bytes() != (second / name).read_bytes()] == []


def test_the_python_code_ships_with_bytecode_for_the_pinned_pyodide(dist_dir: Path) -> None:
    """Every module in catan.zip has its bytecode beside it, where zipimport looks first,
    compiled by the pinned Pyodide's Python (the magic number of the standard library's
    bytecode, which that Python also compiled) and never checked against its source, so the
    pages import from the zip without compiling."""
    with zipfile.ZipFile(dist_dir / "pyodide" / build.STDLIB_ZIP) as stdlib:
        magic = stdlib.read("json/__init__.pyc")[:4]
    with zipfile.ZipFile(dist_dir / build.CODE_ZIP) as archive:
        names = set(archive.namelist())
        sources = [name for name in names if name.endswith(".py")]
        assert {"catan_core/state.py", "catan_web/browser/host.py", "catan_web/browser/dom.py"} <= set(sources)
        assert "catan_core/messages/en.json" in names and not any("__pycache__" in name for name in names)
        for source in sources:
            header = archive.read(source + "c")[:8]
            assert header[:4] == magic, source
            assert int.from_bytes(header[4:8], "little") == UNCHECKED_HASH, source


def test_the_pages_import_from_the_code_zip_as_it_is(dist_dir: Path) -> None:
    """pyscript.json names interpreter.mjs, which every page starts before anything else in its
    head and which puts catan.zip, as one file (not unpacked), on ``sys.path``; the config
    leaves out the plugins the pages do not use; each page preloads its Python script."""
    config = json.loads((dist_dir / "pyscript.json").read_text(encoding="utf-8"))
    assert config == {"interpreter": "./interpreter.mjs", "plugins": [f"!{name}" for name in build.PYSCRIPT_PLUGINS_OFF]}
    for name, script in (("index.html", "main.py"), ("embed.html", "embed.py"), ("almanac.html", "almanac.py")):
        page = (dist_dir / name).read_text(encoding="utf-8")
        assert f'<script type="py" src="./{script}" config="./pyscript.json"' in page, name
        assert page.index('<script type="module" async src="./interpreter.mjs">') < page.index("<link"), name
        assert f'<link rel="preload" href="./{script}" as="fetch" crossorigin>' in page, name
    interpreter = (dist_dir / "interpreter.mjs").read_text(encoding="utf-8")
    assert f'const CODE = "{build.CODE_ZIP}";' in interpreter and 'sys.path.insert(0, "${CODE}")' in interpreter


def test_the_standard_library_bytecode_covers_every_import_of_the_pages_code() -> None:
    """What build.py compiles of the standard library starts from every import statement in
    the pages' code, at any depth; relative imports are ours."""
    texts = ["import html.entities, json as j\nfrom . import board\n", "def f():\n    from importlib import util\n"]
    names = build.stdlib_imports(texts)
    assert {"html.entities", "json", "importlib"} == set(names)
    assert names == sorted(names)


def test_the_standard_library_zip_keeps_every_source_and_adds_bytecode(dist_dir: Path) -> None:
    with zipfile.ZipFile(build.NODE_MODULES / "pyodide" / build.STDLIB_ZIP) as npm, zipfile.ZipFile(dist_dir / "pyodide" / build.STDLIB_ZIP) as ours:
        original, shipped = npm.namelist(), ours.namelist()
        assert shipped[: len(original)] == original
        added = shipped[len(original):]
        assert {"asyncio/__init__.pyc", "json/__init__.pyc", "dataclasses.pyc"} <= set(added)
        assert all(name.endswith(".pyc") and name[:-1] in original for name in added)
        for name in added:
            assert int.from_bytes(ours.read(name)[4:8], "little") == UNCHECKED_HASH, name
