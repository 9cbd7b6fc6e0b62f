"""The game's log up to the step, newest first, as the chosen seat could read it, each line with
its event's number (as on the game page); the lines of the step's own action are marked. A
keyed region: a step forward adds its lines only.

Sentences are translated once per event and kept (:class:`LogMemo`) until the viewer, the
language or the game changes: an event's sentence is the same at every step. No command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.log import LOG_LINES, line, list_attributes
from ..html import Markup
from ..patch import Keyed

if TYPE_CHECKING:
    from .scene import Scene


class LogMemo:
    """The log's sentences of the game replayed, by event index, for one viewer and language."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] = ()
        self.lines: dict[int, Markup] = {}

    def line(self, scene: Scene, index: int) -> Markup:
        """The line of event ``index`` of the view's log."""
        key = (id(scene.replay), scene.state.viewer, scene.state.lang)
        if key != self.key:
            self.key, self.lines = key, {}
        if index not in self.lines:
            event = scene.view.log[index]
            self.lines[index] = line(scene.replay.game, event.player, scene.text.event(event), index + 1)
        return self.lines[index]


def log_list(scene: Scene, memo: LogMemo) -> Keyed:
    """The ``<ol>`` of the log's newest lines, the step's own marked."""
    count = len(scene.view.log)
    fresh = count - len(scene.replay.events())
    first = max(0, count - LOG_LINES)
    items = []
    for i in range(count - 1, first - 1, -1):
        drawn = memo.line(scene, i)
        key = f"{i}n" if i >= fresh else str(i)
        items.append((key, Markup(drawn.replace("<li ", '<li class="now" ', 1)) if i >= fresh else drawn))
    return Keyed("ol", list_attributes("replay-log", count), tuple(items))
