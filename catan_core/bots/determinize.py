"""Determinization: a full :class:`~catan_core.game.Game` consistent with one seat's view.

A searching player cannot see opponents' cards, the development deck or the future dice,
so it plays out *guesses*: :func:`determinize` copies everything public from the
:class:`~catan_core.views.View` (board, pieces, robber, bank, phase, turn, special cards,
the open offer, hand sizes, played cards) and fills in the rest by sampling with the
bot's own generator:

* opponents' resource hands, with their public sizes, drawn so that each resource's
  total matches what the bank and the viewer's hand leave (``19 - bank - own``),
  weighted by a :class:`~catan_core.bots.tracker.HandTracker`'s card counting;
* opponents' unplayed development cards and the deck, dealt from the cards the viewer
  has not seen (all 25 less the viewer's own and every card played face up);
* the dice, from a fresh generator seeded by the bot's.

The result depends on the view and the generator only, so two games that differ only in
what the viewer cannot see give the same guesses.

>>> from catan_core.game import Game, Options
>>> from catan_core.rng import Rng
>>> game = Game(Options(players=3, board="beginner"), seed=4)
>>> guess = determinize(game.view(0), Rng(1))
>>> guess.players[0].hand == game.players[0].hand, guess.phase == game.phase
(True, True)
>>> [sum(pl.hand) for pl in guess.players] == [sum(pl.hand) for pl in game.players]
True
"""

from __future__ import annotations

from ..game import Game
from ..names import VICTORY_POINT
from ..rng import Rng
from ..state import (
    DEV_DECK,
    MAIN,
    OVER,
    RESOURCE_SUPPLY,
    ROBBER,
    ROLL,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    State,
    TradeOffer,
)
from ..views import View
from .tracker import HandTracker


def this_turn(view: View, kind: str, player: int) -> int:
    """How many ``kind`` events ``player`` caused since the current turn began (from the log)."""
    count = 0
    for event in reversed(view.log):
        if event.kind == "turn" or event.kind == "end_turn":
            break
        if event.kind == kind and event.player == player:
            count += 1
    return count


def _setup_order(view: View) -> list[int]:
    n = len(view.players)
    placed = sum(len(pv.settlements) + len(pv.cities) for pv in view.players)
    idx = placed if view.phase == SETUP_SETTLEMENT else placed - 1
    start = (view.current - (idx if idx < n else 2 * n - 1 - idx)) % n
    order = [(start + i) % n for i in range(n)]
    return (order + order[::-1])[idx:]


SAMPLE_PRIOR = 0.05
"""Added to the counted expectation of each resource still in play when a card is drawn
for a hidden hand, so that a count's small errors do not rule a resource out."""
SAMPLE_FLOOR = 0.01
"""Least weight of a resource still in play that the count expects to be used up."""
TWO_TO_64 = 18446744073709551616.0
"""2**64: turns a 64-bit draw into a fraction of one."""


def sample_hands(view: View, rng: Rng, tracker: HandTracker | None) -> list[list[int]]:
    """Resource hands for every seat: the viewer's own, the others sampled."""
    me = view.viewer
    n = len(view.players)
    own = list(view.hand) if view.hand is not None else [0] * 5
    left = [RESOURCE_SUPPLY - view.bank[r] - (own[r] if me is not None else 0) for r in range(5)]
    tracker = tracker or HandTracker()
    hands: list[list[int]] = []
    for q in range(n):
        if q == me:
            hands.append(own[:])
            continue
        size = view.players[q].hand_size
        weights = tracker.expected(view, q)
        hand = [0] * 5
        for _ in range(size):
            w = [(weights[r] - hand[r] + SAMPLE_PRIOR) if left[r] > 0 else 0.0 for r in range(5)]
            w = [x if x > 0 else (SAMPLE_FLOOR if left[r] > 0 else 0.0) for r, x in enumerate(w)]
            total = sum(w)
            if total <= 0:  # an inconsistent view (hand-made position): spread evenly
                w = [1.0] * 5
                total = 5.0
            pick = (rng.next64() / TWO_TO_64) * total
            r = 0
            while r < 4 and (pick >= w[r] or w[r] == 0):
                pick -= w[r]
                r += 1
            hand[r] += 1
            left[r] -= 1
        hands.append(hand)
    return hands


def sample_dev(view: View, rng: Rng) -> tuple[list[list[int]], list[int]]:
    """Unplayed development cards of every seat and the deck's composition."""
    me = view.viewer
    n = len(view.players)
    unseen = list(DEV_DECK)
    for pv in view.players:
        for c in range(5):
            unseen[c] -= pv.played[c]
    if me is not None and view.dev is not None:
        for c in range(5):
            unseen[c] -= view.dev[c]
    pool = [c for c in range(5) for _ in range(max(0, unseen[c]))]
    rng.shuffle(pool)
    devs: list[list[int]] = []
    for q in range(n):
        if q == me and view.dev is not None:
            devs.append(list(view.dev))
            continue
        dev = [0] * 5
        for _ in range(view.players[q].dev_cards):
            if pool:
                dev[pool.pop()] += 1
        devs.append(dev)
    deck = [0] * 5
    for c in pool:
        deck[c] += 1
    # a current opponent cannot sit on enough points to have won already
    q = view.current
    if q != me and view.phase != OVER and q < n:
        target = view.options.vp_target
        while devs[q][VICTORY_POINT] and view.players[q].public_points + devs[q][VICTORY_POINT] >= target:
            swap = next((c for c in range(5) if c != VICTORY_POINT and deck[c]), -1)
            if swap < 0:
                break
            devs[q][VICTORY_POINT] -= 1
            devs[q][swap] += 1
            deck[VICTORY_POINT] += 1
            deck[swap] -= 1
    return devs, deck


def determinize(view: View, rng: Rng, tracker: HandTracker | None = None) -> Game:
    """A full game consistent with ``view``; hidden parts sampled with ``rng``."""
    state = State.new(view.options, view.seats, view.board, Rng(rng.next64()))
    hands = sample_hands(view, rng, tracker)
    devs, deck = sample_dev(view, rng)
    current = view.current
    for q, pv in enumerate(view.players):
        pl = state.players[q]
        state.place_pieces(q, list(pv.settlements), list(pv.cities), list(pv.roads))
        pl.hand = hands[q]
        pl.dev = devs[q]
        pl.played = list(pv.played)
        pl.road_length = pv.road_length
        if q == view.viewer and view.dev_new is not None:
            pl.dev_new = list(view.dev_new)
        elif q == current and view.log:
            bought = this_turn(view, "buy", q)
            new = [0] * 5
            for c in range(5):  # assume the newest cards are the most common kinds
                take = min(bought, pl.dev[c])
                new[c] += take
                bought -= take
            pl.dev_new = new
        if pv.longest_road:
            state.longest_road = q
        if pv.largest_army:
            state.largest_army = q
    state.robber = view.robber
    state.bank = list(view.bank)
    state.deck = deck
    state.phase = view.phase
    state.current = current
    state.turn = view.turn
    state.dice = view.dice
    state.winner = view.winner
    state.free_roads = view.free_roads
    state.discards = [pv.discard_due for pv in view.players]
    state.dev_played = view.dev_played
    state.built = view.built  # trade, then build: whether the trading is over (public)
    if view.dice_deck is not None:  # balanced dice: the outcomes left are public, and hold no order
        state.dice_deck = list(view.dice_deck)
    state.after_robber = ROLL if (view.phase == ROBBER and view.dice is None) else MAIN
    if view.phase in (SETUP_SETTLEMENT, SETUP_ROAD):
        state.setup_order = _setup_order(view)
        state.setup_node = view.players[current].settlements[-1] if view.phase == SETUP_ROAD else -1
    t = view.trade
    if t is not None:
        answers = {seat: (kind, terms) for seat, kind, terms in t.answers}
        state.trade = TradeOffer(t.offerer, t.give, t.want, t.targets, answers)
    return Game.from_state(state)
