"""Defects found by trying the engine and the page's stores as a hostile or unlucky user would.

Each test names one hole: outside data that escaped as a plain Python exception, stopped the
page, or bent a rule. Every refusal must be a :class:`~catan_core.errors.CatanError` with a
readable message, and nothing may be left half-changed.
"""

from __future__ import annotations

import copy
import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from catan_core import saves
from catan_core.actions import Action
from catan_core.errors import CatanError, FormatError, IllegalActionError, InvalidActionError
from catan_core.game import Game, Options
from catan_core.jsonread import check_depth, depth, parse
from catan_core.scenarios import load_scenario
from catan_web.settings import SETTINGS_KEY, Settings, SettingsStore
from catan_web.store import INDEX_KEY, MemoryStorage, SaveMeta, SaveStore

from catan_helpers import path, state

DEEP = 20_000


def deep_json(depth: int = DEEP) -> str:
    return "[" * depth + "]" * depth


# --- the page's stores ---------------------------------------------------------------------


def test_an_index_entry_with_an_infinite_turn_is_put_aside() -> None:
    assert SaveMeta.from_json({"id": "g1", "name": "x", "saved": 1.0, "turn": 1e999}) is None
    storage = MemoryStorage()
    storage.set("catan.game.g1", "{}")
    storage.set(INDEX_KEY, '[{"id": "g1", "name": "x", "saved": 1.0, "turn": 1e999}]')
    [meta] = SaveStore(storage).list()
    assert meta.id == "g1"


@pytest.mark.parametrize("key", [SETTINGS_KEY, INDEX_KEY])
def test_deeply_nested_settings_or_index_do_not_escape(key: str) -> None:
    storage = MemoryStorage()
    storage.set(key, deep_json())
    store = SaveStore(storage)
    assert SettingsStore(storage).load() == Settings()
    assert store.list() == []


# --- action texts and values ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["² roll", "¹ end", "0 road ²", "1" * 5000 + " roll", "0 road " + "9" * 5000],
    ids=["superscript-seat", "superscript-end", "superscript-value", "long-seat", "long-value"],
)
def test_odd_digits_in_an_action_text_are_refused_as_invalid(text: str) -> None:
    with pytest.raises(InvalidActionError):
        Action.parse(text)


@pytest.mark.parametrize("value", [("0", "roll"), None, b"0 roll", 7, ["0", "roll", None]], ids=repr)
def test_apply_and_is_legal_refuse_what_is_not_an_action(value: object) -> None:
    game = Game(Options(players=3, board="beginner"), seed=1)
    before = state(game)
    assert game.is_legal(value) is False  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError):
        game.apply(value)  # type: ignore[arg-type]
    assert state(game) == before


def test_a_save_whose_history_holds_an_odd_digit_is_refused_as_a_format_error() -> None:
    game = Game(Options(players=3, board="beginner"), seed=1)
    game.apply("0 roll 2+3")
    data = saves.dump(game)
    data["history"][0] = "² roll"
    for verify in (True, False):
        with pytest.raises(FormatError):
            saves.load(copy.deepcopy(data), verify_history=verify)
    with pytest.raises(FormatError):
        saves.loads(json.dumps(data))


# --- loaders: exact types ---------------------------------------------------------------------


def beginner_save() -> dict:
    game = Game(Options(players=3, board="beginner"), seed=1)
    game.apply("0 roll 2+3")
    return saves.dump(game)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["seats"][0].update(color="#d7263d\n"),
        lambda d: d.update(version=True),
        lambda d: d["state"].update(longest_road=-20),
        lambda d: d["state"].update(largest_army=-2),
        lambda d: d["state"].update(winner=-7),
        lambda d: d["state"].update(setup_node=-5),
        lambda d: d["state"].update(turn=-1),
        lambda d: d["state"].update(forced_dice=[[True, 6]]),
        lambda d: d["state"].update(dice=[True, 6]),
        lambda d: d["state"].update(rng=-1),
        lambda d: d["state"].update(rng=2**64),
    ],
)
def test_a_save_with_a_bent_value_is_refused(change) -> None:  # type: ignore[no-untyped-def]
    data = beginner_save()
    change(data)
    for verify in (True, False):
        with pytest.raises(FormatError):
            saves.load(copy.deepcopy(data), verify_history=verify)


def test_scenario_dice_must_be_numbers_not_booleans() -> None:
    data = {"format": "catan-scenario", "players": [{}, {}], "dice": [[True, 6]]}
    with pytest.raises(FormatError):
        load_scenario(data)


def test_scenario_colour_with_a_trailing_newline_is_refused() -> None:
    data = {"format": "catan-scenario", "players": [{"color": "#d7263d\n"}, {}]}
    with pytest.raises(FormatError):
        load_scenario(data)


# --- scenarios in the set-up phase ---------------------------------------------------------------


def setup_scenario(players: list[dict], **top: object):  # type: ignore[no-untyped-def]
    data = {"format": "catan-scenario", "board": "beginner", "phase": "setup", "players": players}
    data.update(top)
    return load_scenario(data)


def test_set_up_placements_may_not_go_past_the_piece_limits() -> None:
    five = [0, 1, 2, 7, 8]  # five settlements far enough apart
    with pytest.raises(FormatError) as info:
        setup_scenario([{"settlements": five}, {}])
    assert info.value.key == "format.pieces"


def test_a_set_up_settlement_that_cuts_a_road_takes_longest_road_away() -> None:
    # Ana's six-road trail 16-22-28-34-39-44-48 holds Longest Road; a set-up settlement of Ben
    # on 34 (free by the distance rule: Ana builds only at the ends) cuts it to 3 + 3.
    game = setup_scenario(
        [
            {"settlements": [16, 48], "roads": path(16, 22, 28, 34, 39, 44, 48)},
            {},
        ],
        current=1,
    )
    assert game.longest_road == 0
    game.apply(Action(1, "settlement", 34))
    assert game.players[0].road_length == 3
    assert game.longest_road == -1


def test_a_crowded_board_that_leaves_no_set_up_spot_is_refused() -> None:
    from catan_core.board import NODE_COUNT, NODE_NODES

    taken: list[int] = []
    for n in range(NODE_COUNT):  # a maximal set of settlements obeying the distance rule
        if all(m not in taken for m in NODE_NODES[n]):
            taken.append(n)
    players = [{"settlements": taken[i::3][:5]} for i in range(3)]
    with pytest.raises(FormatError):
        setup_scenario(players)


def test_a_scenario_already_won_is_not_left_with_set_up_or_discards_pending() -> None:
    winner = {"cities": [12, 31], "settlements": [41], "roads": [11, 47]}  # 5 points
    for phase in ("setup", "discard", "robber", "road_building"):
        data = {
            "format": "catan-scenario", "board": "beginner", "phase": phase, "options": {"vp_target": 5},
            "players": [winner, {"hand": {"grain": 8}}],
        }
        try:
            game = load_scenario(data)
        except FormatError:
            continue  # refusing the position is a fine answer
        assert game.phase == "over" and not game.setup_order and not any(game.discards)
        assert saves.dumps(saves.loads(saves.dumps(game))) == saves.dumps(game)


def test_every_refusal_is_a_catan_error_with_a_message() -> None:
    for bad in ("", "{", "[]", deep_json(), '{"format": "catan-save", "version": 1}'):
        with pytest.raises(CatanError) as info:
            saves.loads(bad)
        assert str(info.value)


# --- found by bench/fuzz.py (tests/test_boundaries.py) ------------------------------------------


def test_a_text_of_escaped_quotes_is_refused_in_linear_time() -> None:
    # An unterminated string of escaped quotes: the depth check rescanned the rest of the
    # text from every quote, so 16 kB took 7 s and a 5 MB save would never finish.
    text = '"' + '\\"' * 10_000
    start = time.perf_counter()
    with pytest.raises(FormatError):
        parse(text, max_chars=100_000)
    assert time.perf_counter() - start < 0.5


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-9, 9) | st.text(alphabet='[]{}"\\ab', max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(alphabet='[]{}"\\a', max_size=3), inner, max_size=3),
    max_leaves=12,
)
"""JSON values whose strings hold brackets, quotes and backslashes (which the depth check must skip)."""


@settings(max_examples=300, derandomize=True)
@given(value=JSON_VALUES, limit=st.integers(0, 5))
def test_the_depth_check_refuses_exactly_what_nests_deeper_than_its_limit(value: object, limit: int) -> None:
    text = json.dumps(value)
    if depth(value) > limit:
        with pytest.raises(FormatError):
            check_depth(text, limit)
    else:
        check_depth(text, limit)


def _deep(depth: int = DEEP) -> tuple:
    value: tuple = ()
    for _ in range(depth):
        value = (value,)
    return value


HUGE = 10**5000  # str() and repr() refuse ints past 4300 digits


@pytest.mark.parametrize(
    "value",
    [HUGE, _deep(), [_deep()], Action(HUGE, "road", 3), Action(0, "road", HUGE), Action(0, "discard", _deep())],
    ids=["huge-int", "deep-tuple", "deep-list", "huge-seat", "huge-edge", "deep-cards"],
)
def test_a_huge_or_deeply_nested_value_given_to_apply_is_refused_as_invalid(value: object) -> None:
    # The error message was built with repr(), which raises ValueError on a huge int and
    # RecursionError on a deep tuple: the exception escaped instead of InvalidActionError.
    game = Game(Options(players=3, board="beginner"), seed=1)
    before = state(game)
    assert game.is_legal(value) is False  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError) as info:
        game.apply(value)  # type: ignore[arg-type]
    assert len(str(info.value)) < 200
    assert state(game) == before


@pytest.mark.parametrize("value", [HUGE, _deep()], ids=["huge-int", "deep-tuple"])
def test_action_parse_of_a_huge_or_deep_non_text_is_refused_as_invalid(value: object) -> None:
    with pytest.raises(InvalidActionError):
        Action.parse(value)  # type: ignore[arg-type]


def test_winning_during_the_set_up_ends_the_set_up_too() -> None:
    # A third settlement placed in the set-up reaches the target of 3: the game ended but
    # kept its set-up placements pending, a position Game.check refuses (and so a save
    # that did not load without the replay).
    game = setup_scenario([{"settlements": [12, 31], "roads": [11, 47]}, {}], options={"vp_target": 3})
    game.apply("0 settlement 0")
    assert game.phase == "over" and game.winner == 0
    game.check()
    text = saves.dumps(game)
    assert saves.dumps(saves.loads(text, verify_history=False)) == text


def test_winning_with_the_first_free_road_ends_road_building() -> None:
    # Ben's first free road of Road Building gives him Longest Road and the target of 4:
    # the game ended with a free road still due, a position Game.check refuses.
    game = load_scenario({
        "format": "catan-scenario", "board": "beginner", "phase": "road_building", "current": 1,
        "options": {"vp_target": 4},
        "players": [{"settlements": [3, 33], "roads": [6, 10, 18]}, {"settlements": [34, 12], "roads": [42, 35, 26, 25]}],
    })
    game.apply("1 road 24")
    assert game.phase == "over" and game.winner == 1
    game.check()
    text = saves.dumps(game)
    assert saves.dumps(saves.loads(text, verify_history=False)) == text


def test_a_log_event_nested_deeper_than_a_save_may_be_is_refused() -> None:
    # Without the replay, a log event's data was taken whatever its nesting: 31 levels
    # loaded, but the save written back nests past jsonread's limit and no longer loads.
    data = beginner_save()
    deep: object = 0
    for _ in range(31):
        deep = [deep]
    data["log"][0]["data"]["x"] = deep
    for verify in (True, False):
        with pytest.raises(FormatError):
            saves.load(copy.deepcopy(data), verify_history=verify)


def test_a_loaded_log_event_with_bent_data_can_still_be_shown() -> None:
    # Without the replay a log event's data is taken as it is; showing it raised IndexError
    # (a card or resource number out of range) or ValueError (a count that is not a number).
    from catan_core.i18n import LANGUAGES, translate

    data = beginner_save()
    data["log"].append({"kind": "play_dev", "player": 0, "data": {"card": 99}})
    data["log"].append({"kind": "monopoly", "player": 0, "data": {"resource": -7, "count": "x", "taken": [0, 0, 0]}})
    data["log"].append({"kind": "produce", "player": 0, "data": {"cards": ["x", 1.5, None, 0, 0]}})
    game = saves.load(data, verify_history=False)
    for event in game.log:
        for lang in LANGUAGES:
            assert translate(*event.message(), lang, ["Ana", "Ben", "Chen"])


def test_a_lone_surrogate_in_a_scenario_text_is_refused() -> None:
    # "\ud800" in a scenario's title loaded, but the game's save (which holds the scenario)
    # is then text that cannot be written as UTF-8: a save that cannot be stored.
    from catan_core.scenarios import parse_scenario

    text = json.dumps({"format": "catan-scenario", "title": "\ud800x", "players": [{}, {}]})
    with pytest.raises(FormatError):
        parse_scenario(text)
    with pytest.raises(FormatError):
        parse('["\ud800"]', max_chars=100)  # a raw one too
    assert parse('"\\ud83d\\ude00 \\\\ud800"', max_chars=100) == "\U0001f600 \\ud800"  # pairs and backslashes are fine


def test_a_set_up_settlement_needs_a_free_path_for_its_road() -> None:
    # Ben's roads take both paths of coast intersection 15: a set-up settlement there was
    # legal, and then no road could follow (nobody could act; Game.check refused the game).
    game = setup_scenario(
        [{"cities": [3, 1]}, {"cities": [2], "roads": [5, 9, 17, 4, 22]}, {}], current=2,
    )
    assert Action(2, "settlement", 15) not in game.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        game.apply("2 settlement 15")
    assert info.value.key == "rule.setup_no_road" and str(info.value)
