"""The one exception family of the engine.

Every error carries a message ``key`` and ``params`` so that a user interface can show it
in the player's language (see :mod:`catan_core.i18n`); ``str(error)`` is the English text.

* :class:`CatanError` -- base class, a :class:`ValueError`.
* :class:`IllegalActionError` -- a well-formed action that the rules forbid now; the key
  names the rule (``rule.distance``, ``rule.not_your_turn``, ...). The game is unchanged.
* :class:`InvalidActionError` -- an action text or value that is malformed.
* :class:`FormatError` -- a save file, scenario or board that is malformed or
  inconsistent (``format.*`` keys).
"""

from __future__ import annotations

from typing import Any

from .i18n import translate


class CatanError(ValueError):
    """Base of every error the engine raises on bad input."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(key)

    def __str__(self) -> str:
        return translate(self.key, self.params, "en")


class IllegalActionError(CatanError):
    """The action is well formed but breaks a rule; the game is left unchanged."""


class InvalidActionError(CatanError):
    """The action itself is malformed (unknown kind, wrong value, unparseable text)."""


class FormatError(CatanError):
    """A save, scenario or layout is malformed or describes an impossible position."""
