"""The prompt (what the position waits for) and the buttons for the moves the board cannot
take: roll, play or buy a development card, Monopoly's resource, the bank's trades, the
cards of a discard or of Year of Plenty picked one at a time, end the turn, whom to rob,
and "Start again" in try mode.

Every move button carries its action's text form (``data-arg="0 maritime ore>wool"``) for
the command ``act``, which the engine then checks; the cards being picked are the
position's (:meth:`~catan_web.example.Example.pick`).

Commands: ``act``, ``pick``, ``clear``, ``take``, ``reset``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core import actions as A
from catan_core.actions import Action
from catan_core.errors import CatanError
from catan_core.names import KNIGHT, RESOURCES, ROAD_BUILDING

from ..commands import Command, integer, nothing, text
from ..html import EMPTY, Markup, el, join

if TYPE_CHECKING:
    from ..example import Example, Picker
    from .scene import Scene
    from .table import Table

PLAYED_CARDS: tuple[tuple[str, int], ...] = ((A.KNIGHT, KNIGHT), (A.ROAD_BUILDING, ROAD_BUILDING))
"""Development cards played with one button (action kind, card id)."""


def action_text(arg: object) -> Action:
    """A move button's argument: an action in its text form.

    >>> action_text("0 maritime ore>wool").value
    (4, 2)
    """
    try:
        return Action.parse(text(arg))
    except CatanError as error:
        raise ValueError(f"{arg!r} is not an action ({error.key})") from None


def move_button(label: str, action: Action, cls: str | None = None) -> Markup:
    """A button making ``action``, its id named after the action's kind and values."""
    values = action.value if isinstance(action.value, tuple) else () if action.value is None else (action.value,)
    ident = "-".join(("do", action.kind, *(str(v) for v in values)))
    return el("button", label, type="button", id=ident, class_=cls, data_cmd="act", data_arg=action.text())


def command_button(label: str, cmd: str, arg: object = None, cls: str | None = None, disabled: bool = False) -> Markup:
    """A button running ``cmd`` (not a move)."""
    ident = cmd if arg is None else f"{cmd}-{arg}"
    return el(
        "button",
        label,
        type="button",
        id=ident,
        class_=cls,
        data_cmd=cmd,
        data_arg=None if arg is None else str(arg),
        disabled=disabled,
    )


def row(label: str, *buttons: Markup) -> Markup:
    """A line of buttons after a label."""
    return el("div", el("span", label, class_="label"), *buttons, class_="row")


def prompt(scene: Scene) -> str | None:
    """What the position waits for, when the reader plays it or it is over (None: nothing)."""
    example = scene.example
    if example is None:
        return None
    over = example.game.phase == "over"
    if scene.playable or over or (scene.state.trying and scene.lesson is None):
        return example.prompt()
    return None


def controls(scene: Scene) -> Markup:
    """The move buttons (when the reader may move) and "Start again" (try mode)."""
    example = scene.example
    if example is None:
        return EMPTY
    out = moves(scene, example) if scene.playable else EMPTY
    if scene.state.trying and scene.lesson is None:
        out += command_button(scene.text("embed.reset"), "reset", cls="reset")
    return out


def moves(scene: Scene, example: Example) -> Markup:
    """One line per kind of move of the position."""
    t = scene.text
    legal = example.legal()
    kinds = {a.kind for a in legal}
    p = example.seat
    out: list[Markup] = []
    if scene.state.choices:
        victims = (move_button(example.names[a.value[1]], a) for a in scene.state.choices)
        out.append(row(t("embed.rob_whom"), *victims))
    if A.ROLL in kinds:
        out.append(move_button(t("embed.roll"), Action(p, A.ROLL), "primary"))
    out += [move_button(t("embed.play", card=card), Action(p, kind)) for kind, card in PLAYED_CARDS if kind in kinds]
    if A.BUY in kinds:
        out.append(move_button(t("embed.buy"), Action(p, A.BUY)))
    if A.MONOPOLY in kinds:
        picks = (move_button(resource_name(scene, r), Action(p, A.MONOPOLY, r)) for r in range(len(RESOURCES)))
        out.append(row(t("embed.monopoly_pick"), *picks))
    picker = example.picker()
    if picker is not None:
        out.append(cards_picker(scene, example, picker))
    if A.MARITIME in kinds:
        out += maritime(scene, example, legal)
    if A.END in kinds:
        out.append(move_button(t("embed.end"), Action(p, A.END)))
    return join(out)


def maritime(scene: Scene, example: Example, legal: list[Action]) -> list[Markup]:
    """A line per resource the bank takes: the resources it gives for it."""
    lines = []
    for give in range(len(RESOURCES)):
        trades = [a for a in legal if a.kind == A.MARITIME and a.value[0] == give]
        if trades:
            label = scene.text("embed.maritime", count=example.game.trade_ratio(example.seat, give), resource=give)
            lines.append(row(label, *(move_button(resource_name(scene, a.value[1]), a) for a in trades)))
    return lines


def cards_picker(scene: Scene, example: Example, picker: Picker) -> Markup:
    """Resource cards picked one click at a time (a discard, a Year of Plenty)."""
    t = scene.text
    picks = (
        command_button(resource_name(scene, r), "pick", r, disabled=not picker.room[r]) for r in range(len(RESOURCES))
    )
    confirm = t("embed.confirm_discard" if picker.kind == A.DISCARD else "embed.take")
    return row(
        picker.label,
        *picks,
        el("span", t("embed.chosen", cards=list(example.picks)), class_="label"),
        command_button(confirm, "take", cls="primary", disabled=sum(example.picks) != picker.size),
        command_button(t("embed.clear"), "clear", disabled=not any(example.picks)),
    )


def resource_name(scene: Scene, r: int) -> str:
    """A resource's name in the frame's language."""
    return scene.text("resource." + RESOURCES[r])


# --- commands ----------------------------------------------------------------------------------------


def act(page: Table, action: Action) -> None:
    """A move button: the reader makes that move."""
    if page.playable():
        page.play(action)


def pick(page: Table, r: int) -> None:
    """One more card of resource ``r`` for the discard or Year of Plenty."""
    if page.example is not None and page.playable():
        page.example.pick(r)


def clear(page: Table, _: None) -> None:
    """Drop the cards picked."""
    if page.example is not None:
        page.example.clear_picks()


def take(page: Table, _: None) -> None:
    """Discard (or take from the bank) the cards picked."""
    picker = page.example.picker() if page.example is not None and page.playable() else None
    if picker is not None:
        page.play(picker.action)


def reset(page: Table, _: None) -> None:
    """Back to the position first shown."""
    if page.example is not None and page.lesson is None:
        page.example.reset()
        page.edit(answer=None, choices=())


COMMANDS = (
    Command("act", action_text, act),
    Command("pick", integer(0, len(RESOURCES) - 1), pick),
    Command("clear", nothing, clear),
    Command("take", nothing, take),
    Command("reset", nothing, reset),
)
