"""The board as a picker: which spots the legal actions offer, and what a click on a spot means.

The one mapping between the board and actions, used by the game page
(:class:`~catan_web.session.Session`), the embeddable example (:mod:`catan_web.example`) and
the tests. Like chessground's legal destinations it reads only a
:class:`~catan_core.views.View` -- its ``legal`` actions, its phase -- and what the person is
choosing (a build mode of the game page), and decides no rule: a click where no legal action
lies still becomes the action it stands for, so that the engine can say why it is refused.

Board spots are named by their element, as in the SVG's data attributes: ``node``
(intersection), ``edge`` (path) or ``hex``.

>>> from catan_core.game import Game, Options
>>> game = Game(Options(players=3, board="beginner"), seed=1)
>>> _ = game.apply("0 roll 2+3")
>>> view = game.view(0)
>>> targets(view, mode=None), targets(view, mode="city").nodes
(Targets(nodes=(), edges=(), hexes=()), ())
>>> click(view, "edge", 5, mode=None).hint, click(view, "edge", 5, mode="road").action
('ui.hint.choose_build', Action(player=0, kind='road', value=5))
>>> click(view, "hex", 5)  # the example board builds anything but ignores stray clicks on hexes
Intent(action=None, choices=(), hint='')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from catan_core import actions as A
from catan_core.actions import Action
from catan_core.state import MAIN, ROAD_BUILDING_PHASE, ROBBER, SETUP_ROAD, SETUP_SETTLEMENT

if TYPE_CHECKING:
    from catan_core.views import View

NODE, EDGE, HEX = "node", "edge", "hex"
ELEMENTS: tuple[str, ...] = (NODE, EDGE, HEX)
"""The kinds of board spot, by the name of their SVG data attribute (``data-node``, ...)."""
ELEMENT_KINDS: dict[str, tuple[str, ...]] = {NODE: (A.SETTLEMENT, A.CITY), EDGE: (A.ROAD,), HEX: (A.ROBBER,)}
"""The action kinds whose value is a spot of each element."""
BUILD_KINDS: tuple[str, ...] = (A.ROAD, A.SETTLEMENT, A.CITY)
"""Build modes whose targets are picked on the board."""
EVERY_BUILD = "any"
"""The mode of a board without build buttons (the example): every build kind at once."""
VICTIM = "victim"
"""The game page's mode while the person picks whom to rob on the hex chosen for the robber."""
NOBODY = -1
"""The robber's victim when nobody is robbed."""
WAIT_HINT = "ui.hint.wait"
PHASE_KINDS: dict[str, tuple[str, ...]] = {
    SETUP_SETTLEMENT: (A.SETTLEMENT,),
    SETUP_ROAD: (A.ROAD,),
    ROAD_BUILDING_PHASE: (A.ROAD,),
    ROBBER: (A.ROBBER,),
}
"""What a board click stands for in the phases where the phase alone says it."""


@dataclass(frozen=True)
class Targets:
    """The board spots to highlight: legal targets of the action being chosen."""

    nodes: tuple[int, ...] = ()
    edges: tuple[int, ...] = ()
    hexes: tuple[int, ...] = ()


@dataclass(frozen=True)
class Intent:
    """What a click on the board means: an action to try, a choice among several (whom to
    rob), a hint key saying what to do instead, or nothing at all (all empty)."""

    action: Action | None = None
    choices: tuple[Action, ...] = ()
    hint: str = ""


def board_kinds(phase: str, mode: str | None) -> tuple[str, ...]:
    """The action kinds a board click stands for in ``phase`` with build ``mode`` chosen
    (a kind of :data:`BUILD_KINDS`, :data:`EVERY_BUILD`, or anything else for none).

    >>> board_kinds("main", "city"), board_kinds("main", None), board_kinds("setup_road", None)
    (('city',), (), ('road',))
    """
    if phase in PHASE_KINDS:
        return PHASE_KINDS[phase]
    if phase != MAIN:
        return ()
    if mode == EVERY_BUILD:
        return BUILD_KINDS
    return (mode,) if mode in BUILD_KINDS else ()


def targets(view: View, mode: str | None = EVERY_BUILD, robber_hex: int = -1) -> Targets:
    """The spots of ``view``'s legal actions that a click stands for now (see
    :func:`board_kinds`); while a victim is chosen (``mode`` :data:`VICTIM`) only
    ``robber_hex``. Empty unless the viewer must act."""
    if mode == VICTIM:
        return Targets(hexes=(robber_hex,))
    kinds = board_kinds(view.phase, mode)
    found: dict[str, set[int]] = {element: set() for element in ELEMENTS}
    for action in view.legal:
        if action.kind in kinds:
            element = next(e for e in ELEMENTS if action.kind in ELEMENT_KINDS[e])
            found[element].add(action.value[0] if action.kind == A.ROBBER else action.value)
    return Targets(*(tuple(sorted(found[element])) for element in ELEMENTS))


def idle_hint(phase: str, mode: str | None) -> str:
    """The hint for a click on a spot that stands for nothing now ("" for no hint)."""
    if phase == MAIN:
        return "" if mode == EVERY_BUILD else "ui.hint.choose_build"
    return "ui.hint.phase_" + phase


def click(view: View, element: str, ident: int, mode: str | None = EVERY_BUILD) -> Intent:
    """What a click on board ``element`` number ``ident`` means for ``view``'s viewer.

    The legal action on that spot when there is one; a choice when several are (robbing
    one of several players); else the action the click stands for (a city on one's own
    settlement, else a settlement; the robber robbing nobody), for the engine to refuse.
    """
    p = view.viewer
    if p is None or p != view.to_act:
        return Intent(hint=WAIT_HINT)
    meant = [kind for kind in ELEMENT_KINDS.get(element, ()) if kind in board_kinds(view.phase, mode)]
    if not meant:
        return Intent(hint=idle_hint(view.phase, mode))
    if meant == [A.ROBBER]:
        choices = tuple(a for a in view.legal if a.kind == A.ROBBER and a.value[0] == ident)
        if len(choices) > 1:
            return Intent(choices=choices)
        return Intent(choices[0] if choices else Action(p, A.ROBBER, (ident, NOBODY)))
    for action in view.legal:
        if action.kind in meant and action.value == ident:
            return Intent(action)
    own_settlement = 0 <= ident < len(view.node_owner) and view.node_owner[ident] == p and not view.node_city[ident]
    kind = A.CITY if A.CITY in meant and (own_settlement or A.SETTLEMENT not in meant) else meant[0]
    return Intent(Action(p, kind, ident))
