"""Card counting from public events: what each opponent probably holds.

A person at the table can follow every production, purchase, trade and discard; only
steals between two other players (and the card a player gets when robbed by us is known
only to us) stay hidden. :class:`HandTracker` replays the events a :class:`View` shows
(``view.log``, with secrets only where the viewer was entitled to them) and keeps, for
each seat, the *expected* number of cards of each resource: a steal moves a fraction of
every resource, a spending beyond what is known takes from the rest.

The tracker is fed incrementally: :meth:`update` reads only the events it has not seen,
and starts again when the log it is given is not a continuation (another game, or an
undo). Without a log (``game.view(p, with_log=False)``) it knows nothing beyond the hand
sizes, and :meth:`expected` spreads each hand evenly over the resources the bank lacks.

>>> from catan_core.game import Game, Options
>>> game = Game(Options(players=3, board="beginner"), seed=1)
>>> tracker = HandTracker()
>>> tracker.update(game.view(0))
>>> [round(x) for x in tracker.expected(game.view(0), 1)] == game.players[1].hand
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..state import RESOURCE_SUPPLY

if TYPE_CHECKING:
    from ..game import Event
    from ..views import View

COUNTED_NOTHING = 0.01
"""Below this many counted cards in all, a hand is spread by what the bank is missing."""
SPREAD_PRIOR = 0.1
"""Added to each resource's share when a hand is spread by what the bank is missing."""

_COSTS = {
    "build_road": (1, 1, 0, 0, 0),
    "build_settlement": (1, 1, 1, 1, 0),
    "build_city": (0, 0, 0, 2, 3),
    "buy": (0, 0, 1, 1, 1),
}


class HandTracker:
    """Expected resource counts of every seat, from the public events of one game."""

    __slots__ = ("cards", "last", "seen")

    def __init__(self) -> None:
        self.seen = 0
        """Number of log events processed."""
        self.last: Event | None = None
        self.cards: list[list[float]] = []
        """Per seat, expected count of each resource."""

    def reset(self, players: int) -> None:
        """Forget everything (a new game of ``players`` seats)."""
        self.seen = 0
        self.last = None
        self.cards = [[0.0] * 5 for _ in range(players)]

    def update(self, view: View) -> None:
        """Read the events of ``view.log`` not seen yet."""
        log = view.log
        n = len(view.players)
        if len(self.cards) != n or len(log) < self.seen or (self.seen and log[self.seen - 1] != self.last):
            self.reset(n)
        for event in log[self.seen :]:
            self._apply(event)
        self.seen = len(log)
        self.last = log[-1] if log else None

    # --- events -------------------------------------------------------------------------

    def _gain(self, p: int, cards: Sequence[int]) -> None:
        mine = self.cards[p]
        for r in range(5):
            mine[r] += cards[r]

    def _spend(self, p: int, cards: Sequence[int]) -> None:
        """``p`` pays ``cards``: take what is known; any shortfall came from unknown cards,
        so take it proportionally from the rest."""
        mine = self.cards[p]
        short = 0.0
        for r in range(5):
            if cards[r]:
                mine[r] -= cards[r]
                if mine[r] < 0:
                    short -= mine[r]
                    mine[r] = 0.0
        if short > 0:
            self._lose_unknown(p, short, skip=cards)

    def _lose_unknown(self, p: int, amount: float, skip: Sequence[int] = (0, 0, 0, 0, 0)) -> None:
        mine = self.cards[p]
        pool = [mine[r] if not skip[r] else 0.0 for r in range(5)]
        total = sum(pool)
        if total <= 0:
            pool = mine[:]
            total = sum(pool)
        if total <= 0:
            return
        take = min(1.0, amount / total)
        for r in range(5):
            mine[r] -= pool[r] * take

    def _apply(self, event: Event) -> None:
        kind, p, data = event.kind, event.player, event.data
        if kind == "produce" or kind == "setup_resources" or kind == "year_of_plenty":
            self._gain(p, data["cards"])
        elif kind in _COSTS:
            if kind != "build_road" or not data.get("free"):
                self._spend(p, _COSTS[kind])
        elif kind == "discard":
            self._spend(p, data["cards"])
        elif kind == "maritime":
            cards = [0] * 5
            cards[data["give_resource"]] = data["count"]
            self._spend(p, cards)
            got = [0] * 5
            got[data["get_resource"]] = 1
            self._gain(p, got)
        elif kind == "trade":
            partner = data["partner"]
            give, want = data["give"], data["want"]
            self._spend(p, give)
            self._gain(partner, give)
            self._spend(partner, want)
            self._gain(p, want)
        elif kind == "monopoly":
            r = data["resource"]
            for q in range(len(data["taken"])):
                if q != p:
                    self.cards[q][r] = 0.0
            self.cards[p][r] += data["count"]
        elif kind == "steal":
            victim = data["victim"]
            secret = event.secret
            if secret is not None:
                cards = [0] * 5
                cards[secret["resource"]] = 1
                self._spend(victim, cards)
                self._gain(p, cards)
            else:
                self._steal_unknown(p, victim)

    def _steal_unknown(self, thief: int, victim: int) -> None:
        """``thief`` takes a card the viewer did not see from ``victim``: a share of each
        resource, as the victim is counted to hold them."""
        mine = self.cards[victim]
        total = sum(mine)
        if total > 0:
            share = [c / total for c in mine]
            for r in range(5):
                mine[r] -= share[r]
                self.cards[thief][r] += share[r]

    # --- reading --------------------------------------------------------------------------

    def expected(self, view: View, q: int) -> list[float]:
        """Expected resource counts of seat ``q``, scaled to its public hand size.

        The viewer's own hand is exact. Without information the hand is spread over the
        resources in proportion to what the bank is missing.
        """
        if q == view.viewer and view.hand is not None:
            return [float(c) for c in view.hand]
        size = view.players[q].hand_size
        if size == 0:
            return [0.0] * 5
        guess = [max(0.0, c) for c in self.cards[q]] if len(self.cards) == len(view.players) else [0.0] * 5
        total = sum(guess)
        if total <= COUNTED_NOTHING:
            own = view.hand or (0, 0, 0, 0, 0)
            guess = [max(0.0, RESOURCE_SUPPLY - view.bank[r] - own[r]) + SPREAD_PRIOR for r in range(5)]
            total = sum(guess)
        scale = size / total
        return [g * scale for g in guess]
