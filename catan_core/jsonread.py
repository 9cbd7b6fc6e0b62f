"""One careful way to read JSON that comes from outside: files, storage, links, peers.

Everything the engine or the page reads from outside data goes through here, so that no
text can stop the page or slip a wrong value past a rule:

* :func:`parse` bounds the size and the nesting depth *before* parsing (a deeply nested
  text crashes Pyodide's parser outright, and recursion limits bite later in CPython), and
  accepts finite numbers only (no ``NaN``, no ``1e999``, no number of hundreds of digits);
* :class:`Obj` reads an object's fields with exact types -- ``true`` is not the number 1,
  ``"#d7263d\\n"`` is not a colour -- and ranges, naming the field that is wrong.

Every failure is a :class:`~catan_core.errors.FormatError` with a readable message.

>>> parse('{"turn": 3}', max_chars=100)
{'turn': 3}
>>> parse("[" * 100 + "]" * 100, max_chars=1000)
Traceback (most recent call last):
...
catan_core.errors.FormatError: This is not a valid file (it is not JSON).
>>> Obj({"turn": True}, "state").int("turn", 0, 10)
Traceback (most recent call last):
...
catan_core.errors.FormatError: Missing or invalid field "turn".
"""

from __future__ import annotations

import builtins
import json
import math
import re
from collections.abc import Callable, Collection
from itertools import accumulate
from typing import Any, TypeVar, overload

from .errors import FormatError

MAX_DEPTH = 32
"""Deepest nesting any format of this game needs (a save's log entry is 5 levels deep)."""
MAX_NUMBER_CHARS = 40
"""Longest number literal accepted (a 64-bit seed has 20 digits)."""
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
"""A JSON string, skipped whole when brackets are counted. An unterminated string runs to the
end (the parser stops there anyway): requiring the closing quote made every quote after it
rescan the rest of the text, quadratic time for ``"\\"\\"\\"...``."""
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_BRACKET_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
"""How a bracket changes the depth."""
_SURROGATE = re.compile(r"[\ud800-\udfff]|\\u[dD][89a-fA-F]")
"""A surrogate, raw or escaped: the text may hold half a character."""
_COLOR = re.compile(r"#[0-9a-fA-F]{6}")
_MISSING: Any = object()
_D = TypeVar("_D")
"""The type of a reader's ``default``."""


def check_depth(text: str, max_depth: int = MAX_DEPTH) -> None:
    """Refuse ``text`` when its brackets nest deeper than ``max_depth`` (without recursion).

    The brackets outside strings are kept and their running depth taken, all in C (a long
    save's text is checked about three times faster than bracket by bracket in Python).

    >>> check_depth("[[1], {}]", 2)
    >>> check_depth('["[[[[["]', 2)
    >>> try:
    ...     check_depth("[[[1", 2)
    ... except FormatError as error:
    ...     error.key
    'format.not_json'
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if brackets and max(accumulate(map(_BRACKET_STEP.__getitem__, brackets))) > max_depth:
        raise FormatError("format.not_json")  # no file of this game nests so deep


def _number(text: str) -> float:
    value = float(text)
    if len(text) > MAX_NUMBER_CHARS or not math.isfinite(value):
        raise ValueError(text)
    return value


def _integer(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise ValueError(text)
    return int(text)


def _constant(name: str) -> Any:
    raise ValueError(name)  # NaN, Infinity, -Infinity are not JSON


def parse(text: Any, max_chars: int, max_depth: int = MAX_DEPTH) -> Any:
    """The value of the JSON ``text``, refused when longer than ``max_chars`` characters,
    nested deeper than ``max_depth``, not JSON, or holding a number that is not finite."""
    if not isinstance(text, str):
        raise FormatError("format.not_json")
    if len(text) > max_chars:
        raise FormatError("format.too_large", limit=max_chars)
    check_depth(text, max_depth)
    try:
        value = json.loads(text, parse_float=_number, parse_int=_integer, parse_constant=_constant)
        if _SURROGATE.search(text):  # half a character left alone cannot be written as UTF-8 again
            json.dumps(value, ensure_ascii=False).encode("utf-8")
    except (ValueError, RecursionError):  # UnicodeEncodeError is a ValueError
        raise FormatError("format.not_json") from None
    return value


def depth(value: Any) -> int:
    """How deeply lists and objects nest in ``value`` (0 for a scalar), without recursion:
    a level at a time.

    >>> depth(3), depth([]), depth({"a": [1, {"b": 2}]})
    (0, 1, 3)
    """
    level, layer = 0, [value]
    while True:
        nodes = [node for node in layer if type(node) is list or type(node) is dict]
        if not nodes:
            return level
        level += 1
        layer = [child for node in nodes for child in (node.values() if type(node) is dict else node)]


VERSION_SHOWN = 10**6
"""A file's version is named in its refusal only when it is a whole number below this in size
(anything else in that field is refused as an invalid field, without echoing it)."""


def check_version(version: Any, supported: int) -> None:
    """Refuse a file whose ``version`` field is not ``supported``: naming a version number it
    does not know, or as an invalid field when that is no version number at all (not echoed).

    >>> def key(version):
    ...     try:
    ...         check_version(version, 1)
    ...     except FormatError as error:
    ...         return error.key, error.params
    >>> key(1), key(2), key({})
    (None, ('format.version', {'version': '2'}), ('format.field', {'field': 'version'}))
    """
    if is_int(version, supported, supported + 1):
        return
    if not is_int(version, -VERSION_SHOWN, VERSION_SHOWN):
        raise FormatError("format.field", field="version")
    raise FormatError("format.version", version=str(version))


def is_int(value: Any, lo: int, hi: int) -> bool:
    """Whether ``value`` is an int (not a bool) with ``lo <= value < hi``."""
    return type(value) is int and lo <= value < hi


def is_color(value: Any) -> bool:
    """Whether ``value`` is a colour ``#rrggbb`` and nothing more."""
    return isinstance(value, str) and _COLOR.fullmatch(value) is not None


class Obj:
    """A JSON object whose fields are read with exact types; ``where`` names it in errors."""

    __slots__ = ("data", "where")

    def __init__(self, data: Any, where: str) -> None:
        if type(data) is not dict:
            raise FormatError("format.field", field=where)
        self.data: dict[str, Any] = data
        self.where = where

    def fail(self, key: str) -> FormatError:
        """The error for a missing or invalid field ``key``."""
        return FormatError("format.field", field=key)

    def has(self, key: str) -> bool:
        """Whether the field is present."""
        return key in self.data

    def only(self, allowed: Collection[str]) -> None:
        """Refuse fields other than ``allowed`` (the first unknown one is named)."""
        unknown = sorted(key for key in self.data if key not in allowed)
        if unknown:
            raise FormatError("format.field", field=str(unknown[0])[:40])

    def get(self, key: str, default: Any = _MISSING, ok: Callable[[Any], bool] | None = None) -> Any:
        """The value of ``key``, refused unless ``ok(value)``; ``default`` when absent
        (absent without a default is an error)."""
        if key not in self.data:
            if default is _MISSING:
                raise self.fail(key)
            return default
        value = self.data[key]
        if ok is not None and not ok(value):
            raise self.fail(key)
        return value

    # The readers below are named after the JSON types they read; inside this class those
    # names are the methods, so annotations name the built-in types as ``builtins.*``. Each
    # returns the type it checked, or the type of ``default`` when the field is absent.

    @overload
    def int(self, key: builtins.str, lo: builtins.int, hi: builtins.int) -> builtins.int: ...
    @overload
    def int(self, key: builtins.str, lo: builtins.int, hi: builtins.int, default: _D) -> builtins.int | _D: ...

    def int(self, key: builtins.str, lo: builtins.int, hi: builtins.int, default: Any = _MISSING) -> Any:
        """An int in ``range(lo, hi)``."""
        return self.get(key, default, lambda v: is_int(v, lo, hi))

    @overload
    def bool(self, key: builtins.str) -> builtins.bool: ...
    @overload
    def bool(self, key: builtins.str, default: _D) -> builtins.bool | _D: ...

    def bool(self, key: builtins.str, default: Any = _MISSING) -> Any:
        """``true`` or ``false``."""
        return self.get(key, default, lambda v: type(v) is builtins.bool)

    @overload
    def str(
        self, key: builtins.str, choices: Collection[builtins.str] | None = None, max_len: builtins.int = 1000
    ) -> builtins.str: ...
    @overload
    def str(
        self, key: builtins.str, choices: Collection[builtins.str] | None = None, max_len: builtins.int = 1000, *,
        default: _D,
    ) -> builtins.str | _D: ...

    def str(
        self, key: builtins.str, choices: Collection[builtins.str] | None = None, max_len: builtins.int = 1000,
        default: Any = _MISSING,
    ) -> Any:
        """A string of at most ``max_len`` characters (one of ``choices`` when given)."""

        def ok(v: Any) -> builtins.bool:
            return isinstance(v, builtins.str) and len(v) <= max_len and (choices is None or v in choices)

        return self.get(key, default, ok)

    @overload
    def list(self, key: builtins.str, max_len: builtins.int) -> builtins.list[Any]: ...
    @overload
    def list(self, key: builtins.str, max_len: builtins.int, default: _D) -> builtins.list[Any] | _D: ...

    def list(self, key: builtins.str, max_len: builtins.int, default: Any = _MISSING) -> Any:
        """A list of at most ``max_len`` items."""
        return self.get(key, default, lambda v: type(v) is builtins.list and len(v) <= max_len)

    def ints(
        self, key: builtins.str, lo: builtins.int, hi: builtins.int, length: builtins.int | None = None,
        max_len: builtins.int = 100,
    ) -> builtins.list[builtins.int]:
        """A list of ints in ``range(lo, hi)``, of exactly ``length`` items when given."""
        value = self.list(key, max_len if length is None else length)
        if (length is not None and len(value) != length) or not all(is_int(v, lo, hi) for v in value):
            raise self.fail(key)
        return list(value)

    def obj(self, key: builtins.str, default: Any = _MISSING) -> Obj:
        """A nested object."""
        return Obj(self.get(key, default), key)
