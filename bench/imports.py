"""Import time of the pages' Python modules in the pinned Pyodide, module by module.

Run from the repository root (needs Node, as the build does):

    python bench/imports.py [--reps 5] [--dist DIR] [--top 25]

It builds the site into a temporary directory (or uses ``--dist``, an existing build) and, in a
fresh Pyodide under Node per repetition (the build's interpreter files, so the standard library
carries the same bytecode as in the pages), writes ``catan.zip`` into the working directory and
puts it on ``sys.path`` as the pages do, then imports each module of ``catan_core`` and
``catan_web`` with Python's ``-X importtime`` on. It prints the median self and cumulative
milliseconds of our modules and of the standard modules they pull in, the largest first, and
the total. Modules that need a browser (``catan_web.dom`` and the pages' glue that imports it)
cannot be imported here and are listed as not measured; everything they import is.
Every module catan.zip holds is imported, also those a page imports only when first needed
(the computer players, statistics, the QR code...). Node is not the browser (in this machine's Chromium the
game page's start-up imports took 76-159 ms), so read the figures as shares. No timing is asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build

RUNNER = """
import { loadPyodide } from "__PYODIDE__";
import fs from "node:fs";
const [zipPath, code, args] = process.argv.slice(1);
const lines = [];
const pyodide = await loadPyodide({ env: { PYTHONPROFILEIMPORTTIME: "1" }, stderr: (line) => lines.push(line) });
pyodide.FS.writeFile("catan.zip", new Uint8Array(fs.readFileSync(zipPath)));
pyodide.runPython('import sys; sys.path.insert(0, "catan.zip")');
pyodide.globals.set("args", pyodide.toPy(JSON.parse(args)));
lines.length = 0;  // the interpreter's own start-up imports
pyodide.runPython(code);
console.log(JSON.stringify(lines));
"""
"""Node script: a fresh Pyodide from the build, catan.zip on its path, ``code`` run with ``args``;
prints the ``-X importtime`` lines of that run as JSON."""
IMPORT_ALL = """
import sys
print("-- ours --", file=sys.stderr, flush=True)
for name in args["ours"]:
    try:
        __import__(name)  # the import statement's path: importlib.import_module's is not timed
    except Exception as error:  # no browser: js.document is missing under Node
        print(f"-- not measured: {name} ({type(error).__name__}) --", file=sys.stderr, flush=True)
"""
"""Import each of ``args["ours"]``."""


def our_modules(zip_path: Path) -> list[str]:
    """Every module of catan_core and catan_web in the built catan.zip (bytecode only: the
    modules the pages import, see build.write_zips), sorted."""
    with zipfile.ZipFile(zip_path) as archive:
        names = [n[:-4].replace("/", ".") for n in archive.namelist()
                 if n.endswith(".pyc") and n.split("/")[0] in ("catan_core", "catan_web")]
    return sorted(n.removesuffix(".__init__") for n in names)


def one_run(dist: Path, args: dict[str, list[str]]) -> tuple[dict[str, tuple[float, float]], list[str]]:
    """One fresh interpreter: {module: (self ms, cumulative ms)} for what our imports loaded,
    and the modules that could not be imported outside a browser."""
    script = RUNNER.replace("__PYODIDE__", (dist / "pyodide" / "pyodide.mjs").as_uri())
    out = subprocess.run(["node", "--input-type=module", "-e", script, str(dist / "catan.zip"), IMPORT_ALL,
                          json.dumps(args)], check=True, capture_output=True, text=True).stdout
    lines = json.loads(out.splitlines()[-1])
    start = lines.index("-- ours --")
    times: dict[str, tuple[float, float]] = {}
    skipped = [line.split()[3] for line in lines[start:] if line.startswith("-- not measured:")]
    for line in lines[start:]:
        if line.startswith("import time:") and "|" in line and "self [us]" not in line:
            own, total, name = line.removeprefix("import time:").split("|")
            times[name.strip()] = (int(own) / 1000, int(total) / 1000)
    return times, skipped


def main() -> None:
    """Command-line entry point: measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5, help="fresh interpreters (default 5)")
    parser.add_argument("--dist", type=Path, help="an existing build (default: build one now)")
    parser.add_argument("--top", type=int, default=25, help="modules listed (default 25)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        dist = options.dist.resolve() if options.dist else build.build(Path(tmp) / "dist")
        args = {"ours": our_modules(dist / "catan.zip")}
        runs = [one_run(dist, args) for _ in range(options.reps)]
    skipped = runs[0][1]
    names = set.intersection(*(set(times) for times, _ in runs)) - set(skipped)  # (a failed import is timed too)
    median = {name: tuple(statistics.median(times[name][i] for times, _ in runs) for i in (0, 1)) for name in names}
    ours = [n for n in names if n.split(".")[0] in ("catan_core", "catan_web")]
    print(f"Imports in the pinned Pyodide under Node, median of {options.reps} fresh interpreters (ms)")
    print(f"{'module':<34}{'self':>8}{'cumulative':>12}")
    for name in sorted(names, key=lambda n: -median[n][0])[:options.top]:
        print(f"{name:<34}{median[name][0]:>8.1f}{median[name][1]:>12.1f}")
    print(f"our {len(ours)} modules: {sum(median[n][0] for n in ours):.1f} ms self; "
          f"{len(names) - len(ours)} standard modules they pulled in: "
          f"{sum(median[n][0] for n in names if n not in ours):.1f} ms")
    print("not measured (they need a browser): " + ", ".join(skipped))


if __name__ == "__main__":
    main()
