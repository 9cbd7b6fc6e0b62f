"""The example frame's state: one value.

Everything the frame shows besides the position itself (an
:class:`~catan_web.example.Example`, and a study's
:class:`~catan_core.study.StudyPlayer`, which the controller holds) is a field of
:class:`EmbedState`: what the address asked for, which screen is up, the answer to the
reader's last move, the choice of whom to rob, the board's Tab stop and what went wrong. A
command replaces it with a changed copy (``edit``); the views draw from it.

>>> from catan_web.example import read_params
>>> state = EmbedState(read_params("?mode=try&lang=de", ""), lang="de")
>>> state.screen, state.trying, state._replace(screen=EXAMPLE).screen
('loading', True, 'example')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from catan_core.actions import Action
    from catan_core.views import View

    from ..example import Params

LOADING, EXAMPLE, AUTHORS, ERROR = "loading", "example", "authors", "error"
"""The frame's screens: loading; a position (a scenario, a game's step, a study's step); the
page for authors (nothing to show); what went wrong."""
SCREENS: tuple[str, ...] = (LOADING, EXAMPLE, AUTHORS, ERROR)


class Answer(NamedTuple):
    """What the frame says about the reader's last move: why it was refused (with the rules
    almanac entry explaining it), or that a study's move was found (``found``)."""

    text: str
    entry: str | None = None
    found: bool = False


class Sketch(NamedTuple):
    """A position that cannot be played, drawn as it was given: the board and pieces
    (``view``), and the spots the problem is about."""

    view: View
    spots: tuple[str, ...]


class Failure(NamedTuple):
    """What the error screen shows: the sentence, the position as given when it could be
    drawn, and the board editor's address with it loaded (None: the editor's bare address)."""

    text: str
    sketch: Sketch | None = None
    editor: str | None = None


class EmbedState(NamedTuple):
    """The frame's state, apart from the position and the study."""

    params: Params
    """What the address asks for (:func:`~catan_web.example.read_params`)."""
    lang: str = "en"
    touch: bool = False
    """Whether the texts say "tap" (a touch screen)."""
    site: str = ""
    """The address of the folder holding this page (``https://example.org/catan/``): the
    authors' page writes its snippets with it."""
    screen: str = LOADING
    caption: str = ""
    """The sentence above the board: the address's, else the link's, else the title."""
    marks: tuple[str, ...] = ()
    """The spots the author marked."""
    answer: Answer | None = None
    choices: tuple[Action, ...] = ()
    """The moves a click on the board left to choose from (whom to rob)."""
    focus: str | None = None
    """The spot holding the board's one Tab stop (``"n12"``)."""
    failure: Failure | None = None

    @property
    def trying(self) -> bool:
        """Whether the reader plays the moves (``mode=try``)."""
        return self.params.mode == "try"
