"""Issue 28 in the browser: the board editor, the replay viewer, studies and share links.

- An author makes "a settlement blocked by the distance rule" through the editor's controls
  only (no JSON typed), copies the snippet, and the snippet in a page of another origin shows
  that position and refuses the blocked spot naming the rule (the clicks are printed).
- A 60-action game replayed forward to its end and back to its start: at every step the board
  and the hands the page shows equal the engine's position for that prefix; deep links open at
  their step.
- Each kind of share link (a scenario's, the editor's work, a game's step, a study, the game
  page's Share) opens on the same position as the engine's; a game's file opens in the editor
  at any step.
- The pages work offline from the service worker's cache.
"""

from __future__ import annotations

import functools
import http.server
import json
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "tests") not in sys.path:
    sys.path.insert(0, str(ROOT / "tests"))

from authoring_driver import afresh, board_of_game, played  # noqa: E402

from catan_core import share  # noqa: E402
from catan_core.board import BEGINNER_PIECES  # noqa: E402
from catan_core.editor import Editor  # noqa: E402
from catan_core.replay import Replay  # noqa: E402
from catan_core.saves import dumps, loads  # noqa: E402
from catan_core.scenarios import from_game, load_scenario  # noqa: E402
from catan_core.study import Study  # noqa: E402
from test_glance_e2e import IN_WINDOW, PHONE, SIDEWAYS  # noqa: E402

if TYPE_CHECKING:
    from collections.abc import Callable

    from conftest import GuardedBrowser, LocalSite
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e

CLIPBOARD = ["clipboard-read", "clipboard-write"]
# The clipboard's text once it holds the field's (the copy is written in a task of its own, and
# wait_for_function does not await a promise), or what it holds after 10 s.
CLIPBOARD_AFTER_COPY = """async field => {
  for (let tries = 0; tries < 100; tries++) {
    const text = await navigator.clipboard.readText();
    if (text === field.value) return text;
    await new Promise(done => setTimeout(done, 100));
  }
  return navigator.clipboard.readText();
}"""
SW_CONTROLLED = "navigator.serviceWorker.controller !== null"
SHOWN = """() => {
    const pieces = [...document.querySelectorAll('#board g.settlement, #board g.city, #board g.road')]
        .map(g => [g.getAttribute('class'), g.dataset.seat, g.dataset.at]);
    const robber = document.querySelector('#board g.robber');
    const hands = [...document.querySelectorAll('#hands li[data-seat]')]
        .map(li => [Number(li.dataset.seat), li.dataset.hand ?? null, Number(li.dataset.handSize)]);
    return {pieces, robber: robber && Number(robber.dataset.at.slice(1)), hands,
            line: document.getElementById('step-line').textContent};
}"""
"""The replay page's board and hands as drawn."""


@contextmanager
def author_site(folder: Path) -> Iterator[str]:
    """An author's own site serving ``folder``: another origin than the game's (another port)."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


class Author:
    """An author at the editor: every interaction counted as one click."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.clicks = 0

    def click(self, selector: str) -> None:
        self.page.click(selector)
        self.clicks += 1

    def choose(self, selector: str, value: str) -> None:
        self.page.select_option(selector, value)
        self.clicks += 1

    def type(self, selector: str, text: str) -> None:
        """Typing a field and leaving it counts as one."""
        self.page.fill(selector, text)
        self.page.press(selector, "Tab")
        self.clicks += 1


def test_an_author_makes_the_distance_example_and_embeds_it(
    browse: GuardedBrowser, site: LocalSite, tmp_path: Path
) -> None:
    context = browse.new_context(viewport={"width": 1280, "height": 900}, permissions=CLIPBOARD)
    page = browse.open(site.url + "editor.html?lang=en", context)
    author = Author(page)
    author.click("#board [data-node='12']")  # a settlement of Red (the tool and seat chosen at start)
    author.choose("#phase", "main")
    author.click("#cost-settlement")  # the cards a settlement costs
    author.click("#tool-mark")
    author.click("#board [data-node='17']")  # ring the blocked spot
    author.type("#caption", "Red may not build next to her own settlement.")
    page.wait_for_selector("#out-snippet")
    author.click("#out-snippet-copy")
    print(f"\nclicks for a settlement blocked by the distance rule, copied as a snippet: {author.clicks}")
    assert author.clicks <= 20
    snippet = page.evaluate(CLIPBOARD_AFTER_COPY, page.query_selector("#out-snippet"))
    assert snippet == page.input_value("#out-snippet") and snippet.startswith('<iframe class="catan" src="' + site.url)
    assert page.locator("#problems-none").count() == 1
    # the preview in place is the same frame
    preview = page.frame_locator("#preview iframe")
    preview.locator("html[data-ready='1']").wait_for(state="attached", timeout=60_000)
    assert "Red may not build next to her own settlement." in preview.locator("body").inner_text()
    # an edit reaches the preview without starting its Python again
    frame = page.query_selector("#preview iframe").content_frame()
    frame.evaluate("window.stillTheSameFrame = true")
    page.fill("#caption", "Red may not build here.")
    page.press("#caption", "Tab")
    preview.locator("text=Red may not build here.").wait_for(timeout=30_000)
    assert frame.evaluate("window.stillTheSameFrame === true")
    page.fill("#caption", "Red may not build next to her own settlement.")
    page.press("#caption", "Tab")
    preview.locator("text=Red may not build next to her own settlement.").wait_for(timeout=30_000)

    html = f"<!doctype html><html lang='en'><head><title>Lesson</title></head><body><h1>Distance</h1>{snippet}</body></html>"
    (tmp_path / "lesson.html").write_text(html, encoding="utf-8")
    with author_site(tmp_path) as elsewhere:
        assert not elsewhere.startswith(site.url)
        lesson = browse.open(
            elsewhere + "lesson.html", browse.new_context(viewport={"width": 1280, "height": 900}), ready=False
        )
        shows_the_position_and_refuses_the_blocked_spot(lesson)


def shows_the_position_and_refuses_the_blocked_spot(lesson: Page) -> None:
    """The author's page shows the frame: Red's settlement, the ring, the caption; a click on
    the ringed spot is refused with the distance rule."""
    frame = lesson.frame_locator("iframe.catan")
    frame.locator("html[data-ready='1']").wait_for(state="attached", timeout=60_000)
    assert frame.locator("#board g.settlement[data-seat='0'][data-at='n12']").count() == 1
    assert frame.locator("#board .marked[data-at='n17']").count() == 1
    assert "Red may not build next to her own settlement." in frame.locator("body").inner_text()
    frame.locator("#board [data-node='17']").click()
    frame.locator("text=distance rule").wait_for(timeout=15_000)


def replay_shown(page: Page, step: int) -> dict[str, Any]:
    """The replay page's board and hands once it shows ``step``."""
    page.wait_for_function("n => document.getElementById('step-line').textContent.startsWith(`Step ${n} of`)", arg=step)
    return page.evaluate(SHOWN)


def check_shown(shown: dict[str, Any], position: Any, seen_by: int) -> None:
    board = board_of_game(position)
    assert sorted(tuple(piece) for piece in shown["pieces"]) == board["pieces"]
    assert shown["robber"] == board["robber"]
    for seat, hand, size in shown["hands"]:
        cards = position.players[seat].hand
        assert size == sum(cards)
        assert hand == (",".join(map(str, cards)) if seat == seen_by else None)


def test_a_60_action_game_forward_to_the_end_and_back_to_the_start(browse: GuardedBrowser, site: LocalSite) -> None:
    game = played(21, 60)
    page = browse.open(f"{site.url}replay.html?lang=en&step=0#{share.game_link(game)}")
    page.select_option("#viewer", "0")  # Red's eyes: Red's hand shows, the others' are counted
    page.locator("#step-line").click()  # the keys belong to the page again
    positions = [afresh(game, step) for step in range(61)]
    check_shown(replay_shown(page, 0), positions[0], 0)
    for step in range(1, 61):
        page.keyboard.press("ArrowRight")
        check_shown(replay_shown(page, step), positions[step], 0)
    assert page.is_disabled("#step-forward")
    for step in range(59, -1, -1):
        page.keyboard.press("ArrowLeft")
        check_shown(replay_shown(page, step), positions[step], 0)
    # the address follows the step: it opens where the page was
    assert "step=0" in page.url


def test_on_a_phone_held_sideways_the_replay_s_board_stays_beside_its_steps(browse: GuardedBrowser, site: LocalSite) -> None:
    """From the start, the board at the window's height on the left is whole in view beside the
    bar and the step buttons, and stays so while they are pressed and the page scrolls."""
    context = browse.new_context(viewport=SIDEWAYS, has_touch=True)
    page = browse.open(f"{site.url}replay.html?lang=en&step=10#{share.game_link(played(21, 60))}", context)
    try:
        assert page.evaluate(IN_WINDOW, "#board svg") and page.evaluate(IN_WINDOW, "#bar")
        beside(page, "#step-forward")
        page.tap("#step-forward")
        page.wait_for_url("**step=11**")
        page.evaluate("document.querySelector('#log').scrollIntoView()")
        assert page.evaluate(IN_WINDOW, "#board svg")
    finally:
        context.close()


def test_on_a_phone_held_sideways_the_editor_s_board_stays_beside_its_tools(browse: GuardedBrowser, site: LocalSite) -> None:
    """The editor's board, not its tools, takes the left of the window from the start (the
    tools used to stand above it, the board below the fold); a tap on it places a piece; its
    zoom enlarges the drawing in the board's box."""
    context = browse.new_context(viewport=SIDEWAYS, has_touch=True)
    page = browse.open(f"{site.url}editor.html?lang=en&test", context)
    try:
        assert page.evaluate(IN_WINDOW, "#board svg")
        beside(page, "#tool-settlement")
        page.locator("#board [data-node='12']").tap()
        page.wait_for_selector("#board g.settlement")
        assert json.loads(page.evaluate("catan_test.work()"))["scenario"]["players"][0]["settlements"] == [12]
        page.evaluate("document.querySelector('#output').scrollIntoView()")
        assert page.evaluate(IN_WINDOW, "#board svg")
        zooms_in_its_box(page)
    finally:
        context.close()


def test_on_a_phone_the_editor_s_zoom_enlarges_its_board(browse: GuardedBrowser, site: LocalSite) -> None:
    """The editor's own width rule for its board used to keep the drawing at its size in every
    layout: + marked the board zoomed and nothing grew."""
    context = browse.new_context(viewport=PHONE, has_touch=True)
    page = browse.open(f"{site.url}editor.html?lang=en", context)
    try:
        zooms_in_its_box(page)
    finally:
        context.close()


def zooms_in_its_box(page: Page) -> None:
    """The editor's + (its zoom at the largest) doubles the board's drawing, which scrolls in
    the board's box."""
    drawn = page.locator("#board svg").bounding_box()
    page.locator("#board-card button.zoom").last.tap()
    page.wait_for_selector("#board.zoomed")
    zoomed, box = page.locator("#board svg").bounding_box(), page.locator("#board").bounding_box()
    assert drawn is not None and zoomed is not None and box is not None
    assert zoomed["width"] > 1.9 * drawn["width"] and box["width"] < zoomed["width"], (drawn, zoomed, box)


def beside(page: Page, control: str) -> None:
    """``control`` is in the window, right of the board and clear of it."""
    assert page.evaluate(IN_WINDOW, control), control
    board, box = page.locator("#board svg").bounding_box(), page.locator(control).bounding_box()
    assert board is not None and box is not None and box["x"] >= board["x"] + board["width"], (board, box)


def test_deep_links_open_at_their_step(browse: GuardedBrowser, site: LocalSite) -> None:
    game = played(22, 70)
    context = browse.new_context()
    page = browse.open(f"{site.url}replay.html?test&step=17#{share.game_link(game, 40)}", context)
    assert json.loads(page.evaluate("catan_test.position()"))["step"] == 17  # step= wins over the link's step
    page.evaluate(
        """([id, text]) => {
            localStorage.setItem('catan.game.' + id, text);
            localStorage.setItem('catan.index', JSON.stringify([{id, name: 'Saturday', saved: 1.0, players: []}]));
        }""",
        ["g42", dumps(game)],
    )
    saved = browse.open(f"{site.url}replay.html?test&game=g42&step=33", context)
    position = json.loads(saved.evaluate("catan_test.position()"))
    assert position["step"] == 33 and position["state"] == afresh(game, 33).to_json()
    assert "Saturday" in saved.inner_text("#bar")
    # the editor opens the same step of the saved game, and its link in the replay's bar
    saved.click("#edit-step")
    browse.wait_ready(saved)
    assert saved.url.startswith(f"{site.url}editor.html?game=g42&step=33")
    assert saved.input_value("#out-scenario") == json.dumps(from_game(afresh(game, 33)), indent=2, ensure_ascii=False)


def test_each_kind_of_share_link_opens_the_same_position(browse: GuardedBrowser, site: LocalSite) -> None:
    game = played(23, 80)
    context = browse.new_context()

    def opened(page: str, link: str, hook: str) -> dict[str, Any]:
        shown = browse.open(f"{site.url}{page}?test#{link}", context)
        data = json.loads(shown.evaluate(hook))
        shown.close()
        return data

    roads = json.loads((ROOT / "web" / "scenarios" / "roads.json").read_text())
    link = share.scenario_link(roads)
    work = opened("editor.html", link, "catan_test.work()")
    assert load_scenario(work["scenario"]).to_json() == share.read_link(link).position().to_json()

    editor = Editor.beginner(pieces=False)
    editor.place_building(0, 12)
    editor.place_building(1, 17)  # a problem: the work travels with it
    editor.toggle_mark("e40")
    editor.set_caption("Too close?")
    assert opened("editor.html", share.editor_link(editor), "catan_test.work()") == editor.to_json()

    link = share.game_link(game, 25)
    position = opened("replay.html", link, "catan_test.position()")
    assert position["step"] == 25 and position["state"] == share.read_link(link).position().to_json()

    study = Study.of_game(game, "Middle game", 30)
    study.set_comment(3, "Why this road?")
    position = opened("replay.html", share.study_link(study), "catan_test.position()")
    assert position["state"] == study.position(0).to_json()

    # the game page's Share: its link opens the game as it is, in the replay viewer
    play = browse.open(site.url + "?test", context)
    seats = [{"settlements": list(BEGINNER_PIECES[p][0]), "roads": list(BEGINNER_PIECES[p][1])} for p in (0, 1)]
    seats[0]["hand"] = {"brick": 2, "lumber": 2}
    scenario = {"format": "catan-scenario", "board": "beginner", "phase": "main", "players": seats}
    assert play.evaluate("text => catan_test.load_scenario(text, 'Shared')", json.dumps(scenario)) == ""
    road = next(a for a in load_scenario(scenario).legal_actions() if a.kind == "road")
    assert play.evaluate("text => catan_test.apply(text)", road.text()) == ""
    if play.locator("#uncover").count():  # two people at one device: the cover asks for Red's
        play.click("#uncover")
    play.click("#share-open")
    address = play.input_value("#share-link")
    assert address.startswith(site.url + "replay.html#g1.")
    assert play.locator("#share-qr svg").count() == 1
    recorded = loads(play.evaluate("catan_test.save()"))
    shown = browse.open(address.replace("replay.html", "replay.html?test"), context)
    assert json.loads(shown.evaluate("catan_test.position()"))["state"] == recorded.to_json()


def test_a_game_file_opens_in_the_editor_at_any_step(browse: GuardedBrowser, site: LocalSite, tmp_path: Path) -> None:
    game = played(24, 50)
    path = tmp_path / "catan-Sunday.json"
    path.write_text(dumps(game), encoding="utf-8")
    page = browse.open(site.url + "editor.html?test")
    page.click("#start-more summary")
    replay = Replay(game)
    for step in (0, 17, 50):
        page.fill("#start-step", str(step))
        page.set_input_files("#start-file", str(path))
        page.wait_for_function(
            "step => document.getElementById('notice').textContent.includes(`Step ${step} of 50`)", arg=step
        )
        assert json.loads(page.evaluate("catan_test.work()"))["scenario"] == from_game(replay.game_at(step))


def test_the_new_pages_are_precached_and_work_offline(
    browse: GuardedBrowser, serve_dist: Callable[[str], LocalSite], dist_dir: Path
) -> None:
    worker = (dist_dir / "sw.js").read_text(encoding="utf-8")
    for name in ("editor.html", "editor.py", "replay.html", "replay.py", "authoring.css", "board-ids.svg"):
        assert f'"{name}"' in worker, name
    local = serve_dist("/")
    page = browse.open(local.url + "editor.html")
    page.wait_for_function(SW_CONTROLLED, timeout=60_000)
    local.stop()
    game = played(25, 30)
    page.goto(f"{local.url}replay.html?test&step=12#{share.game_link(game)}")
    browse.wait_ready(page)
    assert json.loads(page.evaluate("catan_test.position()"))["state"] == afresh(game, 12).to_json()
    ids = page.evaluate("fetch('board-ids.svg').then(response => response.text())")
    assert ids == (dist_dir / "board-ids.svg").read_text(encoding="utf-8")


def test_undo_and_redo_with_the_keyboard(browse: GuardedBrowser, site: LocalSite) -> None:
    """Ctrl+Z undoes and Ctrl+Y redoes on the page; in a text field they are the field's own."""
    page = browse.open(site.url + "editor.html?test")

    def settlements() -> list[int]:
        return json.loads(page.evaluate("catan_test.work()"))["scenario"]["players"][0].get("settlements", [])

    page.click("#board [data-node='12']")
    page.click("#board [data-node='40']")
    assert settlements() == [12, 40]
    page.keyboard.press("Control+z")
    assert settlements() == [12]
    page.keyboard.press("Control+y")
    assert settlements() == [12, 40]
    page.keyboard.press("Control+Shift+z")  # nothing left to redo: said, nothing changes
    assert settlements() == [12, 40] and "nothing to redo" in page.inner_text("#notice")
    page.fill("#caption", "typed")
    page.focus("#caption")
    page.keyboard.press("Control+z")  # the field's own undo
    assert settlements() == [12, 40]


def test_a_region_written_anew_keeps_the_focus_what_was_typed_and_what_was_open(
    browse: GuardedBrowser, site: LocalSite
) -> None:
    """The page in another language writes its regions anew (web/patch.mjs, every page's way of
    applying a patch): the focused control (the language picker, itself rewritten) keeps the
    focus, the text typed in the rewritten fields stays, and an opened disclosure stays open."""
    page = browse.open(site.url + "editor.html?lang=en")
    page.click("#start-more summary")
    page.fill("#start-text", "a link pasted")
    page.fill("#start-seed", "1234")
    page.focus("#editor-lang")
    page.evaluate("for (const id of ['editor-lang', 'start-text', 'start-more']) document.getElementById(id).old = true")
    english = page.inner_text("#start-title")
    page.select_option("#editor-lang", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    assert page.inner_text("#start-title") != english
    rewritten = "['editor-lang', 'start-text', 'start-more'].every(id => !document.getElementById(id).old)"
    assert page.evaluate(rewritten)  # new elements in place of those: what follows was kept across the rewrite
    assert page.evaluate("document.activeElement.id") == "editor-lang"
    assert page.input_value("#start-text") == "a link pasted" and page.input_value("#start-seed") == "1234"
    assert page.evaluate("document.getElementById('start-more').open")
