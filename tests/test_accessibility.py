"""The pure-Python side of accessibility (issue 13), in CPython: where the focus goes next and
what the live region reads (catan_web.guide), a tap's selection and the touch wording
(catan_web.touch), seat marks beside names, and the loading message's words."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from catan_web import effects as E  # noqa: E402
from catan_web.game import guide  # noqa: E402
from catan_web.game.log import LOG_LINES, LogLines, line  # noqa: E402
from catan_web.session import Session  # noqa: E402
from catan_web.targets import Intent  # noqa: E402
from catan_web.text import Text  # noqa: E402
from catan_web.touch import TOUCH_PREFIX, Tap, tap, wording  # noqa: E402
from page_driver import PageDriver  # noqa: E402

from catan_core.actions import Action  # noqa: E402
from catan_core.board import BEGINNER_PIECES  # noqa: E402
from catan_core.i18n import LANGUAGES, catalog, translate  # noqa: E402
from catan_core.palette import glyph_of  # noqa: E402
from catan_core.scenarios import load_scenario  # noqa: E402

ANA, BEN = "#d21c26", "#1147d6"
CLICK_WORDS = {"en": r"\bclick", "es": r"\bclic\b", "de": r"\bklick", "hi": "क्लिक"}
"""How each language says "click" (the touch wording must not)."""


def seat(p: int, name: str, color: str, **extra: Any) -> dict[str, Any]:
    (first, second), roads = BEGINNER_PIECES[p]
    return {"name": name, "color": color, "kind": "human", "settlements": [first, second], "roads": list(roads), **extra}


def session_of(*players: dict[str, Any], **extra: Any) -> Session:
    """A session of a scenario on the beginner board, its person to act holding the device."""
    game = load_scenario({"format": "catan-scenario", "board": "beginner", "players": list(players), **extra})
    session = Session(game)
    session.uncover()
    return session


# --- where the focus goes next --------------------------------------------------------------------


@pytest.mark.parametrize("phase, extra, expected", [
    ("roll", {}, guide.ROLL_BUTTON),
    ("main", {}, "#actions"),
    ("robber", {}, guide.BOARD),
    ("discard", {"hand": {"brick": 4, "ore": 5}}, "#discard"),
])
def test_next_focus_by_phase(phase: str, extra: dict[str, Any], expected: str) -> None:
    s = session_of(seat(0, "Ana", ANA, **extra), seat(1, "Ben", BEN, hand={"ore": 1}), phase=phase, current=0)
    assert guide.next_focus(s, s.view(), None) == expected


def test_next_focus_follows_modes_offers_covers_and_the_end() -> None:
    s = session_of(seat(0, "Ana", ANA, hand={"brick": 2, "lumber": 2}), seat(1, "Ben", BEN, hand={"ore": 2}),
                   phase="main", current=0)
    before = guide.stage(s, s.view(), None)
    assert guide.next_focus(s, s.view(), "road") == guide.BOARD and guide.stage(s, s.view(), "road") != before
    assert guide.stage(s, s.view(), None) == before  # the same situation again: the focus stays
    s.apply(Action.parse("0 offer brick>ore to all"))
    assert s.covered and guide.next_focus(s, s.view(), None) == guide.COVER_BUTTON
    s.uncover()
    assert guide.next_focus(s, s.view(), None) == "#trade"
    over = session_of(seat(0, "Ana", ANA, hand={"grain": 2, "ore": 3}), seat(1, "Ben", BEN), phase="main", current=0,
                      options={"vp_target": 3})
    over.apply(Action.parse("0 city 12"))
    assert guide.next_focus(over, over.view(), None) == guide.WINNER_BUTTON


def test_the_page_moves_the_focus_only_when_the_situation_changes() -> None:
    page = PageDriver()
    page.scenario({"format": "catan-scenario", "board": "beginner", "phase": "main", "current": 0,
                   "players": [seat(0, "Ana", ANA, hand={"brick": 2, "lumber": 2}), seat(1, "Ben", BEN, hand={"ore": 2})]})
    page.run("mode", "road")
    assert E.Focus(guide.BOARD) in page.effects  # a build mode: the board's targets are next
    page.run("mar_give", "0")
    assert all(not isinstance(effect, E.Focus) or effect.if_lost for effect in page.effects)


def test_nobody_is_pushed_while_a_computer_player_acts() -> None:
    s = session_of(seat(0, "Ana", ANA), {**seat(1, "Ben", BEN), "kind": "random"}, phase="roll", current=1)
    assert s.bot_to_act and guide.next_focus(s, s.view(), None) is None


# --- what the live region reads ---------------------------------------------------------------------


def test_the_announcer_reads_new_events_for_the_viewer_and_nothing_behind_the_cover() -> None:
    s = session_of(seat(0, "Ana", ANA), seat(1, "Ben", BEN, hand={"brick": 1, "wool": 1}), phase="roll", current=0,
                   dice=[[4, 3], [2, 4]])
    announcer = guide.Announcer()
    assert announcer.news(s) == []  # a game just opened: its past is in the log, not read out
    s.apply(Action.parse("0 roll"))  # a seven: Ana moves the robber and robs Ben
    assert announcer.news(s) == ["You roll 4 + 3 = 7."]
    robbery = next(a for a in s.legal() if a.kind == "robber" and a.value[1] == 1)
    s.apply(robbery)
    heard = announcer.news(s)
    assert heard[0].startswith("You move the robber to ") and re.fullmatch(r"You steal (brick|wool) from Ben\.", heard[1])
    s.apply(Action.parse("0 end"))
    assert s.covered and announcer.news(s) == []  # Ben's turn behind the cover
    s.uncover()
    s.apply(Action.parse("1 roll"))
    assert announcer.news(s)[0] == "You roll 2 + 4 = 6."  # Ben is "you" now
    s.text.lang = "hi"
    assert announcer.news(s) == [] and s.sentences(s.last_events)[0].startswith("आप")


# --- a finger: select, then act; "tap" wording ---------------------------------------------------------


def test_a_tap_selects_then_acts() -> None:
    build = Intent(Action(0, "road", 5))
    assert tap(None, "e5", build) == Tap("e5", False)
    assert tap("e5", "e6", build) == Tap("e6", False)  # another spot: the selection moves
    assert tap("e5", "e5", build) == Tap(None, True)
    victims = Intent(choices=(Action(0, "robber", (4, 1)), Action(0, "robber", (4, 2))))
    assert tap(None, "h4", victims) == Tap("h4", False)
    assert tap("h4", "h9", Intent()) == Tap(None, True)


def test_every_sentence_saying_click_has_a_touch_twin_that_says_tap() -> None:
    english = catalog("en")
    clicking = {key for key, value in english.items() if isinstance(value, str) and re.search(CLICK_WORDS["en"], value, re.I)}
    assert clicking and not any(key.startswith(TOUCH_PREFIX) for key in clicking)
    twins = {key[len(TOUCH_PREFIX):] for key in english if key.startswith(TOUCH_PREFIX)}
    assert twins == clicking
    for lang in LANGUAGES:
        for key in clicking:
            touch_text = catalog(lang)[TOUCH_PREFIX + key]
            assert not re.search(CLICK_WORDS[lang], touch_text, re.I), (lang, key)
            assert re.findall(r"\{\w+\}", touch_text) == re.findall(r"\{\w+\}", catalog(lang)[key])
    text = Text("de")
    text.touch = True
    assert text("ui.hint.phase_robber") == translate("touch.ui.hint.phase_robber", {}, "de")
    assert wording("ui.button.roll", True) == "ui.button.roll"


# --- seat marks beside names ------------------------------------------------------------------------------


def test_marks_with_glyphs_stand_beside_names_in_scores_log_and_trades() -> None:
    page = PageDriver()
    page.scenario({"format": "catan-scenario", "board": "beginner", "phase": "main", "current": 0,
                   "players": [seat(0, "Ana", ANA, hand={"brick": 2}), seat(1, "Ben", BEN, hand={"ore": 2})]})
    page.call(lambda table: table.act(Action.parse("0 offer brick>ore to all")))
    scores = page.html("strip-seats")
    for color in (ANA, BEN):
        assert f'data-glyph="{glyph_of(color)}"' in scores
    assert f'data-glyph="{glyph_of(BEN)}"' in page.html("actions")
    first_line = page.html("log-box").split("<li ")[1].split(">", 1)[1]
    assert first_line.startswith('<span class="mark"') and f'data-glyph="{glyph_of(ANA)}"' in first_line


def test_the_log_scrolls_by_keyboard_too() -> None:
    """The log scrolls once long (axe: scrollable-region-focusable): it takes the focus, named
    by its heading; it shows its newest lines, each numbered by its event (the numbers stay
    with the events when the oldest lines go)."""
    page = PageDriver()
    page.run("form", {"seat-kind-0": "random", "seat-kind-1": "random", "players": "2", "seed": "4"})
    page.run("start")
    assert len(page.game.log) > LOG_LINES
    log = page.html("log-box")
    assert re.search(r'<ol [^>]*id="log-lines"[^>]*tabindex="0"[^>]*aria-labelledby="log-title"', log)
    numbers = [int(number) for number in re.findall(r'<li value="(\d+)">', log)]
    assert numbers == list(range(len(page.game.log), len(page.game.log) - LOG_LINES, -1)) and page.html("log-title")


def test_the_log_translates_only_the_lines_it_shows_and_keeps_them_per_viewer_and_language() -> None:
    """A long game's log, read afresh (another seat's turn in hot-seat, another language):
    only its newest :data:`LOG_LINES` events are translated, each keyed by its event's index."""
    page = PageDriver()
    page.run("form", {"seat-kind-0": "random", "seat-kind-1": "random", "players": "2", "seed": "4"})
    page.run("start")
    session, log = page.session, page.game.log
    lines = LogLines()
    for viewer, lang in ((0, "en"), (1, "en"), (1, "de")):
        session.shown = viewer  # (computer players only: the seat shown is the viewer)
        assert session.viewer == viewer
        session.text.lang = lang
        sentences = session.log_sentences(len(log) - LOG_LINES)
        newest = tuple((str(i), line(page.game, log[i].player, sentences[i - len(log) + LOG_LINES], i + 1))
                       for i in range(len(log) - 1, len(log) - LOG_LINES - 1, -1))
        assert lines.keyed(session, lang) == newest and lines.first == len(log) - LOG_LINES


# --- the loading message -----------------------------------------------------------------------------------


def test_the_loading_script_speaks_the_catalogs_words() -> None:
    script = (ROOT / "web" / "loading.js").read_text(encoding="utf-8")
    table = re.search(r"const WORDS = (\{[^}]*\});", script)
    assert table is not None
    words = json.loads(re.sub(r"(\w+):", r'"\1":', table.group(1)))
    assert words == {lang: translate("ui.loading", {}, lang) for lang in LANGUAGES}
    failed = re.search(r"const FAILED = (\{.*?\});\n", script, re.S)
    assert failed is not None
    assert json.loads(failed.group(1)) == {lang: catalog(lang)["ui.start_failed"] for lang in LANGUAGES}
    for page in ("index.html", "embed.html", "almanac.html"):
        html = (ROOT / "web" / page).read_text(encoding="utf-8")
        assert "data-loading>Loading…<" in html and '<script src="./loading.js"' in html
