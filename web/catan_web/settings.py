"""The settings every page shares (``catan.settings`` in the browser's storage).

The game page, the example board and the rules almanac read and write them here only: the
language chosen, the computer players' pace, what to do with their trade offers, whether the
game page plays its sounds, and the servers for playing over the internet
(:class:`~catan_web.peer.ice.IceServers`, none unless the person names some). The text is read through
:mod:`catan_core.jsonread` (bounded, exact types); a value of another type makes the text
damaged (it is put aside, see :mod:`catan_web.store`), a value this version does not know
(a language it does not speak) is ignored, and so are fields it does not know.

>>> from catan_web.store import MemoryStorage
>>> storage = MemoryStorage()
>>> settings = SettingsStore(storage)
>>> settings.remember(lang="de"); settings.load()  # doctest: +NORMALIZE_WHITESPACE
Settings(lang='de', speed=None, offers=None, ice=IceServers(urls=(), username='', credential=''),
         sound=None, tracker=None)
>>> storage.set(SETTINGS_KEY, '{"lang": 7}')
>>> settings.load() == Settings(), settings.repair()
(True, [PutAside(key='catan.settings', kept_as='catan.damaged.catan.settings')])
"""

from __future__ import annotations

import contextlib
import json
from typing import Any, NamedTuple

from catan_core.errors import FormatError
from catan_core.i18n import LANGUAGES
from catan_core.jsonread import Obj, parse

from .peer.errors import PeerError
from .peer.ice import IceServers
from .store import PutAside, Slot, Storage, StorageFull

SETTINGS_KEY = "catan.settings"
MAX_SETTINGS_CHARS = 10_000
MAX_VALUE_CHARS = 40
"""Longest text a setting may hold."""
SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 0.8, "fast": 0.3, "instant": 0.0}
"""Seconds between two actions of computer players, by pace setting."""
DEFAULT_SPEED = "normal"
OFFER_MODES: tuple[str, ...] = ("ask", "acceptable", "never")
"""The setting "Offers from computer players", by value (see :mod:`catan_web.offers`)."""
DEFAULT_OFFERS = "ask"
TAKE_BACK_WINDOW = 1.2
"""Seconds at least that computer players wait after a person's action that may be taken
back, so that "Undo" can be pressed before they act on it (at a slower pace: the pace)."""


def pause(speed: str, take_back: bool) -> float:
    """Seconds a computer player waits before acting at pace ``speed``; ``take_back``: the
    last action is a person's that may still be taken back.

    >>> pause("fast", False), pause("fast", True), pause("slow", True)
    (0.3, 1.2, 1.6)
    """
    step = SPEEDS.get(speed, SPEEDS[DEFAULT_SPEED])
    return max(step, TAKE_BACK_WINDOW) if take_back else step


class Settings(NamedTuple):
    """The settings remembered (None: not chosen, the page's default applies)."""

    lang: str | None = None
    """One of :data:`catan_core.i18n.LANGUAGES`."""
    speed: str | None = None
    """A key of :data:`SPEEDS`."""
    offers: str | None = None
    """One of :data:`OFFER_MODES`: offers from computer players."""
    ice: IceServers = IceServers()
    """The STUN and TURN servers for playing over the internet (none by default)."""
    sound: bool | None = None
    """Whether the game page plays its sounds (None: not chosen, they play)."""
    tracker: bool | None = None
    """Whether the game page shows the card tracker beside the opponents (None: not chosen, it does not)."""

    @classmethod
    def read(cls, text: str) -> tuple[Settings, bool]:
        """The settings in ``text`` and whether the text was damaged (then: no settings).

        >>> text = '{"lang": "hi", "speed": "warp", "sound": false, "offers": "never", "theme": 3}'
        >>> Settings.read(text) == (Settings(lang="hi", offers="never", sound=False), False)
        True
        >>> Settings.read('{"sound": "off"}') == (Settings(), True)   # not a yes or no: damaged
        True
        >>> Settings.read("[" * 100_000 + "]" * 100_000) == (Settings(), True)
        True
        >>> Settings.read('{"ice": {"urls": ["http://x.org/"]}}') == (Settings(), False)  # not a server: ignored
        True
        """
        try:
            data = Obj(parse(text, MAX_SETTINGS_CHARS), "settings")
            lang = data.str("lang", max_len=MAX_VALUE_CHARS, default=None)
            speed = data.str("speed", max_len=MAX_VALUE_CHARS, default=None)
            offers = data.str("offers", max_len=MAX_VALUE_CHARS, default=None)
            sound = data.bool("sound", default=None)
            tracker = data.bool("tracker", default=None)
            ice = IceServers.read(data.obj("ice")) if data.has("ice") else IceServers()
        except FormatError:
            return cls(), True
        except PeerError:  # servers this version does not accept
            ice = IceServers()
        known = (lang in LANGUAGES, speed in SPEEDS, offers in OFFER_MODES)
        lang, speed, offers = (value if ok else None for value, ok in zip((lang, speed, offers), known, strict=False))
        return cls(lang, speed, offers, ice, sound, tracker), False

    def to_json(self) -> dict[str, Any]:
        """The settings chosen, as JSON-ready data."""
        chosen = (("lang", self.lang), ("speed", self.speed), ("offers", self.offers))
        data: dict[str, Any] = {key: value for key, value in chosen if value is not None}
        if self.ice.urls:
            data["ice"] = self.ice.to_json()
        for flag in ("sound", "tracker"):
            if getattr(self, flag) is not None:
                data[flag] = getattr(self, flag)
        return data


class SettingsStore:
    """The settings on a :class:`~catan_web.store.Storage`."""

    def __init__(self, storage: Storage) -> None:
        self._slot = Slot(storage, SETTINGS_KEY, Settings.read, Settings())

    def load(self) -> Settings:
        """The settings remembered (none when missing or damaged)."""
        return self._slot.load()

    def save(self, settings: Settings) -> None:
        """Remember ``settings`` (silently skipped when the storage is full)."""
        with contextlib.suppress(StorageFull):
            self._slot.write(json.dumps(settings.to_json()))

    def remember(self, **changes: Any) -> None:
        """Change some settings and keep the others (``remember(lang="hi")``)."""
        self.save(self.load()._replace(**changes))

    def repair(self) -> list[PutAside]:
        """Put damaged settings aside (see :mod:`catan_web.store`); returns what was put aside."""
        self._slot.load()
        aside = self._slot.repair()
        return [] if aside is None else [aside]
