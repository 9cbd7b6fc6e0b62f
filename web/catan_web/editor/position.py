"""The position's settings: the number of players, the phase and whose turn it is, the next
rolls' dice, the game's options, who holds Longest Road and Largest Army among tied leaders,
and the scenario's title.

Commands: ``players``, ``phase``, ``current``, ``dice``, ``option_<name>`` (one per option of
:data:`OPTIONS`), ``award_longest_road``, ``award_largest_army``, ``title``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from catan_core.errors import CatanError
from catan_core.game import Options
from catan_core.names import MAX_SEATS
from catan_core.scenarios import MAX_TITLE, SCENARIO_PHASES

from ..commands import Command, choice, integer, line, text as text_arg
from ..html import Markup, el, join
from ..snippet import typed_number
from ..text import Msg

if TYPE_CHECKING:
    from .scene import Scene
    from .table import EditorTable

OPTIONS: dict[str, tuple[int, int] | None] = {
    "vp_target": (3, 20),
    "discard_limit": (5, 20),
    "friendly_robber": None,
    "trade_then_build": None,
    "balanced_dice": None,
}
"""The options the page sets: a number's range, or None for a switch (its label is the
new-game form's ``ui.new.<name>``, or ``editor.option.<name>``)."""
OPTION_LABELS = {
    "vp_target": "ui.new.vp_target",
    "discard_limit": "editor.option.discard_limit",
    "friendly_robber": "ui.new.friendly_robber",
    "trade_then_build": "ui.new.trade_then_build",
    "balanced_dice": "ui.new.balanced_dice",
}
AWARDS = ("longest_road", "largest_army")
PLAYERS = tuple(range(2, MAX_SEATS + 1))
MAX_ROLLS = 20
"""Most forced rolls typed at once."""
ROLL = re.compile(r"([1-6])\s*\+\s*([1-6])")


def read_dice(typed: str) -> list[tuple[int, int]] | None:
    """The rolls typed as ``3+4, 6+6`` (any separators between rolls); None when anything
    else is typed or there are too many.

    >>> read_dice("3+4, 6 + 6"), read_dice(""), read_dice("7+1"), read_dice("3+4 x")
    ([(3, 4), (6, 6)], [], None, None)
    """
    rolls = [(int(a), int(b)) for a, b in ROLL.findall(typed)]
    rest = ROLL.sub("", typed)
    if rest.strip(" ,;") or len(rolls) > MAX_ROLLS:
        return None
    return rolls


def write_dice(rolls: list[tuple[int, int]]) -> str:
    """The rolls as :func:`read_dice` reads them.

    >>> write_dice([(3, 4), (6, 6)])
    '3+4, 6+6'
    """
    return ", ".join(f"{a}+{b}" for a, b in rolls)


def _select(ident: str, label: str, options: Markup, cmd: str) -> Markup:
    return el("label", label, el("select", options, id=ident, data_change=cmd))


def position_panel(scene: Scene) -> Markup:
    """The players, phase, turn, dice, options, awards and title."""
    text, s, view = scene.text, scene.editor.scenario, scene.checked.view
    n = len(s.players)
    counts = join(el("option", str(k), value=str(k), selected=k == n) for k in PLAYERS)
    phases = join(el("option", text(f"editor.phase.{ph}"), value=ph, selected=ph == s.phase) for ph in SCENARIO_PHASES)
    if s.phase not in SCENARIO_PHASES:  # a version 2 position (a step of a game)
        phases += el("option", text(f"editor.phase.{s.phase}"), value=s.phase, selected=True)
    seats = join(el("option", seat.name, value=str(i), selected=i == s.current) for i, seat in enumerate(view.seats))
    dice = el(
        "input",
        id="dice",
        value=write_dice(s.dice),
        autocomplete="off",
        data_change="dice",
        placeholder="3+4, 6+6",
        aria_describedby="dice-help",
    )
    turn = el(
        "div",
        _select("players", text("ui.new.players"), counts, "players"),
        _select("phase", text("editor.phase.label"), phases, "phase"),
        _select("current", text("editor.current"), seats, "current"),
        el("label", text("editor.dice"), dice),
        class_="row fields",
    )
    title = el("input", id="title", value=s.title, maxlength=str(MAX_TITLE), autocomplete="off", data_change="title")
    return el(
        "section",
        el("h2", text("editor.position.title"), id="position-title"),
        turn,
        el("small", text("editor.dice_help"), class_="muted", id="dice-help"),
        options(scene),
        awards(scene),
        el("label", text("editor.scenario_title"), title),
        class_="card",
        id="position",
        aria_labelledby="position-title",
    )


def options(scene: Scene) -> Markup:
    """The game's options: numbers and switches."""
    text, chosen = scene.text, Options.from_json({**scene.editor.scenario.options})
    fields = []
    for name, bounds in OPTIONS.items():
        current = getattr(chosen, name)
        label = text(OPTION_LABELS[name])
        if bounds is None:
            box = el("input", type="checkbox", id=f"option-{name}", checked=current, data_change=f"option_{name}")
            fields.append(el("label", box, label, class_="check"))
        else:
            number = el(
                "input",
                type="number",
                id=f"option-{name}",
                min=str(bounds[0]),
                max=str(bounds[1]),
                value=str(current),
                inputmode="numeric",
                data_change=f"option_{name}",
            )
            fields.append(el("label", label, number))
    return el("fieldset", el("legend", text("ui.new.options")), join(fields), class_="options")


def awards(scene: Scene) -> Markup:
    """Who holds Longest Road and Largest Army when several players are tied for them."""
    text, s, view = scene.text, scene.editor.scenario, scene.checked.view
    out = []
    for key in AWARDS:
        held = getattr(s, key)
        choices = el("option", text("editor.award.auto"), value="", selected=held is None) + join(
            el("option", seat.name, value=str(i), selected=held == i) for i, seat in enumerate(view.seats)
        )
        out.append(_select(f"award-{key}", text(f"editor.award.{key}"), choices, f"award_{key}"))
    return el("div", join(out), class_="row fields")


# --- commands ----------------------------------------------------------------------------------------


def _apply(page: EditorTable, change: Any) -> None:
    """Run an edit of the editor, saying the engine's refusal."""
    try:
        change()
    except CatanError as error:
        page.notify(Msg.of_error(error))
        return
    page.clear_notice()


def players(page: EditorTable, count: int) -> None:
    """The number of seats."""
    _apply(page, lambda: page.editor.set_players(count))


def phase(page: EditorTable, chosen: str) -> None:
    """The phase of the position."""
    _apply(page, lambda: page.editor.set_phase(chosen))


def current(page: EditorTable, seat: int) -> None:
    """Whose turn it is."""
    if seat < len(page.editor.scenario.players):
        _apply(page, lambda: page.editor.set_current(seat))


def dice(page: EditorTable, typed: str) -> None:
    """The next rolls' dice (``3+4, 6+6``)."""
    rolls = read_dice(typed)
    if rolls is None:
        page.notify(Msg("editor.dice_refused", typed=typed[:40]))
        return
    _apply(page, lambda: page.editor.set_dice(rolls))


def title(page: EditorTable, typed: str) -> None:
    """The scenario's title."""
    _apply(page, lambda: page.editor.set_title(typed.strip()))


def _option(name: str, bounds: tuple[int, int] | None) -> Command[Any]:
    """The command setting option ``name`` (a number within ``bounds``, or a switch)."""

    def run(page: EditorTable, typed: str) -> None:
        if bounds is None:
            _apply(page, lambda: page.editor.set_option(name, typed == "on"))
            return
        number = typed_number(page, typed, *bounds)
        if number is not None:
            _apply(page, lambda: page.editor.set_option(name, number))

    return Command(f"option_{name}", text_arg, run)


def _award(key: str) -> Command[Any]:
    """The command naming who holds ``key`` ("": whoever the pieces and Knights give it to)."""

    def run(page: EditorTable, seat: str) -> None:
        _apply(page, lambda: page.editor.set_award(key, int(seat) if seat else None))

    return Command(f"award_{key}", choice("", *(str(p) for p in range(MAX_SEATS))), run)


COMMANDS = (
    Command("players", integer(min(PLAYERS), max(PLAYERS)), players),
    Command("phase", choice(*SCENARIO_PHASES), phase),
    Command("current", integer(0, MAX_SEATS - 1), current),
    Command("dice", text_arg, dice),
    Command("title", line(MAX_TITLE), title),
    *(_option(name, bounds) for name, bounds in OPTIONS.items()),
    *(_award(key) for key in AWARDS),
)
