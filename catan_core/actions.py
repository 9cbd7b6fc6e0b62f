"""Actions: small immutable values with a text form that round-trips.

Every move in the game -- by the player whose turn it is or by anyone else (discards,
answers to a trade offer) -- is an :class:`Action` ``(player, kind, value)``. The text form
is ``"<player> <kind> [<value>]"``; seats are numbered from 0.

>>> Action.parse("2 road 17")
Action(player=2, kind='road', value=17)
>>> Action(0, OFFER, ((1, 0, 0, 0, 0), (0, 0, 0, 0, 1), -1)).text()
'0 offer brick>ore to all'
>>> Action.parse("1 discard brick,brick,ore").value
(2, 0, 0, 0, 1)
>>> Action.parse("3 robber 9 1").text()
'3 robber 9 1'
"""

from __future__ import annotations

import re
import reprlib
from typing import Any, NamedTuple

from .board import RESOURCES
from .errors import InvalidActionError

Cards = tuple[int, int, int, int, int]
"""Counts of brick, lumber, wool, grain, ore."""

# kinds, grouped by when they are used
ROLL = "roll"  # value: None, or forced dice (d1, d2) for tests and tutorials
ROAD = "road"  # value: edge id (also set-up and Road Building roads)
SETTLEMENT = "settlement"  # value: node id (also set-up settlements)
CITY = "city"  # value: node id
BUY = "buy"  # buy a development card; value None
KNIGHT = "knight"  # play a Knight; the robber move follows; value None
ROAD_BUILDING = "road_building"  # play Road Building; value None
YEAR_OF_PLENTY = "year_of_plenty"  # value: (resource, resource); fewer when the bank holds fewer than 2
MONOPOLY = "monopoly"  # value: resource
DISCARD = "discard"  # value: Cards to give back
ROBBER = "robber"  # value: (hex, victim seat or -1)
MARITIME = "maritime"  # value: (resource given, resource taken); best ratio applies
OFFER = "offer"  # value: (give Cards, want Cards, target seat or -1 for all)
ACCEPT = "accept"  # answer to an offer; value None
DECLINE = "decline"  # answer to an offer; value None
COUNTER = "counter"  # value: (give Cards, want Cards) seen from the offering player
CONFIRM = "confirm"  # the offering player closes the trade with a seat; value: seat
CANCEL = "cancel"  # the offering player withdraws the offer; value None
END = "end"  # end the turn; value None

KINDS: tuple[str, ...] = (
    ROLL, ROAD, SETTLEMENT, CITY, BUY, KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY,
    DISCARD, ROBBER, MARITIME, OFFER, ACCEPT, DECLINE, COUNTER, CONFIRM, CANCEL, END,
)

Value = Any
"""None, an int or a tuple, depending on the kind (see the kind constants)."""


class Action(NamedTuple):
    """One move: who makes it, what kind, and its argument (see the kind constants)."""

    player: int
    kind: str
    value: Value = None

    def text(self) -> str:
        """The text form, e.g. ``"1 settlement 20"``; :meth:`parse` reads it back."""
        v = self.value
        kind = self.kind
        if v is None:
            body = ""
        elif kind in (ROAD, SETTLEMENT, CITY, CONFIRM):
            body = str(v)
        elif kind == ROLL:
            body = f"{v[0]}+{v[1]}"
        elif kind == MONOPOLY:
            body = RESOURCES[v]
        elif kind == YEAR_OF_PLENTY:
            body = ",".join(RESOURCES[r] for r in v) or "-"
        elif kind == MARITIME:
            body = f"{RESOURCES[v[0]]}>{RESOURCES[v[1]]}"
        elif kind == DISCARD:
            body = cards_text(v)
        elif kind == ROBBER:
            body = f"{v[0]} {v[1] if v[1] >= 0 else '-'}"
        elif kind == OFFER:
            body = f"{cards_text(v[0])}>{cards_text(v[1])} to {'all' if v[2] < 0 else v[2]}"
        elif kind == COUNTER:
            body = f"{cards_text(v[0])}>{cards_text(v[1])}"
        else:
            body = repr(v)
        return f"{self.player} {kind} {body}".rstrip()

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the text form; raises :class:`InvalidActionError` when malformed."""
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            shown = describe(text) if not isinstance(text, str) else text[:80]
            raise InvalidActionError("action.unparseable", text=shown)
        parts = text.strip().split(None, 2)
        if len(parts) < 2 or parts[1] not in KINDS:
            raise InvalidActionError("action.unparseable", text=text)
        body = parts[2].strip() if len(parts) == 3 else ""
        try:
            player = _number(parts[0], signed=False)
            value = _parse_value(parts[1], body)
        except (ValueError, IndexError, KeyError):
            raise InvalidActionError("action.unparseable", text=text) from None
        action = cls(player, parts[1], value)
        validate_shape(action)
        return action


MAX_TEXT = 2000
"""Longest action text read (the longest well-formed one, an offer of 95 cards for 95, has about 1300)."""
_DIGITS = re.compile(r"[0-9]{1,3}")
_SIGNED_DIGITS = re.compile(r"-?[0-9]{1,3}")


def _number(text: str, signed: bool = True) -> int:
    """A small number written in ASCII digits, perhaps negative (``int`` would also take ``"²"``,
    ``"1_0"`` or ``" 7"``); :func:`validate_shape` judges its range."""
    if not (_SIGNED_DIGITS if signed else _DIGITS).fullmatch(text):
        raise ValueError(text)
    return int(text)


def describe(value: Any) -> str:
    """A short text of any ``value`` for an error message (``repr`` raises on an int of
    thousands of digits or a deeply nested value, and may be enormous)."""
    try:
        return reprlib.repr(value)
    except Exception:  # an int too long for str(), a value whose repr fails
        return f"<{type(value).__name__}>"


def cards_text(cards: Cards) -> str:
    """``(2, 0, 0, 0, 1)`` -> ``"brick,brick,ore"`` (``"-"`` for nothing)."""
    return ",".join(RESOURCES[r] for r in range(5) for _ in range(cards[r])) or "-"


def parse_cards(text: str) -> Cards:
    """Read ``"brick,brick,ore"`` or ``"brick:2,ore"`` into counts."""
    counts = [0] * 5
    text = text.strip()
    if text in ("", "-"):
        return (0, 0, 0, 0, 0)
    for item in text.split(","):
        name, _, number = item.strip().partition(":")
        counts[RESOURCES.index(name.strip())] += _number(number) if number else 1
    return tuple(counts)  # type: ignore[return-value]


def _parse_value(kind: str, body: str) -> Value:
    if kind in (ROAD, SETTLEMENT, CITY, CONFIRM):
        return _number(body)
    if kind == ROLL:
        if not body:
            return None
        a, b = body.split("+")
        return _number(a), _number(b)
    if kind == MONOPOLY:
        return RESOURCES.index(body)
    if kind == YEAR_OF_PLENTY:
        if body == "-":
            return ()
        names = body.split(",")
        if len(names) > 2:
            raise ValueError(body)
        return tuple(RESOURCES.index(name.strip()) for name in names)
    if kind == MARITIME:
        a, b = body.split(">")
        return RESOURCES.index(a.strip()), RESOURCES.index(b.strip())
    if kind == DISCARD:
        return parse_cards(body)
    if kind == ROBBER:
        h, victim = body.split()
        return _number(h), -1 if victim == "-" else _number(victim)
    if kind == OFFER:
        terms, _, target = body.rpartition(" to ")
        give, want = terms.split(">")
        return parse_cards(give), parse_cards(want), -1 if target.strip() == "all" else _number(target.strip())
    if kind == COUNTER:
        give, want = body.split(">")
        return parse_cards(give), parse_cards(want)
    if body:
        raise ValueError(body)
    return None


def _is_cards(v: object) -> bool:
    return (
        isinstance(v, tuple)
        and len(v) == 5
        and all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 19 for c in v)
    )


def _is_int(v: object, lo: int, hi: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v < hi


def validate_shape(action: Action) -> None:
    """Check that an action is well formed (types and ranges), whatever the position.

    Raises :class:`InvalidActionError`; the rules themselves are checked by the game.
    """
    kind, v = action.kind, action.value
    ok: bool
    if not _is_int(action.player, 0, 6) or kind not in KINDS:
        ok = False
    elif kind in (ROAD,):
        ok = _is_int(v, 0, 72)
    elif kind in (SETTLEMENT, CITY):
        ok = _is_int(v, 0, 54)
    elif kind == CONFIRM:
        ok = _is_int(v, 0, 6)
    elif kind == ROLL:
        ok = v is None or (isinstance(v, tuple) and len(v) == 2 and all(_is_int(d, 1, 7) for d in v))
    elif kind == MONOPOLY:
        ok = _is_int(v, 0, 5)
    elif kind == YEAR_OF_PLENTY:
        ok = isinstance(v, tuple) and len(v) <= 2 and all(_is_int(r, 0, 5) for r in v)
    elif kind == MARITIME:
        ok = isinstance(v, tuple) and len(v) == 2 and all(_is_int(r, 0, 5) for r in v)
    elif kind == DISCARD:
        ok = _is_cards(v)
    elif kind == ROBBER:
        ok = isinstance(v, tuple) and len(v) == 2 and _is_int(v[0], 0, 19) and _is_int(v[1], -1, 6)
    elif kind == OFFER:
        ok = isinstance(v, tuple) and len(v) == 3 and _is_cards(v[0]) and _is_cards(v[1]) and _is_int(v[2], -1, 6)
    elif kind == COUNTER:
        ok = isinstance(v, tuple) and len(v) == 2 and _is_cards(v[0]) and _is_cards(v[1])
    else:
        ok = v is None
    if not ok:
        raise InvalidActionError("action.malformed", action=describe(tuple(action)))
