"""The board editor's model (:mod:`catan_core.editor`): clicks and settings, undo and redo, and
located problems that agree with the engine's scenario check."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from catan_core import saves
from catan_core.board import EDGE_COUNT, HEX_COUNT, NODE_COUNT, spot
from catan_core.editor import TOOLS, Editor
from catan_core.errors import CatanError, FormatError
from catan_core.i18n import LANGUAGES
from catan_core.replay import Replay
from catan_core.scenarios import SCENARIO_PHASES, Scenario, from_game, load_scenario
from catan_web.example import Example, ScenarioProblem, embed_address, read_params, read_shown
from catan_core.share import editor_link, read_link, scenario_link

from boundaries import few, random_game


def test_a_settlement_blocked_by_the_distance_rule_in_few_operations() -> None:
    """The issue's example, as the page would drive it: every call below is one click."""
    clicks = 0

    def click(result: Any = None) -> Any:
        nonlocal clicks
        clicks += 1
        return result

    editor = click(Editor.beginner(pieces=False))  # "Beginner board, empty"
    editor.tool = click("settlement")  # the settlement tool (seat 1 is chosen)
    click(editor.click("node", 12))
    click(editor.set_phase("main"))
    click(editor.give_cost(0, "settlement"))  # "+ cards for a settlement"
    editor.tool = click("mark")
    click(editor.click("node", 17))
    click(editor.set_caption("Ana may not build next to her own settlement."))  # typing counts as one
    assert editor.problems() == []
    address = click(embed_address(scenario_link(editor.to_scenario()), lang="en", mode="try", marks=editor.marks,
                                  caption=editor.caption))  # "Copy the snippet"
    print(f"\noperations for a settlement blocked by the distance rule: {clicks}")
    assert clicks <= 10
    params = read_params(*address.split("?", 1)[1].split("#", 1))
    assert params.marks == ("n17",) and params.mode == "try"
    example = Example.read(params.fragment, "en")
    assert example.click("node", 17).message == "Too close: no building may stand next to another (the distance rule)."


def test_problems_say_where() -> None:
    editor = Editor.beginner(pieces=False)
    editor.place_building(0, 12)
    editor.place_building(1, 17)
    editor.place_building(1, 7)
    editor.place_road(1, 30)  # far from seat 1's buildings
    problems = editor.problems()
    assert [(p.key, p.spots) for p in problems] == [
        ("editor.distance", ("n7", "n12")), ("editor.distance", ("n12", "n17")), ("format.road_unconnected", ("e30",)),
    ]
    names = editor.names()
    assert problems[2].text("en", names) == "Road 30 of Blue is not connected to their pieces."
    for problem in problems:
        for lang in LANGUAGES:
            assert "{" not in problem.text(lang, names)
    editor.remove("n12")
    editor.remove("e30")
    assert editor.problems() == []
    editor.set_hand(0, [20, 0, 0, 0, 0])
    (problem,) = editor.problems()
    assert problem.key == "format.resource_total" and problem.spots == ()


def test_a_tie_for_the_largest_army_asks_for_its_holder() -> None:
    editor = Editor.beginner()
    editor.set_dev(0, 0, played=3)
    editor.set_dev(1, 0, played=3)
    (problem,) = editor.problems()
    assert problem.key == "editor.largest_army_holder"
    editor.set_award("largest_army", 1)
    assert editor.problems() == [] and editor.game().largest_army == 1
    editor.set_dev(0, 0, played=4)  # seat 0 has more now: the name no longer fits and is dropped
    assert editor.scenario.largest_army is None and editor.game().largest_army == 0


def test_clicks_place_replace_and_take_away() -> None:
    editor = Editor.beginner(players=3)
    editor.seat = 1
    assert editor.piece_at("n12") == (0, "settlement")
    editor.tool = "city"
    assert editor.click("node", 12) and editor.piece_at("n12") == (1, "city")
    assert editor.click("node", 12) and editor.piece_at("n12") is None  # a second click takes it away
    editor.tool = "road"
    assert not editor.click("node", 5)  # a road tool on an intersection does nothing
    assert editor.click("edge", 11) and editor.piece_at("e11") == (1, "road")
    editor.tool = "erase"
    assert editor.click("edge", 11) and editor.piece_at("e11") is None
    editor.tool = "robber"
    assert editor.click("hex", 4) and editor.game().robber == 4
    assert editor.click("hex", 9) and editor.scenario.robber is None  # back on the desert
    with pytest.raises(FormatError):
        editor.click("node", NODE_COUNT)
    with pytest.raises(FormatError):
        editor.click("corner", 1)


def test_settings_are_checked_before_they_are_made() -> None:
    editor = Editor.beginner(players=3)
    before = editor.to_scenario()
    for call in (
        lambda: editor.set_seat(0, name=" "), lambda: editor.set_seat(0, color="red"),
        lambda: editor.set_seat(0, kind="wizard"), lambda: editor.set_option("vp_target", 99),
        lambda: editor.set_option("players", 2), lambda: editor.set_phase("trade"), lambda: editor.set_dice([[0, 7]]),
        lambda: editor.set_hand(5, [0] * 5), lambda: editor.set_hand(0, [0] * 4), lambda: editor.set_players(5),
        lambda: editor.give_cost(0, "castle"), lambda: editor.set_caption("x" * 501), lambda: editor.toggle_mark("q1"),
    ):
        with pytest.raises(FormatError):
            call()
    assert editor.to_scenario() == before and not editor.can_undo
    assert editor.set_seat(0, name="Ana", color="#123456") and editor.game().seats[0].name == "Ana"
    assert editor.set_option("vp_target", 6) and editor.game().options.vp_target == 6
    assert editor.set_option("vp_target", 10) and "options" not in editor.to_scenario()
    editor.seat = 2
    assert editor.set_players(2) and len(editor.game().players) == 2 and editor.seat == 1
    assert editor.set_dice([[6, 6]]) and editor.game().forced_dice == [(6, 6)]
    assert not editor.set_dice([[6, 6]])  # the same again changes nothing: nothing to undo


def test_every_step_of_a_saved_game_opens_in_the_editor() -> None:
    game = random_game(9, players=3, steps=120)
    data = saves.dump(game)
    replay = Replay(game)
    for step in (0, 1, 57, 120):
        editor = Editor.from_save(data, step)
        assert editor.to_scenario() == from_game(replay.game_at(step))
        assert editor.problems() == [] and editor.game().to_json() == replay.game_at(step).to_json()
    assert Editor.from_game(game).to_scenario() == from_game(game)


def test_a_scenario_whose_position_is_wrong_opens_with_its_problems() -> None:
    data = {"format": "catan-scenario", "players": [{"settlements": [12, 17]}, {}]}
    editor = Editor.from_scenario(data)
    assert [p.key for p in editor.problems()] == ["editor.distance"]
    with pytest.raises(FormatError):
        Editor.from_scenario({"format": "catan-scenario", "players": "two"})
    again = read_link(editor_link(editor)).editor
    assert again is not None and again.to_json() == editor.to_json()
    assert read_shown(editor_link(editor)).kind == "editor"
    with pytest.raises(ScenarioProblem) as info:  # the frame shows why it cannot show it
        Example.read(editor_link(editor), "en")
    assert info.value.params["reason_key"] == "format.distance"


# --- a property: random editing sessions --------------------------------------------------------------


@st.composite
def operations(draw: st.DrawFn) -> list[tuple[str, tuple[Any, ...]]]:
    out: list[tuple[str, tuple[Any, ...]]] = []
    for _ in range(draw(st.integers(1, 25))):
        kind = draw(st.sampled_from(["click", "click", "click", "click", "hand", "cost", "dev", "phase", "current",
                                     "dice", "players", "option", "award", "undo", "redo", "mark"]))
        seat = draw(st.integers(0, 3))
        if kind == "click":
            element = draw(st.sampled_from(["node", "node", "edge", "edge", "hex"]))
            limit = {"node": NODE_COUNT, "edge": EDGE_COUNT, "hex": HEX_COUNT}[element]
            out.append((kind, (draw(st.sampled_from(TOOLS)), seat, element, draw(st.integers(0, limit - 1)))))
        elif kind == "hand":
            out.append((kind, (seat, [draw(st.integers(0, 8)) for _ in range(5)])))
        elif kind == "cost":
            out.append((kind, (seat, draw(st.sampled_from(["road", "settlement", "city", "buy"])))))
        elif kind == "dev":
            out.append((kind, (seat, draw(st.integers(0, 4)), draw(st.integers(0, 3)), draw(st.integers(0, 3)),
                               draw(st.integers(0, 1)))))
        elif kind == "phase":
            out.append((kind, (draw(st.sampled_from(SCENARIO_PHASES)),)))
        elif kind == "dice":
            out.append((kind, ([[draw(st.integers(1, 6)), draw(st.integers(1, 6))]],)))
        elif kind == "players":
            out.append((kind, (draw(st.integers(2, 4)),)))
        elif kind == "option":
            out.append((kind, (draw(st.sampled_from([("vp_target", 4), ("vp_target", 10), ("friendly_robber", True),
                                                     ("discard_limit", 9)])),)))
        elif kind == "award":
            out.append((kind, (draw(st.sampled_from(["longest_road", "largest_army"])), draw(st.sampled_from([None, 0, 1])))))
        else:
            out.append((kind, (seat,)))
    return out


def run(editor: Editor, kind: str, args: tuple[Any, ...]) -> None:
    n = len(editor.scenario.players)
    try:
        if kind == "click":
            editor.tool, editor.seat = args[0], args[1] % n
            editor.click(args[2], args[3])
        elif kind == "hand":
            editor.set_hand(args[0] % n, args[1])
        elif kind == "cost":
            editor.give_cost(args[0] % n, args[1])
        elif kind == "dev":
            editor.set_dev(args[0] % n, args[1], held=args[2], played=args[3], bought=min(args[4], args[2]))
        elif kind == "phase":
            editor.set_phase(args[0])
        elif kind == "current":
            editor.set_current(args[0] % n)
        elif kind == "dice":
            editor.set_dice(args[0])
        elif kind == "players":
            editor.set_players(args[0])
        elif kind == "option":
            editor.set_option(*args[0])
        elif kind == "award":
            editor.set_award(args[0], None if args[1] is None else args[1] % n)
        elif kind == "undo":
            editor.undo()
        elif kind == "redo":
            editor.redo()
        else:
            editor.toggle_mark(f"n{args[0] * 7}")
    except FormatError as error:
        pytest.fail(f"{kind}{args} refused: {error}")


def check_editor(editor: Editor) -> None:
    problems = editor.problems()
    try:
        game = editor.game()
    except CatanError as error:
        assert problems, f"the engine refuses ({error.key}: {error}) but the editor sees no problem"
        names = editor.names()
        for problem in problems:
            assert all(spot(s) for s in problem.spots)
            for lang in LANGUAGES:
                assert "{" not in problem.text(lang, names), problem
        return
    assert problems == [], f"the engine accepts but the editor says {problems}"
    data = editor.to_scenario()
    assert Scenario.from_json(data).to_json() == data
    assert load_scenario(data).to_json() == game.to_json()
    assert Editor.from_json(editor.to_json()).to_json() == editor.to_json()


@few(60)
@given(st.sampled_from(["beginner", "empty", "random", "game"]), operations())
def test_random_editing_sessions_agree_with_the_engine_and_undo_to_the_start(start: str, ops: list) -> None:
    editor = {
        "beginner": lambda: Editor.beginner(players=3),
        "empty": lambda: Editor.beginner(pieces=False),
        "random": lambda: Editor.random_board(5),
        "game": lambda: Editor.from_game(random_game(2, players=4, steps=70)),
    }[start]()
    first = editor.to_json()
    check_editor(editor)
    for kind, args in ops:
        run(editor, kind, args)
        check_editor(editor)
    last = editor.to_json()
    undone = 0
    while editor.undo():
        undone += 1
    assert editor.to_json() == first
    for _ in range(undone):
        assert editor.redo()
    assert editor.to_json() == last
