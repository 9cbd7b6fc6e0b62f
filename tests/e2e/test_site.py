"""The built site: boots from the local server only, under any sub-path, offline, installable."""

from __future__ import annotations

import doctest
import gzip
import hashlib
import json
import re
import shutil
import struct
import subprocess
import urllib.error
import urllib.request
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import build
import catan_core
from catan_core.i18n import translate

if TYPE_CHECKING:
    from collections.abc import Callable

    from conftest import GuardedBrowser, LocalSite
    from playwright.sync_api import Page, Route

pytestmark = pytest.mark.e2e

SW_CONTROLLED = "navigator.serviceWorker.controller !== null"
TEXT_FILES = ("index.html", "pyscript.json", "manifest.webmanifest", "sw.js")
UNCHECKED_HASH = 0b01
"""A .pyc header's flags for a hash-based file whose source is never checked (PEP 552)."""


def sw_assets(dist: Path) -> list[str]:
    """The URLs that dist/sw.js precaches."""
    found = re.search(r"const ASSETS = (\[.*?\]);", (dist / "sw.js").read_text(encoding="utf-8"), re.DOTALL)
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
def test_each_file_is_requested_once_per_visit(browse: GuardedBrowser, site: LocalSite, dist_dir: Path,
                                               path: str) -> None:
    """On a first visit and on the next (for the game page, which installs the service worker,
    from it), each file is requested once while the page starts (a preload is what the import
    that needs it uses, not a second download beside it), the preloads are the build's module
    preloads, and the browser warns of nothing (an unused preload, for one). Firefox and
    WebKit: tests/engines."""
    page = browse.new_page()
    requested: list[str] = []
    warnings: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    session = page.context.new_cdp_session(page)  # what the browser itself logs (preloads, for one)
    session.on("Log.entryAdded", lambda event: warnings.append(event["entry"]["text"])
               if event["entry"]["level"] in ("warning", "error") else None)
    session.send("Log.enable")
    page.goto(site.url + path)
    browse.wait_ready(page)
    preloaded = page.evaluate("[...document.querySelectorAll('link[rel=modulepreload]')].map(link => link.href)")
    assert [f'<link rel="modulepreload" href="./{link[len(site.url):]}">' for link in preloaded] == build.preload_links(dist_dir)
    assert set(preloaded) <= set(requested)
    assert {url: n for url in requested if (n := requested.count(url)) > 1} == {}
    if path == "":
        page.wait_for_function(SW_CONTROLLED, timeout=60_000)
    requested.clear()
    page.goto(site.url + path)
    browse.wait_ready(page)
    assert set(preloaded) <= set(requested)
    assert {url: n for url in requested if (n := requested.count(url)) > 1} == {}
    page.wait_for_timeout(3500)  # Chromium warns of a preload left unused three seconds after load
    assert warnings == []
    page.context.close()


CODE_PATH = """async () => {
  const pyodide = await (await import("./interpreter.mjs")).started;
  return pyodide.runPython("import sys\\n[entry for entry in sys.path if entry.startswith('catan')]").toJs();
}"""
"""The code zips on the page's Python's path, first first."""


def test_a_first_visit_starts_from_the_pages_start_zip_and_its_events_wait_for_the_rest(
        browse: GuardedBrowser, site: LocalSite, dist_dir: Path) -> None:
    """A first visit of the game page (one of build.START_PAGES) starts Python from its start
    zip (only the modules it imports as it starts: under a third of catan.zip) and is ready
    without catan.zip; a click meanwhile waits for it and then does what it asks (a new game,
    which imports the engine); nothing says a module came too late (a console error). The
    other pages start from catan.zip."""
    start = build.start_zip("index.html")
    assert (dist_dir / start).stat().st_size < (dist_dir / build.CODE_ZIP).stat().st_size / 3
    assert [page.name for page in dist_dir.glob("*.html") if f'data-code="{start}"' in page.read_text(encoding="utf-8")] == [
        "index.html"]
    page = browse.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url[len(site.url):]))
    held: list[Route] = []
    page.route(f"**/{build.CODE_ZIP}", lambda route: held.append(route))
    page.goto(site.url)
    browse.wait_ready(page)
    assert page.evaluate(CODE_PATH) == [start]
    page.click("#start")
    for _ in range(100):  # the route's handler runs as Playwright's messages arrive
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page did not ask for catan.zip once ready"
    assert page.locator("#home").is_visible()  # the click waits for the code
    for route in held:
        route.continue_()
    page.wait_for_selector(".catan-board")
    assert page.evaluate(CODE_PATH) == [build.CODE_ZIP, start]
    assert requested.count(start) == requested.count(build.CODE_ZIP) == 1
    page.context.close()
    for name in ("embed.html?scenario=scenarios/roads.json", "almanac.html"):
        other = browse.open(site.url + name)
        assert other.evaluate(CODE_PATH) == [build.CODE_ZIP], name
        other.context.close()


def test_an_invitation_opened_on_a_first_visit_is_read_once_all_the_code_is_there(browse: GuardedBrowser,
                                                                                  site: LocalSite) -> None:
    """An invitation link (``#join=``) opened on a first visit: the page is ready from its start
    zip, and network play (in catan.zip) reads the invitation once catan.zip is there; a
    damaged one is refused with a notice, and nothing says a module came too late."""
    page = browse.open(site.url + "#join=not-an-invitation")
    page.wait_for_selector("#notice:not([hidden])")
    assert page.locator("#notice").inner_text().strip()
    assert page.evaluate(CODE_PATH) == [build.CODE_ZIP, build.start_zip("index.html")]
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
    # interpreter.mjs's download of the code the page (the game page: a first visit) starts from
    (build.start_zip("index.html"), f"{build.start_zip('index.html')}: 404 File not found"),
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
    found = re.search(r'^const SNAPSHOT = "([^"]+)";', (dist / "sw.js").read_text(encoding="utf-8"), re.MULTILINE)
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


def test_build_is_reproducible(dist_dir: Path, tmp_path: Path) -> None:
    """A second build of the same sources (the session's is the first) is the same, byte for byte."""
    first, second = dist_dir, build.build(tmp_path / "second")
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(second) for p in second.rglob("*") if p.is_file())
    assert [name for name in files if (first / name).read_bytes() != (second / name).read_bytes()] == []


MAGIC = """async () => {
  const pyodide = await (await import("./interpreter.mjs")).started;
  return pyodide.runPython("import importlib.util; list(importlib.util.MAGIC_NUMBER)").toJs();
}"""
"""The magic number of the bytecode the page's Python reads."""


def test_the_zips_hold_bytecode_only_for_the_pinned_pyodide(app_page: Page, dist_dir: Path) -> None:
    """The zips hold bytecode (and our data files), no source: each module has the magic
    number of the page's own Python and is never checked against a source (PEP 552), so
    nothing is compiled at start (the game page's test hook checks that every module it
    imported came from bytecode: tests/e2e/test_game.py)."""
    magic = bytes(app_page.evaluate(MAGIC))
    for zipped in (dist_dir / "pyodide" / build.STDLIB_ZIP, dist_dir / build.CODE_ZIP, dist_dir / build.start_zip("index.html")):
        with zipfile.ZipFile(zipped) as archive:
            names = archive.namelist()
            assert [name for name in names if not name.endswith((".pyc", ".json"))] == [], zipped.name
            for name in names:
                if name.endswith(".pyc"):
                    header = archive.read(name)[:8]
                    assert header[:4] == magic, name
                    assert int.from_bytes(header[4:8], "little") == UNCHECKED_HASH, name
    with zipfile.ZipFile(dist_dir / build.CODE_ZIP) as archive:
        names = archive.namelist()
    assert {"catan_core/state.pyc", "catan_core/bots/learned.pyc", "catan_web/browser/host.pyc",
            "catan_core/messages/en.json"} <= set(names)


def test_the_pages_import_from_the_code_zip_as_it_is(dist_dir: Path) -> None:
    """pyscript.json names interpreter.mjs, which every page starts before anything else in its
    head and which puts catan.zip, as one file (not unpacked), on ``sys.path``; the config
    leaves out the plugins the pages do not use; each page preloads the start's modules, and
    nothing else."""
    config = json.loads((dist_dir / "pyscript.json").read_text(encoding="utf-8"))
    assert config == {"interpreter": "./interpreter.mjs", "plugins": [f"!{name}" for name in build.PYSCRIPT_PLUGINS_OFF]}
    for name, script in (("index.html", "main.py"), ("embed.html", "embed.py"), ("almanac.html", "almanac.py")):
        page = (dist_dir / name).read_text(encoding="utf-8")
        assert f'<script type="py" src="./{script}" config="./pyscript.json"' in page, name
        assert page.index(build.INTERPRETER_TAG[:-1]) < page.index("<link"), name
        assert all(link in page for link in build.preload_links(dist_dir)), name
        assert 'rel="preload"' not in page, name
    interpreter = (dist_dir / "interpreter.mjs").read_text(encoding="utf-8")
    assert f'const CODE = "{build.CODE_ZIP}";' in interpreter and 'sys.path.insert(0, "${CODE}")' in interpreter


def test_the_lock_file_lists_no_package(dist_dir: Path) -> None:
    """The pages load no package: Pyodide's lock file keeps what Pyodide checks (its ABI)."""
    npm = json.loads((build.NODE_MODULES / "pyodide" / build.LOCK_FILE).read_text(encoding="utf-8"))
    shipped = json.loads((dist_dir / "pyodide" / build.LOCK_FILE).read_text(encoding="utf-8"))
    assert shipped == {"info": npm["info"], "packages": {}}


TRACED = '''
import html.entities, json as j
from . import board
from ..core import rules
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    import unused_here
else:
    import fallback
def f():
    """
    >>> import doctest_only
    """
    from importlib import util
    bots = lazy_module("pkg.bots")
    return importlib.import_module("zlib"), import_module(".later", __name__)
def g(name):
    return import_module(f".{name}", __name__)
'''
"""Python source with every kind of import the trace of the pages follows (module ``pkg.web.x``)."""


def test_the_trace_finds_every_kind_of_import() -> None:
    """Imports at any depth, relative ones, their parents, the names ``from`` imports (which may
    be modules), names handed to ``lazy_module`` and ``import_module`` as text, names made at
    run time (every module their text starts), and not what only type checkers read."""
    found = build.module_imports(TRACED, "pkg.web", ["pkg.web.a", "pkg.web.sub.b", "pkg.other", "elsewhere"])
    assert found == {"html", "html.entities", "json", "pkg", "pkg.web", "pkg.web.board", "pkg.core", "pkg.core.rules",
                     "typing", "typing.TYPE_CHECKING", "fallback", "importlib", "importlib.util", "pkg.bots", "zlib",
                     "pkg.web.later", "pkg.web.a", "pkg.web.sub", "pkg.web.sub.b"}
    made = 'def load(name):\n    return importlib.import_module(f"{__package__}.parts.{name}").COMMANDS\n'
    assert build.module_imports(made, "pkg.web", ["pkg.web.parts.a", "pkg.web.b", "pkg.partsx"]) == {
        "pkg", "pkg.web", "pkg.web.parts", "pkg.web.parts.a"}


LEFT_OUT = """async (name) => {
  const pyodide = await (await import("./interpreter.mjs")).started;
  return pyodide.runPython(`import ${name}\nsorted(${name}.NAMES)`).toJs();
}"""
"""The modules the build names as left out (build.LEFT_OUT, in catan.zip), as the page reads them."""


def test_every_import_the_pages_make_ships(app_page: Page, dist_dir: Path) -> None:
    """A page imports only modules the build ships: every module of ours the trace of the
    pages' code finds (see the test above for what it sees) is in catan.zip, every one of the
    standard library (Pyodide's npm package's) in the standard library's zip, with those of
    build.LAZY_IMPORTS; what neither holds is named as left out, so that a page importing it
    says so (the test below)."""
    files = build.our_files()
    modules = build.zip_modules(files)
    ours, others = build.trace_pages(build.WEB, {name: files[member] for name, member in modules.items()})
    with zipfile.ZipFile(build.NODE_MODULES / "pyodide" / build.STDLIB_ZIP) as npm:
        standard = build.zip_modules(npm.namelist())
    with zipfile.ZipFile(dist_dir / "pyodide" / build.STDLIB_ZIP) as shipped:
        stdlib = {name for name, member in standard.items() if member + "c" in shipped.namelist()}
    with zipfile.ZipFile(dist_dir / build.CODE_ZIP) as archive:
        code = set(archive.namelist())
    scripts = {script for page in build.WEB.glob("*.html") for script in build.PAGE_SCRIPT.findall(page.read_text(encoding="utf-8"))}
    assert scripts == {"main.py", "embed.py", "almanac.py", "editor.py", "replay.py"}
    named = {name for script in scripts for name in build.module_imports((build.WEB / script).read_text(encoding="utf-8"), "")}
    assert named & set(modules) and named & set(modules) <= set(ours)
    assert {"catan_core.bots.learned", "catan_core.stats", "catan_core.saves", "catan_core.almanac"} <= set(ours)
    assert [name for name in ours if modules[name] + "c" not in code] == []
    for page in build.START_PAGES:  # its start zip: what it imports as it starts, and their packages' data
        first, _ = build.trace_pages(build.WEB, {name: files[member] for name, member in modules.items()}, page, at_start=True)
        with zipfile.ZipFile(dist_dir / build.start_zip(page)) as archive:
            started = set(archive.namelist())
        assert started == {modules[name] + "c" for name in first} | {f"{build.LEFT_OUT}.pyc"} | {
            member for member in code if member.endswith(".json") and build.package_of(member, modules) in first}
        assert {"catan_web.game.home", "catan_core.i18n"} <= set(first) and "catan_core.game" not in first
    assert [name for name in others if name in standard and name not in stdlib] == []
    assert {name for name in build.LAZY_IMPORTS if name in standard} <= stdlib  # (zlib is built into Pyodide)
    missing = set(app_page.evaluate(LEFT_OUT, build.LEFT_OUT))
    assert {"email", "xml", "argparse", "multiprocessing", "catan_core.cli", "catan_core.tournament"} <= missing
    assert missing.isdisjoint(stdlib | set(ours))
    assert {"catan_core.cli", "catan_core.tournament", "catan_core.simulate"}.isdisjoint(ours)


LEFT_OUT_IMPORT = """async (name) => {
  const pyodide = await (await import("./interpreter.mjs")).started;
  return pyodide.runPython(`try:
    import ${name}
except ImportError as error:
    found = type(error).__name__
else:
    found = "imported"
found`);
}"""
"""Import a module in the page's Python: "imported", or the name of the error."""


def test_importing_a_module_left_out_fails_and_says_so(guarded_browser: GuardedBrowser, app_page: Page) -> None:
    """A page that imports a module the build left out (of the standard library or ours) gets
    the usual ImportError, and the console names the module (which fails any browser test
    that meets it); an import of a module the build ships, or of one that exists nowhere,
    says nothing."""
    checkpoint = guarded_browser.checkpoint()
    assert app_page.evaluate(LEFT_OUT_IMPORT, "xml.dom") == "ModuleNotFoundError"
    assert app_page.evaluate(LEFT_OUT_IMPORT, "catan_core.cli") == "ModuleNotFoundError"
    assert app_page.evaluate(LEFT_OUT_IMPORT, "base64") == "imported"
    assert app_page.evaluate(LEFT_OUT_IMPORT, "no_such_module") == "ModuleNotFoundError"
    errors = guarded_browser.errors[checkpoint[1]:]
    assert [error.split("console: ")[1] for error in errors] == [
        f"Python module {name} is not in this build: build.py ships the modules the pages import (build.LAZY_IMPORTS)."
        for name in ("xml", "catan_core.cli")]
    del guarded_browser.errors[checkpoint[1]:]  # the errors this test caused on purpose: not the next test's


def test_the_build_scripts_examples_hold() -> None:
    """The ``>>>`` examples in build.py's docstrings (the trace's, for one)."""
    assert doctest.testmod(build).failed == 0


SNAPSHOT_MODULES = """
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
const [folder, snapshot] = process.argv.slice(1);
const { loadPyodide } = await import(new URL("pyodide.mjs", folder).href);
const pyodide = await loadPyodide({ indexURL: new URL(folder).pathname, _loadSnapshot: gunzipSync(readFileSync(snapshot)) });
console.log(pyodide.runPython("import json, sys; json.dumps(sorted(sys.modules))"));
"""
"""Node script: Pyodide started from the build's snapshot (argument 2, packed), without
catan.zip; prints the modules it has imported."""


def test_the_snapshot_holds_the_engine_imported(dist_dir: Path) -> None:
    """A start from the snapshot begins with every module of build.SNAPSHOT_PACKAGES that the
    pages import already imported (none of the pages' own package, which reads the browser
    when imported), without catan.zip written yet: the zip's table of contents is in Python's
    memory, the file is written by web/interpreter.mjs before anything else is read from it."""
    files = build.our_files()
    modules = build.zip_modules(files)
    ours, _ = build.trace_pages(build.WEB, {name: files[member] for name, member in modules.items()})
    run = subprocess.run(["node", "--input-type=module", "-e", SNAPSHOT_MODULES, (dist_dir / "pyodide").as_uri() + "/",
                          str(dist_dir / (sw_snapshot(dist_dir) + build.PACKED))],
                         capture_output=True, text=True, check=True)
    loaded = json.loads(run.stdout.splitlines()[-1])
    assert [name for name in loaded if name.split(".")[0] in ("catan_core", "catan_web")] == [
        name for name in ours if name.split(".")[0] in build.SNAPSHOT_PACKAGES]
