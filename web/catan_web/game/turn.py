"""The turn card: who must do what now, the last roll, what touched the person since they last
acted, and the buttons of the turn (roll, end the turn, take back).

Commands: ``roll``, ``end``, ``undo``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core import actions as A
from catan_core.actions import Action

from ..commands import Command, nothing
from ..controls import almanac_entry, button
from ..draft import Draft
from ..html import EMPTY, Markup, el, join
from ..offers import trade_prompt
from ..targets import BUILD_KINDS, VICTIM
from ..text import Msg
from .parts import die

if TYPE_CHECKING:
    from ..session import Session
    from .scene import Scene
    from .table import Table

LAST_LINES = 3
"""How many sentences of the last action the turn card shows."""


def prompt(scene: Scene) -> str:
    """One sentence saying who must do what now."""
    session, view, text = scene.session, scene.view, scene.text
    actor, mode = session.actor, scene.draft.mode
    if view.phase == "over":
        return text("ui.prompt.over", player=view.winner)
    if view.phase == "trade" and view.trade is not None and not session.is_human(actor):
        return trade_prompt(text, actor, view.trade.offerer, session.viewer)
    if session.plays_elsewhere(actor):
        return text("net.prompt_remote", player=actor)
    if not session.is_human(actor):
        return text("ui.prompt.computer", player=actor)
    if view.phase == "discard":
        return text("ui.prompt.discard", player=actor, count=view.players[actor].discard_due)
    if view.phase == "road_building":
        return text("ui.prompt.road_building", player=actor, count=view.free_roads)
    if view.phase == "trade" and view.trade is not None and actor != view.trade.offerer:
        return text("ui.prompt.answer", player=actor, offerer=view.trade.offerer)
    if view.phase == "robber" and mode == VICTIM:
        return text("ui.prompt.victim", player=actor)
    if view.phase == "main" and mode in BUILD_KINDS:
        return text("ui.prompt.build_" + str(mode), player=actor)
    return text("ui.prompt." + view.phase, player=actor)


TURN_BUTTONS: dict[str, tuple[str, str]] = {A.ROLL: ("ui.button.roll", "roll"), A.END: ("ui.button.end", "end-turn")}
"""The button of the turn by phase's action (roll, end the turn): its words and its id (its
command is the action's kind)."""


def turn_panel(scene: Scene) -> Markup:
    """The prompt, the last roll and the dice / end-turn buttons."""
    session, view = scene.session, scene.view
    move = None
    if session.my_move and view.phase in ("roll", "main"):
        kind = A.ROLL if view.phase == "roll" else A.END
        reason = session.reason(Action(session.actor, kind))
        move = (kind, reason, almanac_entry(reason))
    last = (
        () if session.answering else tuple(session.last_sentences()[-LAST_LINES:])
    )  # answering: the offer's heading says it
    return join(
        (
            scene.part(turn_head, (view.turn, len(view.players), view.dice, scene.state.rolled_at is not None)),
            el("p", prompt(scene), id="prompt", class_="prompt"),
            recap_list(scene),
            scene.drawn(turn_buttons, (move, session.may_take_back, last)),
        )
    )


TurnButtons = tuple[tuple[str, str | None, str | None] | None, bool, tuple[str, ...]]
"""What the turn's buttons show: the action of the turn's button (roll or end) with why it
cannot be used and the almanac entry behind that (None: no such button), whether the last
move may be taken back, and the last action's sentences."""


def turn_buttons(scene: Scene, shown: TurnButtons) -> Markup:
    """The turn's button, the take-back button and the last action's sentences (``shown``)."""
    text = scene.text
    move, _, last = shown
    buttons = EMPTY
    if move is not None:
        kind, reason, _ = move
        words, ident = TURN_BUTTONS[kind]
        buttons = button(text, text(words), kind, ident=ident, cls="primary", reason=reason)
    buttons += undo_button(scene.session)
    if last:
        buttons += el("ul", join(el("li", line) for line in last), class_="last", aria_label=text("ui.last_action"))
    return el("div", buttons, class_="turn-buttons")


def turn_head(scene: Scene) -> Markup:
    """The round, and the last roll's dice (a part of the turn card kept between two turns and
    rolls: :meth:`~catan_web.game.scene.Scene.part`)."""
    view, text = scene.view, scene.text
    dice = EMPTY
    if view.dice is not None:
        total = sum(view.dice)
        dice = el(
            "div",
            die(view.dice[0]),
            die(view.dice[1]),
            el("span", str(total), class_="total"),
            class_="dice rolling" if scene.state.rolled_at is not None else "dice",
            role="img",
            aria_label=text("ui.last_roll", dice=list(view.dice), total=total),
        )
    turn = text("ui.round", round=round_of(view.turn, len(view.players))) if view.turn else text("ui.setup")
    return el("div", el("span", turn, class_="turn-no"), dice, class_="turn-head")


def round_of(turn: int, players: int) -> int:
    """The round that the game's ``turn`` (each seat's turn counted) belongs to; 0 in the set-up.

    >>> [round_of(turn, 4) for turn in (0, 1, 4, 5, 97)]
    [0, 1, 1, 2, 25]
    """
    return 0 if turn < 1 else (turn - 1) // players + 1


def recap_list(scene: Scene) -> Markup:
    """What touched the person who must act since they last acted (see :mod:`catan_web.recent`;
    the same all through their turn)."""
    return scene.drawn(recap_lines, tuple(scene.session.recap(scene.view)))


def recap_lines(scene: Scene, lines: tuple[str, ...]) -> Markup:
    """The recap's ``lines`` under their title (nothing without lines)."""
    if not lines:
        return EMPTY
    title = scene.text("ui.recap.title")
    return el(
        "div",
        el("h3", title, id="recap-title"),
        el("ul", join(el("li", line) for line in lines)),
        class_="recap",
        id="recap",
        role="group",
        aria_labelledby="recap-title",
    )


def undo_button(session: Session, ident: str = "undo", label: str = "") -> Markup:
    """The button taking back the last action of the person at the device (nothing when
    they may not); ``label`` replaces its usual words."""
    if not session.may_take_back:
        return EMPTY
    text = session.text
    return el(
        "button",
        label or text("ui.undo.button"),
        type="button",
        id=ident,
        class_="undo",
        data_cmd="undo",
        title=text("ui.undo.hint"),
        aria_keyshortcuts="Control+Z",
    )


# --- commands ----------------------------------------------------------------------------------------


def roll(page: Table, _: None) -> None:
    """Roll the dice (a test page may have queued the dice)."""
    session = page.session
    if session is not None:
        page.act(Action(session.actor, A.ROLL, page.forced_roll()))


def end(page: Table, _: None) -> None:
    """End the turn."""
    session = page.session
    if session is not None:
        page.act(Action(session.actor, A.END))


def undo(page: Table, _: None) -> None:
    """Take back the last action of the person at the device (Undo, Ctrl+Z), or say why not."""
    session = page.session
    if session is None:
        return
    if not session.may_take_back:
        page.notify(Msg("ui.undo.none"), "info")
        return
    session.undo()
    page.stop_bots()
    page.edit(draft=Draft())
    page.notify(Msg("ui.undo.done"), "info")
    page.changed()


COMMANDS = (Command("roll", nothing, roll), Command("end", nothing, end), Command("undo", nothing, undo))
