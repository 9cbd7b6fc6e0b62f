"""Build the static site into ``dist/`` and optionally serve it.

    python build.py                      # npm ci if needed, then write dist/ afresh
    python build.py --serve [--port N]   # build, then serve dist/ on http://127.0.0.1:N/

``dist/`` holds only relative URLs, so it works from any static host and any sub-path:

    pyodide/      the five runtime files from node_modules/pyodide; its standard library zip
                  gains the bytecode of every module the pages import (see compiled_stdlib),
                  which halves the time to a ready page; and python-<hash>.snapshot.gz, the
                  interpreter's memory once started, which later visits start from (see
                  write_snapshot)
    pyscript/     every *.js and *.css of node_modules/@pyscript/core/dist
    vendor/       other browser libraries from node_modules (VENDOR_FILES: jsQR.js reads QR codes)
    catan.zip     the Python code the pages import (catan_core and web/catan_web), each
                  module's bytecode beside its source, compiled by the pinned
                  Pyodide itself (run in Node): web/interpreter.mjs writes the zip into
                  Python's working directory and puts it on sys.path, and the pages import from
                  it as it is, without unpacking or compiling (see zip_python)
    pyscript.json generated: the configuration every page names (write_config)
    icons/, manifest.webmanifest   generated (a file of the same name in web/ wins)
    ...           everything in web/ (index.html, main.py, style.css, ...)
    sw.js         generated cache-first service worker listing every other file in dist/
"""

from __future__ import annotations

import argparse
import ast
import gzip
import hashlib
import http.server
import json
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import zipfile
import zlib
from pathlib import Path
from typing import BinaryIO

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
PACKAGE = ROOT / "catan_core"
PYTHON_SOURCES = (PACKAGE, WEB / "catan_web")
"""Our Python code the pages import: in one zip (see :func:`zip_python`)."""
CODE_ZIP = "catan.zip"
PYSCRIPT_PLUGINS_OFF = ("deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
"""PyScript plugins the pages do not use (custom script types, an editor, a terminal, warnings
about old PyScript features): left out of what PyScript waits for before starting Python.
(PyScript 0.7 still fetches them for its other script type, "mpy", which has no config here.)
Its "error" plugin stays (it shows a Python error that escaped our own handling on the page)."""
NODE_MODULES = ROOT / "node_modules"
STDLIB_ZIP = "python_stdlib.zip"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB_ZIP, "pyodide-lock.json")
SNAPSHOT_PLACEHOLDER = "__SNAPSHOT__"
"""Stands in web/interpreter.mjs and the service worker for the snapshot's path (write_snapshot)."""
PACKED = ".gz"
"""The snapshot's file in dist/ is gzip-packed; the service worker keeps it unpacked."""
SNAPSHOT_PACKING = 6
"""gzip's level for the snapshot: 4.83 MB in 0.4 s (level 9: 4.78 MB in 2.2 s)."""
VENDOR_FILES = {"jsQR.js": NODE_MODULES / "jsqr" / "dist" / "jsQR.js"}
"""Browser builds of npm packages copied into dist/vendor/, by the name the pages load them as."""
PACKAGE_SUFFIXES = {".py", ".json"}
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
APP_NAME = "Catan"
THEME_COLOR = "#1d4e89"
# Headless Chromium as tests/e2e and bench/startup.py launch it (Playwright's own download is not used).
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run",
    # Only the local host resolves, so nothing can leave the machine even unobserved.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    # WebRTC candidates with plain local addresses: the mDNS names (<uuid>.local) that hide
    # them by default would not resolve under the rule above, and pages could not connect.
    "--disable-features=WebRtcHideLocalIpsWithMdns",
]
CODE_CACHE_STAY_MS = 4000
"""How long tests/e2e and bench/startup.py keep a page open before closing Chromium when the
next session should find the WebAssembly code compiled in this one: V8 hands the code it has
optimised to Chromium's code cache about two seconds after its last optimisation."""
MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
}


def ensure_node_modules() -> None:
    """Run ``npm ci`` when node_modules is missing or older than package-lock.json."""
    marker = NODE_MODULES / ".package-lock.json"  # npm rewrites it on every install
    lock = ROOT / "package-lock.json"
    if not marker.exists() or marker.stat().st_mtime < lock.stat().st_mtime:
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)


IN_PYODIDE = """
import { loadPyodide } from "__PYODIDE__";
const [folder, code, args] = process.argv.slice(1);
const pyodide = await loadPyodide();
pyodide.FS.mkdir("/mnt");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, "/mnt");
pyodide.globals.set("args", pyodide.toPy(JSON.parse(args)));
pyodide.runPython(code);
"""
"""Node script running Python code with the pinned Pyodide (the pages' interpreter), a folder
mounted at ``/mnt`` and ``args`` (from JSON) among its globals: see :func:`in_pyodide`."""
COMPILE = """
import compileall, py_compile
if not compileall.compile_dir("/mnt", quiet=1, legacy=True, ddir=args,
                              invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH):
    raise SystemExit("compileall failed")
"""
"""Compile every module under ``/mnt`` into ``<module>.pyc`` beside its source (where zipimport
looks), hash-based and never checked against the source (PEP 552), tracebacks naming the files
under ``args`` (the zip's name on ``sys.path``): an import in the page then reads bytecode
instead of compiling (see README, "Start-up")."""


def in_pyodide(code: str, folder: Path, args: object) -> None:
    """Run the Python ``code`` in the pinned Pyodide under Node (:data:`IN_PYODIDE`), with
    ``folder`` at ``/mnt`` and ``args`` (JSON-able) as a global. Needs Node, which npm needs."""
    script = IN_PYODIDE.replace("__PYODIDE__", (NODE_MODULES / "pyodide" / "pyodide.mjs").as_uri())
    subprocess.run(["node", "--input-type=module", "-e", script, str(folder), code, json.dumps(args)],
                   check=True, capture_output=True)


def compile_bytecode(folder: Path, zip_name: str) -> None:
    """Compile the modules under ``folder``, which becomes the zip ``zip_name`` on ``sys.path``,
    in place with the pinned Pyodide (:data:`COMPILE`)."""
    in_pyodide(COMPILE, folder, zip_name)


COMPILE_STDLIB = """
import importlib, os, py_compile, sys, zipfile
for name in args:
    try:
        importlib.import_module(name)
    except Exception:
        pass  # not in this Python (or needs a browser): the pages compile it if they import it
stdlib = next(entry for entry in sys.path if entry.endswith(".zip"))
with zipfile.ZipFile(stdlib) as archive:
    for module in list(sys.modules.values()):
        source = getattr(module, "__file__", None) or ""
        if source.startswith(stdlib + "/") and source.endswith(".py"):
            member = source[len(stdlib) + 1:]
            os.makedirs("/tmp/src/" + os.path.dirname(member), exist_ok=True)
            with open("/tmp/src/" + member, "wb") as file:
                file.write(archive.read(member))
            py_compile.compile("/tmp/src/" + member, "/mnt/" + member + "c", dfile=source, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
"""
"""Import the modules ``args`` names, then compile every module of Python's standard library
loaded by then (what Pyodide's own start-up imports, and what those imports pull in) into
``<module>.pyc`` files under ``/mnt``, never checked against their sources."""


def stdlib_imports(texts: list[str]) -> list[str]:
    """Every module name imported anywhere in the Python sources ``texts`` (sorted; relative
    imports left out)."""
    names: set[str] = set()
    for text in texts:
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module)
    return sorted(names)


def compiled_stdlib(dest: Path, texts: list[str]) -> None:
    """Write Pyodide's standard library zip to ``dest`` with bytecode beside the source of every
    module that Pyodide's start-up or the Python sources ``texts`` import (:data:`COMPILE_STDLIB`).

    Pyodide's npm package ships the standard library as sources only, so every start compiled
    about 150 modules (about a second in the page, most of a bare Pyodide page's start-up).
    zipimport prefers ``<module>.pyc`` to ``<module>.py``; the other modules stay sources only,
    so the download grows by the bytecode the pages use and no more. Reproducible: the original
    members in their order, then the bytecode in sorted order, with fixed timestamps."""
    with tempfile.TemporaryDirectory() as tmp:
        in_pyodide(COMPILE_STDLIB, Path(tmp), stdlib_imports(texts))
        compiled = sorted(p for p in Path(tmp).rglob("*.pyc"))
        with zipfile.ZipFile(NODE_MODULES / "pyodide" / STDLIB_ZIP) as original, zipfile.ZipFile(dest, "w") as archive:
            for info in original.infolist():
                archive.writestr(info, original.read(info))
            for path in compiled:
                add_to_zip(archive, path.relative_to(tmp).as_posix(), path.read_bytes())


def add_to_zip(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    """Add ``data`` as the member ``name``, deflated, with a fixed timestamp (reproducible zips)."""
    info = zipfile.ZipInfo(name, ZIP_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    archive.writestr(info, data, compresslevel=9)


MAKE_SNAPSHOT = """
import { writeFileSync } from "node:fs";
import { createRequire, syncBuiltinESMExports } from "node:module";
// Node's first argument is the browser's program name: Emscripten names sys.executable after it.
const [folder, prepare, out] = process.argv.slice(2);
// The same bytes from every build: the interpreter's clocks and its source of random bytes are
// made constant while it starts (each page then draws fresh randomness: web/interpreter.mjs).
const constant = (view) => { new Uint8Array(view.buffer, view.byteOffset, view.byteLength).fill(7); return view; };
createRequire(import.meta.url)("crypto").randomFillSync = constant;  // what Emscripten uses in Node
syncBuiltinESMExports();
Date.now = () => 0;
let now = 0;
performance.now = () => (now += 0.001);
const { loadPyodide } = await import(new URL("pyodide.mjs", folder).href);
const pyodide = await loadPyodide({ indexURL: new URL(folder).pathname, _makeSnapshot: true });
pyodide.runPython(prepare);
writeFileSync(out, pyodide.makeMemorySnapshot());
"""
"""Node script starting the build's Pyodide (argument 2: its folder's file URL, ending in "/")
and writing the snapshot of its memory to the file argument 4 names, after running the Python
code of argument 3. Argument 1 is :data:`BROWSER_PROGRAM`."""
BROWSER_PROGRAM = "./this.program"
"""The program's name (``sys.executable``) that Emscripten gives Python in a browser."""
SNAPSHOT_PREPARE = """
import os, sys
os.environ.pop("_", None)  # Node's name for the script that made the snapshot
sys.path.remove("")  # each start puts the working directory first again
"""
"""Python run before the snapshot is taken: what would otherwise be wrong in the browser."""


def write_snapshot(dist: Path) -> str:
    """Write ``pyodide/python-<hash>.snapshot.gz``: the memory of the build's interpreter
    (dist/pyodide, its standard library included, whose zip's layout the memory remembers) once
    Python has started, made in Node (:data:`MAKE_SNAPSHOT`) with Pyodide's snapshot options
    (``_makeSnapshot``, ``_loadSnapshot``: private in Pyodide 314, whose version is pinned).
    Return the unpacked file's path in dist/, which names the hash of its bytes.

    A page its service worker controls starts from it: Pyodide then copies it into the
    interpreter's memory instead of running Python's own start (about 120 ms of a 600 ms warm
    start here; web/interpreter.mjs, README "Benchmarks"). The worker downloads it packed
    (4.8 MB; 31 MB unpacked, mostly zeros) and keeps it unpacked, so that no start waits for it
    to be unpacked. The hash in the name keeps a page from ever starting from another build's
    snapshot: a page asks for its own build's name, which only its own build's cache holds."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "snapshot"
        subprocess.run(["node", "--input-type=module", "-e", MAKE_SNAPSHOT, BROWSER_PROGRAM, (dist / "pyodide").as_uri() + "/",
                        SNAPSHOT_PREPARE, str(out)], check=True, capture_output=True)
        memory = out.read_bytes()
    name = f"pyodide/python-{hashlib.sha256(memory).hexdigest()[:16]}.snapshot"
    (dist / (name + PACKED)).write_bytes(gzip.compress(memory, compresslevel=SNAPSHOT_PACKING, mtime=0))
    return name


def name_snapshot(dist: Path, name: str) -> None:
    """Put the snapshot's path ``name`` in place of :data:`SNAPSHOT_PLACEHOLDER` in interpreter.mjs."""
    module = dist / "interpreter.mjs"
    text = module.read_text(encoding="utf-8")
    if text.count(SNAPSHOT_PLACEHOLDER) != 1:
        raise SystemExit(f"build.py: interpreter.mjs should name {SNAPSHOT_PLACEHOLDER} once")
    module.write_text(text.replace(SNAPSHOT_PLACEHOLDER, name), encoding="utf-8")


def python_sources(sources: tuple[Path, ...]) -> list[Path]:
    """The ``*.py`` and ``*.json`` files of ``sources`` (packages or single modules), sorted."""
    return sorted(path for src in sources for path in ([src] if src.is_file() else src.rglob("*"))
                  if path.is_file() and path.suffix in PACKAGE_SUFFIXES and "__pycache__" not in path.parts)


def zip_python(sources: tuple[Path, ...], dest: Path) -> None:
    """Zip the *.py and *.json files of ``sources`` (packages or single modules, each named
    relative to its parent folder), each module's bytecode beside its source
    (:func:`compile_bytecode`, never checked against the source). The pages import straight
    from the zip: interpreter.mjs downloads it while Pyodide starts and puts it first on
    ``sys.path`` before it hands the interpreter to PyScript, so before the page's script runs.
    zipimport reads ``<module>.pyc`` before ``<module>.py``: nothing is unpacked or compiled.
    Reproducible: sorted names, fixed timestamps."""
    with tempfile.TemporaryDirectory() as tmp:
        staged = Path(tmp)
        for src in sources:
            for path in python_sources((src,)):
                target = staged / path.relative_to(src.parent)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, target)
        compile_bytecode(staged, dest.name)
        with zipfile.ZipFile(dest, "w") as archive:
            for path in sorted(staged.rglob("*")):
                if path.is_file():
                    add_to_zip(archive, path.relative_to(staged).as_posix(), path.read_bytes())


PRELOAD_MARKER = "<!-- build.py writes the preload links here: see build.preload_links -->"
"""The line of every page's head that :func:`write_preloads` replaces."""
PAGE_SCRIPT = re.compile(r'<script type="py" src="([^"]+)"')
"""A page's Python script (each page has one), whose ``src`` :func:`write_preloads` preloads."""


def preload_links(dist: Path, script: str) -> list[str]:
    """The ``<link>`` tags that start, as soon as a page's head is read, every file its
    start-up fetches, small first: PyScript's core module (its hashed chunk: core.js only
    re-exports it) and its error plugin (the one plugin left, loaded before Python starts),
    Pyodide's two modules, pyscript.json, the page's Python ``script`` and Pyodide's lock file;
    then the big files: the standard library and catan.zip. Without them each waits for the one
    before it (core.js, its chunk, the config, the plugins, Pyodide's modules...).
    ``crossorigin`` makes each preload match the request that later uses it (a module import, a
    plain ``fetch()``).

    The modules are preloaded as scripts, not with ``modulepreload``: Chromium did not use its
    compiled-code cache for a module that a ``modulepreload`` link fetched (from the third visit
    on, Pyodide's 1.25 MB pyodide.asm.mjs was compiled afresh at every start, PyScript's core
    chunk in some visits), and does for one preloaded as a script, as it does without any preload.

    The WebAssembly interpreter (pyodide.asm.wasm) is not preloaded: Chromium keeps the machine
    code it compiles from it for later visits, but a response that a preload link fetched was
    mostly not given that cache, so with the preload nearly every visit in a new browser session
    compiled the module again and ran Python on the baseline compiler's slower code (Python's
    own start twice as long; README, start-up figures)."""
    modules = []
    for pattern in ("core-*.js", "error-*.js"):
        found = sorted((dist / "pyscript").glob(pattern))
        if len(found) != 1:
            raise SystemExit(f"build.py: expected one pyscript/{pattern}, found {[p.name for p in found]}")
        modules.append(f"./pyscript/{found[0].name}")
    modules += ["./pyodide/pyodide.mjs", "./pyodide/pyodide.asm.mjs"]
    fetched = ["./pyscript.json", script, "./pyodide/pyodide-lock.json", f"./pyodide/{STDLIB_ZIP}", f"./{CODE_ZIP}"]
    return ([f'<link rel="preload" href="{href}" as="script" crossorigin>' for href in modules]
            + [f'<link rel="preload" href="{href}" as="fetch" crossorigin>' for href in fetched])


def write_preloads(dist: Path) -> None:
    """Put :func:`preload_links` in place of :data:`PRELOAD_MARKER` in every page of ``dist``,
    with the page's one Python script (its ``<script type="py" src="...">``)."""
    for page in sorted(dist.glob("*.html")):
        text = page.read_text(encoding="utf-8")
        line = next((line for line in text.splitlines() if line.strip() == PRELOAD_MARKER), None)
        if line is None:
            raise SystemExit(f"build.py: {page.name} has no line {PRELOAD_MARKER}")
        scripts = PAGE_SCRIPT.findall(text)
        if len(scripts) != 1:
            raise SystemExit(f"build.py: {page.name} should have one <script type=\"py\" src=...>, has {len(scripts)}")
        indent = line[: len(line) - len(line.lstrip())]
        links = preload_links(dist, scripts[0])
        page.write_text(text.replace(line, "\n".join(indent + link for link in links)), encoding="utf-8")


def write_config(dist: Path) -> None:
    """Write dist/pyscript.json, the configuration every page's script names: the local
    interpreter (web/interpreter.mjs, which starts Pyodide with catan.zip on its path before
    PyScript asks for it) and the plugins left out (:data:`PYSCRIPT_PLUGINS_OFF`)."""
    config = {
        "interpreter": "./interpreter.mjs",
        "plugins": [f"!{name}" for name in PYSCRIPT_PLUGINS_OFF],
    }
    (dist / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")


def hexagon(size: float) -> list[tuple[float, float]]:
    """Corners of a pointy-top hexagon centred in a ``size`` square, leaving a small margin."""
    r, c = size * 0.42, size / 2
    w = r * 3 ** 0.5 / 2  # half the width
    return [(c, c - r), (c + w, c - r / 2), (c + w, c + r / 2), (c, c + r), (c - w, c + r / 2), (c - w, c - r / 2)]


def icon_svg() -> str:
    """The app icon: a wheat-coloured hex tile with a number token, on a sea-blue square."""
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in hexagon(512))
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
        f'<rect width="512" height="512" fill="{THEME_COLOR}"/>'
        f'<polygon points="{points}" fill="#e9c46a" stroke="#f6e7b4" stroke-width="10"/>'
        '<circle cx="256" cy="256" r="72" fill="#fdf6e3" stroke="#6b4f1d" stroke-width="6"/>'
        '<text x="256" y="284" font-family="Georgia,serif" font-size="84" font-weight="bold" '
        'text-anchor="middle" fill="#b3261e">6</text></svg>\n'
    )


def icon_png(size: int) -> bytes:
    """A PNG of the icon's hex tile on the sea (no token), drawn with the standard library only.

    Each row's hexagon span is computed exactly; the two edge pixels get partial coverage,
    which smooths the slanted edges.
    """
    sea, land = (0x1D, 0x4E, 0x89), (0xE9, 0xC4, 0x6A)
    pts = hexagon(size)
    rows = []
    for y in range(size):
        yc = y + 0.5
        xs = [x0 + (yc - y0) * (x1 - x0) / (y1 - y0)
              for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1])
              if y0 != y1 and min(y0, y1) <= yc < max(y0, y1)]
        row = bytearray(b"\x00")  # PNG filter type "none"
        for x in range(size):
            cover = max(0.0, min(x + 1.0, max(xs)) - max(x + 0.0, min(xs))) if xs else 0.0
            row += bytes(round(water + (tile - water) * cover) for water, tile in zip(sea, land))
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")


def write_icons_and_manifest(dist: Path) -> None:
    """Write icons/icon.svg, icons/icon-192.png, icons/icon-512.png and manifest.webmanifest."""
    icons = dist / "icons"
    icons.mkdir()
    (icons / "icon.svg").write_text(icon_svg(), encoding="utf-8")
    entries = [{"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml"}]
    for size in (192, 512):
        (icons / f"icon-{size}.png").write_bytes(icon_png(size))
        entries.append({"src": f"icons/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png"})
    manifest = {
        "name": APP_NAME, "short_name": APP_NAME, "start_url": ".", "scope": ".", "display": "standalone",
        "background_color": THEME_COLOR, "theme_color": THEME_COLOR, "icons": entries,
    }
    (dist / "manifest.webmanifest").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")


SERVICE_WORKER = """// Generated by build.py: cache-first offline support for every file of this build.
const VERSION = "__VERSION__";
const PREFIX = "catan:" + self.registration.scope + ":";  // one cache family per deployment
const CACHE = PREFIX + VERSION;
const ASSETS = __ASSETS__;  // relative to this script, so any sub-path works
// Python's memory once started (build.write_snapshot), which pages this worker controls start
// from: downloaded packed, kept unpacked under this name.
const SNAPSHOT = "__SNAPSHOT__";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache" revalidates: fresh bytes, but only a 304 for files the first visit already fetched.
    await cache.addAll(ASSETS.map((url) => new Request(url, { cache: "no-cache" })));
    await keepSnapshot(cache);
    await self.skipWaiting();
  })());
});

// Without the snapshot the pages start Python the usual way, so failing to keep it fails nothing.
async function keepSnapshot(cache) {
  try {
    const packed = await fetch(new Request(SNAPSHOT + "__PACKED__", { cache: "no-cache" }));
    if (!packed.ok) throw new Error(`${packed.status} ${packed.statusText}`);
    // DecompressionStream checks the gzip trailer (length and CRC-32): damaged bytes are refused.
    const memory = await new Response(packed.body.pipeThrough(new DecompressionStream("gzip"))).blob();
    await cache.put(SNAPSHOT, new Response(memory, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch (error) {
    console.warn(`Python's snapshot was not kept (${error}): pages start Python without it.`);
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
    return hit || fetch(request);
  })());
});
"""


def write_service_worker(dist: Path, snapshot: str) -> str:
    """Write dist/sw.js precaching every file in dist/ and "./", except the packed ``snapshot``
    (:func:`write_snapshot`), which it keeps unpacked; return the version in its cache name.

    The version hashes all names and contents. The worker does not list itself: the browser
    keeps and update-checks the worker script outside any cache.
    """
    files = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file() and p.name != "sw.js")
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + hashlib.sha256((dist / name).read_bytes()).digest())
    version = digest.hexdigest()[:16]
    assets = json.dumps(["./", *(name for name in files if name != snapshot + PACKED)], indent=2).replace("\n", "\n  ")
    script = SERVICE_WORKER.replace("__VERSION__", version).replace("__ASSETS__", assets)
    (dist / "sw.js").write_text(script.replace(SNAPSHOT_PLACEHOLDER, snapshot).replace("__PACKED__", PACKED), encoding="utf-8")
    return version


def build(dist: Path = DIST) -> Path:
    """Write a fresh ``dist`` directory (see the module docstring) and return its path."""
    ensure_node_modules()
    if dist.exists():
        shutil.rmtree(dist)
    (dist / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        if name != STDLIB_ZIP:
            shutil.copyfile(NODE_MODULES / "pyodide" / name, dist / "pyodide" / name)
    (dist / "pyscript").mkdir()
    for path in sorted((NODE_MODULES / "@pyscript" / "core" / "dist").iterdir()):
        if path.suffix in {".js", ".css"}:
            shutil.copyfile(path, dist / "pyscript" / path.name)
    (dist / "vendor").mkdir()
    for name, source in VENDOR_FILES.items():
        shutil.copyfile(source, dist / "vendor" / name)
    zip_python(PYTHON_SOURCES, dist / CODE_ZIP)
    write_config(dist)
    page_code = python_sources((*PYTHON_SOURCES, *WEB.glob("*.py")))
    texts = [path.read_text(encoding="utf-8") for path in page_code if path.suffix == ".py"]
    compiled_stdlib(dist / "pyodide" / STDLIB_ZIP, texts)
    write_icons_and_manifest(dist)
    zipped = {path.name for path in PYTHON_SOURCES if path.parent == WEB}
    shutil.copytree(WEB, dist, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", *zipped))
    write_preloads(dist)
    snapshot = write_snapshot(dist)
    name_snapshot(dist, snapshot)
    write_service_worker(dist, snapshot)
    return dist


class DistHandler(http.server.SimpleHTTPRequestHandler):
    """Serves ``root`` with the right MIME types at URL ``prefix`` such as ``/games/catan/``
    (other paths get 404). ``quiet`` drops the request log. Bind them with :func:`make_handler`."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    root = str(DIST)
    prefix = "/"
    quiet = False

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, directory=self.root, **kwargs)  # type: ignore[arg-type]

    def send_head(self) -> BinaryIO | None:
        if self.path.startswith(self.prefix) or self.path.split("?")[0] == self.prefix[:-1]:
            return super().send_head()
        self.send_error(404)
        return None

    def translate_path(self, path: str) -> str:
        if path.startswith(self.prefix):
            return super().translate_path("/" + path[len(self.prefix):])
        return self.root  # the prefix without its slash: the base class redirects to the directory

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class DistServer(http.server.ThreadingHTTPServer):
    """A threading HTTP server that stays quiet when a browser drops a connection early."""

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_handler(directory: Path = DIST, prefix: str = "/", quiet: bool = False) -> type[DistHandler]:
    """A handler class serving ``directory`` at URL ``prefix`` (starting and ending with '/')."""
    return type("BoundDistHandler", (DistHandler,), {"root": str(directory), "prefix": prefix, "quiet": quiet})


def start_server(
    directory: Path = DIST, prefix: str = "/", port: int = 0, handler: type[DistHandler] | None = None
) -> tuple[DistServer, str]:
    """Serve ``directory`` quietly from a background thread on 127.0.0.1 (``port`` 0: any free one).

    ``handler`` replaces the default ``make_handler(directory, prefix, quiet=True)``. Returns the
    server and the URL of ``prefix`` on it. Stop it with ``shutdown()`` then ``server_close()``.
    """
    server = DistServer(("127.0.0.1", port), handler or make_handler(directory, prefix, quiet=True))
    threading.Thread(target=server.serve_forever, name=f"serve {directory}", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{prefix}"


def serve(port: int, directory: Path = DIST) -> None:
    """Serve ``directory`` on http://127.0.0.1:port/ until interrupted, logging each request."""
    with DistServer(("127.0.0.1", port), make_handler(directory)) as server:
        print(f"Serving {directory} at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", action="store_true", help="serve dist/ after building")
    parser.add_argument("--port", type=int, default=8000, help="port for --serve (default 8000)")
    args = parser.parse_args()
    dist = build()
    print(f"Built {dist} ({sum(1 for p in dist.rglob('*') if p.is_file())} files)")
    if args.serve:
        serve(args.port, dist)


if __name__ == "__main__":
    main()
