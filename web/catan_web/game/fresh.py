"""No accidental second action: a button that appears where another was just pressed ignores
clicks (and taps) for a short moment.

A double click on "Roll the dice" must not also end the turn, though "End the turn" takes the
place of "Roll" under the pointer. So when a press of a button moves the game on (an action is
applied, by the person or by a computer player right after), every button that then appears in
the same region of the page -- one that was not there all along since the press -- is *fresh*
for :data:`FRESH_SECONDS` (after a roll, until the dice stop): it is drawn disabled (the
browser ignores a click on it) and the controller ignores its command. The page then looks again
(a ``tick``) and enables it.

Pure functions over the page's markup; the controller (:mod:`catan_web.game.controller`) keeps
the :class:`Pressed` button and the fresh ones in the page's state, with its own clock.

>>> from catan_web.html import el
>>> panel = el("p", el("button", "End", data_cmd="end"), el("button", "Ore", data_cmd="yop_pick", data_arg="4"))
>>> sorted(button_keys(panel))
['end', 'yop_pick:4']
>>> print(disable(panel, {"end"}))
<p><button data-cmd="end" disabled data-fresh>End</button><button data-cmd="yop_pick" data-arg="4">Ore</button></p>
>>> command_key("yop_pick", "4"), command_key("end", None), command_key("net_connect", {"code": "x"})
('yop_pick:4', 'end', 'net_connect')
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from typing import NamedTuple

from ..html import Markup
from ..patch import Content, markup_of

FRESH_SECONDS = 0.4
"""How long a button that appeared where another was pressed ignores clicks: longer than the
gap between the two clicks of a double click or a double tap (about 0.1-0.3 s), shorter than a
person takes to read a new button and aim at it."""
BUTTON = re.compile(r"<button\b[^>]*>")
"""A button's start tag in the page's markup (attribute values are escaped: no ``>`` inside)."""
CMD = re.compile(r'\sdata-cmd="([^"]*)"')
ARG = re.compile(r'\sdata-arg="([^"]*)"')


class Pressed(NamedTuple):
    """A button pressed: the ``region`` holding it, when (``at``, milliseconds), how many moves
    the game had then, and the buttons of that region present all along since then."""

    region: str
    at: float
    moves: int
    present: frozenset[str]


def command_key(name: str, arg: object) -> str:
    """The key of the button that sends command ``name`` with ``arg``: its name, and its
    ``data-arg`` when it has one (a button reading fields has none)."""
    return f"{name}:{arg}" if isinstance(arg, str) and arg else name


def tag_key(tag: str) -> str | None:
    """The key of the button whose start tag is ``tag`` (None: it sends no command)."""
    cmd = CMD.search(tag)
    if cmd is None:
        return None
    arg = ARG.search(tag)
    return command_key(cmd.group(1), arg.group(1) if arg else None)


def button_keys(markup: str) -> frozenset[str]:
    """The keys of every button of ``markup``."""
    return frozenset(key for tag in BUTTON.findall(markup) if (key := tag_key(tag)) is not None)


def region_of(key: str, regions: Iterable[tuple[str, Content]]) -> str | None:
    """The first of ``regions`` (name, content) holding the button ``key`` (None: none does)."""
    for name, content in regions:
        if key in button_keys(markup_of(content)):
            return name
    return None


def disable(markup: Markup, keys: Collection[str]) -> Markup:
    """``markup`` with the buttons of ``keys`` disabled and marked ``data-fresh``."""

    def fresh(match: re.Match[str]) -> str:
        tag = match.group(0)
        if tag_key(tag) in keys and " disabled" not in tag:
            return tag[:-1] + " disabled data-fresh>"
        return tag

    return Markup(BUTTON.sub(fresh, markup))
