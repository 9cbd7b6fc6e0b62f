"""What the frame's views draw from: its state, the position, the study, and the words.

A :class:`Scene` is made for each drawing; the board's view of the position and its targets
are worked out once for every view that needs them.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from ..targets import Targets

if TYPE_CHECKING:
    from catan_core.study import StudyPlayer
    from catan_core.views import View

    from ..example import Example
    from ..text import Text
    from .state import EmbedState


class Scene:
    """The frame as its views see it. ``example`` is set on the example screen."""

    def __init__(
        self, state: EmbedState, example: Example | None, lesson: StudyPlayer | None, text: Text, playable: bool
    ) -> None:
        self.state = state
        self.example = example
        self.lesson = lesson
        self.text = text
        self.playable = playable
        """Whether the reader may make a move now."""

    @property
    def open_hands(self) -> bool:
        """Whether the acting seat's cards are shown: the reader plays (try mode, a study)."""
        return self.state.trying or self.lesson is not None

    @cached_property
    def view(self) -> View:
        """The position as the board draws it: the acting seat's when the reader plays it."""
        assert self.example is not None
        game = self.example.game
        return game.view(self.example.seat if self.playable else None, with_log=False)

    @cached_property
    def targets(self) -> Targets:
        """The spots the reader may click now (none when the reader may not move)."""
        return self.example.targets() if self.playable and self.example is not None else Targets()
