"""Build the static site into ``dist/`` and optionally serve it.

    python build.py                      # npm ci if needed, then write dist/ afresh
    python build.py --serve [--port N]   # build, then serve dist/ on http://127.0.0.1:N/

``dist/`` holds only relative URLs, so it works from any static host and any sub-path:

    pyodide/      the runtime files from node_modules/pyodide, with the standard library's zip
                  trimmed to the modules the pages import, as bytecode (see write_zips) and
                  the lock file without its packages (write_lock_file); and
                  python-<hash>.snapshot.gz, the interpreter's memory once started, which later
                  visits start from (see write_snapshot)
    pyscript/     every *.js and *.css of node_modules/@pyscript/core/dist
    vendor/       other browser libraries from node_modules (VENDOR_FILES: jsQR.js reads QR codes)
    catan.zip     the Python code the pages import (of catan_core and web/catan_web), as
                  bytecode compiled by the pinned Pyodide itself (run in Node), and our data
                  files: web/interpreter.mjs writes the zip into Python's working directory and
                  puts it on sys.path, and the pages import from it as it is (see write_zips)
    catan-index.zip the modules of catan.zip the game page imports as it starts, which its
                  first visit starts from, fetching catan.zip once it is ready (START_PAGES)
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
from collections.abc import Collection, Iterable
from pathlib import Path
from typing import BinaryIO

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
PACKAGE = ROOT / "catan_core"
PYTHON_SOURCES = (PACKAGE, WEB / "catan_web")
"""Our Python code the pages import: in one zip (see :func:`write_zips`)."""
CODE_ZIP = "catan.zip"
PYSCRIPT_PLUGINS_OFF = ("deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
"""PyScript plugins the pages do not use (custom script types, an editor, a terminal, warnings
about old PyScript features): left out of what PyScript waits for before starting Python.
(PyScript 0.7 still fetches them for its other script type, "mpy", which has no config here.)
Its "error" plugin stays (it shows a Python error that escaped our own handling on the page)."""
NODE_MODULES = ROOT / "node_modules"
STDLIB_ZIP = "python_stdlib.zip"
LOCK_FILE = "pyodide-lock.json"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB_ZIP, LOCK_FILE)
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
const [folder, code, args, options] = process.argv.slice(1);
const pyodide = await loadPyodide({ args: JSON.parse(options) });
pyodide.FS.mkdir("/mnt");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, "/mnt");
pyodide.globals.set("args", pyodide.toPy(JSON.parse(args)));
try {
  pyodide.runPython(code);
} catch (error) {
  process.stderr.write(String(error.message ?? error));  // Python's traceback
  process.exit(1);
}
"""
"""Node script running Python code with the pinned Pyodide (the pages' interpreter) started
with Python's command-line ``options`` (a JSON list), a folder mounted at ``/mnt`` and
``args`` (from JSON) among its globals: see :func:`in_pyodide`."""


def in_pyodide(code: str, folder: Path, args: object, options: tuple[str, ...] = ()) -> None:
    """Run the Python ``code`` in the pinned Pyodide under Node (:data:`IN_PYODIDE`), started
    with Python's command-line ``options``, with ``folder`` at ``/mnt`` and ``args``
    (JSON-able) as a global. Needs Node, which npm needs."""
    script = IN_PYODIDE.replace("__PYODIDE__", (NODE_MODULES / "pyodide" / "pyodide.mjs").as_uri())
    run = subprocess.run(["node", "--input-type=module", "-e", script, str(folder), code, json.dumps(args),
                          json.dumps(list(options))], capture_output=True, text=True, check=False)
    if run.returncode:
        raise SystemExit(f"build.py: Python in Pyodide failed:\n{run.stderr[-3000:]}")


PAGE_SCRIPT = re.compile(r'<script type="py" src="\./([^"]+)"')
"""A page's Python script (each page has one): where :func:`trace_pages` starts, and what
:func:`write_preloads` checks."""
LAZY_IMPORTS: dict[str, str] = {
    # Named in issue 33 for the share links and the study format, so that they ship whatever
    # the pages' code imports today (the trace adds what each of them imports):
    "zlib": "share links: compressed positions",
    "base64": "share links and invitations: text-safe bytes",
    "json": "saves, scenarios, studies, peer messages",
    "dataclasses": "records throughout",
    "asyncio": "computer players' pace, network play",
}
"""Modules of Python's standard library that the pages import where :func:`trace_pages` cannot
see it (inside the standard library's own functions, or from JavaScript), each with why.
They ship with all they import, beside what the trace finds (:func:`write_zips`). A module
the pages import that is in neither is left out: its import fails, and web/interpreter.mjs
says so on the console, which fails the browser tests."""
START_PAGES = ("index.html",)
"""Pages that start from a zip of their own (:func:`start_zip`) holding only our modules they
import as they start (:func:`trace_pages` ``at_start``), with the data files of those
modules' packages, when no service worker controls them (a first visit): the game page's is
240 KB on the wire where catan.zip is 834 KB. Such a page then fetches catan.zip once it is
ready (web/interpreter.mjs ``allCode``; the service worker is registered after it), and its
commands, events and the modules it loads when first used wait for it
(``catan_web.browser.dom.all_code``). Every other start (later visits, the computer players'
worker, the other pages, a page with ``?test`` whose test hooks reach every module) starts
from catan.zip, as the snapshot was made."""
LEFT_OUT = "_build_left_out"
"""The module in catan.zip naming the modules this build leaves out (:func:`write_zips`),
which web/interpreter.mjs reads only when an import finds nothing."""
UNCHECKED_HASH = 0b01
"""A .pyc header's flags for hash-based bytecode whose source is never checked (PEP 552)."""
COMPILE = """
import ast, importlib, importlib.util, marshal, os, sys, zipfile

def without_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                node.body[:1] = [ast.copy_location(ast.Pass(), first)] if len(node.body) == 1 else []
    return tree

def write_bytecode(path, source, filename):
    code = compile(without_docstrings(ast.parse(source, filename)), filename, "exec", dont_inherit=True)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as file:
        file.write(importlib.util.MAGIC_NUMBER + args["flags"].to_bytes(4, "little")
                   + importlib.util.source_hash(source) + marshal.dumps(code))

for name in args["imports"]:
    try:
        importlib.import_module(name)
    except ImportError:
        pass  # not in Pyodide, or not outside a browser: the page's own import says so
stdlib = next(entry for entry in sys.path if entry.endswith(".zip"))
loaded = list(sys.modules.values())  # before zipfile reads the zip (its names may need a codec)
with zipfile.ZipFile(stdlib) as archive:
    for module in loaded:
        source = getattr(module, "__file__", None) or ""
        if source.startswith(stdlib + "/") and source.endswith(".py"):
            member = source[len(stdlib) + 1:]
            write_bytecode("/mnt/stdlib/" + member + "c", archive.read(member), source)
for member in args["ours"]:
    with open("/mnt/code/" + member, "rb") as file:
        write_bytecode("/mnt/code/" + member + "c", file.read(), args["zip"] + "/" + member)
    os.remove("/mnt/code/" + member)
standard = args["standard"]
kept = {name for name, member in standard.items() if os.path.exists("/mnt/stdlib/" + member + "c")}
left_out = {name for name in standard if name not in kept and name.rpartition(".")[0] in kept | {""}}
names = f"NAMES = frozenset({sorted(left_out | set(args['left_out']))!r})\\n"
write_bytecode("/mnt/code/" + args["names"] + ".pyc", (names + "LATER = frozenset()\\n").encode(),
               args["zip"] + "/" + args["names"] + ".py")
for zip_name, later in args["later"].items():
    write_bytecode(f"/mnt/{zip_name}/{args['names']}.pyc", f"{names}LATER = frozenset({sorted(later)!r})\\n".encode(),
                   zip_name + "/" + args["names"] + ".py")
"""
"""Import the standard modules ``args["imports"]`` names, then compile every module of the
standard library loaded by then (what Pyodide's own start imports, those, and all they import)
into ``/mnt/stdlib/``, and our modules (``args["ours"]``, under ``/mnt/code/``) in place of
their sources: ``<module>.pyc`` files whose source is never checked (PEP 552), their
tracebacks naming the module's file in its zip. Module and function docstrings are left out
(class docstrings stay: a dataclass without one computes the text of its signature when it is
made), and Python runs with :data:`COMPILE_OPTIONS`. Last, the module ``args["names"]``
(:data:`LEFT_OUT`), whose ``NAMES`` are the standard modules left out (of ``args["standard"]``,
npm's, by name) whose parent ships or that have none, and our modules ``args["left_out"]``, and
whose ``LATER`` names none; and a version of it for each start zip ``args["later"]`` names
(``/mnt/<zip>/``), whose ``LATER`` are our modules only catan.zip holds (:data:`START_PAGES`)."""
COMPILE_OPTIONS = ("-X", "no_debug_ranges")
"""Python's options while :data:`COMPILE` runs: bytecode without column positions, which only a
traceback's carets under a source line use, and no source ships (a fifth smaller)."""


def our_files(sources: tuple[Path, ...] = PYTHON_SOURCES) -> dict[str, Path]:
    """The modules and data files (``*.py``, ``*.json``) of our packages ``sources``, by their
    names in catan.zip (``catan_core/state.py``)."""
    return {path.relative_to(package.parent).as_posix(): path for package in sources for path in sorted(package.rglob("*"))
            if path.is_file() and path.suffix in PACKAGE_SUFFIXES and "__pycache__" not in path.parts}


def zip_modules(members: Iterable[str]) -> dict[str, str]:
    """The modules among a zip's ``members`` (``a/b.py``, ``a/__init__.py``) by dotted name.

    >>> zip_modules(["a/__init__.py", "a/b.py", "a/c.json"])
    {'a': 'a/__init__.py', 'a.b': 'a/b.py'}
    """
    found = {}
    for member in members:
        if member.endswith(".py"):
            parts = member[:-3].split("/")
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = member
    return found


LOADERS = {False: ("lazy_module", "import_module"), True: ("import_module",)}
"""The functions whose argument (a module's name) :func:`module_imports` follows; at start
(``True``), not ``lazy_module``, which names a module without importing it."""


def module_imports(text: str, package: str, modules: Collection[str] = (), at_start: bool = False) -> set[str]:
    """Every module that the Python source ``text``, of a module in ``package`` (``""`` for a
    top-level module), may import when it runs: what each ``import`` and ``from ... import``
    names at any depth (relative ones resolved; ``from x import y`` names ``x.y`` too, which
    may be a module) with their parent packages, which importing a module imports, and the
    modules named as text to ``lazy_module`` or ``import_module``. A name made at run time
    (``import_module(f".{name}", __name__)``, ``import_module(f"{__package__}.{name}")``)
    stands for every module of ``modules`` that its text starts. Imports only type checkers
    read (under ``if TYPE_CHECKING:``) are left out. With ``at_start``, only what importing
    the module itself imports: not what its functions (and lambdas) import when they run, nor
    the modules named to ``lazy_module``.

    >>> sorted(module_imports("from .x import y\\nif TYPE_CHECKING:\\n    import z", "a.b"))
    ['a', 'a.b', 'a.b.x', 'a.b.x.y']
    >>> sorted(module_imports("def f(n):\\n    return import_module(f'.{n}', __name__)", "p", ["p.q", "r"]))
    ['p', 'p.q']
    >>> sorted(module_imports("import_module(f'{__package__}.parts.{n}')", "p", ["p.parts.a", "p.b"]))
    ['p', 'p.parts', 'p.parts.a']
    >>> sorted(module_imports("import a\\nb = lazy_module('b')\\ndef f():\\n    import c", "", at_start=True))
    ['a']
    """
    found: set[str] = set()

    def absolute(name: str, level: int) -> str:
        base = package.split(".")[: package.count(".") + 2 - level] if level else []
        return ".".join([*base, name] if name else base)

    def made_prefix(name: ast.JoinedStr) -> str:
        """The start of the modules' names a name made at run time may give: its text up to
        the first value other than ``__package__`` or ``__name__`` (both stand for the
        package: a module's own name has no modules under it), relative ones resolved."""
        text = ""
        for part in name.values:
            if isinstance(part, ast.Constant):
                text += str(part.value)
            elif isinstance(part, ast.FormattedValue) and ast.unparse(part.value) in ("__package__", "__name__"):
                text += package
            else:
                break
        level = len(text) - len(text.lstrip("."))
        return absolute(text[level:], level) + "." if level else text

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            nodes: list[ast.AST] = list(node.orelse)
        elif at_start and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            return  # (their decorators and defaults, which run at once, import nothing of ours)
        else:
            nodes = list(ast.iter_child_nodes(node))
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = absolute(node.module or "", node.level)
            found.update([module, *(f"{module}.{alias.name}" for alias in node.names)])
        elif isinstance(node, ast.Call) and node.args and ast.unparse(node.func).split(".")[-1] in LOADERS[at_start]:
            name = node.args[0]
            if isinstance(name, ast.Constant) and isinstance(name.value, str):
                level = len(name.value) - len(name.value.lstrip("."))
                found.add(absolute(name.value[level:], level))
            elif isinstance(name, ast.JoinedStr):
                found.update(module for module in modules if module.startswith(made_prefix(name) or "\0"))
        for child in nodes:
            visit(child)

    visit(ast.parse(text))
    return {".".join(name.split(".")[:end]) for name in found for end in range(1, name.count(".") + 2)}


def trace_pages(web: Path, modules: dict[str, Path], pages: str = "*.html", at_start: bool = False) -> tuple[list[str], list[str]]:
    """What the pages of ``web`` (those ``pages`` matches) import: our ``modules`` (by dotted
    name, with their files) and every other name, found by following :func:`module_imports`
    from each page's script (the ``<script type="py" src=...>`` of each page) through our
    modules; ``at_start``: only what they import as they start (see :func:`module_imports`).
    The other names include some that are no modules (``typing.Any``, from ``from typing
    import Any``)."""
    packages = {name.split(".")[0] for name in modules}
    todo = [(web / script, "") for script in sorted({script for page in web.glob(pages)
                                                     for script in PAGE_SCRIPT.findall(page.read_text(encoding="utf-8"))})]
    ours: set[str] = set()
    others: set[str] = set()
    while todo:
        path, package = todo.pop()
        for name in module_imports(path.read_text(encoding="utf-8"), package, modules, at_start):
            if name.split(".")[0] not in packages:
                others.add(name)
            elif name in modules and name not in ours:
                ours.add(name)
                todo.append((modules[name], name if modules[name].name == "__init__.py" else name.rpartition(".")[0]))
    return sorted(ours), sorted(others)


def write_zip(dest: Path, members: dict[str, bytes]) -> None:
    """Write the zip ``dest`` of ``members`` (name: bytes), in sorted order (reproducible)."""
    with zipfile.ZipFile(dest, "w") as archive:
        for name in sorted(members):
            add_to_zip(archive, name, members[name])


def add_to_zip(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    """Add ``data`` as the member ``name``, deflated, with a fixed timestamp (reproducible zips)."""
    info = zipfile.ZipInfo(name, ZIP_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    archive.writestr(info, data, compresslevel=9)


def write_zips(dist: Path) -> list[str]:
    """Write dist/pyodide/python_stdlib.zip and dist/catan.zip: the standard library and our
    code that the pages import, as bytecode only, and nothing else (see docs/loading.md).

    What the pages import is traced from their code (:func:`trace_pages`); with the modules of
    :data:`LAZY_IMPORTS` it is imported in the pinned Pyodide, whose own start imports some
    190 modules: every standard module loaded then ships, compiled (:data:`COMPILE`). Our
    traced modules ship the same way, beside our packages' data files (JSON). No page then
    compiles at start, and no source travels: Pyodide's npm package ships the standard library
    as 4.2 MB of sources, of which the pages import a fifth. catan.zip also holds :data:`LEFT_OUT`,
    which names the modules left out (see :data:`COMPILE`). Beside it, the start zip of each of
    :data:`START_PAGES` (:func:`start_zip`): our modules the page imports as it starts, the data
    files of their packages and its own :data:`LEFT_OUT`. Return our modules shipped."""
    files = our_files()
    modules = zip_modules(files)
    ours, others = trace_pages(WEB, {name: files[member] for name, member in modules.items()})
    at_start = {page: trace_pages(WEB, {name: files[member] for name, member in modules.items()}, page, at_start=True)[0]
                for page in START_PAGES}
    with zipfile.ZipFile(NODE_MODULES / "pyodide" / STDLIB_ZIP) as npm:
        standard = zip_modules(npm.namelist())
    imports = sorted(name for name in {*others, *LAZY_IMPORTS} if name in standard or "." not in name)
    with tempfile.TemporaryDirectory() as tmp:
        staged = Path(tmp)
        for name in ours:
            (staged / "code" / modules[name]).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(files[modules[name]], staged / "code" / modules[name])
        in_pyodide(COMPILE, staged, {
            "imports": imports, "ours": [modules[name] for name in ours], "zip": CODE_ZIP, "flags": UNCHECKED_HASH,
            "standard": standard, "left_out": [name for name in modules if name not in ours], "names": LEFT_OUT,
            "later": {start_zip(page): sorted(set(ours) - set(first)) for page, first in at_start.items()},
        }, COMPILE_OPTIONS)
        compiled = {folder: {path.relative_to(staged / folder).as_posix(): path.read_bytes()
                             for path in (staged / folder).rglob("*.pyc")} for folder in ("stdlib", "code")}
        later_names = {start_zip(page): {f"{LEFT_OUT}.pyc": (staged / start_zip(page) / f"{LEFT_OUT}.pyc").read_bytes()}
                       for page in at_start}
    data = {member: path.read_bytes() for member, path in files.items() if not member.endswith(".py")}
    write_zip(dist / "pyodide" / STDLIB_ZIP, compiled["stdlib"])
    code = {**compiled["code"], **data}
    write_zip(dist / CODE_ZIP, code)
    for page, first in at_start.items():
        members = {modules[name] + "c" for name in first} | {member for member in data if package_of(member, modules) in first}
        write_zip(dist / start_zip(page), {**{member: code[member] for member in members}, **later_names[start_zip(page)]})
    return ours


def start_zip(page: str) -> str:
    """The name of the start zip of ``page`` (one of :data:`START_PAGES`): ``catan-index.zip``."""
    return f"{Path(CODE_ZIP).stem}-{Path(page).stem}.zip"


def package_of(member: str, modules: dict[str, str]) -> str:
    """The package (of ``modules``, by name: their members) whose folder holds the data file
    ``member`` of a zip, nearest first.

    >>> package_of("a/b/c.json", {"a": "a/__init__.py", "a.d": "a/d.py"})
    'a'
    """
    folders = {member.rpartition("/")[0]: name for name, member in modules.items() if member.endswith("/__init__.py")}
    folder = member.rpartition("/")[0]
    while folder not in folders and folder:
        folder = folder.rpartition("/")[0]
    return folders.get(folder, "")


MAKE_SNAPSHOT = """
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire, syncBuiltinESMExports } from "node:module";
// Node's first argument is the browser's program name: Emscripten names sys.executable after it.
const [folder, prepare, out, code] = process.argv.slice(2);
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
pyodide.FS.writeFile("__CODE__", readFileSync(code));  // where web/interpreter.mjs writes it
pyodide.runPython(prepare);
writeFileSync(out, pyodide.makeMemorySnapshot());
"""
"""Node script starting the build's Pyodide (argument 2: its folder's file URL, ending in "/")
and writing the snapshot of its memory to the file argument 4 names, after writing catan.zip
(argument 5) into Python's working directory and running the Python code of argument 3.
Argument 1 is :data:`BROWSER_PROGRAM`."""
BROWSER_PROGRAM = "./this.program"
"""The program's name (``sys.executable``) that Emscripten gives Python in a browser."""
SNAPSHOT_PREPARE = """
import importlib, os, sys
os.environ.pop("_", None)  # Node's name for the script that made the snapshot
sys.path.remove("")  # each start puts the working directory first again
sys.path.insert(0, "__CODE__")  # as web/interpreter.mjs puts it
for name in __MODULES__:
    importlib.import_module(name)
"""
"""Python run before the snapshot is taken: what would otherwise be wrong in the browser, and
the imports of the modules the snapshot holds (:data:`SNAPSHOT_PACKAGES`)."""
SNAPSHOT_PACKAGES = ("catan_core",)
"""Our packages whose modules the pages import (:func:`trace_pages`) and that Python's
snapshot holds imported: they know nothing of the browser, so importing them in Node makes
what a page's import would. A page that starts from the snapshot does not read, unmarshal and
run them again: WebKit, which runs a fresh interpreter on its first, unoptimised tiers, went
from Pyodide ready to the page ready 0.5 s sooner on a later visit (docs/loading.md); the
packed snapshot grows by 0.48 MB. (The file catan.zip is not in the snapshot, which holds
Python's memory only, with the zip's table of contents: web/interpreter.mjs writes the same
file in the same place before anything is read from it.)"""


def write_snapshot(dist: Path, modules: list[str]) -> str:
    """Write ``pyodide/python-<hash>.snapshot.gz``: the memory of the build's interpreter
    (dist/pyodide, its standard library included, whose zip's layout the memory remembers) once
    Python has started and has imported ``modules`` from catan.zip (:data:`SNAPSHOT_PACKAGES`),
    made in Node (:data:`MAKE_SNAPSHOT`) with Pyodide's snapshot options
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
        prepare = SNAPSHOT_PREPARE.replace("__CODE__", CODE_ZIP).replace("__MODULES__", repr(modules))
        run = subprocess.run(["node", "--input-type=module", "-e", MAKE_SNAPSHOT.replace("__CODE__", CODE_ZIP), BROWSER_PROGRAM,
                              (dist / "pyodide").as_uri() + "/", prepare, str(out), str(dist / CODE_ZIP)],
                             capture_output=True, text=True, check=False)
        if run.returncode:
            raise SystemExit(f"build.py: the snapshot could not be made:\n{run.stderr[-3000:]}")
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


INTERPRETER_TAG = '<script type="module" async src="./interpreter.mjs">'
"""How every page's head starts web/interpreter.mjs (its first script)."""


def write_start_code(dist: Path) -> None:
    """Name its start zip (:func:`start_zip`) in each of :data:`START_PAGES`, on the tag that
    starts web/interpreter.mjs (``data-code``), which is in the page when that module runs."""
    for page in START_PAGES:
        text = (dist / page).read_text(encoding="utf-8")
        if text.count(INTERPRETER_TAG) != 1:
            raise SystemExit(f"build.py: {page} should start interpreter.mjs once, with {INTERPRETER_TAG}")
        (dist / page).write_text(text.replace(INTERPRETER_TAG, f'{INTERPRETER_TAG[:-1]} data-code="{start_zip(page)}">'),
                                 encoding="utf-8")


PRELOAD_MARKER = "<!-- build.py writes the preload links here: see build.preload_links -->"
"""The line of every page's head that :func:`write_preloads` replaces."""


def preload_links(dist: Path) -> list[str]:
    """The ``<link rel="modulepreload">`` tags that start, as soon as a page's head is read,
    the JavaScript modules its start-up imports, which would otherwise each wait for the one
    before it: PyScript's core module (its hashed chunk: core.js only re-exports it) and its
    error plugin (the one plugin left, loaded before Python starts), Pyodide's module and the
    one it imports once started. Every engine uses a module preload (Firefox does not use a
    preload ``as="script"`` for a module, and warns).

    Nothing else is preloaded: WebKit does not give a page's ``fetch()`` the response of a
    ``<link rel="preload" as="fetch">``, and downloads the file twice. The big files start
    early without it: web/interpreter.mjs, the first script in each page's head, fetches
    catan.zip as it starts, and Pyodide its WebAssembly and standard library as soon as it is
    asked to start. The WebAssembly is not preloaded in any way: Chromium keeps the machine code
    it compiles from it for later visits, but mostly not for a response a preload fetched
    (README, start-up figures)."""
    modules = []
    for pattern in ("core-*.js", "error-*.js"):
        found = sorted((dist / "pyscript").glob(pattern))
        if len(found) != 1:
            raise SystemExit(f"build.py: expected one pyscript/{pattern}, found {[p.name for p in found]}")
        modules.append(f"./pyscript/{found[0].name}")
    modules += ["./pyodide/pyodide.mjs", "./pyodide/pyodide.asm.mjs"]
    return [f'<link rel="modulepreload" href="{href}">' for href in modules]


def write_preloads(dist: Path) -> None:
    """Put :func:`preload_links` in place of :data:`PRELOAD_MARKER` in every page of ``dist``."""
    for page in sorted(dist.glob("*.html")):
        text = page.read_text(encoding="utf-8")
        line = next((line for line in text.splitlines() if line.strip() == PRELOAD_MARKER), None)
        if line is None:
            raise SystemExit(f"build.py: {page.name} has no line {PRELOAD_MARKER}")
        indent = line[: len(line) - len(line.lstrip())]
        links = preload_links(dist)
        page.write_text(text.replace(line, "\n".join(indent + link for link in links)), encoding="utf-8")


def write_lock_file(dist: Path) -> None:
    """Write dist/pyodide/pyodide-lock.json: npm's without its packages (357 of them, 119 KB),
    which the pages never load. Pyodide reads it at every start, and checks its ABI version."""
    lock = json.loads((NODE_MODULES / "pyodide" / LOCK_FILE).read_text(encoding="utf-8"))
    (dist / "pyodide" / LOCK_FILE).write_text(json.dumps({"info": lock["info"], "packages": {}}) + "\n", encoding="utf-8")


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
        if name not in (STDLIB_ZIP, LOCK_FILE):
            shutil.copyfile(NODE_MODULES / "pyodide" / name, dist / "pyodide" / name)
    (dist / "pyscript").mkdir()
    for path in sorted((NODE_MODULES / "@pyscript" / "core" / "dist").iterdir()):
        if path.suffix in {".js", ".css"}:
            shutil.copyfile(path, dist / "pyscript" / path.name)
    (dist / "vendor").mkdir()
    for name, source in VENDOR_FILES.items():
        shutil.copyfile(source, dist / "vendor" / name)
    ours = write_zips(dist)
    write_lock_file(dist)
    write_config(dist)
    write_icons_and_manifest(dist)
    zipped = {path.name for path in PYTHON_SOURCES if path.parent == WEB}
    shutil.copytree(WEB, dist, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", *zipped))
    write_preloads(dist)
    write_start_code(dist)
    snapshot = write_snapshot(dist, [name for name in ours if name.split(".")[0] in SNAPSHOT_PACKAGES])
    name_snapshot(dist, snapshot)
    write_service_worker(dist, snapshot)
    return dist


class DistHandler(http.server.SimpleHTTPRequestHandler):
    """Serves ``root`` with the right MIME types at URL ``prefix`` such as ``/games/catan/``
    (other paths get 404). ``quiet`` drops the request log. Bind them with :func:`make_handler`."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}  # noqa: RUF012 - the base class's
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
