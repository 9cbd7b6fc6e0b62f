"""What network play keeps in the browser's storage, beside the saved games.

The host keeps, for each game with guests, every guest's seat and its secret
(``catan.seats.<game id>``), so that after a reload it re-invites the same seats with the
same secrets and the game goes on where it was. A guest keeps the invitation it answered
last (``catan.guest``) and whether its connection opened: a reloaded guest's page then
knows that the link in its address was used already and asks for a new one, instead of
answering an offer that no page waits for any more.

Read through :mod:`catan_core.jsonread` (bounded, exact types); a damaged text is put aside
like any other (see :mod:`catan_web.store`).

>>> from catan_web.store import MemoryStorage
>>> storage = MemoryStorage()
>>> seats = SeatSecrets(storage)
>>> seats.save("g1", {2: "B" * 22}); seats.load("g1"), seats.load("g2")
({2: 'BBBBBBBBBBBBBBBBBBBBBB'}, {})
>>> seats.forget("g1"); storage.keys()
[]
>>> tickets = Tickets(storage)
>>> tickets.save(Ticket("g1", 2, "3v1z", opened=True)); tickets.load()
Ticket(game='g1', seat=2, ref='3v1z', opened=True)
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import asdict, dataclass
from typing import Any

from catan_core.errors import FormatError
from catan_core.jsonread import Obj, parse
from catan_core.names import MAX_SEATS

from ..store import Slot, Storage, StorageFull
from .codes import is_ufrag
from .protocol import is_game_id, is_secret

SEATS_PREFIX = "catan.seats."
"""``catan.seats.<game id>``: the host's guest seats of that game and their secrets."""
TICKET_KEY = "catan.guest"
"""The invitation a guest's page answered last."""
MAX_SAVED_CHARS = 2_000
"""Longest text kept under either key (a few seats' secrets, one ticket)."""


def _read_secrets(text: str) -> tuple[dict[int, str], bool]:
    """The secrets by seat in ``text`` (``{"2": "<secret>"}``), and whether it was damaged."""
    try:
        data = Obj(parse(text, MAX_SAVED_CHARS), "seats").data
    except FormatError:
        return {}, True
    secrets: dict[int, str] = {}
    for key, secret in data.items():
        if not (key.isdecimal() and key.isascii() and int(key) < MAX_SEATS and is_secret(secret)):
            return {}, True
        secrets[int(key)] = secret
    return secrets, False


class SeatSecrets:
    """The host's guest seats and their secrets, per game, on ``storage``."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def _slot(self, gid: str) -> Slot[dict[int, str]]:
        return Slot(self.storage, SEATS_PREFIX + gid, _read_secrets, {})

    def load(self, gid: str) -> dict[int, str]:
        """The guest seats of game ``gid`` and their secrets (none when nothing readable is kept)."""
        return self._slot(gid).load()

    def save(self, gid: str, secrets: dict[int, str]) -> None:
        """Keep the guest seats of game ``gid`` (forget them when there are none); a full
        storage skips it (the seats then get new secrets after a reload)."""
        if not secrets:
            self.forget(gid)
            return
        with contextlib.suppress(StorageFull):
            self._slot(gid).write(json.dumps({str(seat): secret for seat, secret in sorted(secrets.items())}))

    def forget(self, gid: str) -> None:
        """Forget the guest seats of game ``gid`` (when the game is deleted)."""
        self.storage.remove(SEATS_PREFIX + gid)


@dataclass(frozen=True)
class Ticket:
    """The invitation a guest answered: the game, the seat, the offer it answered (its ICE
    user fragment, ``ref``) and whether the connection made with it opened."""

    game: str
    seat: int
    ref: str
    opened: bool = False

    @classmethod
    def read(cls, text: str) -> tuple[Ticket | None, bool]:
        """The ticket in ``text`` and whether the text was damaged."""
        try:
            obj = Obj(parse(text, MAX_SAVED_CHARS), "ticket")
            ticket = cls(
                obj.get("game", ok=is_game_id),
                obj.int("seat", 0, MAX_SEATS),
                obj.get("ref", ok=is_ufrag),
                obj.bool("opened"),
            )
        except FormatError:
            return None, True
        return ticket, False

    def to_json(self) -> dict[str, Any]:
        """This ticket as JSON-ready data."""
        return asdict(self)


class Tickets:
    """The guest's last ticket on ``storage``."""

    def __init__(self, storage: Storage) -> None:
        self._slot: Slot[Ticket | None] = Slot(storage, TICKET_KEY, Ticket.read, None)

    def load(self) -> Ticket | None:
        """The last ticket kept (None when there is none or it cannot be read)."""
        return self._slot.load()

    def save(self, ticket: Ticket) -> None:
        """Keep ``ticket`` (skipped when the storage is full: a reload then answers the old
        offer again, which the host refuses, saying why)."""
        with contextlib.suppress(StorageFull):
            self._slot.write(json.dumps(ticket.to_json()))
