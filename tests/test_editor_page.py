"""The board editor's page driven through its commands in CPython (web/catan_web/editor): the
issue's example by the page's controls, every way to start, the check as one edits (problems
in words and rings on the board), the seat and position panels, the outputs, undo and redo,
and the address."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from authoring_driver import Driver
from catan_web.editor.controller import EditorController
from catan_web.example import Example, read_params, read_shown
from catan_web.patch import SetAttribute
from catan_web.store import MemoryStorage, SaveMeta, SaveStore

from catan_core import share
from catan_core.board import Board
from catan_core.game import Game, Options
from catan_core.replay import Replay
from catan_core.rng import Rng
from catan_core.saves import dumps
from catan_core.scenarios import from_game
from catan_core.study import Study

ROOT = Path(__file__).resolve().parents[1]
BASE = "https://example.org/catan/"


def editor(storage: MemoryStorage | None = None, lang: str = "en") -> Driver:
    return Driver(EditorController(storage or MemoryStorage(), languages=[lang]), BASE)


def played(seed: int, actions: int, players: int = 3) -> Game:
    game = Game(Options(players=players, board="beginner"), seed=seed)
    rng = random.Random(seed)
    while len(game.history) < actions and game.phase != "over":
        game.apply(rng.choice(game.legal_actions()))
    return game


def pieces(html: str) -> set[tuple[str, str, str]]:
    """The pieces drawn on a board: (kind, seat, spot)."""
    return set(re.findall(r'<g class="(settlement|city|road)" data-seat="(\d)" data-at="([ne]\d+)"', html))


def test_the_distance_example_by_the_page_controls() -> None:
    """The issue's example, one command per click: the page starts on the empty beginner
    board with the settlement tool and the first seat chosen."""
    page = editor()
    clicks = [
        ("press", "n12"),  # a settlement of Red
        ("phase", "main"),  # the phase menu
        ("cost", "settlement"),  # "+ cards for a settlement"
        ("tool", "mark"),
        ("press", "n17"),  # ring the blocked spot
        ("caption", "Red may not build next to her own settlement."),  # typed: one
        ("copy", "out-snippet"),
    ]
    for name, arg in clicks:
        page.run(name, arg)
    print(f"\neditor clicks for a settlement blocked by the distance rule: {len(clicks)}")
    assert len(clicks) <= 10
    assert page.page.checked().problems == ()
    snippet = page.field("out-snippet")
    address = re.search(r'src="([^"]+)"', snippet).group(1).replace("&amp;", "&")
    assert address.startswith(BASE + "embed.html?")
    params = read_params(*address.split("?", 1)[1].split("#", 1))
    assert params.marks == ("n17",) and params.mode == "try" and params.caption.startswith("Red may not")
    example = Example.read(params.fragment, "en")
    assert example.game.players[0].settlements == [12]
    assert example.click("node", 17).message == "Too close: no building may stand next to another (the distance rule)."
    assert 'title="Red may not build' in snippet and "max-width: 640px; height: 600px" in snippet
    # the preview shows the snippet's example in place, everything that an edit changes in
    # its fragment (so the frame reads an edit without starting again)
    before = preview_address(page)
    assert before.startswith("embed.html?mode=try#e1.")
    shown = read_shown(read_params(*before.split("?", 1)[1].split("#", 1)).fragment)
    assert shown.marks == ("n17",) and shown.caption.startswith("Red may not")
    assert shown.kind == "editor" and shown.scenario == json.loads(page.field("out-scenario"))
    page.run("caption", "Red may not build here.")
    after = preview_address(page)
    assert after.split("#")[0] == before.split("#")[0] and after != before
    frame_ops = [op for op in page.ops if op.region == "preview-frame"]
    assert frame_ops and all(isinstance(op, SetAttribute) for op in frame_ops)  # the frame is not rewritten


def preview_address(page: Driver) -> str:
    """The address of the editor's preview frame."""
    return re.search(r'<iframe src="([^"]+)"', page.html("preview-frame")).group(1).replace("&amp;", "&")


def test_problems_in_words_rings_on_the_board_and_no_example_until_solved() -> None:
    page = editor()
    page.run("press", "n12")
    page.run("press", "n17")  # next to it: the distance rule
    page.run("tool", "road")
    page.run("press", "e30")  # far from Red's buildings
    problems = page.html("problems")
    assert "Intersections 12 and 17 are next to each other" in problems
    assert "Road 30 of Red is not connected to their pieces." in problems
    assert "2 problems" in problems
    board = page.html("board")
    assert all(re.search(rf'<circle class="problem" data-at="{spot}"', board) for spot in ("n12", "n17", "e30"))
    assert "out-snippet" not in page.html("output-box") and 'id="out-waiting"' in page.html("output-box")
    assert "<iframe" not in page.html("preview-frame")
    # the board still draws every piece while the rules cannot reach the position
    assert {("settlement", "0", "n12"), ("settlement", "0", "n17"), ("road", "0", "e30")} <= pieces(board)
    page.run("undo")
    page.run("tool", "erase")
    page.run("press", "n17")
    assert "The rules can reach this position" in page.html("problems") and "out-snippet" in page.html("output-box")


def test_every_spot_names_its_id_on_hover_and_the_tool_picks_the_targets() -> None:
    page = editor()
    board = page.html("board")
    for letter, count in (("n", 54), ("e", 72), ("h", 19)):
        for i in range(count):
            assert f"<title>{letter}{i}</title>" in board, f"{letter}{i}"
    assert board.count('class="node target') == 54 and 'class="edge target' not in board
    page.run("tool", "road")
    assert page.html("board").count('class="edge target') == 72
    page.run("tool", "robber")
    page.run("press", "h5")
    assert 'class="robber" data-at="h5"' in page.html("board")
    page.run("show_ids", "on")
    assert '<g class="ids"' in page.html("board")
    assert 'href="board-ids.svg"' in page.html("bar")


def test_undo_and_redo() -> None:
    page = editor()
    for spot in ("n12", "n40"):
        page.run("press", spot)
    page.run("undo")
    assert page.page.editor.scenario.players[0].settlements == [12]
    page.run("redo")
    assert page.page.editor.scenario.players[0].settlements == [12, 40]
    page.run("redo")
    assert page.page.state.notice.message.key == "editor.nothing_to_redo"
    assert 'id="redo"' in page.html("tools") and re.search(r'id="redo"[^>]*disabled', page.html("tools"))


def test_a_new_start_is_an_edit_that_undo_takes_back() -> None:
    page = editor()
    page.run("press", "n12")
    page.run("caption", "Mine")
    page.run("start_beginner", "pieces")
    assert page.page.editor.scenario.players[0].settlements != [12] and page.page.editor.caption == ""
    page.run("undo")
    assert page.page.editor.scenario.players[0].settlements == [12] and page.page.editor.caption == "Mine"


def test_the_seat_and_position_panels() -> None:
    page = editor()
    page.run("seat", "1")
    page.run("press", "n12")
    assert page.page.editor.scenario.players[1].settlements == [12]
    page.run("seat_name", "Ben")
    page.run("seat_color", "#1cae86")
    page.run("seat_kind", "strong")
    seat = page.page.editor.scenario.players[1]
    assert (seat.name, seat.color, seat.kind) == ("Ben", "#1cae86", "strong")
    assert "Ben" in page.html("tools") and "Ben&#x27;s pieces and cards" in page.html("seat-box")
    page.run("seat_name", "")  # refused: the engine's sentence
    assert page.page.state.notice is not None and page.page.editor.scenario.players[1].name == "Ben"
    page.run("cards", "hand:2:1")
    page.run("cost", "city")
    assert page.page.editor.scenario.players[1].hand == [0, 0, 1, 2, 3]
    page.run("cards", "played:0:1")
    page.run("cards", "held:4:1")
    page.run("cards", "bought:4:1")
    entry = page.page.editor.scenario.players[1]
    assert entry.played[0] == 1 and entry.dev_cards[4] == 1 and entry.bought[4] == 1
    page.run("players", "2")
    page.run("current", "1")
    page.run("phase", "main")
    page.run("dice", "3+4, 6+6")
    assert page.page.editor.scenario.dice == [(3, 4), (6, 6)]
    page.run("dice", "13+4")
    assert page.page.state.notice.message.key == "editor.dice_refused"
    page.run("option_vp_target", "5")
    page.run("option_vp_target", "55")  # typed out of range
    assert page.page.state.notice.message.key == "editor.number_refused"
    page.run("option_friendly_robber", "on")
    page.run("option_balanced_dice", "on")
    assert page.page.editor.scenario.options == {"vp_target": 5, "friendly_robber": True, "balanced_dice": True}
    page.run("title", "Knights")
    page.run("award_largest_army", "1")
    data = page.page.editor.to_scenario()
    assert data["title"] == "Knights" and data["current"] == 1 and len(data["players"]) == 2
    page.run("players", "3")
    page.run("seat", "2")
    page.run("players", "2")
    assert page.page.state.seat == 1  # the chosen seat follows the number of seats


def test_the_outputs_follow_the_frame_settings_and_the_scenario_downloads() -> None:
    page = editor()
    page.run("press", "n12")
    page.run("frame_lang", "hi")
    page.run("frame_mode", "view")
    page.run("frame_width", "480")
    page.run("frame_height", "20000")  # refused
    link = page.field("out-link")
    assert link.startswith(BASE + "embed.html?lang=hi#s1.")
    assert "max-width: 480px; height: 600px" in page.field("out-snippet")
    assert share.read_link(link).scenario == page.page.editor.to_scenario()
    page.run("title", "Too close!")
    page.run("download")
    (download,) = page.effects
    assert download.name == "catan-scenario-Too-close.json"
    assert json.loads(download.text) == page.page.editor.to_scenario() == json.loads(page.field("out-scenario"))


def test_every_way_to_start() -> None:
    storage = MemoryStorage()
    game = played(4, 80)
    SaveStore(storage).put("g1", dumps(game), SaveMeta("g1", "Friday", 1.0, ("Red", "Blue", "White"), game.turn))
    page = editor(storage)
    page.run("start_beginner", "pieces")
    assert page.page.editor.scenario.players[0].settlements  # the beginner set-up
    page.run("start_random", {"start-seed": "42"})
    assert page.page.editor.scenario.board == Board.random(Rng(42))
    page.run("start_random", {"start-seed": "x"})
    assert page.page.state.notice.message.key == "editor.start.seed_refused"
    page.run("start_saved", {"start-saved": "g1", "start-step": "40"})
    assert page.page.editor.to_scenario() == from_game(Replay(game).game_at(40))
    assert page.page.state.notice.message.key == "editor.opened.game"
    # pasted: every kind of link, a save at a step, a study
    study = Study.of_game(game, "Opening", 10)
    texts = {
        share.scenario_link(json.loads((ROOT / "web/scenarios/roads.json").read_text())): "editor.opened.scenario",
        share.game_link(game, 25): "editor.opened.game_step",
        share.study_link(study): "editor.opened.study",
        dumps(game): "editor.opened.game_step",
        json.dumps(study.to_json()): "editor.opened.study",
    }
    for text, key in texts.items():
        page.run("start_text", {"start-text": text, "start-step": "12"})
        assert page.page.state.notice.message.key == key, text[:40]
    page.run("start_text", {"start-text": "{oops", "start-step": ""})
    assert page.page.state.notice.message.key == "editor.start.refused"
    work = page.page.editor.to_json()
    page.run("start_text", {"start-text": "g1.AAAA", "start-step": ""})
    assert page.page.editor.to_json() == work  # a refusal keeps the work


def test_a_game_file_opens_at_any_step() -> None:
    from catan_web.editor.start import ChosenFile

    game = played(5, 70)
    replay = Replay(game)
    page = editor()
    for step in (0, 1, 33, 70):
        page.run("start_file", ChosenFile("catan-Friday.json", dumps(game), str(step)))
        assert page.page.editor.to_scenario() == from_game(replay.game_at(step)), step
        assert page.page.state.notice.message.params == (("step", step), ("total", 70), ("name", "catan-Friday"))


def test_the_address_opens_a_link_or_a_saved_game_step() -> None:
    game = played(6, 50)
    storage = MemoryStorage()
    SaveStore(storage).put("g9", dumps(game), SaveMeta("g9", "Night", 1.0))
    page = editor(storage)
    page.run("open_address", {"search": "?game=g9&step=20", "hash": ""})
    assert page.page.editor.to_scenario() == from_game(Replay(game).game_at(20))
    work = share.editor_link(page.page.editor)
    page.run("start_beginner", "empty")
    page.run("open_address", {"search": "", "hash": "#" + work})
    assert share.editor_link(page.page.editor) == work
    page.run("open_address", {"search": "?game=nothing", "hash": ""})
    assert page.page.state.notice.message.key == "ui.saves.missing"


def test_share_gives_the_work_as_a_link_and_a_qr_code() -> None:
    page = editor()
    page.run("press", "n12")
    page.run("press", "n17")  # still with problems: the work's link holds them
    page.run("share_open")
    link = page.field("share-link")
    assert link.startswith(BASE + "editor.html#e1.")
    shared = share.read_link(link)
    assert shared.editor is not None and shared.editor.to_json() == page.page.editor.to_json()
    assert '<figure class="qr" id="share-qr"><svg' in page.html("share-box")
    page.run("share_close")
    assert page.html("share-box") == ""


@pytest.mark.parametrize("lang", ["en", "es", "de", "hi"])
def test_every_text_of_the_page_is_in_the_language(lang: str) -> None:
    page = editor(lang=lang)
    page.run("press", "n12")
    page.run("press", "n17")
    page.run("share_open")
    html = page.all_html()
    assert not re.findall(r">(?:editor|share|replay|ui)\.[a-z_.]+<", html), "a message key shown as text"


def test_the_id_map_on_the_site_is_the_one_in_the_docs() -> None:
    assert (ROOT / "web" / "board-ids.svg").read_bytes() == (ROOT / "docs" / "board-ids.svg").read_bytes()


def test_a_touch_screen_says_tap() -> None:
    page = Driver(EditorController(MemoryStorage(), languages=["de"], touch=True), BASE)
    assert "Tippe auf eine Kreuzung" in page.html("tools") and "Klicke" not in page.html("tools")
