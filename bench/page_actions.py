"""What one ordinary action costs the game page, in Pyodide in headless Chromium: the time of the
page's synchronous work (Python and the document's writes) and the markup written, at turn 40
and at turn 120 of a saved game.

Run from the repository root:

    python bench/page_actions.py [--before REF] [--actions 30] [--turns 40 120] [--warmup 10] [--rounds 2]

It builds the site (and, with ``--before``, the commit ``REF`` in a temporary worktree, with
that commit's own build.py), makes saved games in CPython (one person in the first seat, against
three standard computer players, victory target 20, so the game lasts), puts each in the browser's
storage, opens the game page with ``?test``, continues the game and lets the person play
``--warmup`` actions, then ``--actions`` measured ones, through ``catan_test.apply`` (roll; a build when the engine allows one,
else the end of the turn; what a discard, the robber or an offer asks): the computer players
act at instant pace between the person's turns, unmeasured. Around each action the page's
``innerHTML``/``outerHTML`` setters and ``insertAdjacentHTML`` are counted (characters written,
and the time spent in them: the browser parsing markup), and so are ``focus()`` (which makes the
browser lay the page out there and then) and ``localStorage.setItem`` (the save written); the
page's ``applyPatch`` (web/patch.mjs: the patch written into the document in JavaScript, those
calls within it included) is timed whole: the bench serves patch.mjs with a timing wrapper
(:data:`TIMED_PATCH`; service workers blocked, so every request reaches the bench). It prints,
for each build and turn, the median and 90th percentile of the action's whole time, of the
browser's share (``applyPatch`` and those calls outside it), of ``applyPatch``'s own JavaScript
(its time less those calls within it: reading the patch, finding the regions, attributes), of
Python's share (the rest) and of the characters written, over the measured actions of
``--rounds`` pages per build and turn (opened in turn: build after build, turn after turn, round
after round, so that the machine's changing load falls on every build alike; an action's time
moves by several milliseconds from one action to the next, and a page's first actions are slower
while its caches fill and the browser compiles the interpreter's hot code).
A page that writes its autosave in a task after the move's paint (``catan_test.save_times``:
:mod:`catan_web.browser.saving`) has that work timed too, after the action (the bench waits
for it): its whole time ("save after paint", ``setItem`` included), and Python's share of the
action plus the save's Python ("with the save"; for a page saving within the action, the same
as Python's share). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from catan_core import saves  # noqa: E402
from catan_core.actions import Action  # noqa: E402
from catan_core.bots import make_bot  # noqa: E402
from catan_core.game import Game, Options, Seat  # noqa: E402

COUNT_WRITES = """() => {
    window.__written = 0; window.__writeMs = 0; window.__browserMs = 0;
    // (the document's writes and the layouts forced within applyPatch are in its own time)
    const outside = (ms, name) => { if (window.__inPatch) window.__insideMs += ms; else window[name] += ms; };
    const wrap = (proto, name) => {
        const d = Object.getOwnPropertyDescriptor(proto, name);
        Object.defineProperty(proto, name, {...d, set(v) {
            const t = performance.now(); d.set.call(this, v);
            outside(performance.now() - t, "__writeMs"); window.__written += String(v).length; }});
    };
    wrap(Element.prototype, "innerHTML"); wrap(Element.prototype, "outerHTML");
    const insert = Element.prototype.insertAdjacentHTML;
    Element.prototype.insertAdjacentHTML = function (where, html) {
        const t = performance.now(); insert.call(this, where, html);
        outside(performance.now() - t, "__writeMs"); window.__written += String(html).length; };
    const timed = (proto, name) => {
        const f = proto[name];
        proto[name] = function (...args) {
            const t = performance.now();
            try { return f.apply(this, args); } finally { outside(performance.now() - t, "__browserMs"); } };
    };
    timed(HTMLElement.prototype, "focus"); timed(SVGElement.prototype, "focus"); timed(Storage.prototype, "setItem");
}"""
TIMED_PATCH = """
function timedApplyPatch(text) {
    const t = performance.now();
    window.__inPatch = true;
    try { return untimedApplyPatch(text); }
    finally { window.__inPatch = false; window.__patchMs = (window.__patchMs || 0) + performance.now() - t; }
}
export { timedApplyPatch as applyPatch };
"""
"""Appended to web/patch.mjs as the bench serves it: ``applyPatch`` (the page's patch applied to
the document in JavaScript: its writes, and the focus kept) timed whole."""
STORE = "items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }"
ACT = """async (text) => {
    if (catan_test.save_times) catan_test.save_times();  // (the computer players' saves since the last action)
    window.__written = 0; window.__writeMs = 0; window.__browserMs = 0; window.__patchMs = 0; window.__insideMs = 0;
    document.body.getBoundingClientRect();  // the previous action's layout is done before this one starts
    const t = performance.now();
    const refused = catan_test.apply(text);
    const cost = {ms: performance.now() - t, writeMs: window.__writeMs, browserMs: window.__browserMs,
                  patchMs: window.__patchMs, patchOwnMs: window.__patchMs - window.__insideMs,
                  written: window.__written, refused};
    // what the page left for a task after the paint: the autosave (catan_web.browser.saving)
    window.__browserMs = 0;
    await new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)));
    const later = catan_test.save_times ? JSON.parse(catan_test.save_times()) : [];
    cost.laterMs = later.reduce((a, b) => a + b, 0);
    cost.laterBrowserMs = later.length ? window.__browserMs : 0;
    return cost;
}"""
SEATS = (Seat("Ana", "#d21c26"), Seat("Ben", "#1147d6", "standard"), Seat("Cy", "#f29e1f", "standard"),
         Seat("Di", "#2e8b57", "standard"))
PERSON = 0


def saved_game(turn: int, seed: int) -> Game:
    """A game of :data:`SEATS` played by standard computer players up to ``turn``, the person to act."""
    game = Game(Options(players=4, vp_target=20), seed, SEATS)
    bots = {q: make_bot("standard", seed * 8 + q) for q in range(4)}
    while (game.turn < turn or game.to_act != PERSON) and game.phase != "over":
        q = game.to_act
        game.apply(bots[q].decide(game.view(q)))
    return game


def choose(game: Game, rng: random.Random) -> Action:
    """The person's next ordinary action: roll; a build when one is allowed; else end the turn."""
    legal = list(game.legal_actions())
    builds = [a for a in legal if a.kind in ("road", "settlement", "city")]
    for kinds in (("roll",), ("discard",), ("robber",), ("decline",)):
        found = [a for a in legal if a.kind in kinds]
        if found:
            return found[0] if kinds != ("robber",) else rng.choice(found)
    if builds and rng.random() < 0.7:
        return rng.choice(builds)
    ends = [a for a in legal if a.kind == "end"]
    return ends[0] if ends else legal[0]


def storage_for(game: Game) -> dict[str, str]:
    """The browser storage holding ``game`` as the only saved game (the index's current form)."""
    gid = "bench"
    names = [seat.name for seat in game.seats]
    meta = {"id": gid, "name": f"Turn {game.turn}", "saved": 1, "players": names, "turn": game.turn, "winner": ""}
    return {"catan.index": json.dumps([meta]), f"catan.game.{gid}": saves.dumps(game),
            "catan.settings": json.dumps({"speed": "instant", "offers": "never"})}


def measure(browser: Any, base: str, game: Game, actions: int, seed: int, warmup: int) -> list[dict[str, float]]:
    """Play ``warmup`` and then ``actions`` actions of the person in ``game`` on the page at
    ``base``; the costs of the ``actions``."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = context.new_page()  # (no service worker: the bench serves patch.mjs, timed)
    page.route("**/patch.mjs", timed_patch)
    page.goto(base)
    page.evaluate(STORE, storage_for(game))
    page.goto(base + "?test")
    page.wait_for_selector("html[data-ready='1']", timeout=120_000)
    page.click("[data-cmd=continue]")
    page.wait_for_selector("#game:not([hidden])")
    page.wait_for_timeout(500)
    page.evaluate(COUNT_WRITES)
    rng, costs = random.Random(seed), []
    deadline = time.monotonic() + 600
    while len(costs) < warmup + actions and time.monotonic() < deadline:
        now = saves.loads(page.evaluate("catan_test.save()"))
        if now.phase == "over":
            break
        if now.to_act != PERSON:
            page.wait_for_timeout(50)
            continue
        cost = page.evaluate(ACT, choose(now, rng).text())
        if not cost["refused"]:
            costs.append(cost)
    context.close()
    return costs[warmup:]


def timed_patch(route: Any) -> None:
    """Serve web/patch.mjs with its ``applyPatch`` timed (:data:`TIMED_PATCH`)."""
    script = route.fetch().text()
    untimed = script.replace("export function applyPatch(", "function untimedApplyPatch(")
    if untimed == script:
        raise SystemExit("patch.mjs has no `export function applyPatch(`: the bench cannot time it")
    route.fulfill(body=untimed + TIMED_PATCH, content_type="text/javascript")


def build_before(ref: str, folder: Path) -> Path:
    """Build commit ``ref`` with its own build.py in a worktree under ``folder``; its dist/."""
    tree = folder / "before"
    subprocess.run(["git", "worktree", "add", "--detach", str(tree), ref], cwd=ROOT, check=True, capture_output=True)
    subprocess.run([sys.executable, "build.py"], cwd=tree, check=True, capture_output=True)
    return tree / "dist"


def report(name: str, turn: int, costs: list[dict[str, float]]) -> None:
    """Print one line of figures."""
    def median_p90(values: list[float]) -> str:
        ordered = sorted(values)
        return f"{statistics.median(ordered):7.1f} {ordered[int(0.9 * (len(ordered) - 1))]:7.1f}"

    whole = [c["ms"] for c in costs]
    browser = [c["writeMs"] + c["browserMs"] + c["patchMs"] for c in costs]
    python = [w - b for w, b in zip(whole, browser, strict=True)]
    patch_own = [c["patchOwnMs"] for c in costs]
    chars = [c["written"] / 1000 for c in costs]
    later = [c["laterMs"] for c in costs]
    with_save = [p + max(0.0, c["laterMs"] - c["laterBrowserMs"]) for p, c in zip(python, costs, strict=True)]
    print(f"{name:>7} {turn:>5} {len(costs):>7}   {median_p90(whole)}   {median_p90(browser)}   {median_p90(patch_own)}"
          f"   {median_p90(python)}   {median_p90(chars)}   {median_p90(later)}   {median_p90(with_save)}")


def main() -> None:
    """Command-line entry point: measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="a commit to measure beside this checkout")
    parser.add_argument("--actions", type=int, default=30)
    parser.add_argument("--turns", type=int, nargs="+", default=[40, 120])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=10, help="actions played first on each page, not measured")
    parser.add_argument("--rounds", type=int, default=2, help="pages opened per build and turn, in turn")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        builds = {"after": build.build(Path(tmp) / "dist")}
        if args.before:
            builds = {"before": build_before(args.before, Path(tmp)), **builds}
        games = {turn: saved_game(turn, args.seed) for turn in args.turns}
        browser = playwright.chromium.launch(executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS)
        print("  build  turn actions   whole ms (median p90)   browser's ms      of it applyPatch's JS"
              "   Python's ms       written K chars   save after paint   Python's with the save")
        costs: dict[tuple[int, str], list[dict[str, float]]] = {(turn, name): [] for turn in games for name in builds}
        try:
            for _ in range(args.rounds):
                for (turn, name), kept in costs.items():
                    server, base = build.start_server(builds[name])
                    try:
                        kept += measure(browser, base, games[turn], args.actions, args.seed, args.warmup)
                    finally:
                        server.shutdown()
                        server.server_close()
            for (turn, name), kept in costs.items():
                report(name, turn, kept)
        finally:
            browser.close()
            if args.before:
                before = str(Path(tmp) / "before")
                subprocess.run(["git", "worktree", "remove", "--force", before], cwd=ROOT, check=False)


if __name__ == "__main__":
    main()
