"""The almanac's controller: its state, its commands and what they ask of the browser.

>>> page = AlmanacController("de")
>>> page.dispatch("go", "distance")  # an alias of the entry "settlements"
[Reveal(entry='settlements')]
>>> page.state.opened, page.dispatch("go", "<b>nope</b>"), page.state.notice
(('settlements',), [], '<b>nope</b>')
>>> page.dispatch("lang", "hi"), page.state.lang
([Remember(lang='hi')], 'hi')
"""

from __future__ import annotations

from typing import Any, NamedTuple

from catan_core import almanac
from catan_core.i18n import LANGUAGES

from ..commands import MAX_ARG_CHARS, Command, choice
from ..controller import PageController
from ..patch import Content
from .state import AlmanacState

MAX_ENTRY_SHOWN = 60
"""Longest unknown entry name repeated in the "not found" notice."""


def address_entry(arg: object) -> str:
    """What the address names after ``#`` (any text: a long one is cut, it names no entry).

    >>> address_entry("roads"), len(address_entry("x" * 5000))
    ('roads', 100)
    """
    if not isinstance(arg, str):
        raise ValueError(f"{arg!r} is not the text of an address")
    return arg[:MAX_ARG_CHARS]


class Remember(NamedTuple):
    """Keep ``lang`` as the reader's language (the settings every page shares, and the address)."""

    lang: str


class Reveal(NamedTuple):
    """Scroll the page to entry ``entry`` (its top at the top of the view)."""

    entry: str


class AlmanacController(PageController[AlmanacState]):
    """The almanac: its state and command table."""

    def __init__(self, lang: str) -> None:
        commands: tuple[Command[Any], ...] = (
            Command("lang", choice(*LANGUAGES), change_language),
            Command("open", choice(*almanac.entry_ids()), open_example),
            Command("go", address_entry, go_to_entry, sent_by_page=True),
        )
        super().__init__(AlmanacState(lang), commands)

    def regions(self) -> list[tuple[str, Content]]:
        """Every region's content (see :mod:`catan_web.almanac.views`)."""
        from .views import regions

        return regions(self.state)

    def title(self) -> str:
        """The document's title."""
        t = self.state.text()
        return f"{t('ui.title')} – {t('almanac.title')}"

    def language(self) -> str:
        """The document's language."""
        return self.state.lang


def change_language(page: AlmanacController, lang: str) -> None:
    """The language picker: the whole almanac (and its open examples) in ``lang``, remembered."""
    if lang != page.state.lang:
        page.edit(lang=lang)
        page.emit(Remember(lang))


def open_example(page: AlmanacController, entry_id: str) -> None:
    """Start the live example of ``entry_id`` (an entry without one: nothing)."""
    item = almanac.entry(entry_id, page.state.lang)
    if item is not None and item.example is not None and entry_id not in page.state.opened:
        page.edit(opened=(*page.state.opened, entry_id))


def go_to_entry(page: AlmanacController, wanted: str) -> None:
    """The entry the address names (after ``#``): opened and scrolled to; an unknown name is
    said in the notice; none hides the notice."""
    if not wanted:
        page.edit(notice=None)
        return
    entry_id = almanac.resolve(wanted)
    if entry_id is None:
        page.edit(notice=wanted[:MAX_ENTRY_SHOWN])
        return
    page.edit(notice=None)
    open_example(page, entry_id)
    page.emit(Reveal(entry_id))
