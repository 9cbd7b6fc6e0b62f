"""Nothing stored, linked or typed may stop a page (issue 10, the web side).

Every text the pages read from outside -- the settings, the saves index and its entries in the
browser's storage, the example board's address and fragment -- goes through one careful reader
and is either accepted and sound or refused cleanly (None, empty settings, a
:class:`~catan_web.example.ScenarioProblem`), never with another exception. A damaged stored
text is put aside under ``catan.damaged.<key>`` and nothing else is touched. The properties
run a bounded number of hypothesis examples each, with a deadline per example (no hang).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import strategies as st

from catan_core.i18n import LANGUAGES
from catan_core.saves import dumps
from catan_core.scenarios import load_scenario
from catan_web.example import MARK_LIMITS, MAX_CAPTION_CHARS, MODES, Example, ScenarioProblem, problem_text, read_params
from catan_web.settings import SETTINGS_KEY, SPEEDS, Settings, SettingsStore
from catan_web.store import (
    DAMAGED_PREFIX, GAME_PREFIX, INDEX_KEY, MAX_GAME_NAME, MAX_ID, MAX_TIME, MAX_TURN, BrowserStorage, MemoryStorage,
    PutAside, SaveMeta, SaveStore, open_storage, put_aside,
)

import boundaries as B

SCENARIOS = Path(__file__).resolve().parents[1] / "web" / "scenarios"
EXAMPLES = 60
"""Examples per property in CI (``bench/fuzz.py`` runs them for as long as asked)."""
prop = B.boundary_property
GAMES = {GAME_PREFIX + "g1": '{"a save": 1}', GAME_PREFIX + "g2": "not even JSON"}
"""Stored games that every damaged item must leave byte-identical."""
INDEX = [
    {"id": "g1", "name": "First", "saved": 1700000000000.0, "players": ["Ana", "Ben"], "turn": 12, "winner": ""},
    {"id": "g2", "name": "Second", "saved": 1700000000001, "players": [], "turn": 0},
]
DEEP = 100_000


# --- strategies ------------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=12), inner, max_size=6),
    max_leaves=25,
)
"""Any JSON value, NaN and infinities included (``json.dumps`` writes them as bare words)."""
plausible = (
    st.integers(-2, 80) | st.lists(st.integers(-1, 75), max_size=5)
    | st.sampled_from(["main", "roll", "robber", "discard", "setup", "road_building", "beginner", "de", "fast"])
)
"""Values of the kinds the formats hold, often in range: they reach deeper checks."""


def mutations(base: str) -> st.SearchStrategy[str]:
    """``base`` with a few characters inserted, deleted or replaced."""
    edit = st.tuples(st.integers(0, len(base)), st.integers(0, 3), st.text(max_size=3))

    def apply(edits: list[tuple[int, int, str]]) -> str:
        text = base
        for at, cut, insert in edits:
            at = min(at, len(text))
            text = text[:at] + insert + text[at + cut:]
        return text

    return st.lists(edit, min_size=1, max_size=4).map(apply)


def deep(opening: str = "[", closing: str = "]") -> st.SearchStrategy[str]:
    """Brackets nested up to :data:`DEEP` deep."""
    return st.integers(1, DEEP).map(lambda depth: opening * depth + closing * depth)


def texts_around(valid: str, *fields: str) -> st.SearchStrategy[str]:
    """Texts near the valid ``valid``: any text, any JSON, mutations, deep nesting, and the
    valid object with ``fields`` replaced by any JSON value."""
    base = json.loads(valid)
    swapped = st.sampled_from(fields).flatmap(
        lambda name: (json_values | plausible).map(lambda value: json.dumps(swap(base, name, value)))
    )
    return st.one_of(st.text(max_size=200), json_values.map(json.dumps), mutations(valid), deep(), swapped)


def swap(data: Any, name: str, value: Any) -> Any:
    """``data`` (an object, or a list of objects: its first) with field ``name`` set to ``value``."""
    data = json.loads(json.dumps(data))
    (data[0] if isinstance(data, list) else data)[name] = value
    return data


def storage_with(key: str, text: str) -> MemoryStorage:
    storage = MemoryStorage()
    for game, save in GAMES.items():
        storage.set(game, save)
    storage.set(key, text)
    return storage


def assert_games_untouched(storage: MemoryStorage) -> None:
    for game, save in GAMES.items():
        assert storage.get(game) == save


def assert_put_aside_cleanly(storage: MemoryStorage, key: str, text: str, aside: list[PutAside]) -> None:
    """A damaged ``text`` is now kept whole under a catan.damaged key (an undamaged one stays),
    and every stored game is untouched."""
    assert_games_untouched(storage)
    if aside:
        assert aside == [PutAside(key, DAMAGED_PREFIX + key)]
        assert storage.get(DAMAGED_PREFIX + key) == text
    else:
        assert storage.get(key) == text


# --- the settings ------------------------------------------------------------------------------


@prop(EXAMPLES, texts_around('{"lang": "de", "speed": "fast"}', "lang", "speed"))
def test_any_settings_text_is_read_soundly_or_put_aside(text: str) -> None:
    storage = storage_with(SETTINGS_KEY, text)
    store = SettingsStore(storage)
    found = store.load()
    assert found.lang in (None, *LANGUAGES) and found.speed in (None, *SPEEDS)
    aside = store.repair()
    assert_put_aside_cleanly(storage, SETTINGS_KEY, text, aside)
    store.remember(lang="hi")
    assert store.load() == Settings("hi", found.speed)
    assert_games_untouched(storage)
    assert not aside or storage.get(DAMAGED_PREFIX + SETTINGS_KEY) == text


def test_settings_are_type_checked() -> None:
    read = Settings.read
    assert read('{"lang": "es", "speed": "slow"}') == (Settings("es", "slow"), False)
    assert read('{"lang": "fr", "speed": "warp", "new": [1]}') == (Settings(), False)  # unknown values: ignored
    for damaged in ('{"lang": 1}', '{"speed": true}', '["de"]', "null", "", "{", '{"lang": "' + "x" * 99 + '"}',
                    "[" * DEEP + "]" * DEEP, '{"speed": 1e999}'):
        assert read(damaged) == (Settings(), True), damaged


def test_a_damaged_text_is_never_overwritten() -> None:
    storage = MemoryStorage()
    storage.set(SETTINGS_KEY, "{broken")
    storage.set(DAMAGED_PREFIX + SETTINGS_KEY, "an earlier one")
    store = SettingsStore(storage)
    store.remember(lang="de")  # writing puts the damaged text aside first
    assert storage.get(DAMAGED_PREFIX + SETTINGS_KEY) == "an earlier one"
    assert storage.get(DAMAGED_PREFIX + SETTINGS_KEY + ".2") == "{broken"
    assert store.load() == Settings("de")
    assert put_aside(storage, "no such key") == PutAside("no such key", None)


def test_with_no_room_to_put_it_aside_a_damaged_text_stays_where_it_was() -> None:
    storage = MemoryStorage()
    storage.set(SETTINGS_KEY, "{broken")
    storage.limit = 0
    store = SettingsStore(storage)
    assert store.repair() == [PutAside(SETTINGS_KEY, None)]
    store.remember(lang="de")
    storage.limit = None
    store.remember(lang="hi")  # room again: put aside, then written
    assert storage.get(DAMAGED_PREFIX + SETTINGS_KEY) == "{broken"
    assert store.load() == Settings("hi")


# --- the saves index -------------------------------------------------------------------------------


def sound(meta: SaveMeta) -> bool:
    return (
        isinstance(meta.id, str) and len(meta.id) <= MAX_ID and isinstance(meta.name, str) and len(meta.name) <= MAX_GAME_NAME
        and type(meta.saved) is float and math.isfinite(meta.saved) and 0 <= meta.saved < MAX_TIME
        and all(isinstance(name, str) for name in meta.players) and type(meta.turn) is int and 0 <= meta.turn < MAX_TURN
        and isinstance(meta.winner, str)
    )


@prop(EXAMPLES, texts_around(json.dumps(INDEX), "id", "name", "saved", "players", "turn", "winner"))
def test_any_index_text_lists_every_game_soundly_and_touches_no_game(text: str) -> None:
    storage = storage_with(INDEX_KEY, text)
    store = SaveStore(storage)
    listed = store.list()
    assert sorted(meta.id for meta in listed) == ["g1", "g2"] and all(sound(meta) for meta in listed)
    aside = store.repair()
    assert_put_aside_cleanly(storage, INDEX_KEY, text, aside)
    again = SaveStore(storage)
    assert again.repair() == [] and sorted(meta.id for meta in again.list()) == ["g1", "g2"]


@prop(EXAMPLES, st.one_of(json_values, st.sampled_from(INDEX).flatmap(
    lambda entry: st.sampled_from(sorted(entry)).flatmap(lambda name: json_values.map(lambda v: swap(entry, name, v))))))
def test_an_index_entry_is_read_soundly_or_refused(data: Any) -> None:
    meta = SaveMeta.from_json(data)
    if meta is not None:
        assert sound(meta) and SaveMeta.from_json(meta.to_json()) == meta


@pytest.mark.parametrize("text", [
    '[{"id": "g1", "name": "x", "saved": 1.0, "turn": 1e999}]',
    '[{"id": "g1", "name": "x", "saved": 1.0, "turn": -1}, {"id": "g2", "name": "Second", "saved": 5}]',
    '[{"id": "g1", "name": 7, "saved": 1.0}]',
    '{"not": "a list"}',
    "[" * DEEP + "]" * DEEP,
])
def test_a_damaged_index_is_put_aside_and_what_could_be_read_is_kept(text: str) -> None:
    storage = storage_with(INDEX_KEY, text)
    store = SaveStore(storage)
    assert store.repair() == [PutAside(INDEX_KEY, DAMAGED_PREFIX + INDEX_KEY)]
    assert_put_aside_cleanly(storage, INDEX_KEY, text, [PutAside(INDEX_KEY, DAMAGED_PREFIX + INDEX_KEY)])
    listed = {meta.id: meta for meta in SaveStore(storage).list()}
    assert set(listed) == {"g1", "g2"} and listed["g1"].damaged
    assert listed["g2"].damaged == ('"Second"' not in text)  # a readable entry keeps its details


def test_the_browser_storage_tells_null_from_a_value_and_falls_back_when_blocked() -> None:
    null = object()

    class Local:
        def __init__(self) -> None:
            self.data: dict[str, str] = {}
            self.length = 0

        def getItem(self, key: str) -> object:  # noqa: N802 - the Web Storage API
            return self.data.get(key, null)

        def setItem(self, key: str, value: str) -> None:  # noqa: N802
            if len(value) > 10:
                raise RuntimeError("QuotaExceededError")
            self.data[key] = value
            self.length = len(self.data)

        def removeItem(self, key: str) -> None:  # noqa: N802
            self.data.pop(key, None)
            self.length = len(self.data)

        def key(self, i: int) -> str:
            return list(self.data)[i]

    storage = open_storage(Local, lambda value: value is null)
    assert isinstance(storage, BrowserStorage) and storage.get("k") is None
    storage.set("k", "v")
    assert storage.get("k") == "v" and storage.keys() == ["k"]
    store = SaveStore(storage)
    with pytest.raises(Exception) as full:
        store.put("g", "x" * 20, SaveMeta("g", "G", 1.0))
    assert type(full.value).__name__ == "StorageFull"

    def blocked() -> object:
        raise RuntimeError("SecurityError")

    assert isinstance(open_storage(blocked, lambda value: value is None), MemoryStorage)


# --- the example board's address and scenario ----------------------------------------------------------


def sound_params(search: str, fragment: str) -> None:
    params = read_params(search, fragment)
    assert params.lang in (None, *LANGUAGES) and params.mode in MODES
    assert len(params.caption) <= MAX_CAPTION_CHARS and len(params.bad_marks) <= 5
    for mark in params.marks:
        assert mark[0] in MARK_LIMITS and 0 <= int(mark[1:]) < MARK_LIMITS[mark[0]]
    assert params.scenario is None or params.scenario.strip() == params.scenario != ""


@prop(EXAMPLES, st.text(max_size=300), st.text(max_size=300))
def test_any_address_reads_as_sound_parameters(search: str, fragment: str) -> None:
    sound_params(search, fragment)
    sound_params("?mark=" + search + "&lang=" + fragment + "&mode=" + search + "&caption=" + fragment, "#" + fragment)


def scenario_texts() -> st.SearchStrategy[str]:
    """Texts near the example scenarios the site ships: as they are, with a field (or a field
    of the first player) swapped, mutated; any JSON; deep nesting of arrays and objects."""
    files = st.sampled_from(sorted(path.read_text(encoding="utf-8") for path in SCENARIOS.glob("*.json")))
    values = json_values | plausible

    def swapped(text: str) -> st.SearchStrategy[str]:
        data = json.loads(text)
        return st.sampled_from(sorted(data)).flatmap(lambda name: values.map(lambda v: json.dumps(swap(data, name, v))))

    def player_swapped(text: str) -> st.SearchStrategy[str]:
        data = json.loads(text)
        names = ("name", "color", "settlements", "cities", "roads", "hand", "dev_cards", "played", "knights_played")

        def put(name: str, value: Any) -> str:
            return json.dumps({**data, "players": swap(data["players"], name, value)})

        return st.sampled_from(names).flatmap(lambda name: values.map(lambda v: put(name, v)))

    return st.one_of(
        files, files.flatmap(swapped), files.flatmap(player_swapped), files.flatmap(mutations),
        deep(), deep('{"a":', "}"), json_values.map(json.dumps),
    )


@prop(EXAMPLES, scenario_texts(), st.sampled_from(LANGUAGES))
def test_any_fragment_shows_a_position_or_says_why_not(text: str, lang: str) -> None:
    assert read_params("?mode=try", "#" + quote(text, safe="")).fragment == text
    try:
        example = Example.read(text, lang)
    except ScenarioProblem as problem:
        message = problem_text(problem, lang)
        assert message and "{" not in message
        return
    example.game.check()
    assert dumps(load_scenario(example.data)) == dumps(example.game)
    for action in example.legal()[:3]:
        example.apply(action)


def test_a_fragment_nested_50_000_deep_says_it_is_not_json() -> None:
    text = "[" * 50_000 + "]" * 50_000
    with pytest.raises(ScenarioProblem) as caught:
        Example.read(read_params("", "#" + quote(text)).fragment, "de")
    assert caught.value.params["reason_key"] == "format.not_json"
    assert problem_text(caught.value, "de").startswith("Dieses Szenario kann nicht gezeigt werden:")


def test_the_notice_names_what_was_put_aside_in_the_page_language() -> None:
    from catan_web.game.home import put_aside_message
    from catan_web.text import Text

    items = [PutAside(SETTINGS_KEY, DAMAGED_PREFIX + SETTINGS_KEY), PutAside(INDEX_KEY, None)]
    message = Text("de").msg(put_aside_message(items))
    assert "catan.settings (jetzt aufbewahrt als catan.damaged.catan.settings), catan.index (blieb, wo es war" in message
