"""Saved games on a key-value storage (the browser's localStorage), and what is put aside.

Each game is kept under its own key (``catan.game.<id>``, the text of
:func:`catan_core.saves.dumps`) so that a damaged entry never harms another; a small index
(``catan.index``) holds what the list shows: name, date, players and turn. Everything is read
through :mod:`catan_core.jsonread` (bounded size and depth, exact types).

Stored texts that cannot be read (an index that is not JSON, an entry with a wrong type or a
number out of range, unreadable settings) are *put aside*: moved under a new key
``catan.damaged.<key>`` (``catan.damaged.<key>.2``, ... when taken), so nothing is lost, and
never overwritten while they cannot be put aside. The index is then rebuilt from the game keys.

>>> store = SaveStore(MemoryStorage())
>>> store.put("g1", '{"x": 1}', SaveMeta("g1", "First game", 1000.0, ("Ana", "Ben"), 3))
>>> [m.name for m in store.list()], store.text("g1")
(['First game'], '{"x": 1}')
>>> store.delete("g1"); store.list(), store.text("g1")
([], None)
>>> storage = MemoryStorage(); storage.set(INDEX_KEY, "[{oops"); storage.set("catan.game.g2", "{}")
>>> store = SaveStore(storage); [m.id for m in store.list()], store.repair()
(['g2'], [PutAside(key='catan.index', kept_as='catan.damaged.catan.index')])
>>> storage.get("catan.damaged.catan.index")
'[{oops'
"""

from __future__ import annotations

import contextlib
import json
import math
from collections.abc import Callable
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from catan_core.errors import FormatError
from catan_core.jsonread import Obj, is_int, parse
from catan_core.names import MAX_NAME, MAX_SEATS

INDEX_KEY = "catan.index"
GAME_PREFIX = "catan.game."
DAMAGED_PREFIX = "catan.damaged."
"""Where an unreadable stored text is kept: ``catan.damaged.<its key>``."""
MAX_INDEX_CHARS = 1_000_000
MAX_ID = 64
MAX_GAME_NAME = 200
MAX_TURN = 1_000_000
MAX_TIME = 10**15
"""Latest save time accepted (milliseconds since 1970: some 30,000 years)."""

T = TypeVar("T")


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


class BrowserStorage:
    """:class:`Storage` on the browser's ``localStorage`` object ``local``; ``is_null`` tells a
    JavaScript null (a missing key, which is not Python's None in Pyodide) from a value."""

    def __init__(self, local: Any, is_null: Callable[[Any], bool]) -> None:
        self.local = local
        self.is_null = is_null

    def get(self, key: str) -> str | None:
        """The value under ``key`` or None."""
        value = self.local.getItem(key)
        return None if self.is_null(value) else str(value)

    def set(self, key: str, value: str) -> None:
        """Store ``value``; any refusal (QuotaExceededError) becomes StorageFull."""
        try:
            self.local.setItem(key, value)
        except Exception as error:
            raise StorageFull(str(error)) from None

    def remove(self, key: str) -> None:
        """Forget ``key``."""
        self.local.removeItem(key)

    def keys(self) -> list[str]:
        """Every key held."""
        return [str(self.local.key(i)) for i in range(int(self.local.length))]


def open_storage(local: Callable[[], Any], is_null: Callable[[Any], bool]) -> Storage:
    """The browser's storage (``local()`` gives ``window.localStorage``), or a
    :class:`MemoryStorage` when the browser refuses it (blocked in a third-party frame,
    disabled): the page then works without remembering anything."""
    try:
        storage = BrowserStorage(local(), is_null)
        storage.get(INDEX_KEY)
        return storage
    except Exception:
        return MemoryStorage()


class PutAside(NamedTuple):
    """A stored text that could not be read: its ``key``, and the key it is now kept under
    (None when the storage had no room for the copy: it then stays where it was)."""

    key: str
    kept_as: str | None


def put_aside(storage: Storage, key: str) -> PutAside:
    """Move the text under ``key`` to ``catan.damaged.<key>`` (or ``.2``, ``.3``, ... when an
    earlier text is kept there already: it is never overwritten)."""
    text = storage.get(key)
    if text is None:
        return PutAside(key, None)
    taken = set(storage.keys())
    kept_as, n = DAMAGED_PREFIX + key, 2
    while kept_as in taken:
        kept_as, n = f"{DAMAGED_PREFIX}{key}.{n}", n + 1
    try:
        storage.set(kept_as, text)
    except StorageFull:
        return PutAside(key, None)
    storage.remove(key)
    return PutAside(key, kept_as)


class Slot(Generic[T]):
    """One JSON text kept under ``key``: read by ``read`` (which gives the value it could read
    and whether the text was damaged), written whole, and never overwritten while damaged:
    :meth:`repair` or a :meth:`write` puts a damaged text aside first."""

    def __init__(self, storage: Storage, key: str, read: Callable[[str], tuple[T, bool]], empty: T) -> None:
        self.storage = storage
        self.key = key
        self.read = read
        self.empty = empty
        self.damaged = False
        """Whether the text read last was damaged (and is still where it was)."""
        self._loaded = False

    def load(self) -> T:
        """The value stored (``empty`` when there is none); notes whether it was damaged."""
        self._loaded = True
        text = self.storage.get(self.key)
        if text is None:
            self.damaged = False
            return self.empty
        value, self.damaged = self.read(text)
        return value

    def repair(self) -> PutAside | None:
        """Put the text aside if the last :meth:`load` found it damaged (None when it was not)."""
        if not self.damaged:
            return None
        aside = put_aside(self.storage, self.key)
        self.damaged = aside.kept_as is None
        return aside

    def write(self, text: str) -> None:
        """Store ``text`` (raises :class:`StorageFull`); skipped while a damaged text under
        the key cannot be put aside."""
        if not self._loaded:
            self.load()
        self.repair()
        if not self.damaged:
            self.storage.set(self.key, text)


MAX_HINTS = 1 << 20
"""Most hints a saved game's entry may count."""


class SaveMeta(NamedTuple):
    """What the list of saved games shows about one game."""

    id: str
    name: str
    saved: float
    """When it was last saved, in milliseconds since 1970 (JavaScript's ``Date.now()``)."""
    players: tuple[str, ...] = ()
    turn: int = 0
    winner: str = ""
    """The winner's name once the game is over."""
    take_backs: bool | None = None
    """Whether the game allows taking back moves (None: not recorded, the default applies)."""
    hints: bool = False
    """Whether the host allowed hints for the people of the game (the new-game form's option)."""
    hints_shown: int = 0
    """How many hints the coach gave in the game."""
    damaged: bool = False
    """True when the index knew nothing about the entry (it was rebuilt from the game key;
    such entries are not written to the index)."""

    @classmethod
    def from_json(cls, data: Any) -> SaveMeta | None:
        """Read one index entry; None when it is malformed (wrong types, numbers out of range)."""
        try:
            entry = Obj(data, "index")
            players = entry.list("players", MAX_SEATS, default=[])
            if not all(isinstance(name, str) and len(name) <= MAX_NAME for name in players):
                return None
            return cls(
                id=entry.str("id", max_len=MAX_ID),
                name=entry.str("name", max_len=MAX_GAME_NAME),
                saved=float(entry.get("saved", ok=lambda v: is_int(v, 0, MAX_TIME) or _is_time(v))),
                players=tuple(players),
                turn=entry.int("turn", 0, MAX_TURN, default=0),
                winner=entry.str("winner", max_len=MAX_NAME, default=""),
                take_backs=entry.get("take_backs", None, lambda v: v is None or type(v) is bool),
                hints=entry.bool("hints", default=False),
                hints_shown=entry.int("hints_shown", 0, MAX_HINTS, default=0),
            )
        except FormatError:
            return None

    def to_json(self) -> dict[str, Any]:
        """This entry as JSON-ready data."""
        data = self._asdict()
        data["players"] = list(self.players)
        del data["damaged"]
        return data


def read_index(text: str) -> tuple[dict[str, SaveMeta], bool]:
    """The entries of an index text by game id, and whether the text was damaged (not a
    JSON list, or an entry that :meth:`SaveMeta.from_json` refuses: those are left out)."""
    try:
        entries = parse(text, MAX_INDEX_CHARS)
    except FormatError:
        return {}, True
    if type(entries) is not list:
        return {}, True
    index: dict[str, SaveMeta] = {}
    damaged = False
    for entry in entries:
        meta = SaveMeta.from_json(entry)
        if meta is None:
            damaged = True
        else:
            index[meta.id] = meta
    return index, damaged


class SaveStore:
    """The saved games kept on ``storage``, newest first."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._slot: Slot[dict[str, SaveMeta]] = Slot(storage, INDEX_KEY, read_index, {})
        self._index: dict[str, SaveMeta] | None = None

    def _load_index(self) -> dict[str, SaveMeta]:
        if self._index is not None:
            return self._index
        index = dict(self._slot.load())
        keys = self.storage.keys()  # a Storage (localStorage's keys), not a dict
        held = {key[len(GAME_PREFIX) :] for key in keys if key.startswith(GAME_PREFIX)}
        index = {gid: meta for gid, meta in index.items() if gid in held}
        for gid in sorted(held - set(index)):
            index[gid] = SaveMeta(gid, gid, 0.0, damaged=True)
        self._index = index
        return index

    def _write_index(self) -> None:
        entries = [meta.to_json() for meta in self._load_index().values() if not meta.damaged]
        self._slot.write(json.dumps(entries, ensure_ascii=False))

    def repair(self) -> list[PutAside]:
        """Put a damaged index aside and write the entries that could be read (the games
        themselves stay untouched); returns what was put aside."""
        self._load_index()
        aside = self._slot.repair()
        if aside is None:
            return []
        if aside.kept_as is not None:
            with contextlib.suppress(StorageFull):  # the index is rebuilt from the game keys when next read
                self._write_index()
        return [aside]

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
        # the game key is gone; a stale entry is dropped when the index is next read
        with contextlib.suppress(StorageFull):
            self._write_index()

    def new_id(self, now: float) -> str:
        """A fresh game id based on the time."""
        base = f"{int(now):x}"
        gid, n = base, 1
        while self.text(gid) is not None or gid in self._load_index():
            gid, n = f"{base}-{n}", n + 1
        return gid
