"""Moving through the game: the first and last steps, one step back and forward, a turn back
and forward, a slider over the turns, and any step by its number; and where the game is
(step, turn, round, who plays, what the step's action did).

The arrows move a step (the browser sends ``move``), Page Up and Page Down a turn.

Commands: ``move``, ``turn``, ``go``, ``step``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core.saves import MAX_ACTIONS

from ..commands import Command, choice, fields, integer, text as text_arg
from ..controls import button
from ..html import Markup, el, join

if TYPE_CHECKING:
    from catan_core.replay import Replay

    from .scene import Scene
    from .table import ReplayTable

MOVES = ("first", "turn_back", "back", "forward", "turn_forward", "last")
"""The buttons moving through the game, in their order on the page."""
SIGNS = {"first": "|◀", "turn_back": "◀◀", "back": "◀", "forward": "▶", "turn_forward": "▶▶", "last": "▶|"}
"""What each button shows (its name is its label): triangles every font has."""


def target(replay: Replay, move: str) -> int:
    """The step that ``move`` (one of :data:`MOVES`) goes to from the replay's step.

    >>> from catan_core.game import Game, Options
    >>> game = Game(Options(players=3, board="beginner"), seed=3)
    >>> for text in ("0 roll 4+4", "0 end", "1 roll 2+3", "1 end"):
    ...     _ = game.apply(text)
    >>> from catan_core.replay import Replay
    >>> replay = Replay(game); _ = replay.go(3)
    >>> [target(replay, move) for move in MOVES]
    [0, 2, 2, 4, 4, 4]
    """
    step, turns = replay.step, [start.step for start in replay.turns()]
    if move == "first":
        return 0
    if move == "last":
        return replay.length
    if move == "back":
        return step - 1
    if move == "forward":
        return step + 1
    if move == "turn_back":
        return max((at for at in turns if at < step), default=0)
    return min((at for at in turns if at > step), default=replay.length)


def where(scene: Scene) -> Markup:
    """The step's place in the game, and what its action did (as the chosen seat sees it)."""
    replay, text, view = scene.replay, scene.text, scene.view
    turn = replay.turn_at()
    place = text("replay.step_of", step=replay.step, total=replay.length)
    if turn.turn:
        place += " · " + text("replay.turn_of", turn=turn.turn, round=turn.round, player=turn.player)
    else:
        place += " · " + text("replay.setup")
    events = replay.events()
    lines = [text.event(event) for event in view.log[len(view.log) - len(events) :]] if events else []
    did = " ".join(lines) if lines else text("replay.start" if replay.step == 0 else "replay.no_event")
    return el("p", place, class_="step-line", id="step-line") + el("p", did, class_="step-move", id="step-move")


def steps(scene: Scene) -> Markup:
    """The buttons, the turn slider and the step's number."""
    replay, text = scene.replay, scene.text
    step, length = replay.step, replay.length
    stuck = {"first": step == 0, "turn_back": step == 0, "back": step == 0}
    stuck |= {"forward": step == length, "turn_forward": step == length, "last": step == length}
    buttons = join(
        el(
            "button",
            SIGNS[move],
            type="button",
            id=f"step-{move}",
            data_cmd="move",
            data_arg=move,
            aria_label=text(f"replay.move.{move}"),
            title=text(f"replay.move.{move}"),
            disabled=stuck[move],
        )
        for move in MOVES
    )
    turns = replay.turns()
    index = turns.index(replay.turn_at())
    now = turns[index]
    slider = el(
        "input",
        type="range",
        id="turn-slider",
        min="0",
        max=str(len(turns) - 1),
        value=str(index),
        step="1",
        data_change="turn",
        aria_valuetext=text("replay.turn_of", turn=now.turn, round=now.round, player=now.player)
        if now.turn
        else text("replay.setup"),
    )
    number = el(
        "input",
        type="number",
        id="step-number",
        min="0",
        max=str(length),
        value=str(step),
        inputmode="numeric",
    )
    return el(
        "section",
        el("h2", text("replay.steps_title"), id="steps-title", class_="visually-hidden"),
        where(scene),
        el("div", buttons, class_="row", role="group", aria_label=text("replay.steps_title")),
        el("label", text("replay.turn_slider"), slider),
        el(
            "div",
            el("label", text("replay.go_label"), number),
            button(text, text("replay.go"), "go", ident="step-go", fields="step-number"),
            class_="row fields",
        ),
        class_="card steps",
        id="steps",
        aria_labelledby="steps-title",
    )


# --- commands ----------------------------------------------------------------------------------------


def move(page: ReplayTable, way: str) -> None:
    """A step or a turn back or forward, or the first or last step."""
    replay = page.replay
    if replay is not None:
        page.go(target(replay, way))


def turn(page: ReplayTable, typed: str) -> None:
    """The turn slider moved: the turn's first step."""
    replay = page.replay
    turns = replay.turns() if replay is not None else ()
    if typed.isdecimal() and typed.isascii() and int(typed) < len(turns):
        page.go(turns[int(typed)].step)


def go(page: ReplayTable, values: dict[str, str]) -> None:
    """The step typed."""
    typed = values.get("step-number", "").strip()
    if typed.isdecimal() and typed.isascii() and len(typed) <= len(str(MAX_ACTIONS)):
        page.go(int(typed))


def step(page: ReplayTable, at: int) -> None:
    """A step named by a button (the study's list)."""
    page.go(at)


COMMANDS = (
    Command("move", choice(*MOVES), move),
    Command("turn", text_arg, turn),
    Command("go", fields, go),
    Command("step", integer(0, MAX_ACTIONS), step),
)
