"""The game's sounds and the dice that roll: what the page plays for what happened, as data.

After each command the controller reads the events nobody has heard yet (:class:`Listener`)
and asks the browser for one sound (:class:`~catan_web.game.effects.Sound`, an effect): the roll, a build, a trade, the
robber, or "your turn" when a turn of a person at this device begins. The sounds are made in
the page with Web Audio from the notes of :data:`SOUNDS` (no files), never before the person's
first press, click or key on the page, and never while the sound switch is off (remembered in
the settings). A roll also makes the dice tumble for :data:`ROLL_SECONDS` (not for people who
ask their system for reduced motion: the style sheet leaves the animation out).

>>> from catan_core.events import Event
>>> sound_of([Event("roll", 1, {}), Event("produce", -1, {})], people=(0,))
'roll'
>>> sound_of([Event("end_turn", 1, {}), Event("turn", 0, {"turn": 5})], people=(0,))
'turn'
>>> sound_of([Event("robber", 0, {}), Event("steal", 0, {})], people=(0,)), sound_of([], people=(0,))
('robber', None)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from catan_core.events import Event

    from ..session import Session

ROLL_SECONDS = 0.6
"""How long the dice tumble after a roll."""


class Tone(NamedTuple):
    """One note of a sound: when it starts after the sound does and how long it lasts
    (seconds), its pitch (Hz), the oscillator's wave and its loudness (0 to 1)."""

    start: float
    seconds: float
    pitch: float
    wave: str = "sine"
    loud: float = 0.12


SOUNDS: dict[str, tuple[Tone, ...]] = {
    "roll": tuple(Tone(0.055 * i, 0.03, 170 + 45 * (i % 3), "square", 0.05) for i in range(6)),
    "build": (Tone(0, 0.09, 196, "triangle", 0.2), Tone(0.1, 0.12, 294, "triangle", 0.2)),
    "trade": (Tone(0, 0.12, 659), Tone(0.12, 0.18, 880)),
    "robber": (Tone(0, 0.22, 220, "sawtooth", 0.06), Tone(0.2, 0.35, 147, "sawtooth", 0.06)),
    "turn": (Tone(0, 0.12, 523), Tone(0.12, 0.12, 659), Tone(0.24, 0.25, 784)),
}
"""Each sound's notes."""


@cache
def notes_text(name: str) -> str:
    """Sound ``name``'s notes as the JSON text ``web/sound.mjs`` plays: each note's fields in
    :class:`Tone`'s order.

    >>> notes_text("build")
    '[[0,0.09,196,"triangle",0.2],[0.1,0.12,294,"triangle",0.2]]'
    """
    return json.dumps(SOUNDS[name], separators=(",", ":"))


EVENT_SOUNDS: dict[str, str] = {
    "robber": "robber",
    "build_road": "build",
    "build_settlement": "build",
    "build_city": "build",
    "trade": "trade",
    "maritime": "trade",
    "roll": "roll",
}
"""The sound of each kind of event (a turn of a person is :func:`sound_of`'s own)."""
PRIORITY: tuple[str, ...] = ("robber", "build", "trade", "roll", "turn")
"""When one command did several things, the one sound played: the first of these."""


def sound_of(events: Sequence[Event], people: Sequence[int]) -> str | None:
    """The sound for ``events`` (None: none), ``people`` being the seats played at this device."""
    heard = {EVENT_SOUNDS[event.kind] for event in events if event.kind in EVENT_SOUNDS}
    if any(event.kind == "turn" and event.player in people for event in events):
        heard.add("turn")
    return next((name for name in PRIORITY if name in heard), None)


def rolled(events: Sequence[Event]) -> bool:
    """Whether ``events`` hold a roll of the dice."""
    return any(event.kind == "roll" for event in events)


class Listener:
    """The events of the game on the page that have not been heard yet."""

    def __init__(self) -> None:
        self.game_id: int | None = None
        self.heard = 0

    def news(self, session: Session) -> list[Event]:
        """The events since the last call (none the first time a game is seen: its past is
        not played again)."""
        log = session.game.log
        if self.game_id != id(session) or self.heard > len(log):
            self.game_id, self.heard = id(session), len(log)
        fresh, self.heard = log[self.heard :], len(log)
        return fresh
