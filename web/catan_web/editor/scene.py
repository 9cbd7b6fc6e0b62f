"""What the editor's views draw from: the page's state, the position being edited, the
engine's check of it, and the words of the page's language naming its seats."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from catan_core.editor import Editor

    from ..text import Text
    from .sketch import Checked
    from .state import EditorState


class Scene(NamedTuple):
    """Everything a view of the editor reads."""

    state: EditorState
    editor: Editor
    checked: Checked
    text: Text
    base: str
    """The site's address (links the page gives out start with it)."""
