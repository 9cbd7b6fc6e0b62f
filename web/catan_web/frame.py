"""How an example frame (``embed.html``) tells its host page how tall it needs to be.

Pure Python (tested in CPython). The frame posts ``{"type": "catan-embed-height", "height": N}``
(a JSON text) whenever the height it needs changes; a host that wants no scroll bar sets the
frame's height to ``N`` (the almanac does, and the README's snippet shows how).

``N`` is the height of the frame's content *at the frame's width*, never a measure of the frame
itself: the board is counted at the size the width gives it, even when a short frame has shrunk
it to fit (its style caps it at a share of the frame's height). So a host that sets the frame's
height to ``N`` changes nothing that ``N`` depends on, and the frame keeps its size; reporting the
document's ``scrollHeight``, which is never less than the frame's own height, made every host add
a few pixels at every report.

>>> needed_height(content=700.4, board=(600.0, 400.0), ratio=0.9)
841
>>> needed_height(content=200.0, board=None, ratio=0.9)
200
>>> frame_height(height_message(841))
841
>>> frame_height('{"type": "catan-embed-height", "height": 99999}') is None
True
"""

from __future__ import annotations

import json
import math

from catan_core.errors import CatanError
from catan_core.jsonread import Obj, parse

HEIGHT_MESSAGE = "catan-embed-height"
"""The ``type`` of the message in which an example frame tells its host page its height."""
MAX_MESSAGE_CHARS = 200
"""Longest message from an example frame that is read (a height report is some 50 characters)."""
FRAME_HEIGHTS = range(100, 4001)
"""Heights (CSS pixels) an example frame may report; a host ignores others."""


def needed_height(content: float, board: tuple[float, float] | None, ratio: float) -> int:
    """The height (CSS pixels, rounded up) the frame's content needs at its width.

    ``content`` is the content's height as laid out now, ``board`` the board drawing's box
    ``(width, height)`` as laid out now (None without a board), ``ratio`` the drawing's height
    over its width: the board counts as ``width * ratio`` whatever height it got.
    """
    if board is not None:
        width, height = board
        content += width * ratio - height
    return math.ceil(content)


def height_message(height: int) -> str:
    """The message reporting ``height`` (a JSON text)."""
    return json.dumps({"type": HEIGHT_MESSAGE, "height": height})


def frame_height(data: object) -> int | None:
    """The height an example frame reports in the message ``data`` (None for any other message).

    Only a short JSON text ``{"type": "catan-embed-height", "height": <int>}`` with a height in
    :data:`FRAME_HEIGHTS` counts.
    """
    if not isinstance(data, str):
        return None
    try:
        message = Obj(parse(data, MAX_MESSAGE_CHARS), "message")
        if message.get("type") != HEIGHT_MESSAGE:
            return None
        return message.int("height", FRAME_HEIGHTS.start, FRAME_HEIGHTS.stop)
    except CatanError:
        return None
