"""Playing with a finger: a tap on the board selects before it acts, and the texts say "tap".

Pure Python (no browser needed). On a touch screen a finger easily lands on the wrong spot
of a small board, so a tap on a spot where a settlement, city, road or the robber would go
only **selects** it (drawn ringed, with a Confirm button and its name under the board); a
second tap on the same spot, or Confirm, acts. A mouse click (and Enter or Space on a
focused spot) acts at once. Whether a click came from a finger is the ``pointerType`` of
the board's pointer events ("touch" or "pen"); whether the device is a touch screen (for
the wording) is ``matchMedia("(pointer: coarse)")``, or the first tap seen.

The touch wording is a catalog entry ``touch.<key>`` beside each sentence that says
"click" (``ui.hint.phase_robber`` / ``touch.ui.hint.phase_robber``), in every language.

>>> from catan_web.targets import Intent
>>> from catan_core.actions import Action
>>> build = Intent(Action(0, "settlement", 12))
>>> tap(None, "n12", build), tap("n12", "n12", build)
(Tap(selected='n12', act=False), Tap(selected=None, act=True))
>>> tap("n12", "n30", Intent(hint="ui.hint.wait"))    # nothing to select: the click's answer
Tap(selected=None, act=True)
>>> wording("ui.hint.phase_robber", touch=True), wording("ui.hint.phase_robber", touch=False)
('touch.ui.hint.phase_robber', 'ui.hint.phase_robber')
>>> wording("ui.button.roll", touch=True)
'ui.button.roll'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from catan_core.i18n import DEFAULT_LANGUAGE, catalog

if TYPE_CHECKING:
    from .targets import Intent

TOUCH_POINTERS: frozenset[str] = frozenset({"touch", "pen"})
"""``PointerEvent.pointerType`` values of a finger or a stylus (a tap selects first)."""
COARSE_POINTER = "(pointer: coarse)"
"""The media query of a device whose main pointer is a finger (the wording says "tap")."""
TOUCH_PREFIX = "touch."


def wording(key: str, touch: bool) -> str:
    """The message key to show for ``key``: its ``touch.`` twin on a touch screen when the
    catalog has one, else ``key`` itself."""
    twin = TOUCH_PREFIX + key
    return twin if touch and twin in catalog(DEFAULT_LANGUAGE) else key


class Tap(NamedTuple):
    """What a tap on the board does: the spot now selected (None: none), and whether the
    tap acts as a click would."""

    selected: str | None
    act: bool


def tap(selected: str | None, spot: str, intent: Intent) -> Tap:
    """A tap on ``spot`` (a board mark, ``"n12"``) with ``selected`` selected before, where a
    click means ``intent``: a spot that stands for an action (or a choice of victims) is
    selected by the first tap and acted on by the second; any other tap acts at once (it
    only explains, or does nothing) and drops the selection."""
    if intent.action is None and not intent.choices:
        return Tap(None, True)
    if spot == selected:
        return Tap(None, True)
    return Tap(spot, False)
