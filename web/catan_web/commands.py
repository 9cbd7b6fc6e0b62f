"""The game page's one checked table of commands.

Every button of the page names a command (``data-cmd="roll"``, with ``data-arg`` for its
argument), every control that changes one (``data-change="speed"``, the control's value as the
argument), and the page runs its own (a computer player's move, a timer). Each component of the
page (:mod:`catan_web.game`) and network play add theirs to one :class:`CommandTable`: a
:class:`Command` is a name, a reader that checks the argument and gives it its type, and the
function that runs it. A name the table does not hold, or an argument its reader refuses, raises
:class:`CommandError` (a bug of the page: it is reported, nothing runs), so that a mistyped name
cannot silently do nothing; a test renders every screen and checks that every name in the
markup is in the table.

>>> table = CommandTable([Command("zoom", choice("in", "out"), lambda page, way: print("zoom", way))])
>>> table.run(None, "zoom", "in")
zoom in
>>> table.run(None, "zoom", "sideways")
Traceback (most recent call last):
...
catan_web.commands.CommandError: command 'zoom': 'sideways' is not one of in, out
>>> table.run(None, "zom", "in")
Traceback (most recent call last):
...
catan_web.commands.CommandError: no command 'zom'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, NamedTuple, TypeVar

T = TypeVar("T")

MAX_ARG_CHARS = 100
"""Longest text argument a control may carry (a seat name, a code's field is read apart)."""
MAX_FIELDS_CHARS = 20_000
"""Longest text all the fields a command reads may hold together (invitation codes are long)."""


class CommandError(Exception):
    """A command the page cannot run: an unknown name, or an argument of the wrong type."""


class Step(NamedTuple):
    """A counter button's argument: the side it counts (``give``, ``want``, ``discard``), the
    resource, and +1 or -1."""

    side: str
    resource: int
    delta: int


class Explanation(NamedTuple):
    """The argument of a page's ``explain`` command: why a disabled button cannot be used, as
    it reads under the button, and the rules almanac entry explaining it (None: no entry does)."""

    text: str
    entry: str | None


Reader = Callable[[object], T]
"""Checks a command's argument and gives it its type (raises ValueError when it cannot)."""


class Command(NamedTuple, Generic[T]):
    """A command: its name, the reader of its argument, what it does with the page's
    controller and the argument read, and whether the browser sends it itself (a click on the
    board, a key, a timer) rather than a control of the page naming it."""

    name: str
    read: Reader[T]
    run: Callable[[Any, T], None]
    sent_by_page: bool = False


class CommandTable:
    """The page's commands by name; each name once."""

    def __init__(self, commands: Iterable[Command[Any]] = ()) -> None:
        self.commands: dict[str, Command[Any]] = {}
        self.add(commands)

    def add(self, commands: Iterable[Command[Any]]) -> None:
        """Add ``commands`` (a name added twice is an error)."""
        for command in commands:
            if command.name in self.commands:
                raise CommandError(f"command {command.name!r} added twice")
            self.commands[command.name] = command

    def __contains__(self, name: object) -> bool:
        return name in self.commands

    def names(self) -> frozenset[str]:
        """Every command's name."""
        return frozenset(self.commands)

    def run(self, page: Any, name: str, arg: object) -> None:
        """Run command ``name`` on ``page`` with ``arg`` (what the control carries)."""
        command = self.commands.get(name)
        if command is None:
            raise CommandError(f"no command {name!r}")
        try:
            value = command.read(arg)
        except ValueError as error:
            raise CommandError(f"command {name!r}: {error}") from None
        command.run(page, value)


# --- argument readers ---------------------------------------------------------------------------


def nothing(arg: object) -> None:
    """No argument.

    >>> nothing(None), nothing("")
    (None, None)
    """
    if arg not in (None, ""):
        raise ValueError(f"takes no argument, not {arg!r}")
    return


def text(arg: object) -> str:
    """A short text.

    >>> text("g17")
    'g17'
    """
    if not isinstance(arg, str) or len(arg) > MAX_ARG_CHARS:
        raise ValueError(f"{arg!r} is not a short text")
    return arg


def line(limit: int) -> Reader[str]:
    """A line of text of at most ``limit`` characters (a title, a caption).

    >>> line(5)("Hello"), line(200)("x" * 150) == "x" * 150
    ('Hello', True)
    """

    def read(arg: object) -> str:
        if not isinstance(arg, str) or len(arg) > limit:
            raise ValueError(f"not a line of at most {limit} characters")
        return arg

    return read


def integer(low: int, high: int) -> Reader[int]:
    """A whole number from ``low`` to ``high`` (written in decimal digits, or given as one).

    >>> integer(-1, 3)("-1"), integer(0, 3)(2)
    (-1, 2)
    """

    def read(arg: object) -> int:
        if isinstance(arg, str) and len(arg) <= 4 and arg.lstrip("-").isdecimal() and arg.isascii():
            arg = int(arg)
        if not isinstance(arg, int) or isinstance(arg, bool) or not low <= arg <= high:
            raise ValueError(f"{arg!r} is not a number from {low} to {high}")
        return arg

    return read


def choice(*values: str) -> Reader[str]:
    """One of ``values``."""

    def read(arg: object) -> str:
        if arg not in values:
            raise ValueError(f"{arg!r} is not one of {', '.join(values)}")
        assert isinstance(arg, str)
        return arg

    return read


def step(sides: tuple[str, ...], resources: int) -> Reader[Step]:
    """A counter button's ``side:resource:delta`` (``give:2:1``: one more grain to give).

    >>> step(("give", "want"), 5)("want:0:-1")
    Step(side='want', resource=0, delta=-1)
    """
    number = integer(0, resources - 1)

    def read(arg: object) -> Step:
        parts = text(arg).split(":")
        if len(parts) != 3 or parts[0] not in sides or parts[2] not in ("1", "-1"):
            raise ValueError(f"{arg!r} is not a counter's step")
        return Step(parts[0], number(parts[1]), int(parts[2]))

    return read


def fields(arg: object) -> dict[str, str]:
    """The values of named fields of the page (a form's, or the ones a button names).

    >>> fields({"seed": "42"})
    {'seed': '42'}
    """
    return _fields(arg, MAX_FIELDS_CHARS)


def long_fields(limit: int) -> Reader[dict[str, str]]:
    """:func:`fields` holding up to ``limit`` characters together (a long text pasted).

    >>> len(long_fields(50_000)({"text": "x" * 30_000})["text"])
    30000
    """
    return lambda arg: _fields(arg, limit)


def _fields(arg: object, limit: int) -> dict[str, str]:
    if not isinstance(arg, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in arg.items()):
        raise ValueError("not the fields of a form")
    if sum(len(k) + len(v) for k, v in arg.items()) > limit:
        raise ValueError("the fields hold too much text")
    return dict(arg)


def value(kind: type[T]) -> Reader[T]:
    """A value of ``kind``, which the page itself passes (a computer player's move, a file read)."""

    def read(arg: object) -> T:
        if not isinstance(arg, kind):
            raise ValueError(f"{arg!r} is not a {kind.__name__}")
        return arg

    return read
