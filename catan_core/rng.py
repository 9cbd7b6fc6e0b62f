"""The game's own seeded random number generator.

SplitMix64 in pure Python: its whole state is one integer, so it serialises into a
save file as a number and produces identical sequences in CPython and in Pyodide.

>>> rng = Rng(42)
>>> [rng.below(6) + 1 for _ in range(5)]
[5, 1, 2, 3, 1]
>>> Rng.from_seed("my game").state == Rng.from_seed("my game").state
True
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_T = TypeVar("_T")


def seed_to_int(seed: int | str) -> int:
    """Turn a seed typed by a person (a number or any text) into a 64-bit integer."""
    if isinstance(seed, int) and not isinstance(seed, bool):
        return seed & _MASK
    text = str(seed).strip()
    if text.lstrip("-").isdigit():
        return int(text) & _MASK
    import hashlib  # only text seeds need it: kept out of the page's start-up

    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


class Rng:
    """A small deterministic generator (SplitMix64) whose state is a single int."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int | str) -> Rng:
        """A generator seeded from a number or a text."""
        return cls(seed_to_int(seed))

    def copy(self) -> Rng:
        """An independent generator in the same state."""
        return Rng(self.state)

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (n >= 1): the next output times ``n``, over 2**64.

        The most called method of a game: :meth:`next64` is written out here again,
        saving a call."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def choice(self, items: list[_T] | tuple[_T, ...]) -> _T:
        """A uniformly chosen element of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[_T]) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def roll(self) -> tuple[int, int]:
        """Two six-sided dice."""
        return self.below(6) + 1, self.below(6) + 1
