"""A study played in the frame (:mod:`catan_core.study`): where the reader is in the line,
the author's comment at each step, the "your move" question, and the buttons (or the left
and right arrow keys) stepping through.

At a question the reader makes the move on the board or with the move buttons; the
controller has the study's :class:`~catan_core.study.StudyPlayer` judge it: found, the study
goes on to the next step; else the engine's reason or the author's hint. "Show the move"
goes on without finding it. The move that led to a step is ringed on the board.

Commands: ``study`` (``first``, ``back``, ``next``, ``last``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core import actions as A

from ..commands import Command, choice
from ..html import EMPTY, Markup, el, join

if TYPE_CHECKING:
    from catan_core.study import StudyPlayer

    from .scene import Scene
    from .table import Table

WAYS: tuple[str, ...] = ("first", "back", "next", "last")
"""Where the study's buttons go: its start, a step back, a step on, its end."""
MARK_LETTERS: dict[str, str] = {A.SETTLEMENT: "n", A.CITY: "n", A.ROAD: "e", A.ROBBER: "h"}
"""The spot a move of each kind is made on, as ``mark=`` names it (by its letter)."""


def move_marks(lesson: StudyPlayer | None) -> tuple[str, ...]:
    """The spot the move that led to the current step was made on (``("e23",)``; none at
    the start, for a move off the board, or without a study).

    >>> from catan_core.study import Study, StudyPlayer
    >>> start = {"format": "catan-scenario", "phase": "main", "players": [
    ...     {"settlements": [12], "roads": [11], "hand": {"brick": 1, "lumber": 1}}, {"settlements": [40]}]}
    >>> lesson = StudyPlayer(Study.new("A road", start))
    >>> lesson.study.add_move("0 road 10")
    >>> move_marks(lesson), lesson.go(1), move_marks(lesson)
    ((), 1, ('e10',))
    """
    move = lesson.move() if lesson is not None else None
    if move is None:
        return ()
    action = move.action
    letter = MARK_LETTERS.get(action.kind)
    if letter is None:
        return ()
    return (f"{letter}{action.value[0] if action.kind == A.ROBBER else action.value}",)


def study_text(scene: Scene) -> Markup:
    """Where the reader is, the comment, and the question or the end (nothing without a study)."""
    lesson, example = scene.lesson, scene.example
    if lesson is None or example is None:
        return EMPTY
    t = scene.text
    step, length = lesson.step, lesson.length
    where = t("embed.study.start", count=length) if step == 0 else t("embed.study.step", step=step, count=length)
    parts = [el("p", where, class_="step")]
    comment = lesson.comment()
    if comment:
        parts.append(el("p", comment, class_="comment"))
    if lesson.question() is not None:
        parts.append(el("p", t("embed.study.your_move", player=example.seat), class_="question"))
    elif step == length:
        parts.append(el("p", t("embed.study.end"), class_="end"))
    return join(parts)


def study_nav(scene: Scene) -> Markup:
    """The buttons stepping through the study (nothing without a study)."""
    lesson = scene.lesson
    if lesson is None:
        return EMPTY
    t = scene.text
    at_start, at_end = lesson.step == 0, lesson.step >= lesson.length
    asked = lesson.question() is not None
    buttons = (
        nav_button("first", "|◀", t("embed.study.first"), at_start, glyph_only=True),
        nav_button("back", "◀", t("embed.study.back"), at_start),
        nav_button("next", "▶", t("embed.study.show" if asked else "embed.study.next"), at_end, after=True),
        nav_button("last", "▶|", t("embed.study.last"), at_end, glyph_only=True),
    )
    return el("div", *buttons, class_="nav", role="group", aria_label=t("embed.study.steps"))


def nav_button(
    way: str, glyph: str, label: str, disabled: bool, glyph_only: bool = False, after: bool = False
) -> Markup:
    """A button of the study's steps: its glyph (hidden from screen readers) and its words
    (only as its name and tooltip when ``glyph_only``)."""
    sign = el("span", glyph, aria_hidden="true")
    content = sign if glyph_only else join((label, " ", sign) if after else (sign, " ", label))
    return el(
        "button",
        content,
        type="button",
        id=f"study-{way}",
        data_cmd="study",
        data_arg=way,
        aria_label=label if glyph_only else None,
        title=label if glyph_only else None,
        disabled=disabled,
    )


# --- commands ----------------------------------------------------------------------------------------


def study(page: Table, way: str) -> None:
    """Step through the study."""
    lesson = page.lesson
    if lesson is None:
        return
    target = {"first": 0, "back": lesson.step - 1, "next": lesson.step + 1, "last": lesson.length}[way]
    if 0 <= target <= lesson.length and target != lesson.step:
        page.go(target)


COMMANDS = (Command("study", choice(*WAYS), study),)
