"""The game's log, newest first: every event as the person at the device may read it, with the
mark of the seat it is about. A keyed region: a new event adds one line, nothing else is
written again.

The sentences are translated once per event and kept (:class:`LogLines`), until the viewer or
the language changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..html import Markup, el
from ..patch import Keyed
from .parts import seat_mark

if TYPE_CHECKING:
    from ..session import Session
    from .scene import Scene

LOG_LINES = 300
"""Most lines of the log shown (the newest)."""


class LogLines:
    """The log's sentences of the game on screen, translated once per event."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] = ()
        self.lines: list[Markup] = []
        self.last: object = None
        """The last event translated (the lines start again when it is no longer in the log:
        a move taken back, another game)."""

    def lines_of(self, session: Session, lang: str) -> list[Markup]:
        """One line per event of the log (the seat's mark and the sentence) for the current
        viewer and ``lang``."""
        key = (id(session), session.viewer, lang)
        log, count = session.game.log, len(self.lines)
        if key != self.key or count > len(log) or (count and log[count - 1] is not self.last):
            self.key, self.lines = key, []
        start = len(self.lines)
        for event, sentence in zip(log[start:], session.log_sentences(start), strict=False):
            self.lines.append(el("li", seat_mark(session.game, event.player), sentence))
        self.last = log[-1] if log else None
        return self.lines


def log_list(scene: Scene, memo: LogLines) -> Keyed:
    """The ``<ol>`` of the log's newest lines, newest first, each keyed by its event's index."""
    lines = memo.lines_of(scene.session, scene.state.lang)
    first = max(0, len(lines) - LOG_LINES)
    items = tuple((str(i), lines[i]) for i in range(len(lines) - 1, first - 1, -1))
    # tabindex: the list scrolls once it is long, and a scrolled region must be reachable by keyboard
    attributes = (
        ("class", "log"),
        ("id", "log-lines"),
        ("reversed", ""),
        ("tabindex", "0"),
        ("aria-labelledby", "log-title"),
    )
    return Keyed("ol", attributes, items)
