"""The game page's autosave, written once the move is painted (browser only).

Every move saves the game (:class:`~catan_web.game.effects.Save`). Making its text and writing
it to ``localStorage`` (tens of KB late in a game) would hold the move's paint back, so the page
keeps the latest save and writes it in a task after the next paint (an animation frame's
callback starts a timer), at once when the page is hidden (nothing to paint). It is written
sooner when the page goes away or is hidden (``pagehide``, ``visibilitychange``: a reload right
after a move keeps the move) and before the page runs another command (which may read the
storage). A save not yet written is replaced by the next one: only the latest counts.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..game.effects import Save
from ..store import SaveStore, StorageFull
from .apply import after_paint
from .dom import document, window
from .page import MS


class LaterSaves:
    """The save waiting to be written, and its writing (see the module's docstring)."""

    def __init__(self, store: SaveStore, full: Callable[[], None], keep: Callable[[Callable[..., Any]], Any]) -> None:
        self.store = store
        self.full = full
        """Called when the storage is full (the previous save is kept)."""
        self.pending: Save | None = None
        self.times: list[float] | None = None
        """Milliseconds each write took, when kept (the test hooks' ``save_times``)."""
        self._write = keep(lambda *_: self.write())
        for target, kind in ((window, "pagehide"), (document, "visibilitychange")):
            target.addEventListener(kind, self._write)

    def later(self, save: Save) -> None:
        """Write ``save`` after the next paint (at once when the page is hidden)."""
        waiting = self.pending is not None
        self.pending = save
        if not waiting:
            after_paint(self._write)

    def write(self) -> None:
        """Write the save waiting, if any."""
        save, self.pending = self.pending, None
        if save is None:
            return
        start = time.perf_counter()
        try:
            self.store.put(save.gid, save.text(), save.meta)
        except StorageFull:
            self.full()
        if self.times is not None:
            self.times.append(MS * (time.perf_counter() - start))
