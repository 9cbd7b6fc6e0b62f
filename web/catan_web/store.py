"""Saved games and settings on a key-value storage (the browser's localStorage).

Each game is kept under its own key (``catan.game.<id>``, the text of
:func:`catan_core.saves.dumps`) so that a damaged entry never harms another; a small index
(``catan.index``) holds what the list shows: name, date, players and turn. A missing or
damaged index is rebuilt from the game keys.

>>> store = SaveStore(MemoryStorage())
>>> store.put("g1", '{"x": 1}', SaveMeta("g1", "First game", 1000.0, ("Ana", "Ben"), 3))
>>> [m.name for m in store.list()], store.text("g1")
(['First game'], '{"x": 1}')
>>> store.delete("g1"); store.list(), store.text("g1")
([], None)
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from catan_core.errors import FormatError
from catan_core.jsonread import Obj, is_int, parse
from catan_core.state import MAX_NAME, MAX_SEATS

INDEX_KEY = "catan.index"
GAME_PREFIX = "catan.game."
SETTINGS_KEY = "catan.settings"
MAX_INDEX_CHARS = 1_000_000
MAX_SETTINGS_CHARS = 10_000
MAX_ID = 64
MAX_GAME_NAME = 200
MAX_TURN = 1_000_000
MAX_TIME = 10**15
"""Latest save time accepted (milliseconds since 1970: some 30,000 years)."""


def _is_time(value: Any) -> bool:
    return type(value) is float and math.isfinite(value) and 0 <= value < MAX_TIME


class StorageFull(Exception):
    """The storage refused a write (QuotaExceededError in a browser)."""


class Storage(Protocol):
    """What the store needs of a storage: text values under text keys."""

    def get(self, key: str) -> str | None:
        """The value under ``key`` or None."""

    def set(self, key: str, value: str) -> None:
        """Store ``value``; raise :class:`StorageFull` when there is no room."""

    def remove(self, key: str) -> None:
        """Forget ``key`` (no error when missing)."""

    def keys(self) -> list[str]:
        """Every key held."""


class MemoryStorage:
    """A :class:`Storage` in a dict, with an optional size limit (for tests)."""

    def __init__(self, limit: int | None = None) -> None:
        self.data: dict[str, str] = {}
        self.limit = limit

    def get(self, key: str) -> str | None:
        """The value under ``key`` or None."""
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        """Store ``value`` unless the total size would pass the limit."""
        if self.limit is not None:
            size = sum(len(k) + len(v) for k, v in self.data.items() if k != key) + len(key) + len(value)
            if size > self.limit:
                raise StorageFull(key)
        self.data[key] = value

    def remove(self, key: str) -> None:
        """Forget ``key``."""
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        """Every key held."""
        return list(self.data)


@dataclass(frozen=True)
class SaveMeta:
    """What the list of saved games shows about one game."""

    id: str
    name: str
    saved: float
    """When it was last saved, in milliseconds since 1970 (JavaScript's ``Date.now()``)."""
    players: tuple[str, ...] = ()
    turn: int = 0
    winner: str = ""
    """The winner's name once the game is over."""
    damaged: bool = False
    """True when the index knew nothing about the entry (it was rebuilt from the game key)."""

    @classmethod
    def from_json(cls, data: Any) -> "SaveMeta | None":
        """Read one index entry; None when it is malformed (wrong types, numbers out of range)."""
        try:
            entry = Obj(data, "index")
            players = entry.list("players", MAX_SEATS, default=[])
            if not all(isinstance(name, str) and len(name) <= MAX_NAME for name in players):
                return None
            return cls(
                id=entry.str("id", max_len=MAX_ID), name=entry.str("name", max_len=MAX_GAME_NAME),
                saved=float(entry.get("saved", ok=lambda v: is_int(v, 0, MAX_TIME) or _is_time(v))),
                players=tuple(players), turn=entry.int("turn", 0, MAX_TURN, default=0),
                winner=entry.str("winner", max_len=MAX_NAME, default=""),
            )
        except FormatError:
            return None

    def to_json(self) -> dict[str, Any]:
        """This entry as JSON-ready data."""
        data = asdict(self)
        data["players"] = list(self.players)
        del data["damaged"]
        return data


@dataclass
class SaveStore:
    """The saved games kept on ``storage``, newest first."""

    storage: Storage
    _index: dict[str, SaveMeta] | None = field(default=None, repr=False)

    def _load_index(self) -> dict[str, SaveMeta]:
        if self._index is not None:
            return self._index
        index: dict[str, SaveMeta] = {}
        try:
            entries = parse(self.storage.get(INDEX_KEY) or "[]", MAX_INDEX_CHARS)
        except FormatError:
            entries = []
        for entry in entries if isinstance(entries, list) else []:
            meta = SaveMeta.from_json(entry)
            if meta is not None:
                index[meta.id] = meta
        held = {key[len(GAME_PREFIX):] for key in self.storage.keys() if key.startswith(GAME_PREFIX)}
        index = {gid: meta for gid, meta in index.items() if gid in held}
        for gid in sorted(held - set(index)):
            index[gid] = SaveMeta(gid, gid, 0.0, damaged=True)
        self._index = index
        return index

    def _write_index(self) -> None:
        entries = [meta.to_json() for meta in self._load_index().values()]
        self.storage.set(INDEX_KEY, json.dumps(entries, ensure_ascii=False))

    def list(self) -> list[SaveMeta]:
        """Every saved game, the most recently saved first."""
        return sorted(self._load_index().values(), key=lambda m: m.saved, reverse=True)

    def meta(self, gid: str) -> SaveMeta | None:
        """The index entry of game ``gid``."""
        return self._load_index().get(gid)

    def text(self, gid: str) -> str | None:
        """The save text of game ``gid`` (None when there is none)."""
        return self.storage.get(GAME_PREFIX + gid)

    def put(self, gid: str, text: str, meta: SaveMeta) -> None:
        """Save game ``gid``; raises :class:`StorageFull` (and keeps the previous save) when full."""
        self.storage.set(GAME_PREFIX + gid, text)
        index = self._load_index()
        previous = index.get(gid)
        index[gid] = meta
        try:
            self._write_index()
        except StorageFull:
            if previous is not None:
                index[gid] = previous
            raise

    def delete(self, gid: str) -> None:
        """Forget game ``gid``."""
        self.storage.remove(GAME_PREFIX + gid)
        self._load_index().pop(gid, None)
        try:
            self._write_index()
        except StorageFull:
            pass  # the game key is gone; a stale entry is dropped when the index is next read

    def new_id(self, now: float) -> str:
        """A fresh game id based on the time."""
        base = f"{int(now):x}"
        gid, n = base, 1
        while self.text(gid) is not None or gid in self._load_index():
            gid, n = f"{base}-{n}", n + 1
        return gid

    def settings(self) -> dict[str, Any]:
        """The page settings (language, pace of computer players); empty when none or damaged."""
        try:
            data = parse(self.storage.get(SETTINGS_KEY) or "{}", MAX_SETTINGS_CHARS)
        except FormatError:
            return {}
        return data if isinstance(data, dict) else {}

    def save_settings(self, settings: dict[str, Any]) -> None:
        """Keep the page settings (silently skipped when the storage is full)."""
        try:
            self.storage.set(SETTINGS_KEY, json.dumps(settings))
        except StorageFull:
            pass
