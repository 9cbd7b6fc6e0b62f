"""The example frame (``embed.html``) driven through its commands in CPython: a position in view
and try modes, a game's step, a study played (comments, a "your move" step judged, deep links to
a step), the page for authors when nothing is named, the error screen (the position as given,
seats by their names, the editor's link with it loaded), and hostile studies and links refused
with a message. The browser tests (``tests/e2e/test_embed.py``, ``test_embed_study.py``) open
the same screens in the page.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import strategies as st

from catan_core import share
from catan_core.editor import Editor
from catan_core.errors import FormatError
from catan_core.game import Game, Options
from catan_core.i18n import LANGUAGES, translate
from catan_core.saves import dumps
from catan_core.scenarios import load_scenario
from catan_core.study import Study
from catan_web.commands import CommandError
from catan_web.embed.authors import EXAMPLES
from catan_web.embed.state import AUTHORS, ERROR, EXAMPLE
from catan_web.example import ScenarioProblem, embed_address, kind_of, read_shown

import boundaries as B
from embed_driver import SITE, EmbedDriver
from test_study import START, three_comments_and_a_question

SCENARIOS = Path(__file__).resolve().parents[1] / "web" / "scenarios"
HOSTILE = '<img src=x onerror="window.__pwned=1"><script>x()</script>'
HOSTILE_NAME = "<img src=x onerror=alert(1)>"
"""A seat's name as hostile as a name may be (at most 40 characters)."""
NAMED = re.compile(r'data-(?:cmd|change)="([^"]+)"')
"""A command named in markup."""
PLACEHOLDER = re.compile(r"\{[a-z_]+\}|\b(?:embed|study|format|rule)\.[a-z_.]+\b")
"""A sentence's placeholder or key left in a shown text."""


def scenario(name: str) -> str:
    return (SCENARIOS / f"{name}.json").read_text(encoding="utf-8")


def study_text(**changes: Any) -> str:
    return json.dumps({**three_comments_and_a_question(), **changes})


def no_markup_from_outside(frame: EmbedDriver) -> None:
    """Nothing given became an element: the hostile text is only ever escaped."""
    for region in frame.page.patcher.drawn:
        html = frame.html(region)
        assert "<img" not in html and "<script" not in html, region


# --- a position -----------------------------------------------------------------------------------


def test_try_mode_explains_a_refused_move_plays_a_legal_one_and_starts_again() -> None:
    frame = EmbedDriver("?mode=try&lang=es&mark=n16,e23")
    frame.open(scenario("roads"))
    assert frame.state.screen == EXAMPLE and not frame.hidden("controls")
    assert frame.html("caption") == "Where a road may go"  # the scenario's title
    frame.press("e23")
    assert frame.state.answer is not None and frame.state.answer.text == translate("rule.road_blocked", {}, "es")
    assert 'href="almanac.html?lang=es#roads"' in frame.html("message") and not frame.hidden("message")
    frame.press("e12")
    assert frame.example.game.edge_owner[12] == 0 and frame.state.answer is None and frame.hidden("message")
    assert "Ana construye una carretera" in frame.html("log")
    frame.run("reset")
    assert frame.example.game.edge_owner[12] == -1 and frame.hidden("log")


def test_view_mode_draws_the_marks_and_a_hostile_caption_as_text() -> None:
    frame = EmbedDriver("?mark=n17,e23,zz&caption=" + quote(HOSTILE))
    frame.open(scenario("distance"))
    board = frame.html("board")
    assert board.count('class="marked') >= 2 and 'class="node target' not in board
    assert frame.hidden("controls") and frame.hidden("prompt") and frame.hidden("log")
    assert frame.html("caption") == HOSTILE.replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    assert "zz" in frame.html("notice")
    frame.press("n22")  # a picture: nothing happens
    assert frame.example.game.node_owner[22] == -1
    no_markup_from_outside(frame)


def test_a_game_link_shows_its_step_and_a_save_its_last_position() -> None:
    game = Game(Options(players=3, board="beginner"), seed=2)
    for text in ("0 roll 2+2", "0 end", "1 roll 5+5", "1 end"):
        game.apply(text)
    frame = EmbedDriver("?mode=try")
    frame.open(share.game_link(game, step=2))
    assert frame.example.game.history == [] and frame.example.game.current == 1  # the position at step 2
    frame.open(share.game_link(game), search="?mode=try&step=1")
    assert frame.example.game.current == 0 and frame.example.game.phase == "main"
    frame.open(dumps(game))
    assert frame.example.game.current == 2 and frame.example.prompt() == "White: roll the dice."


def test_the_editors_link_shows_its_marks_and_caption_unless_the_address_gives_its_own() -> None:
    editor = Editor.from_scenario(json.loads(scenario("distance")))
    editor.toggle_mark("n17")
    editor.set_caption("Too close?")
    frame = EmbedDriver()
    frame.open(share.editor_link(editor))
    assert frame.state.marks == ("n17",) and frame.html("caption") == "Too close?"
    frame.open(share.editor_link(editor), search="?mark=h5&caption=Mine")
    assert frame.state.marks == ("h5",) and frame.html("caption") == "Mine"


# --- a study ------------------------------------------------------------------------------------------


def test_a_study_with_three_comments_and_a_question_is_played_through() -> None:
    frame = EmbedDriver(lang="en")
    frame.open(study_text())
    assert frame.state.screen == EXAMPLE and not frame.hidden("study")
    assert frame.html("caption") == "Where the robber goes"  # the study's title
    assert "The start · 4 moves" in frame.html("study-text") and "Ana rolls: a 7." in frame.html("study-text")
    assert 'id="study-back"' in frame.html("study-nav") and re.search(r'id="study-back"[^>]*disabled', frame.html("study-nav"))
    assert frame.hidden("controls") and not frame.page.playable()  # no question here: nothing to play
    frame.run("study", "next")
    text = frame.html("study-text")
    assert "Move 1 of 4" in text and "Nobody holds more than 7 cards" in text
    assert "Your move: find what Ana plays." in text and frame.page.playable()
    assert "Show the move" in frame.html("study-nav")
    assert re.search(r'class="hex terrain-[a-z]+ target', frame.html("board"))

    frame.press("h9")  # the robber is on the desert: it must move (the engine's reason)
    answer = frame.state.answer
    assert answer is not None and answer.text == translate("rule.robber_must_move", {}, "en") and not answer.found
    assert 'id="why"' in frame.html("message") and frame.page.lesson is not None and frame.page.lesson.step == 1
    frame.press("h3")  # legal, not the one: the author's hint
    assert "Hint: Ben holds the most cards" in frame.state.answer.text
    frame.press("h5")  # Ben alone touches hex 5: one of the moves to find
    assert frame.state.answer is not None and frame.state.answer.found
    assert frame.state.answer.text == "Well found!" and ("class", "message found") in frame.page.patcher.drawn["message"].attributes
    assert frame.page.lesson.step == 2 and frame.example.game.robber == 1, "the line goes on with its own move"
    assert frame.hidden("controls") and "e18" not in frame.html("board")
    frame.run("study", "next")
    assert "Ana builds towards the coast" in frame.html("study-text") and frame.state.answer is None
    assert 'class="marked" data-at="e6"' in frame.html("board")  # the move just made, ringed
    frame.run("study", "next")
    assert "The end of the study." in frame.html("study-text")
    assert re.search(r'id="study-next"[^>]*disabled', frame.html("study-nav"))
    frame.run("study", "first")
    assert frame.page.lesson.step == 0 and frame.example.game.history == [] and 'class="marked"' not in frame.html("board")


def test_a_found_move_gives_the_next_step_the_focus_when_it_was_lost() -> None:
    frame = EmbedDriver()
    frame.open(study_text())
    frame.run("study", "next")
    frame.run("act", "0 robber 1 1")  # the move as a button would make it
    assert frame.page.lesson is not None and frame.page.lesson.step == 2
    assert [(type(e).__name__, e.target, e.if_lost) for e in frame.effects] == [("Focus", "#study-next", True)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_deep_link_opens_a_study_at_its_step_in_every_language(lang: str) -> None:
    frame = EmbedDriver("?step=2", lang=lang)
    data = three_comments_and_a_question()
    frame.open(share.pack("study", data))
    lesson = frame.page.lesson
    assert lesson is not None and lesson.step == 2 and frame.example.game.robber == 1
    words = frame.html("study-text") + frame.html("study-nav")
    assert translate("embed.study.step", {"step": 2, "count": 4}, lang) in words
    assert not PLACEHOLDER.search(words)
    frame.open(share.pack("study", data), search="?step=99")  # past the end: the end
    assert frame.page.lesson is not None and frame.page.lesson.step == 4


def test_steps_outside_the_line_and_unknown_ways_run_nothing() -> None:
    frame = EmbedDriver()
    frame.open(study_text())
    frame.run("study", "back")
    assert frame.page.lesson is not None and frame.page.lesson.step == 0
    with pytest.raises(CommandError):
        frame.run("study", "sideways")
    frame.run("act", "0 roll")  # no question at the start: the move is not the reader's to make
    assert frame.page.lesson.step == 0 and frame.example.game.history == []


# --- nothing named, and what cannot be shown -----------------------------------------------------------


def test_nothing_named_shows_the_page_for_authors() -> None:
    frame = EmbedDriver(lang="de")
    frame.open(None)
    assert frame.state.screen == AUTHORS and frame.html("board") == ""
    html = frame.html("authors")
    assert translate("embed.error.no_scenario", {}, "de") in html.replace("&#x27;", "'")
    assert 'href="editor.html?lang=de"' in html
    frames = re.findall(r'<iframe src="([^"]+)"', html)
    assert len(frames) == len(EXAMPLES) == 3 and all(src.startswith("embed.html?scenario=scenarios/") for src in frames)
    assert "mode=view" in frames[0] and "mode=try" in frames[1]
    assert f'src="{SITE}{frames[0]}"' in html.replace("&amp;", "&").replace("&quot;", '"')  # the site's own address
    assert frame.page.title() == translate("embed.authors.title", {}, "de")
    assert not frame.hidden("authors") and frame.hidden("error") and frame.hidden("players")


def test_the_error_screen_draws_the_position_as_given_names_seats_and_links_the_editor() -> None:
    data = {"format": "catan-scenario", "players": [{"name": "Ana", "settlements": [4, 8]}, {"name": HOSTILE_NAME}]}
    frame = EmbedDriver(lang="de")
    frame.open(json.dumps(data))
    failure = frame.state.failure
    assert frame.state.screen == ERROR and failure is not None and failure.sketch is not None
    assert failure.text.startswith("Dieses Szenario kann nicht gezeigt werden:")
    assert set(failure.sketch.spots) == {"n4", "n8"}
    html = frame.html("error")
    assert html.count('class="marked') >= 2 and 'data-at="n4"' in html and 'data-at="n8"' in html
    assert failure.editor is not None and failure.editor.startswith("editor.html?lang=de#e1.")
    loaded = share.read_link(failure.editor).editor
    assert loaded is not None and loaded.to_scenario()["players"][1]["name"] == HOSTILE_NAME
    assert frame.html("board") == "" and frame.hidden("controls")
    no_markup_from_outside(frame)


def test_refusals_name_seats_by_their_names_never_player_1() -> None:
    roads = list(range(16))
    named = {"format": "catan-scenario", "players": [{"name": "Ana", "roads": roads}, {"name": "Ben"}]}
    unnamed = {"format": "catan-scenario", "players": [{"roads": roads}, {}]}
    bad_colour = {"format": "catan-scenario", "players": [{"name": "Ana"}, {"name": "Ben", "color": "blue"}]}
    bad_name = {"format": "catan-scenario", "players": [{"name": "Ana"}, {"name": " "}]}
    frame = EmbedDriver()
    for data, ending in (
        (named, "Ana has more pieces than the game contains."),
        (unnamed, "Red has more pieces than the game contains."),
        (bad_colour, "Ben: the name (1 to 40 characters), colour (#rrggbb) or player kind is not valid."),
        (bad_name, "Blue: the name (1 to 40 characters), colour (#rrggbb) or player kind is not valid."),
    ):
        frame.open(json.dumps(data))
        assert frame.state.failure is not None and frame.state.failure.text.endswith(ending)
        assert "Player" not in frame.html("error")


def test_what_the_editor_cannot_hold_goes_to_it_as_json_or_not_at_all() -> None:
    frame = EmbedDriver()
    shapeless = {"format": "catan-scenario", "players": "two"}
    frame.open(json.dumps(shapeless))
    failure = frame.state.failure
    assert failure is not None and failure.sketch is None
    assert failure.editor == "editor.html?lang=en#" + quote(json.dumps(shapeless, separators=(",", ":")), safe="")
    frame.open("[" * 50_000 + "]" * 50_000)
    assert frame.state.failure is not None and frame.state.failure.editor is None
    assert 'href="editor.html?lang=en"' in frame.html("error")
    frame.fail(ScenarioProblem("embed.error.not_found", file="<x>.json"))
    assert frame.state.failure is not None and frame.state.failure.text == 'The scenario "<x>.json" could not be loaded.'


def test_a_study_refused_says_so_and_shows_its_start() -> None:
    data = three_comments_and_a_question()
    data["moves"][2]["move"] = "0 road 60"
    frame = EmbedDriver()
    frame.open(json.dumps(data))
    failure = frame.state.failure
    assert failure is not None and failure.text.startswith("This study cannot be shown: Move 3 of the study")
    assert failure.sketch is not None and failure.editor is not None  # its start, in the editor


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (study_text(title="x" * 300), "format.field"),
        (study_text(version=2), "format.version"),
        (study_text(moves="all of them"), "format.field"),
        ('{"format": "catan-study", "version": 1, "title": ' + "[" * 5000 + "]" * 5000 + "}", "format.not_json"),
        ('{"format": "catan-study", "version": 1, "title": "' + "x" * 2_000_001 + '"}', "format.too_large"),
        ("t7.eNqrVg", "format.link_version"),
        ("t1." + "A" * 100_001, "format.link_too_long"),
    ],
    ids=["long-title", "unknown-version", "wrong-type", "deep", "huge", "link-version", "long-link"],
)
def test_hostile_studies_are_refused_with_a_message(text: str, reason: str) -> None:
    with pytest.raises(FormatError) as refused:
        read_shown(text)
    assert refused.value.key == reason
    frame = EmbedDriver(lang="hi")
    frame.open(text)
    failure = frame.state.failure
    assert frame.state.screen == ERROR and failure is not None and frame.page.example is None
    params = {"reason_key": reason, "reason_params": refused.value.params}
    assert failure.text == translate("embed.error.invalid_study", params, "hi") and not PLACEHOLDER.search(failure.text)
    assert kind_of(text) == "study"


@B.boundary_property(40, st.one_of(B.hostile_links(), st.sampled_from(B.study_pool()).flatmap(B.mutated_text)))
def test_any_study_or_link_shows_a_position_or_a_readable_refusal(text: str) -> None:
    frame = EmbedDriver("?mode=try", lang="de")
    frame.open(text)
    assert frame.state.screen in (EXAMPLE, ERROR)
    if frame.state.screen == ERROR:
        assert frame.state.failure is not None and not PLACEHOLDER.search(frame.state.failure.text)
    else:
        frame.example.game.check()


# --- the command table ----------------------------------------------------------------------------------


def test_every_command_named_is_in_the_table_and_every_command_is_reachable() -> None:
    frame = EmbedDriver("?mode=try")
    seen: set[str] = set()

    def look() -> None:
        seen.update(name for region in frame.page.patcher.drawn for name in NAMED.findall(frame.html(region)))

    for name in ("seven", "monopoly", "year_of_plenty", "harbor", "knight", "buy", "road_building"):
        frame.open(scenario(name))
        look()
        for _ in range(8):
            legal = frame.example.legal()
            if not legal:
                break
            if frame.example.picker() is not None:
                frame.run("pick", str(next(r for r, room in enumerate(frame.example.picker().room) if room)))
                look()
                frame.run("clear")
            frame.run("act", legal[-1].text())
            look()
    frame.open(scenario("seven"))
    frame.run("act", "0 roll")
    frame.run("take")  # nothing picked: nothing happens
    frame.run("act", "1 discard wool,wool,wool,brick")
    frame.press("h8")  # Ben and Chen touch hex 8: whom to rob
    look()
    frame.open(study_text(), search="")
    look()
    table = frame.page.table
    assert seen - table.names() == set(), "named in the frame's markup but not in its command table"
    sent = {name for name, command in table.commands.items() if command.sent_by_page}
    assert table.names() - seen - sent == set(), "in the table but named by no control, nor sent by the page"


def test_the_address_a_snippet_names_opens_in_the_frame() -> None:
    link = share.study_link(Study.new("x", START))
    address = embed_address(link, mode="try", marks=("h5",), caption="Hi", step=0)
    search, fragment = address.split("?", 1)[1].split("#", 1)
    frame = EmbedDriver("?" + search)
    frame.open(fragment)
    assert frame.page.lesson is not None and frame.state.marks == ("h5",) and frame.html("caption") == "Hi"
    assert frame.example.game.to_json() == load_scenario(START).to_json()


def test_the_board_keeps_one_tab_stop_on_the_targets_and_the_focus_follows_a_move() -> None:
    from catan_web.navigate import Rove
    from catan_web.effects import BOARD, Focus

    frame = EmbedDriver("?mode=try")
    frame.open(scenario("roads"))
    assert frame.state.focus in ("e6", "e12", "e19") and frame.html("board").count('tabindex="0"') == 1
    start = frame.state.focus
    frame.run("rove", Rove(start, "End"))
    assert frame.effects == [Focus(BOARD)] and frame.state.focus != start
    frame.press(frame.state.focus)  # Enter on it, as a click
    assert frame.effects == [Focus(BOARD, if_lost=True)] and frame.state.focus in ("e6", "e7", "e12", "e13", "e19")
    frame.open(scenario("roads"), search="")  # a picture: no Tab stop on the board
    assert frame.state.focus is None and 'tabindex="0"' not in frame.html("board")
