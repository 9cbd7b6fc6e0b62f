"""The frame an author's snippet makes: its language, its mode and its size, as the board
editor and the replay viewer's study panel set them (a view and its commands).

The snippet itself is :func:`catan_web.example.iframe_snippet` of the address
:func:`catan_web.example.embed_address` writes.

>>> from catan_web.text import Text
>>> html = frame_fields(Text(), Frame(), modes=False)
>>> 'id="frame-width"' in html, 'id="frame-mode"' in html
(True, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from catan_core.i18n import LANGUAGE_NAMES, LANGUAGES

from .commands import Command, choice, text as text_arg
from .example import MODES
from .html import Markup, el, join
from .text import Msg

if TYPE_CHECKING:
    from .text import Text

FRAME_WIDTH = (240, 2000)
FRAME_HEIGHT = (240, 2000)
"""The sizes (CSS pixels) a snippet's frame may be given."""


class Frame(NamedTuple):
    """The frame the snippet makes: its language ("": the reader's), mode (``view`` or
    ``try``: the reader may play) and size."""

    lang: str = ""
    mode: str = "try"
    width: int = 640
    height: int = 600


class FrameTable(Protocol):
    """A page whose state has a ``frame`` (:class:`Frame`) and a notice line."""

    @property
    def state(self) -> Any:
        """The page's state (its ``frame`` field)."""

    def edit(self, **changes: Any) -> None:
        """Replace fields of the page's state."""

    def notify(self, message: Msg, kind: str = "error", entry: str | None = None) -> None:
        """Show ``message`` in the notice line."""


def typed_number(page: FrameTable, typed: str, low: int, high: int) -> int | None:
    """The whole number ``typed`` in a number field, or None after saying what is allowed."""
    digits = typed.strip()
    if digits.isdecimal() and digits.isascii() and len(digits) <= len(str(high)) and low <= int(digits) <= high:
        return int(digits)
    page.notify(Msg("editor.number_refused", low=low, high=high))
    return None


def frame_fields(text: Text, frame: Frame, *, modes: bool = True) -> Markup:
    """The frame's language, its mode (with ``modes``) and its size."""
    langs = el("option", text("editor.frame.reader_lang"), value="", selected=not frame.lang) + join(
        el("option", LANGUAGE_NAMES[code], value=code, lang=code, selected=code == frame.lang) for code in LANGUAGES
    )
    fields = [el("label", text("editor.frame.lang"), el("select", langs, id="frame-lang", data_change="frame_lang"))]
    if modes:
        choices = join(
            el("option", text(f"editor.frame.mode_{mode}"), value=mode, selected=mode == frame.mode) for mode in MODES
        )
        fields.append(
            el("label", text("editor.frame.mode"), el("select", choices, id="frame-mode", data_change="frame_mode"))
        )
    for name, bounds, current in (("width", FRAME_WIDTH, frame.width), ("height", FRAME_HEIGHT, frame.height)):
        number = el(
            "input",
            type="number",
            id=f"frame-{name}",
            min=str(bounds[0]),
            max=str(bounds[1]),
            value=str(current),
            inputmode="numeric",
            data_change=f"frame_{name}",
        )
        fields.append(el("label", text(f"editor.frame.{name}"), number))
    return el("div", join(fields), class_="row fields")


def _frame(page: FrameTable, **changes: Any) -> None:
    frame: Frame = page.state.frame
    page.edit(frame=frame._replace(**changes))


def frame_lang(page: FrameTable, lang: str) -> None:
    """The frame's language ("": the reader's)."""
    _frame(page, lang=lang)


def frame_mode(page: FrameTable, mode: str) -> None:
    """Whether the reader may play in the frame (``try``) or only look (``view``)."""
    _frame(page, mode=mode)


def frame_width(page: FrameTable, typed: str) -> None:
    """The frame's width at most (pixels)."""
    width = typed_number(page, typed, *FRAME_WIDTH)
    if width is not None:
        _frame(page, width=width)


def frame_height(page: FrameTable, typed: str) -> None:
    """The frame's height (pixels)."""
    height = typed_number(page, typed, *FRAME_HEIGHT)
    if height is not None:
        _frame(page, height=height)


SIZE_COMMANDS: tuple[Command[Any], ...] = (
    Command("frame_lang", choice("", *LANGUAGES), frame_lang),
    Command("frame_width", text_arg, frame_width),
    Command("frame_height", text_arg, frame_height),
)
"""The commands of the frame's language and size."""
COMMANDS: tuple[Command[Any], ...] = (*SIZE_COMMANDS, Command("frame_mode", choice(*MODES), frame_mode))
"""The commands of every setting of the frame."""
