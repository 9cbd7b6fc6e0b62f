"""The game page starts, says what it put aside and plays on, whatever is in its storage.

The shared app page is reloaded with each damaged storage in turn: localStorage is written,
then the page reloads (and the storage is emptied after each test). Every case also holds two good saved games and a save whose
history holds ``"² roll"``; each of them must stay byte-identical.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from catan_core import saves
from catan_core.board import BEGINNER_PIECES
from catan_core.errors import FormatError
from catan_core.i18n import translate
from catan_core.scenarios import load_scenario
from catan_web.settings import SETTINGS_KEY
from catan_web.store import DAMAGED_PREFIX, GAME_PREFIX, INDEX_KEY, SaveMeta

if TYPE_CHECKING:
    from playwright.sync_api import Page

DEEP = "[" * 100_000 + "]" * 100_000
STEP_MS = 30_000


def en(key: str, **params: Any) -> str:
    return translate(key, params, "en")


def scenario(phase: str) -> dict[str, Any]:
    players = []
    for p, name in enumerate(("Ana", "Ben")):
        (first, second), roads = BEGINNER_PIECES[p]
        players.append({"name": name, "settlements": [first, second], "roads": list(roads)})
    return {"format": "catan-scenario", "board": "beginner", "phase": phase, "players": players, "dice": [[2, 3]]}


def odd_digit_save() -> str:
    """A save whose first action reads ``² roll`` (the engine refuses it as a FormatError)."""
    game = load_scenario(scenario("roll"))
    game.apply("0 roll")
    data = saves.dump(game)
    data["history"][0] = "² roll"
    return json.dumps(data)


GOOD = saves.dumps(load_scenario(scenario("roll")))
GAMES = {"good": GOOD, "other": saves.dumps(load_scenario(scenario("main"))), "odd": odd_digit_save()}
INDEX = json.dumps([SaveMeta(gid, gid.title(), 1.7e12 + i, ("Ana", "Ben"), 1).to_json() for i, gid in enumerate(GAMES)])


def stored(page: Page) -> dict[str, str]:
    return page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")  # type: ignore[no-any-return]


def reopen_with(page: Page, damaged: dict[str, str]) -> None:
    """Replace the storage by the games and the ``damaged`` items, and reload the page."""
    items = {GAME_PREFIX + gid: text for gid, text in GAMES.items()}
    items[INDEX_KEY] = INDEX
    items.update(damaged)
    page.evaluate("(items) => { localStorage.clear(); for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)
    page.reload()
    page.wait_for_selector("html[data-ready='1']", state="attached", timeout=60_000)


def assert_games_untouched(page: Page) -> None:
    now = stored(page)
    for gid, text in GAMES.items():
        assert now[GAME_PREFIX + gid] == text, gid


def assert_put_aside(page: Page, damaged: dict[str, str]) -> None:
    """The notice names every damaged key and where it is kept; the texts are kept whole."""
    page.wait_for_selector("#notice:not([hidden])", timeout=STEP_MS)
    kept = [en("ui.storage.kept_as", item=key, copy=DAMAGED_PREFIX + key) for key in damaged]
    assert page.inner_text("#notice .notice-text") == en("ui.storage.put_aside", items=", ".join(kept))
    now = stored(page)
    for key, text in damaged.items():
        assert now[DAMAGED_PREFIX + key] == text, key
    assert_games_untouched(page)


def play_on(page: Page) -> None:
    """Continue the good game and roll: the game goes on; the other games stay as they were."""
    page.locator(".save[data-id='good'] [data-cmd=continue]").click()
    page.wait_for_selector("#cover", timeout=STEP_MS)
    page.click("#uncover")
    page.click("#roll")
    page.wait_for_selector(".dice", timeout=STEP_MS)
    now = stored(page)
    assert now[GAME_PREFIX + "good"] != GOOD
    for gid in ("other", "odd"):
        assert now[GAME_PREFIX + gid] == GAMES[gid]
    page.click("#menu-home")
    page.wait_for_selector("#new-game")


@pytest.fixture
def page(app_page: Page) -> Iterator[Page]:
    """The shared app page, reloaded by each test with its storage; emptied afterwards."""
    yield app_page
    app_page.evaluate("localStorage.clear()")


def test_a_malformed_index_is_put_aside_and_a_save_with_an_odd_digit_says_why(page: Page) -> None:
    damaged = {INDEX_KEY: '[{"id": "good", "name": '}
    reopen_with(page, damaged)
    assert_put_aside(page, damaged)
    assert page.locator(".save").count() == len(GAMES)
    page.locator(".save[data-id='odd'] [data-cmd=continue]").click()
    page.wait_for_function("() => document.querySelector('#notice .notice-text').textContent.includes('“odd”')")
    with pytest.raises(FormatError) as refused:
        saves.loads(GAMES["odd"])
    reason = translate(refused.value.key, refused.value.params, "en")
    assert page.inner_text("#notice .notice-text") == en("ui.saves.damaged", name="odd", reason=reason)
    assert page.locator("#home:not([hidden])").count() == 1
    play_on(page)


def test_an_index_entry_with_an_infinite_turn_is_put_aside(page: Page) -> None:
    entries = json.loads(INDEX)
    entries[1]["turn"] = "TURN"
    damaged = {INDEX_KEY: json.dumps(entries).replace('"TURN"', "1e999")}
    reopen_with(page, damaged)
    assert_put_aside(page, damaged)
    play_on(page)


def test_settings_and_index_nested_100_000_deep_are_put_aside(page: Page) -> None:
    damaged = {SETTINGS_KEY: DEEP, INDEX_KEY: DEEP}
    reopen_with(page, damaged)
    assert_put_aside(page, damaged)
    assert page.get_attribute("html", "lang") == "en"
    play_on(page)
    assert SETTINGS_KEY not in stored(page)  # nothing was written over it
