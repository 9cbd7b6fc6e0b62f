"""The example frame's controller: a command in, the new state and the effects out; never the
browser.

The browser reads the address and the text it names (a file of the site, or the fragment)
and hands it over with the command ``open`` (:class:`Source`); the controller reads it
(:func:`~catan_web.example.read_shown`: a scenario, a game's save or link at a step, a
study, the editor's work) and shows the position, plays the study, shows the authors' page
when nothing was named, or the error screen. The reader's moves go through :meth:`play`: at a
study's question the study judges them, in try mode the engine plays them.

>>> from catan_web.example import read_params
>>> page = EmbedController(read_params("?mode=try", ""), "en")
>>> page.dispatch("open", Source('{"format": "catan-scenario", "phase": "main", "players": '
...     '[{"name": "Ana", "settlements": [12], "roads": [11], "hand": {"brick": 1, "lumber": 1}}, {"name": "Ben"}]}',
...     page.state.params))
[]
>>> page.state.screen, page.playable()
('example', True)
>>> page.dispatch("press", "e5"); page.state.answer.text
[Focus(target='board', if_lost=True)]
'A road must connect to one of your roads, settlements or cities.'
>>> page.dispatch("press", "e10"); page.example.game.edge_owner[10], page.state.answer
[Focus(target='board', if_lost=True)]
(0, None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from catan_core.errors import CatanError

from ..commands import Command, value
from ..controller import PageController
from ..effects import Focus
from ..example import Example, Params, ScenarioProblem, kind_of, read_shown
from ..patch import Content
from ..text import Msg, Text
from . import board, controls, study
from .scene import Scene
from .state import AUTHORS, ERROR, EXAMPLE, Answer, EmbedState

if TYPE_CHECKING:
    from catan_core.actions import Action
    from catan_core.study import StudyPlayer

NEXT_STEP = "#study-next"
"""The control that takes the focus once a study's move is found (when it was lost)."""


class Source(NamedTuple):
    """What the address names: its ``text`` (the fragment, or the file's; None: nothing was
    named), and the address read."""

    text: str | None
    params: Params


class EmbedController(PageController[EmbedState]):
    """The frame: its state, the position, the study being played, the command table."""

    def __init__(self, params: Params, lang: str, touch: bool = False, site: str = "") -> None:
        state = EmbedState(params, lang=lang, touch=touch, site=site, marks=params.marks)
        own: tuple[Command[Any], ...] = (
            Command("open", value(Source), open_source, sent_by_page=True),
            Command("fail", value(ScenarioProblem), fail, sent_by_page=True),
        )
        super().__init__(state, board.COMMANDS + controls.COMMANDS + study.COMMANDS + own)
        self.example: Example | None = None
        self.lesson: StudyPlayer | None = None

    # --- drawing -------------------------------------------------------------------------------------

    def scene(self) -> Scene:
        """What the views draw from now."""
        return Scene(self.state, self.example, self.lesson, self.text(), self.playable())

    def regions(self) -> list[tuple[str, Content]]:
        """Every region's content (see :mod:`catan_web.embed.screen`)."""
        from .screen import regions

        return regions(self.scene())

    def title(self) -> str:
        """The document's title."""
        return self.text()("embed.authors.title" if self.state.screen == AUTHORS else "embed.title")

    def language(self) -> str:
        """The document's language."""
        return self.state.lang

    def attend(self) -> None:
        """After a command: the board's Tab stop stays on (or moves to the nearest of) the
        spots the reader may click."""
        if self.playable() and self.example is not None:
            from .. import navigate as N

            self.edit(focus=N.roving(self.example.targets(), self.state.focus))
        else:
            self.edit(focus=None)

    # --- what a command may do (catan_web.embed.table.Table) ----------------------------------------

    def text(self) -> Text:
        """Message look-ups in the frame's language, seats named by the position's names."""
        text = Text(self.state.lang, self.example.names if self.example is not None else ())
        text.touch = self.state.touch
        return text

    def playable(self) -> bool:
        """Whether the reader may make a move now: try mode on a plain position, or a study's
        "your move" step, while the game is not over."""
        example = self.example
        if example is None or example.game.phase == "over" or example.seat < 0:
            return False
        if self.lesson is None:
            return self.state.trying
        return self.lesson.question() is not None

    def play(self, action: Action) -> None:
        """The reader's move: at a study's question the study judges it (found: on to the
        next step; else the engine's reason or the author's hint); else the engine plays it
        or says why not."""
        example = self.example
        if example is None:
            return
        if self.lesson is None:
            outcome = example.apply(action)
            self.edit(answer=Answer(outcome.message, outcome.why) if outcome.message else None, choices=())
            return
        attempt = self.lesson.try_move(action)
        if attempt.correct:
            self.show_step()
            self.edit(answer=Answer(self.text()("study.correct"), found=True))
            self.emit(Focus(NEXT_STEP, if_lost=True))
            return
        from catan_core.almanac import entry_for_error

        self.edit(answer=Answer(attempt.text(self.state.lang, example.names), entry_for_error(attempt.key)), choices=())

    def go(self, step: int) -> None:
        """Show step ``step`` of the study."""
        if self.lesson is not None:
            self.lesson.go(step)
            self.show_step()

    def show_step(self) -> None:
        """The position at the study's current step on the board."""
        assert self.lesson is not None
        self.example = Example.of_game(self.lesson.game, self.state.lang)
        self.edit(answer=None, choices=(), focus=None)

    def notify(self, message: Msg) -> None:
        """Something unforeseen went wrong (a bug): said on the error screen when nothing is
        shown yet, else as the answer to the last move."""
        words = self.text().msg(message)
        if self.state.screen == EXAMPLE:
            self.edit(answer=Answer(words))
        else:
            from .state import Failure

            self.edit(screen=ERROR, failure=Failure(words))


# --- commands ------------------------------------------------------------------------------------------


def open_source(page: EmbedController, source: Source) -> None:
    """Show what the address names: the authors' page for nothing, else the position (or
    the study), else the error screen."""
    params = source.params
    page.example = page.lesson = None
    page.edit(params=params, marks=params.marks, caption="", answer=None, choices=(), focus=None, failure=None)
    if source.text is None:
        page.edit(screen=AUTHORS)
        return
    try:
        shown = read_shown(source.text, params.step)
    except CatanError as error:
        fail(page, ScenarioProblem.invalid(error, kind_of(source.text)), source.text)
        return
    title = ""
    try:
        if shown.study is not None:
            from catan_core.study import StudyPlayer

            page.lesson = StudyPlayer(shown.study)
            page.lesson.go(params.step or 0)
            page.example = Example.of_game(page.lesson.game, page.state.lang)
            title = shown.study.title
        else:
            page.example = Example.load(shown.scenario, page.state.lang)
            title = page.example.title
    except ScenarioProblem as problem:
        fail(page, problem, source.text)
        return
    page.edit(screen=EXAMPLE, caption=params.caption or shown.caption or title, marks=params.marks or shown.marks)


def fail(page: EmbedController, problem: ScenarioProblem, text: str | None = None) -> None:
    """Show the error screen for ``problem``, met reading ``text`` (None: nothing was read)."""
    from .error import failure

    page.example = page.lesson = None
    page.edit(screen=ERROR, failure=failure(problem, page.state.lang, text), answer=None, choices=())
