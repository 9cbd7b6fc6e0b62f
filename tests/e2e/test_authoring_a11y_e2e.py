"""The board editor, the replay viewer (and its author mode) and the share panels meet WCAG
2.2 AA by axe-core in the four languages, in each state they draw: the editor with its example
and with problems, the start panel opened, the share panel; the replay with a game, the
statistics, the author mode with a "your move" step, the share panel; the game page's share
panel. The editor and the replay are checked once more on a phone held sideways, where their
board stands fixed beside the rest."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from a11y import violations

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "tests") not in sys.path:
    sys.path.insert(0, str(ROOT / "tests"))

from authoring_driver import played  # noqa: E402

from catan_core import share  # noqa: E402
from catan_core.i18n import LANGUAGES  # noqa: E402
from test_glance_e2e import SIDEWAYS  # noqa: E402

if TYPE_CHECKING:
    from conftest import GuardedBrowser, LocalSite
    from playwright.sync_api import Page

pytestmark = pytest.mark.e2e


def speak(page: Page, picker: str, lang: str) -> None:
    """Switch the page to ``lang`` with its own language menu."""
    page.select_option(picker, lang)
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)


def test_no_axe_violations_in_the_editor(browse: GuardedBrowser, site: LocalSite) -> None:
    page = browse.open(site.url + "editor.html", browse.new_context(viewport={"width": 1280, "height": 900}))
    found = {}
    for lang in LANGUAGES:
        speak(page, "#editor-lang", lang)
        found[f"example {lang}"] = violations(page)
    page.click("#start-more summary")
    page.click("#board [data-node='12']")
    page.click("#board [data-node='17']")  # two problems' rings and words
    page.click("#share-open")
    for lang in LANGUAGES:
        speak(page, "#editor-lang", lang)
        found[f"problems and share {lang}"] = violations(page)
    page.set_viewport_size(SIDEWAYS)
    found["problems and share, sideways"] = violations(page)
    assert {name: found_ for name, found_ in found.items() if found_} == {}


def test_no_axe_violations_in_the_replay_viewer(browse: GuardedBrowser, site: LocalSite) -> None:
    context = browse.new_context(viewport={"width": 1280, "height": 900})
    found = {"no game": violations(browse.open(site.url + "replay.html", context))}
    page = browse.open(f"{site.url}replay.html?step=20#{share.game_link(played(31, 60))}", context)
    page.select_option("#viewer", "1")
    page.click("#stats-toggle")
    page.wait_for_selector("#stats .catan-dice")
    for lang in LANGUAGES:
        speak(page, "#replay-lang", lang)
        found[f"replay {lang}"] = violations(page)
    page.click("#author")
    page.check("#your-move")
    page.fill("#comment", "Why this road?")
    page.click("#comment-save")
    page.click("#share-open")
    for lang in LANGUAGES:
        speak(page, "#replay-lang", lang)
        found[f"author mode and share {lang}"] = violations(page)
    page.set_viewport_size(SIDEWAYS)
    found["author mode and share, sideways"] = violations(page)
    assert {name: found_ for name, found_ in found.items() if found_} == {}


def test_no_axe_violations_in_the_game_share_panel(browse: GuardedBrowser, site: LocalSite) -> None:
    page = browse.open(site.url + "?test", browse.new_context(viewport={"width": 1280, "height": 900}))
    page.fill("#seat-name-0", "Ana")
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])")
    page.click("#share-open")
    found = {}
    for lang in LANGUAGES:
        speak(page, "#game-lang", lang)
        found[lang] = violations(page, "#bar")
    assert {name: found_ for name, found_ in found.items() if found_} == {}
