"""The board editor's state: one value (the position itself is the controller's
:class:`~catan_core.editor.Editor`).

>>> state = EditorState(lang="de")
>>> state.tool, state.seat, state.frame.mode
('settlement', 0, 'try')
>>> state._replace(frame=state.frame._replace(width=480)).frame.width
480
"""

from __future__ import annotations

from typing import NamedTuple

from catan_core.editor import TOOLS

from ..sharing import Note
from ..snippet import Frame


class EditorState(NamedTuple):
    """The editor page's state, apart from the position."""

    lang: str = "en"
    touch: bool = False
    """Whether the texts say "tap" (a touch screen)."""
    tool: str = TOOLS[0]
    """What a click on the board does (:data:`catan_core.editor.TOOLS`)."""
    seat: int = 0
    """Whose pieces and cards the tools and the seat panel edit."""
    show_ids: bool = False
    """Whether every spot's id is written on the board."""
    focus: str | None = None
    """The board spot holding the board's one Tab stop (``"n12"``)."""
    zoom: int = 0
    """The board's size: an index of :data:`catan_web.game.board.ZOOMS` (a phone's finger
    finds the spots on an enlarged board)."""
    frame: Frame = Frame()
    sharing: str = ""
    """The address the share panel shows ("": the panel is closed)."""
    notice: Note | None = None
