"""Example frames in the browser (browser only): a frame reports the height its content needs,
and a page holding frames sizes each to its report (:mod:`catan_web.frame` says why the
report never depends on the frame's own height).

The almanac holds example frames, and so does the authors' page of ``embed.html``; an
example frame reports to whatever page holds it.
"""

from __future__ import annotations

from typing import Any

from ..frame import frame_height, height_message, needed_height
from .dom import document, is_none, window

FRAME_BORDERS_PX = 4
"""What a host adds to a reported height for its frames' borders (at most 2 px each side)."""
BOARD_DRAWING = "#embed .board svg"
"""The board drawn in an example frame (the position's, or the error screen's)."""


def size_frames(event: Any, selector: str) -> None:
    """A message to this page: when it is a height report of one of its example frames (those
    ``selector`` finds), of this site, set that frame's height to it."""
    if str(event.origin) != str(window.location.origin):
        return
    height = frame_height(event.data)
    if height is None:
        return
    for frame in document.querySelectorAll(selector):
        if frame.contentWindow == event.source:
            frame.style.height = f"{height + FRAME_BORDERS_PX}px"


def content_height(root: Any) -> int:
    """How tall the example frame's content (``root``) needs to be at the frame's width."""
    drawing = document.querySelector(BOARD_DRAWING)
    board, ratio = None, 0.0
    if not is_none(drawing):
        box, view = drawing.getBoundingClientRect(), drawing.viewBox.baseVal
        board = (float(box.width), float(box.height))
        ratio = float(view.height) / float(view.width) if float(view.width) else 0.0
    return needed_height(float(root.getBoundingClientRect().height), board, ratio)


def report_height(height: int) -> None:
    """Tell the page holding this frame (if any) how tall it needs to be."""
    window.parent.postMessage(height_message(height), "*")
