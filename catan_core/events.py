"""Events: what an action made happen, for logs, notices and animations.

>>> event = Event("steal", 0, {"victim": 1}, {"resource": 3}, (0, 1))
>>> event.for_viewer(2).secret is None, event.for_viewer(1).secret
(True, {'resource': 3})
>>> Event.from_json(event.to_json()) == event
True
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .jsonread import Obj, depth, is_int

MAX_SEATS = 6
"""Seat numbers an event may name (as many as an action may)."""
MAX_DATA_DEPTH = 3
"""Deepest an event's data nests (``start_roll``: ``{"rounds": [{"0": 7}]}``); deeper would
make a save too deep for :func:`~catan_core.jsonread.parse` to read back."""

OTHER_SEAT: dict[str, str] = {"steal": "victim", "offer": "target", "counter": "offerer", "trade": "partner"}
"""Per event kind, the parameter naming the other seat its sentence is about (the one robbed,
offered to, countered or traded with): the ``.to_you`` form of the key addresses that seat."""


class Event(NamedTuple):
    """Something that happened.

    ``data`` is public. ``secret`` holds details only the seats in ``audience`` may see
    (the card stolen, the development card bought); use :meth:`for_viewer`.
    Message key of the sentence: ``"event." + kind`` (see :meth:`message`).
    """

    kind: str
    player: int
    data: dict[str, Any]
    secret: dict[str, Any] | None = None
    audience: tuple[int, ...] = ()

    def for_viewer(self, viewer: int | None) -> Event:
        """This event as ``viewer`` may see it (``None``: a spectator)."""
        if self.secret is None or viewer in self.audience:
            return self
        return Event(self.kind, self.player, self.data, None, self.audience)

    def message(self, you: int | None = None) -> tuple[str, dict[str, Any]]:
        """The message key and parameters of this event's sentence (see :mod:`catan_core.i18n`).

        With ``you`` (the reader's seat), a sentence about that seat is in the second person:
        the key gets ``.you`` when ``you`` acted, ``.to_you`` when ``you`` is the other seat of
        :data:`OTHER_SEAT`.

        >>> steal = Event("steal", 0, {"victim": 1}, {"resource": 3}, (0, 1))
        >>> steal.message()[0], steal.message(0)[0], steal.message(1)[0], steal.message(2)[0]
        ('event.steal', 'event.steal.you', 'event.steal.to_you', 'event.steal')
        """
        key = "event." + self.kind
        if self.audience and self.secret is None:
            key += "_hidden"
        elif self.kind == "longest_road" and self.player < 0:
            key += "_none"
        if you is not None and you >= 0:
            if self.player == you:
                key += ".you"
            elif self.kind in OTHER_SEAT and self.data.get(OTHER_SEAT[self.kind]) == you:
                key += ".to_you"
        params = {"player": self.player, **self.data}
        if self.secret:
            params.update(self.secret)
        return key, params

    def to_json(self) -> dict[str, Any]:
        """This event as a plain dict (the form saves keep in their log)."""
        out: dict[str, Any] = {"kind": self.kind, "player": self.player, "data": self.data}
        if self.audience:
            out["secret"] = self.secret
            out["audience"] = list(self.audience)
        return out

    @classmethod
    def from_json(cls, data: Any) -> Event:
        """Read an event written by :meth:`to_json` (exact types; see :mod:`catan_core.jsonread`)."""
        obj = Obj(data, "log")
        obj.only(("kind", "player", "data", "secret", "audience"))
        secret = obj.get("secret", None, lambda v: v is None or (type(v) is dict and depth(v) <= MAX_DATA_DEPTH))
        audience = obj.get("audience", [], lambda v: type(v) is list and all(is_int(s, 0, MAX_SEATS) for s in v))
        return cls(
            obj.str("kind", max_len=40), obj.int("player", -1, MAX_SEATS),
            obj.get("data", ok=lambda v: type(v) is dict and depth(v) <= MAX_DATA_DEPTH), secret, tuple(audience),
        )


_tuple_new = tuple.__new__


def event(
    kind: str, player: int, data: dict[str, Any], secret: dict[str, Any] | None = None, audience: tuple[int, ...] = ()
) -> Event:
    """The same as ``Event(kind, player, data, secret, audience)``, made in about half the
    time (the tuple is built directly, without the class's generated ``__new__``): the rules
    make one or more events per action.

    >>> event("turn", 2, {"turn": 5}) == Event("turn", 2, {"turn": 5})
    True
    """
    return _tuple_new(Event, (kind, player, data, secret, audience))
