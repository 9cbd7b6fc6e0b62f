"""The card tracker: what a seat's view says for sure about every other hand.

People follow the public events to know what the others hold (colonist.io players install
browser extensions for it). :func:`card_tracker` does it from one seat's
:class:`~catan_core.views.View` and its log alone: for every seat, the cards of each
resource it holds **for sure**, and how many of its cards are unknown. It never claims a
card a seat may not hold: ``known[r]`` is at most the real count of resource ``r`` and
``known`` plus ``unknown`` is the hand's size (a property test checks it over many games).

It is the computer players' card counting (:class:`~catan_core.bots.tracker.HandTracker`:
the same walk through the same events) with sure counts instead of expected ones:

* cards received in the open (production, the set-up, Year of Plenty, a bank or player
  trade, a Monopoly) are known;
* cards paid (builds, cards bought, discards, trades) are taken from the known ones first;
  paying more of a resource than was known only says that no more of it is known;
* a Monopoly leaves the others with none of its resource;
* a card stolen out of the viewer's sight may be any card the victim held: one fewer of
  each resource the victim was known to hold; the thief learns its kind only when the
  victim's whole hand was known and all of one resource.

The set-up's cards are public; then seat 0 rolls a 7 and robs seat 1 of its ore, which
only seats 0 and 1 see. Seat 2 knows that seat 0 holds one card more, of a kind it cannot
tell, and that seat 1 lost one of its wool, grain and ore:

>>> from catan_core.game import Game, Options
>>> game = Game(Options(players=3, board="beginner"), seed=1)
>>> [k.known for k in card_tracker(game.view(2))]
[(2, 1, 0, 0, 0), (0, 0, 1, 1, 1), (1, 1, 0, 1, 0)]
>>> for text in ("0 roll 3+4", "0 robber 1 1"):
...     _ = game.apply(text)
>>> [(k.known, k.unknown) for k in card_tracker(game.view(2))][:2]
[((2, 1, 0, 0, 0), 1), ((0, 0, 0, 0, 0), 2)]
>>> [(k.known, k.unknown) for k in card_tracker(game.view(1))][:2]
[((2, 1, 0, 0, 1), 0), ((0, 0, 1, 1, 0), 0)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..bots.tracker import HandTracker
from ..events import Event
from ..views import View

__all__ = ["Known", "SureCounter", "card_tracker"]


@dataclass(frozen=True)
class Known:
    """What a view says for sure about one seat's resource cards."""

    seat: int
    known: tuple[int, int, int, int, int]
    """Cards of each resource (brick, lumber, wool, grain, ore) the seat holds for sure."""
    unknown: int
    """Its other cards, of kinds the view cannot tell."""

    @property
    def size(self) -> int:
        """The hand's size (public)."""
        return sum(self.known) + self.unknown


class SureCounter(HandTracker):
    """:class:`~catan_core.bots.tracker.HandTracker`'s walk through the events, keeping for
    every seat the cards it holds for sure (``cards``) and the size of its hand (``sizes``).

    ``deduce``: name the resource of a card stolen from a hand known to hold one resource
    only (sound only when the log starts with the game, so that the sizes are exact; see
    :func:`card_tracker`).
    """

    __slots__ = ("deduce", "sizes")

    def __init__(self, deduce: bool = True) -> None:
        super().__init__()
        self.deduce = deduce
        self.sizes: list[int] = []

    def reset(self, players: int) -> None:
        super().reset(players)
        self.sizes = [0] * players

    def _gain(self, p: int, cards: Sequence[int]) -> None:
        super()._gain(p, cards)
        self.sizes[p] += sum(cards)

    def _spend(self, p: int, cards: Sequence[int]) -> None:
        mine = self.cards[p]
        for r in range(5):
            mine[r] = max(0.0, mine[r] - cards[r])
        self.sizes[p] -= sum(cards)

    def _steal_unknown(self, thief: int, victim: int) -> None:
        mine = self.cards[victim]
        held = [r for r in range(5) if mine[r] > 0]
        whole = self.deduce and sum(mine) == self.sizes[victim]
        for r in held:
            mine[r] -= 1
        if whole and len(held) == 1:
            self.cards[thief][held[0]] += 1
        self.sizes[victim] -= 1
        self.sizes[thief] += 1

    def _apply(self, event: Event) -> None:
        if event.kind == "monopoly":
            taken = event.data["taken"]
            for q, count in enumerate(taken):
                self.sizes[q] -= count
            self.sizes[event.player] += event.data["count"]
        super()._apply(event)


def card_tracker(view: View) -> list[Known]:
    """Every seat's cards as ``view`` knows them for sure (see the module docstring): the
    viewer's own hand is known whole; a spectator's view knows only what was public.

    The log need not start with the game (a game begun from a scenario): the cards held
    before its first event are then unknown, and nothing is deduced from hand sizes.
    """
    counter = SureCounter()
    counter.update(view)
    if counter.sizes != [pv.hand_size for pv in view.players]:
        counter = SureCounter(deduce=False)
        counter.update(view)
    out = []
    for q, pv in enumerate(view.players):
        if q == view.viewer and view.hand is not None:
            own = view.hand
            out.append(Known(q, (own[0], own[1], own[2], own[3], own[4]), 0))
            continue
        sure = [min(round(c), pv.hand_size) for c in counter.cards[q]]
        while sum(sure) > pv.hand_size:  # only for a log that does not fit the hands (cannot happen in play)
            sure[max(range(5), key=lambda r: sure[r])] -= 1
        out.append(Known(q, (sure[0], sure[1], sure[2], sure[3], sure[4]), pv.hand_size - sum(sure)))
    return out
