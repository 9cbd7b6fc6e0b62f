"""The almanac's state: one value (its language, the examples opened, the notice)."""

from __future__ import annotations

from typing import NamedTuple

from ..text import Text


class AlmanacState(NamedTuple):
    """The almanac's state: its language, the entries whose live example is open (in the
    order opened), and the unknown entry the address named (None: none)."""

    lang: str = "en"
    opened: tuple[str, ...] = ()
    notice: str | None = None

    def text(self) -> Text:
        """Message look-ups in the page's language."""
        return Text(self.lang)
