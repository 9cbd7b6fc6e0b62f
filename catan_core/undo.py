"""Taking back a slip: a person may undo their own last action while it revealed nothing and
nobody else has acted since.

The page keeps one :class:`TakeBack` per game, calls :meth:`TakeBack.remember` right before it
applies a person's action, and offers a "take back" button while
:meth:`TakeBack.can_take_back` says so; :meth:`TakeBack.take_back` returns the game exactly to
the position before that action (:meth:`Game.restore <catan_core.game.Game.restore>`: every
field, the random generator, the history and the log), so the save afterwards is the save
before, byte for byte.

>>> from catan_core.game import Game, Options
>>> game = Game(Options(players=3, board="beginner"), seed=1)
>>> undo = TakeBack(game)
>>> undo.remember(); _ = game.apply("0 roll 4+4")
>>> undo.can_take_back(0)          # dice: never taken back
False
>>> undo.remember(); _ = game.apply("0 maritime brick>ore")
Traceback (most recent call last):
...
catan_core.errors.IllegalActionError: You need 4 brick for this trade.
>>> undo.can_take_back(0)          # a refused action did nothing
False
>>> undo.remember(); _ = game.apply("0 road 6")
>>> undo.can_take_back(1), undo.can_take_back(0)
(False, True)
>>> undo.take_back(0).text(), game.players[0].roads, game.players[0].hand
('0 road 6', [11, 47], [2, 2, 0, 0, 0])
>>> undo.can_take_back(0)          # one step, once
False

What may be taken back, by action kind (a kind marked "yes" still is not when its events hold
a secret -- a card stolen -- or a win, or once another seat has acted):

================================  =====  =====================================================
action                            undo   why
================================  =====  =====================================================
settlement (set-up or bought)     yes    only the board changes; the set-up cards of a second
                                         settlement follow from the board
road (set-up, bought or free)     yes    the same; Longest Road moves back with it
city                              yes    the same
maritime trade                    yes    a fixed exchange with the bank
offer                             yes    while nobody answered (an answer is another seat
                                         acting)
cancel (withdraw an offer)        yes    the offer and its answers come back as they were
robber (nobody robbed)            yes    a placement; with a steal it is final (the card
                                         drawn is random and seen by the two seats)
end of the turn                   yes    the next turn has only begun; gone as soon as the next
                                         seat acts (a computer player acts at once)
roll                              no     the dice are random and everyone saw them
buy a development card            no     draws a hidden card, seen by the buyer
knight, road building, year of    no     a development card played is shown face up: the
plenty, monopoly                         others have seen a card that was hidden (a Monopoly
                                         also shows what each hand held)
discard                           no     shows the others which cards the hand held
accept, decline, counter          no     an answer to another seat, who acts on it
confirm (close a trade)           no     binds another seat's cards
================================  =====  =====================================================

One step only: after taking back, the action before is final (a slip is noticed at once;
stepping back through a whole turn would let a person try things out).
"""

from __future__ import annotations

from collections.abc import Sequence

from . import actions as A
from .actions import Action
from .events import Event
from .game import Game, Snapshot

__all__ = ["FINAL_KINDS", "REVEALING_EVENTS", "UNDOABLE_KINDS", "TakeBack", "undoable"]

UNDOABLE_KINDS: frozenset[str] = frozenset({
    A.SETTLEMENT, A.ROAD, A.CITY, A.MARITIME, A.OFFER, A.CANCEL, A.ROBBER, A.END,
})
"""Action kinds that may be taken back (see the table in the module docstring)."""
FINAL_KINDS: frozenset[str] = frozenset({
    A.ROLL, A.BUY, A.KNIGHT, A.ROAD_BUILDING, A.YEAR_OF_PLENTY, A.MONOPOLY, A.DISCARD, A.ACCEPT, A.DECLINE,
    A.COUNTER, A.CONFIRM,
})
"""Action kinds that are final once applied."""
REVEALING_EVENTS: frozenset[str] = frozenset({"win"})
"""Event kinds that make any action final, besides events with a secret: the game is over."""


def undoable(action: Action, events: Sequence[Event]) -> bool:
    """Whether ``action``, having made ``events``, revealed nothing and may be taken back.

    >>> undoable(Action(0, "road", 5), [Event("build_road", 0, {"edge": 5, "free": False})])
    True
    >>> undoable(Action(0, "robber", (4, 1)), [Event("robber", 0, {"hex": 4}),
    ...                                        Event("steal", 0, {"victim": 1}, {"resource": 2}, (0, 1))])
    False
    """
    return action.kind in UNDOABLE_KINDS and not any(
        e.audience or e.kind in REVEALING_EVENTS for e in events
    )


class TakeBack:
    """The way back from one person's last action in ``game`` (see the module docstring)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._before: Snapshot | None = None

    def remember(self) -> None:
        """Keep the position now: call right before applying a person's action (an action
        that is then refused leaves nothing to take back)."""
        self._before = self.game.snapshot()

    def last_action(self, seat: int) -> Action | None:
        """The action ``seat`` may take back now, or None."""
        before, game = self._before, self.game
        if before is None or len(game.history) != before.history + 1:
            return None  # nothing done since, or more than one action
        action = game.history[-1]
        if action.player != seat or not undoable(action, game.log[before.log:]):
            return None
        return action

    def can_take_back(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last action now."""
        return self.last_action(seat) is not None

    def take_back(self, seat: int) -> Action:
        """Return the game to the position before ``seat``'s last action and return that
        action; :class:`ValueError` when :meth:`can_take_back` says no."""
        action = self.last_action(seat)
        if action is None or self._before is None:
            raise ValueError(f"seat {seat} has nothing to take back")
        self.game.restore(self._before)
        self._before = None
        return action
