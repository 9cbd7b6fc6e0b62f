"""What a command may do with the frame: the controller as its components see it.

The components of the example frame (:mod:`catan_web.embed`) never import the controller:
they talk to it through this small interface, which
:class:`~catan_web.embed.controller.EmbedController` implements.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from catan_core.actions import Action
    from catan_core.study import StudyPlayer

    from ..effects import Effect
    from ..example import Example
    from ..text import Text
    from .state import EmbedState


class Table(Protocol):
    """The frame's controller, as a command sees it."""

    @property
    def state(self) -> EmbedState:
        """The frame's state (a value: change it with :meth:`edit`)."""

    @property
    def example(self) -> Example | None:
        """The position on the board (None before one is shown, or when none can be)."""

    @property
    def lesson(self) -> StudyPlayer | None:
        """The study being played (None: a plain position)."""

    def edit(self, **changes: Any) -> None:
        """Replace fields of the frame's state."""

    def emit(self, effect: Effect) -> None:
        """Ask the browser for ``effect`` once the command is done."""

    def text(self) -> Text:
        """Message look-ups in the frame's language, seats named by the position's names."""

    def playable(self) -> bool:
        """Whether the reader may make a move now (try mode, or a study's "your move" step)."""

    def play(self, action: Action) -> None:
        """The reader's move: judged at a study's question, else played; the answer is set."""

    def go(self, step: int) -> None:
        """Show step ``step`` of the study."""
