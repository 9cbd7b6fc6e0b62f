"""The game: state, every rule of the base game, and the one way in.

``Game.legal_actions()`` lists what the player who must act now may do; ``Game.apply()``
checks an action, raises :class:`~catan_core.errors.IllegalActionError` naming the broken
rule (leaving the game unchanged), or performs it and returns the :class:`Event` list of
what happened. Every random outcome (dice, steals, card draws, the board, who starts)
comes from the game's own seeded :class:`~catan_core.rng.Rng`, so the seed plus the list of
actions replays a game exactly.

>>> game = Game(Options(players=3, board="beginner"), seed=7)
>>> game.phase, game.current, game.to_act
('roll', 0, 0)
>>> events = game.apply(Action(0, "roll", (3, 4)))   # forced dice: a 7
>>> game.phase
'robber'
>>> game.apply(Action(0, "settlement", 0))
Traceback (most recent call last):
...
catan_core.errors.IllegalActionError: You must move the robber first.

Rules are grouped below by topic: set-up, dice and production, the robber, building,
development cards, trade, Longest Road and Largest Army, victory.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from . import actions as A
from .actions import Action, Cards, describe, validate_shape
from .board import (
    BEGINNER_PIECES,
    EDGE_NODES,
    HEX_COUNT,
    HEX_NODES,
    NODE_COUNT,
    NODE_EDGES,
    NODE_HEXES,
    NODE_NODES,
    Board,
)
from .errors import CatanError, FormatError, IllegalActionError, InvalidActionError
from .events import Event, event
from .names import DEV_CARDS, KNIGHT, MONOPOLY, ROAD_BUILDING, SEAT_KINDS, YEAR_OF_PLENTY
from .rng import Rng, seed_to_int
from .state import (
    CITIES,
    DEV_DECK,
    DICE_OUTCOMES,
    DICE_RESHUFFLE_AT,
    DISCARD,
    LARGEST_ARMY_MIN,
    LONGEST_ROAD_MIN,
    MAIN,
    OVER,
    PHASES,
    ROAD_BUILDING_PHASE,
    ROADS,
    ROBBER,
    ROLL,
    SETTLEMENTS,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    TRADE,
    Options,
    PlayerState,
    Seat,
    State,
    TradeOffer,
    award,
    check_seats,
    copy_state,
    default_seats,
)
from .views import View, make_view

__all__ = [
    "COSTS",
    "DEV_CARDS",
    "DEV_DECK",
    "PHASES",
    "SEAT_KINDS",
    "Event",
    "Game",
    "Options",
    "PlayerState",
    "Seat",
    "Snapshot",
    "State",
    "TradeOffer",
    "default_seats",
]

# --- prices ------------------------------------------------------------------------------

ROAD_COST: Cards = (1, 1, 0, 0, 0)
SETTLEMENT_COST: Cards = (1, 1, 1, 1, 0)
CITY_COST: Cards = (0, 0, 0, 2, 3)
DEV_CARD_COST: Cards = (0, 0, 1, 1, 1)
COSTS: dict[str, Cards] = {A.ROAD: ROAD_COST, A.SETTLEMENT: SETTLEMENT_COST, A.CITY: CITY_COST, A.BUY: DEV_CARD_COST}
"""What each build costs, by action kind."""
YEAR_OF_PLENTY_CARDS = 2
"""Cards Year of Plenty takes from the bank (fewer when the bank holds fewer)."""


class Snapshot(NamedTuple):
    """A game's position at one moment, to return to with :meth:`Game.restore`."""

    state: State
    history: int
    """How many actions had been played."""
    log: int
    """How many events had happened."""


_SEATS = range(6)
_ROAD_ACTIONS = tuple(tuple(Action(p, A.ROAD, e) for e in range(len(EDGE_NODES))) for p in _SEATS)
_SETTLEMENT_ACTIONS = tuple(tuple(Action(p, A.SETTLEMENT, n) for n in range(NODE_COUNT)) for p in _SEATS)
_CITY_ACTIONS = tuple(tuple(Action(p, A.CITY, n) for n in range(NODE_COUNT)) for p in _SEATS)
_MONOPOLY_ACTIONS = tuple(tuple(Action(p, A.MONOPOLY, r) for r in range(5)) for p in _SEATS)
_MARITIME_ACTIONS = tuple(
    tuple(tuple(Action(p, A.MARITIME, (give, get)) for get in range(5) if get != give) for give in range(5))
    for p in _SEATS
)
"""Per seat and resource given, the trades for each other resource."""
_ROBBER_ACTIONS = tuple(
    tuple(tuple(Action(p, A.ROBBER, (h, v)) for v in (*_SEATS, -1)) for h in range(HEX_COUNT)) for p in _SEATS
)
"""Per seat and hex, the robber moves indexed by victim: ``[p][h][v]``, where ``v = -1``
(the last entry) robs nobody."""
_VICTIMS = tuple(tuple(q for q in _SEATS if seats >> q & 1) or (-1,) for seats in range(1 << len(_SEATS)))
"""The victims of robber moves on a hex where the seats that may be robbed are ``seats`` as
bits (bit ``q`` for seat ``q``): those seats in order, or ``(-1,)``: nobody."""
_HEXES_BESIDES = tuple(tuple(g for g in range(HEX_COUNT) if g != h) for h in range(HEX_COUNT))
"""Per hex, the other hexes in order (where a robber there may go)."""
_ROLL_ACTIONS, _END_ACTIONS, _BUY_ACTIONS, _KNIGHT_ACTIONS, _ROAD_BUILDING_ACTIONS = (
    tuple(Action(p, kind) for p in _SEATS) for kind in (A.ROLL, A.END, A.BUY, A.KNIGHT, A.ROAD_BUILDING)
)
"""Per seat, the actions without a value (legal-action lists reuse these immutable actions,
like those of the tables above, instead of building new ones)."""


def _fail(key: str, **params: Any) -> IllegalActionError:
    return IllegalActionError(key, **params)


def _holds(hand: list[int], cards: Cards) -> bool:
    return all(h >= c for h, c in zip(hand, cards, strict=True))


def _discard_actions(p: int, hand: list[int], size: int) -> list[Action]:
    """Seat ``p``'s discards of ``size`` cards from ``hand``: every way to choose them (as
    counts), in increasing order.

    >>> [action.value for action in _discard_actions(0, [1, 0, 2, 0, 1], 2)]
    [(0, 0, 1, 0, 1), (0, 0, 2, 0, 0), (1, 0, 0, 0, 1), (1, 0, 1, 0, 0)]
    """
    h0, h1, h2, h3, h4 = hand
    out: list[Action] = []
    new, kind = tuple.__new__, A.DISCARD  # new(Action, (p, kind, cards)): Action(p, kind, cards), faster
    # each count ranges from what the later resources cannot cover to what is held or left
    for c0 in range(max(0, size - h1 - h2 - h3 - h4), min(h0, size) + 1):
        left0 = size - c0
        for c1 in range(max(0, left0 - h2 - h3 - h4), min(h1, left0) + 1):
            left1 = left0 - c1
            for c2 in range(max(0, left1 - h3 - h4), min(h2, left1) + 1):
                left2 = left1 - c2
                for c3 in range(max(0, left2 - h4), min(h3, left2) + 1):
                    out.append(new(Action, (p, kind, (c0, c1, c2, c3, left2 - c3))))
    return out


class Game(State):
    """A game of the base set: a :class:`~catan_core.state.State` plus the rules and the
    record of how it came about (``seed``, ``history``, ``log``, ``origin``). See the module
    docstring for the way in."""

    seed: int
    """The seed the game was created from (its board and start roll come from it)."""
    history: list[Action]
    """Every action applied, in order."""
    log: list[Event]
    """Everything that happened, in order (secrets included: read it through views)."""
    origin: dict[str, Any] | None
    """The scenario this game started from (None: a new game from the seed)."""

    def __init__(
        self, options: Options | None = None, seed: int | str = 0, seats: tuple[Seat, ...] | None = None
    ) -> None:
        """A new game: the board is laid out and, on a random board, the starting player is
        rolled for; the game then waits for the first set-up placement (or, on the beginner
        board, the first roll)."""
        options = options or Options()
        options.check()
        seats = seats or default_seats(options.players)
        check_seats(seats, options.players)
        self.seed = seed_to_int(seed)
        rng = Rng(self.seed)
        board = Board.beginner() if options.board == "beginner" else Board.random(rng, options.separate_red_numbers)
        copy_state(State.new(options, seats, board, rng), self, share=True)
        self.history, self.log, self.origin = [], [], None
        if options.board == "beginner":
            self._beginner_start()
        else:
            self._roll_for_start()

    @classmethod
    def from_state(cls, state: State, seed: int = 0, origin: dict[str, Any] | None = None) -> Game:
        """A game continuing from ``state``, with an empty history. The game takes the
        state over (pass ``state.copy()`` to keep using it); :meth:`check` the game when the
        state comes from outside."""
        game = object.__new__(cls)
        copy_state(state, game, share=True)
        game.seed, game.history, game.log, game.origin = seed, [], [], origin
        return game

    # --- the way in ---------------------------------------------------------------------

    def apply(self, action: Action | str, check: bool = True) -> list[Event]:
        """Perform ``action`` (or its text form) and return what happened.

        With ``check`` (the default) an illegal action raises
        :class:`~catan_core.errors.IllegalActionError` (a malformed one
        :class:`~catan_core.errors.InvalidActionError`) and changes nothing. ``check=False``
        is the fast path for callers that took the action from :meth:`legal_actions`.
        """
        if isinstance(action, str):
            action = Action.parse(action)
        if check:
            self.check_action(action)
        events: list[Event] = []
        p, kind, value = action
        _PERFORMERS[kind](self, p, value, events)
        if kind in _POINT_KINDS:
            self._check_victory(self.current, events)
        self.history.append(action)
        self.log.extend(events)
        return events

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` may be applied now (False for a malformed action too)."""
        try:
            self.check_action(action)
        except CatanError:
            return False
        return True

    def legal_actions(self) -> list[Action]:
        """Every legal action of :attr:`to_act`.

        Domestic offers and counter-offers are open-ended (any cards for any cards): this
        list holds their one-card-for-one-card forms; :meth:`is_legal` and :meth:`apply`
        accept any other well-formed offer.
        """
        phase = self.phase
        if phase == MAIN:  # the current player acts in these two phases
            return self._main_actions(self.current)
        if phase == ROLL:
            p = self.current
            pl = self.players[p]
            if not self.dev_played and pl.dev[KNIGHT] > pl.dev_new[KNIGHT]:
                return [_ROLL_ACTIONS[p], _KNIGHT_ACTIONS[p]]
            return [_ROLL_ACTIONS[p]]
        p = self.to_act
        if phase == SETUP_SETTLEMENT:
            actions = _SETTLEMENT_ACTIONS[p]
            return [actions[n] for n in self.setup_spots()]
        if phase == SETUP_ROAD:
            actions = _ROAD_ACTIONS[p]
            return [actions[e] for e in NODE_EDGES[self.setup_node] if self.edge_owner[e] < 0]
        if phase == ROBBER:
            moves = _ROBBER_ACTIONS[p]
            robbable = self._robbable_by_hex()
            return [moves[h][v] for h in _HEXES_BESIDES[self.robber] for v in _VICTIMS[robbable[h]]]
        if phase == DISCARD:
            return _discard_actions(p, self.players[p].hand, self.discards[p])
        if phase == ROAD_BUILDING_PHASE:
            actions = _ROAD_ACTIONS[p]
            return [actions[e] for e in self.road_spots(p)]
        if phase == TRADE:
            return self._trade_actions(p)
        return []

    def check_action(self, action: Action) -> None:
        """Raise the error that applying ``action`` now would raise, or return None."""
        if not isinstance(action, Action):
            raise InvalidActionError("action.malformed", action=describe(action))
        validate_shape(action)
        p, kind, value = action
        self._check_turn(p)
        _CHECKS[kind](self, p, value)

    def _check_turn(self, p: int) -> None:
        """Refuse any action of seat ``p`` now: the game is over, or it is not ``p``'s turn."""
        if self.phase == OVER:
            raise _fail("rule.game_over")
        if p >= len(self.players):
            raise _fail("rule.no_such_seat", seat=p)
        if p != self.to_act:
            raise _fail("rule.not_your_turn", seat=p, expected=self.to_act)

    def build_refusal(self, p: int, kind: str) -> CatanError | None:
        """Why seat ``p`` may build no ``kind`` (road, settlement or city) now, wherever: the
        error :meth:`check_action` gives for every free spot (for a city, every settlement of
        ``p``) when a check that does not look at the spot refuses it (whose turn it is, the
        phase, the pieces left, the cost); None when those pass, or in the set-up, or for a city
        without a settlement to upgrade (then it depends on the spot).

        >>> game = Game(Options(players=3, board="beginner"), seed=1)
        >>> game.build_refusal(0, "road").key, game.build_refusal(1, "city").key
        ('rule.phase_roll', 'rule.not_your_turn')
        """
        setup = {A.ROAD: SETUP_ROAD, A.SETTLEMENT: SETUP_SETTLEMENT}.get(kind)
        if self.phase == setup or (kind == A.CITY and p < len(self.players) and not self.players[p].settlements):
            return None
        try:
            self._check_turn(p)
            if kind == A.CITY and self.phase != MAIN:  # (a city's phase is checked before its spot)
                raise _fail(self._phase_rule())
            self._check_build(p, kind)
        except CatanError as error:
            return error
        return None

    def _check_build(self, p: int, kind: str) -> None:
        """The checks of building ``kind`` that do not look at the spot: the phase, the pieces
        left, the cost (paid in the main phase)."""
        built, pieces, rule, cost, phases = _BUILDS[kind]
        if self.phase not in phases:
            raise _fail(self._phase_rule())
        if len(getattr(self.players[p], built)) >= pieces:
            raise _fail(rule)
        if self.phase == MAIN:
            self._check_pay(p, cost)

    def view(self, viewer: int | None = None, with_log: bool = True) -> View:
        """What ``viewer`` may see (``None``: a spectator). See :mod:`catan_core.views`."""
        legal = self.legal_actions() if viewer is not None and viewer == self.to_act else ()
        return make_view(self, viewer, legal, self.log if with_log else ())

    def check(self) -> None:
        """Refuse a position the rules cannot produce (see :meth:`State.check`) or one where
        whoever must act has nothing they may do."""
        State.check(self)
        if self.phase != OVER and not self.legal_actions():
            raise FormatError("format.stuck", seat=self.to_act)

    # --- returning to an earlier position -----------------------------------------------------

    def copy(self) -> Game:
        """An independent copy, for search (history and log are copied too)."""
        game = object.__new__(Game)
        copy_state(self, game)
        game.seed, game.origin = self.seed, self.origin
        game.history, game.log = self.history[:], self.log[:]
        return game

    def snapshot(self) -> Snapshot:
        """The position now, to return to later with :meth:`restore`.

        >>> game = Game(Options(players=3, board="beginner"), seed=1)
        >>> mark = game.snapshot()
        >>> _ = game.apply("0 roll 2+3")
        >>> game.restore(mark); game.phase, len(game.history)
        ('roll', 0)
        """
        state = object.__new__(State)
        copy_state(self, state)
        return Snapshot(state, len(self.history), len(self.log))

    def restore(self, snapshot: Snapshot) -> None:
        """Return exactly to the position of ``snapshot``, taken earlier in this game:
        every field, the generator, and the history and log as they were then."""
        if snapshot.history > len(self.history) or snapshot.log > len(self.log):
            raise ValueError("the snapshot is not of this game's past")
        copy_state(snapshot.state, self)
        del self.history[snapshot.history:]
        del self.log[snapshot.log:]

    # --- set-up ---------------------------------------------------------------------------

    def _roll_for_start(self) -> None:
        contenders = list(range(len(self.players)))
        rounds: list[dict[str, int]] = []
        while len(contenders) > 1:
            rolls = {p: sum(self.rng.roll()) for p in contenders}
            rounds.append({str(p): r for p, r in rolls.items()})
            best = max(rolls.values())
            contenders = [p for p in contenders if rolls[p] == best]
        start = contenders[0]
        n = len(self.players)
        order = [(start + i) % n for i in range(n)]
        self.setup_order = order + order[::-1]
        self.current = start
        self.log.append(event("start_roll", start, {"rounds": rounds}))

    def _beginner_start(self) -> None:
        events: list[Event] = []
        for p in range(len(self.players)):
            (first, second), roads = BEGINNER_PIECES[p]
            for n in (first, second):
                self.add_settlement(p, n)
            for e in roads:
                self.add_road(p, e)
            self._collect_second_settlement(p, second, events)
        self._update_longest_road()
        self._start_turn(0, events)
        self.log.extend(events)

    def _collect_second_settlement(self, p: int, node: int, events: list[Event]) -> None:
        gained = [0] * 5
        for h in NODE_HEXES[node]:
            r = self.board.hex_resource(h)
            if r >= 0 and self.bank[r]:
                gained[r] += 1
                self.bank[r] -= 1
                self.players[p].hand[r] += 1
        events.append(event("setup_resources", p, {"cards": gained}))

    def _check_setup_settlement(self, p: int, node: int) -> None:
        if self.node_owner[node] >= 0:
            raise _fail("rule.node_occupied", node=node)
        if any(self.node_owner[m] >= 0 for m in NODE_NODES[node]):
            raise _fail("rule.distance", node=node)

    # --- dice and production ----------------------------------------------------------------

    def _check_roll(self, p: int, dice: tuple[int, int] | None) -> None:
        if self.phase != ROLL:
            raise _fail("rule.already_rolled" if self.phase == MAIN else self._phase_rule())

    def _do_roll(self, p: int, forced: tuple[int, int] | None, events: list[Event]) -> None:
        """Roll: forced dice (the action's, else the next queued), else random ones. The
        generator is drawn from either way, so that forcing a roll changes nothing else;
        with balanced dice the random outcome is dealt from :attr:`dice_deck`, and forced
        dice leave the deck alone (a tutorial's scripted rolls do not unbalance the rest)."""
        deck = self.dice_deck  # empty unless the dice are balanced
        pick = self.rng.below(len(deck)) if deck else -1
        dice = deck[pick] if deck else self.rng.roll()
        if forced is not None:
            dice = forced
        elif self.forced_dice:
            dice = self.forced_dice.pop(0)
        elif deck:
            del deck[pick]
        self.dice = dice
        total = dice[0] + dice[1]
        events.append(event("roll", p, {"dice": list(dice), "total": total}))
        if len(deck) == DICE_RESHUFFLE_AT:
            deck[:] = DICE_OUTCOMES
            events.append(event("dice_reshuffle", -1, {}))
        if total == 7:
            self._seven(events)
        else:
            self._produce(total, events)
            self.phase = MAIN

    def _produce(self, total: int, events: list[Event]) -> None:
        """Hand out what the hexes showing ``total`` produce: per seat, a ``produce`` event
        of its cards (in seat order), after a ``robber_blocks`` event for a hex under the
        robber and, per resource the bank cannot cover (in resource order), a ``shortage``
        (several claimants: nobody receives it) or ``shortage_partial`` (one claimant:
        takes what is left) event."""
        node_owner, node_city, robber = self.node_owner, self.node_city, self.robber
        received: list[list[int] | None] = [None] * len(self.players)
        """Per seat, the cards owed (None: it has no building on a producing hex)."""
        owed = [0] * 5
        """Per resource, the cards owed to all seats."""
        for h, r, nodes in self.board.producers.get(total, ()):
            if h == robber:
                events.append(event("robber_blocks", -1, {"hex": h}))
                continue
            for node in nodes:
                owner = node_owner[node]
                if owner >= 0:
                    cards = received[owner]
                    if cards is None:
                        cards = received[owner] = [0, 0, 0, 0, 0]
                    count = 2 if node_city[node] else 1
                    cards[r] += count
                    owed[r] += count
        bank = self.bank
        if owed[0] > bank[0] or owed[1] > bank[1] or owed[2] > bank[2] or owed[3] > bank[3] or owed[4] > bank[4]:
            self._ration(received, owed, events)
        players = self.players
        for owner, cards in enumerate(received):
            if cards is not None:
                hand = players[owner].hand
                for r in range(5):
                    count = cards[r]
                    if count:
                        bank[r] -= count
                        hand[r] += count
                events.append(event("produce", owner, {"cards": cards}))

    def _ration(self, received: list[list[int] | None], owed: list[int], events: list[Event]) -> None:
        """Cut the cards ``received`` per seat down to what the bank holds: a resource owed
        to several seats beyond the bank's stock goes to nobody; one owed to a single seat
        gives it what is left. A seat left with no resource to receive is dropped (None)."""
        bank = self.bank
        claims = [set() if cards is None else {r for r in range(5) if cards[r]} for cards in received]
        """Per seat, the resources it still receives some of (none of them, maybe)."""
        for r in range(5):
            if owed[r] > bank[r]:
                claimants = [q for q, held in enumerate(claims) if r in held]
                if len(claimants) > 1:  # supply shortage: nobody receives this resource
                    events.append(event("shortage", -1, {"resource": r}))
                    for q in claimants:
                        received[q][r] = 0  # type: ignore[index]
                        claims[q].discard(r)
                    continue
                (only,) = claimants  # the only claimant takes what is left
                received[only][r] = bank[r]  # type: ignore[index]
                events.append(event("shortage_partial", only, {"resource": r, "count": bank[r]}))
        for q, held in enumerate(claims):
            if not held:
                received[q] = None

    # --- the robber -------------------------------------------------------------------------

    def _seven(self, events: list[Event]) -> None:
        limit = self.options.discard_limit
        for p, pl in enumerate(self.players):
            size = pl.hand_size
            self.discards[p] = size // 2 if size > limit else 0
            if self.discards[p]:
                events.append(event("must_discard", p, {"count": self.discards[p]}))
        self.after_robber = MAIN
        self.phase = DISCARD if any(self.discards) else ROBBER

    def _check_discard(self, p: int, cards: Cards) -> None:
        if self.phase != DISCARD:
            raise _fail("rule.no_discard_due")
        if sum(cards) != self.discards[p]:
            raise _fail("rule.discard_count", count=self.discards[p])
        if not _holds(self.players[p].hand, cards):
            raise _fail("rule.cards_not_held")

    def _do_discard(self, p: int, cards: Cards, events: list[Event]) -> None:
        hand = self.players[p].hand
        for r in range(5):
            hand[r] -= cards[r]
            self.bank[r] += cards[r]
        self.discards[p] = 0
        events.append(event("discard", p, {"cards": list(cards)}))
        if not any(self.discards):
            self.phase = ROBBER

    def _robbable(self) -> list[int]:
        """Seats the current player may rob anywhere, in order: others holding cards, and
        (friendly robber) having more than 2 public points."""
        friendly, current = self.options.friendly_robber, self.current
        robbable = []
        for q, pl in enumerate(self.players):
            if q != current and any(pl.hand) and not (friendly and self.victory_points(q, public=True) <= 2):
                robbable.append(q)
        return robbable

    def robber_targets(self) -> list[tuple[int, list[int]]]:
        """Each hex the robber may move to now, in order, with the seats that may be robbed
        there (``[-1]``: nobody): the robber moves of :meth:`legal_actions`, by hex."""
        robbable = self._robbable_by_hex()
        return [(h, list(_VICTIMS[robbable[h]])) for h in _HEXES_BESIDES[self.robber]]

    def _robbable_by_hex(self) -> list[int]:
        """Per hex, the seats that may be robbed there, as bits (bit ``q`` for seat ``q``;
        :data:`_VICTIMS` lists them)."""
        robbable = [0] * HEX_COUNT
        for q in self._robbable():
            pl, bit = self.players[q], 1 << q
            for buildings in (pl.settlements, pl.cities):
                for n in buildings:
                    for h in NODE_HEXES[n]:
                        robbable[h] |= bit
        return robbable

    def _victims(self, h: int) -> list[int]:
        """Who may be robbed on hex ``h``; ``[-1]`` when nobody can be."""
        owner = self.node_owner
        return sorted({owner[n] for n in HEX_NODES[h]}.intersection(self._robbable())) or [-1]

    def _check_robber(self, p: int, value: tuple[int, int]) -> None:
        if self.phase != ROBBER:
            raise _fail(self._phase_rule())
        h, victim = value
        if h == self.robber:
            raise _fail("rule.robber_must_move")
        victims = self._victims(h)
        if victim not in victims:
            if victim == -1:
                raise _fail("rule.must_steal")
            if victim == p:
                raise _fail("rule.steal_self")
            raise _fail("rule.victim_not_adjacent", victim=victim, hex=h)

    def _do_robber(self, p: int, value: tuple[int, int], events: list[Event]) -> None:
        h, victim = value
        self.robber = h
        events.append(event("robber", p, {"hex": h}))
        if victim >= 0:
            hand = self.players[victim].hand
            pick = self.rng.below(sum(hand))
            r = 0
            while pick >= hand[r]:
                pick -= hand[r]
                r += 1
            hand[r] -= 1
            self.players[p].hand[r] += 1
            events.append(event("steal", p, {"victim": victim}, {"resource": r}, (p, victim)))
        self.phase = self.after_robber

    # --- building ---------------------------------------------------------------------------

    def road_spots(self, p: int) -> list[int]:
        """Empty paths where seat ``p`` may build a road."""
        edge_owner, node_owner = self.edge_owner, self.node_owner
        pl = self.players[p]
        nodes = set(pl.settlements)
        nodes.update(pl.cities)
        for e in pl.roads:
            for n in EDGE_NODES[e]:
                owner = node_owner[n]
                if owner < 0 or owner == p:
                    nodes.add(n)
        return sorted({e for n in nodes for e in NODE_EDGES[n] if edge_owner[e] < 0})

    def _settlement_spots(self, p: int) -> list[int]:
        """Intersections where seat ``p`` may build a settlement (after the set-up)."""
        owner = self.node_owner
        spots = set()
        for e in self.players[p].roads:
            for n in EDGE_NODES[e]:
                if owner[n] < 0 and n not in spots:
                    for m in NODE_NODES[n]:
                        if owner[m] >= 0:
                            break  # the distance rule
                    else:
                        spots.add(n)
        return sorted(spots)

    def _check_pay(self, p: int, cost: Cards) -> None:
        if not _holds(self.players[p].hand, cost):
            raise _fail("rule.cannot_afford", cost=list(cost))

    def _pay(self, p: int, cost: Cards) -> None:
        hand = self.players[p].hand
        for r in range(5):
            hand[r] -= cost[r]
            self.bank[r] += cost[r]

    def _check_road(self, p: int, e: int) -> None:
        phase = self.phase
        if self.edge_owner[e] >= 0:
            raise _fail("rule.edge_occupied", edge=e)
        if phase == SETUP_ROAD:
            if self.setup_node not in EDGE_NODES[e]:
                raise _fail("rule.setup_road_touch", edge=e)
            return
        self._check_build(p, A.ROAD)
        if e not in self.road_spots(p):
            a, b = EDGE_NODES[e]
            touches_own = any(
                self.node_owner[n] == p or any(self.edge_owner[f] == p for f in NODE_EDGES[n]) for n in (a, b)
            )
            raise _fail("rule.road_blocked" if touches_own else "rule.road_not_connected", edge=e)

    def _do_road(self, p: int, e: int, events: list[Event]) -> None:
        phase = self.phase
        if phase == MAIN:  # not a free road (set-up, Road Building): those are no building
            self._pay(p, ROAD_COST)
            self.built = self.options.trade_then_build
        self.add_road(p, e)
        events.append(event("build_road", p, {"edge": e, "free": phase != MAIN}))
        self.extend_road_length(p, e)
        self._award_longest_road([pl.road_length for pl in self.players], events)
        if phase == SETUP_ROAD:
            self._next_setup_step(events)
            return
        if phase == ROAD_BUILDING_PHASE:
            self.free_roads -= 1
            if self.free_roads <= 0 or not self.road_spots(p) or len(self.players[p].roads) >= ROADS:
                self.free_roads = 0
                self.phase = MAIN

    def _check_settlement(self, p: int, node: int) -> None:
        if self.phase == SETUP_SETTLEMENT:
            self._check_setup_settlement(p, node)
            if all(self.edge_owner[e] >= 0 for e in NODE_EDGES[node]):  # its road could go nowhere
                raise _fail("rule.setup_no_road", node=node)
            return
        self._check_build(p, A.SETTLEMENT)
        self._check_setup_settlement(p, node)
        if not any(self.edge_owner[e] == p for e in NODE_EDGES[node]):
            raise _fail("rule.settlement_not_connected", node=node)

    def _do_settlement(self, p: int, node: int, events: list[Event]) -> None:
        setup = self.phase == SETUP_SETTLEMENT
        if not setup:
            self._pay(p, SETTLEMENT_COST)
            self.built = self.options.trade_then_build
        self.add_settlement(p, node)
        events.append(event("build_settlement", p, {"node": node}))
        # a settlement can cut an opponent's road (in the set-up phase too, from a scenario)
        cut = tuple({self.edge_owner[e] for e in NODE_EDGES[node]} - {-1, p})
        if cut:
            self._update_longest_road(events, players=cut)
        if setup:
            self.setup_node = node
            self.phase = SETUP_ROAD
            if len(self.players[p].settlements) == 2:
                self._collect_second_settlement(p, node, events)

    def _check_city(self, p: int, node: int) -> None:
        if self.phase != MAIN:
            raise _fail(self._phase_rule())
        if self.node_owner[node] != p or self.node_city[node]:
            raise _fail("rule.city_needs_settlement", node=node)
        self._check_build(p, A.CITY)

    def _do_city(self, p: int, node: int, events: list[Event]) -> None:
        self._pay(p, CITY_COST)
        self.built = self.options.trade_then_build
        self.add_city(p, node)
        events.append(event("build_city", p, {"node": node}))

    def _next_setup_step(self, events: list[Event]) -> None:
        self.setup_order.pop(0)
        if self.setup_order:
            self.current = self.setup_order[0]
            self.phase = SETUP_SETTLEMENT
        else:
            self.setup_node = -1
            self._start_turn(self.current, events)

    # --- development cards ----------------------------------------------------------------

    def _check_buy(self, p: int, value: None) -> None:
        if self.phase != MAIN:
            raise _fail(self._phase_rule())
        if not any(self.deck):
            raise _fail("rule.deck_empty")
        self._check_pay(p, DEV_CARD_COST)

    def _do_buy(self, p: int, value: None, events: list[Event]) -> None:
        self._pay(p, DEV_CARD_COST)
        self.built = self.options.trade_then_build
        pick = self.rng.below(sum(self.deck))
        card = 0
        while pick >= self.deck[card]:
            pick -= self.deck[card]
            card += 1
        self.deck[card] -= 1
        pl = self.players[p]
        pl.dev[card] += 1
        pl.dev_new[card] += 1
        events.append(event("buy", p, {}, {"card": card}, (p,)))

    def _check_dev(self, p: int, card: int) -> None:
        pl = self.players[p]
        if self.phase not in (MAIN, ROLL) or (self.phase == ROLL and card != KNIGHT):
            raise _fail("rule.dev_after_roll" if self.phase == ROLL else self._phase_rule())
        if pl.dev[card] == 0:
            raise _fail("rule.dev_not_held", card=card)
        if self.dev_played:
            raise _fail("rule.one_dev_per_turn")
        if pl.dev[card] == pl.dev_new[card]:
            raise _fail("rule.dev_bought_this_turn", card=card)

    def _play_dev(self, p: int, card: int, events: list[Event]) -> None:
        pl = self.players[p]
        pl.dev[card] -= 1
        pl.played[card] += 1
        self.dev_played = True
        events.append(event("play_dev", p, {"card": card}))

    def _check_knight(self, p: int, value: None) -> None:
        self._check_dev(p, KNIGHT)

    def _do_knight(self, p: int, value: None, events: list[Event]) -> None:
        self._play_dev(p, KNIGHT, events)
        self.after_robber = self.phase
        self.phase = ROBBER
        self._update_largest_army(events)

    def _check_road_building(self, p: int, value: None) -> None:
        self._check_dev(p, ROAD_BUILDING)

    def _do_road_building(self, p: int, value: None, events: list[Event]) -> None:
        self._play_dev(p, ROAD_BUILDING, events)
        self.free_roads = min(2, ROADS - len(self.players[p].roads))
        if self.free_roads and self.road_spots(p):
            self.phase = ROAD_BUILDING_PHASE
        else:
            self.free_roads = 0

    def _check_year_of_plenty(self, p: int, value: tuple[int, ...]) -> None:
        self._check_dev(p, YEAR_OF_PLENTY)
        count = min(YEAR_OF_PLENTY_CARDS, sum(self.bank))
        if len(value) != count:
            raise _fail("rule.year_of_plenty_count", count=count)
        for r in value:
            if self.bank[r] < value.count(r):
                raise _fail("rule.bank_empty", resource=r)

    def _do_year_of_plenty(self, p: int, value: tuple[int, ...], events: list[Event]) -> None:
        self._play_dev(p, YEAR_OF_PLENTY, events)
        cards = [0] * 5
        for r in value:
            cards[r] += 1
            self.bank[r] -= 1
            self.players[p].hand[r] += 1
        events.append(event("year_of_plenty", p, {"cards": cards}))

    def _year_of_plenty_actions(self, p: int) -> list[Action]:
        """Every choice of cards Year of Plenty may take now (all the bank has, when it has fewer than two)."""
        bank = self.bank
        if sum(bank) >= YEAR_OF_PLENTY_CARDS:
            return [
                Action(p, A.YEAR_OF_PLENTY, (a, b))
                for a in range(5)
                for b in range(a, 5)
                if bank[a] >= 1 + (a == b) and bank[b]
            ]
        return [Action(p, A.YEAR_OF_PLENTY, tuple(r for r in range(5) for _ in range(bank[r])))]

    def _check_monopoly(self, p: int, resource: int) -> None:
        self._check_dev(p, MONOPOLY)

    def _do_monopoly(self, p: int, resource: int, events: list[Event]) -> None:
        self._play_dev(p, MONOPOLY, events)
        taken = [0] * len(self.players)
        for q, other in enumerate(self.players):
            if q != p:
                taken[q] = other.hand[resource]
                other.hand[resource] = 0
        self.players[p].hand[resource] += sum(taken)
        events.append(event("monopoly", p, {"resource": resource, "taken": taken, "count": sum(taken)}))

    # --- trade -----------------------------------------------------------------------------

    def _check_trade_open(self) -> None:
        """Trading is done in the main phase, and under :attr:`Options.trade_then_build`
        before the turn's first build (:attr:`built` is never set without the option)."""
        if self.phase != MAIN:
            raise _fail(self._phase_rule())
        if self.built:
            raise _fail("rule.trade_after_build")

    def _check_maritime(self, p: int, value: tuple[int, int]) -> None:
        self._check_trade_open()
        give, get = value
        if give == get:
            raise _fail("rule.same_resource")
        ratio = self.trade_ratio(p, give)
        if self.players[p].hand[give] < ratio:
            raise _fail("rule.maritime_cards", ratio=ratio, resource=give)
        if not self.bank[get]:
            raise _fail("rule.bank_empty", resource=get)

    def _do_maritime(self, p: int, value: tuple[int, int], events: list[Event]) -> None:
        give, get = value
        pl, bank = self.players[p], self.bank
        ratio = pl.ratios[give]
        hand = pl.hand
        hand[give] -= ratio
        bank[give] += ratio
        hand[get] += 1
        bank[get] -= 1
        events.append(event("maritime", p, {"give_resource": give, "count": ratio, "get_resource": get}))

    @staticmethod
    def _check_terms(give: Cards, want: Cards) -> None:
        if not any(give) or not any(want):
            raise _fail("rule.trade_gift")
        if any(g and w for g, w in zip(give, want, strict=True)):
            raise _fail("rule.trade_same_resource")

    def _check_offer(self, p: int, value: tuple[Cards, Cards, int]) -> None:
        self._check_trade_open()
        give, want, target = value
        self._check_terms(give, want)
        if target == p or target >= len(self.players):
            raise _fail("rule.trade_target")
        if not _holds(self.players[p].hand, give):
            raise _fail("rule.cards_not_held")

    def _do_offer(self, p: int, value: tuple[Cards, Cards, int], events: list[Event]) -> None:
        give, want, target = value
        n = len(self.players)
        targets = (target,) if target >= 0 else tuple((p + i) % n for i in range(1, n))
        self.trade = TradeOffer(p, give, want, targets)
        self.phase = TRADE
        events.append(event("offer", p, {"give": list(give), "want": list(want), "target": target}))

    def _check_answer(self, p: int) -> TradeOffer:
        if self.phase != TRADE or self.trade is None or p == self.trade.offerer:
            raise _fail("rule.no_offer_to_answer")
        return self.trade

    def _check_accept(self, p: int, value: None) -> None:
        trade = self._check_answer(p)
        if not _holds(self.players[p].hand, trade.want):
            raise _fail("rule.cards_not_held")

    def _check_decline(self, p: int, value: None) -> None:
        self._check_answer(p)

    def _check_counter(self, p: int, value: tuple[Cards, Cards]) -> None:
        self._check_answer(p)
        give, want = value
        self._check_terms(give, want)
        if not _holds(self.players[p].hand, want):
            raise _fail("rule.cards_not_held")

    def _do_answer(self, p: int, kind: str, terms: tuple[Cards, Cards] | None, events: list[Event]) -> None:
        trade = self.trade
        assert trade is not None
        trade.answers[p] = (kind, terms)
        data: dict[str, Any] = {"offerer": trade.offerer}
        if terms is not None:
            data.update(give=list(terms[0]), want=list(terms[1]))
        events.append(event(kind, p, data))
        if trade.waiting_for() < 0 and all(a[0] == A.DECLINE for a in trade.answers.values()):
            self.trade = None
            self.phase = MAIN
            events.append(event("trade_declined", trade.offerer, {}))

    def _do_accept(self, p: int, value: None, events: list[Event]) -> None:
        self._do_answer(p, A.ACCEPT, None, events)

    def _do_decline(self, p: int, value: None, events: list[Event]) -> None:
        self._do_answer(p, A.DECLINE, None, events)

    def _do_counter(self, p: int, value: tuple[Cards, Cards], events: list[Event]) -> None:
        self._do_answer(p, A.COUNTER, value, events)

    def _check_confirm(self, p: int, partner: int) -> None:
        trade = self.trade
        if self.phase != TRADE or trade is None:
            raise _fail("rule.no_offer_open")
        if p != trade.offerer:
            raise _fail("rule.not_offerer")
        terms = trade.terms_with(partner)
        if terms is None:
            raise _fail("rule.partner_not_accepted", partner=partner)
        give, want = terms
        if not _holds(self.players[p].hand, give) or not _holds(self.players[partner].hand, want):
            raise _fail("rule.cards_not_held")

    def _do_confirm(self, p: int, partner: int, events: list[Event]) -> None:
        assert self.trade is not None
        terms = self.trade.terms_with(partner)
        assert terms is not None
        give, want = terms
        mine, theirs = self.players[p].hand, self.players[partner].hand
        for r in range(5):
            mine[r] += want[r] - give[r]
            theirs[r] += give[r] - want[r]
        self.trade = None
        self.phase = MAIN
        events.append(event("trade", p, {"partner": partner, "give": list(give), "want": list(want)}))

    def _check_cancel(self, p: int, value: None) -> None:
        if self.phase != TRADE or self.trade is None:
            raise _fail("rule.no_offer_open")
        if p != self.trade.offerer:
            raise _fail("rule.not_offerer")

    def _do_cancel(self, p: int, value: None, events: list[Event]) -> None:
        self.trade = None
        self.phase = MAIN
        events.append(event("trade_cancelled", p, {}))

    def _trade_actions(self, p: int) -> list[Action]:
        trade = self.trade
        assert trade is not None
        if p != trade.offerer:
            out = [Action(p, A.DECLINE)]
            hand = self.players[p].hand
            if _holds(hand, trade.want):
                out.append(Action(p, A.ACCEPT))
            for give in range(5):
                for want in range(5):
                    if give != want and hand[want]:
                        out.append(Action(p, A.COUNTER, (_one(give), _one(want))))
            return out
        out = [Action(p, A.CANCEL)]
        for seat in trade.targets:
            if self.is_legal(Action(p, A.CONFIRM, seat)):
                out.append(Action(p, A.CONFIRM, seat))
        return out

    # --- the main phase ---------------------------------------------------------------------

    def _main_actions(self, p: int) -> list[Action]:
        pl = self.players[p]
        hand = pl.hand
        out = [_END_ACTIONS[p]]
        brick, lumber, wool, grain, ore = hand
        if brick and lumber and len(pl.roads) < ROADS:
            actions = _ROAD_ACTIONS[p]
            out += [actions[e] for e in self.road_spots(p)]
        if brick and lumber and wool and grain and len(pl.settlements) < SETTLEMENTS:
            actions = _SETTLEMENT_ACTIONS[p]
            out += [actions[n] for n in self._settlement_spots(p)]
        if grain >= 2 and ore >= 3 and len(pl.cities) < CITIES:
            actions = _CITY_ACTIONS[p]
            out += [actions[n] for n in pl.settlements]
        if wool and grain and ore and any(self.deck):
            out.append(_BUY_ACTIONS[p])
        if not self.dev_played and any(pl.dev):
            dev, new = pl.dev, pl.dev_new  # playable: held before this turn
            if dev[KNIGHT] > new[KNIGHT]:
                out.append(_KNIGHT_ACTIONS[p])
            if dev[ROAD_BUILDING] > new[ROAD_BUILDING]:
                out.append(_ROAD_BUILDING_ACTIONS[p])
            if dev[MONOPOLY] > new[MONOPOLY]:
                out += _MONOPOLY_ACTIONS[p]
            if dev[YEAR_OF_PLENTY] > new[YEAR_OF_PLENTY]:
                out += self._year_of_plenty_actions(p)
        if self.built:  # trade, then build: the trading is over
            return out
        ratios, bank, trades = pl.ratios, self.bank, _MARITIME_ACTIONS[p]
        full_bank = all(bank)
        for give in range(5):
            if hand[give] >= ratios[give]:  # ratios are 2 to 4
                out += trades[give] if full_bank else [a for a in trades[give] if bank[a.value[1]]]
        return out

    def offer_actions(self, p: int | None = None) -> list[Action]:
        """The one-for-one domestic offers (to all players) the current player could make."""
        p = self.current if p is None else p
        if self.phase != MAIN or p != self.current or self.built:
            return []
        hand = self.players[p].hand
        return [
            Action(p, A.OFFER, (_one(give), _one(want), -1))
            for give in range(5)
            if hand[give]
            for want in range(5)
            if want != give
        ]

    def _check_end(self, p: int, value: None) -> None:
        if self.phase != MAIN:
            raise _fail("rule.roll_first" if self.phase == ROLL else self._phase_rule())

    def _do_end(self, p: int, value: None, events: list[Event]) -> None:
        pl = self.players[p]
        pl.dev_new = [0] * 5
        events.append(event("end_turn", p, {}))
        self._start_turn((p + 1) % len(self.players), events)

    def _start_turn(self, p: int, events: list[Event]) -> None:
        self.current = p
        self.turn = turn = self.turn + 1
        self.dev_played = self.built = False
        self.dice = None
        self.phase = ROLL
        events.append(event("turn", p, {"turn": turn}))
        if self.victory_points(p) >= self.options.vp_target:  # points gained on someone else's turn count now
            self._check_victory(p, events)

    # --- Longest Road and Largest Army ----------------------------------------------------------

    def _update_longest_road(self, events: list[Event] | None = None, players: tuple[int, ...] | None = None) -> None:
        """Recompute the road lengths of ``players`` (default: all) and move Longest Road."""
        self._award_longest_road(self.update_road_lengths(players), events)

    def _award_longest_road(self, lengths: list[int], events: list[Event] | None) -> None:
        """Move Longest Road given everyone's road ``lengths``."""
        holder = self.longest_road
        new = award(lengths, holder, LONGEST_ROAD_MIN)
        if new != holder:
            self.longest_road = new
            if events is not None:
                events.append(event("longest_road", new, {"previous": holder, "length": max(lengths)}))

    def _update_largest_army(self, events: list[Event]) -> None:
        holder = self.largest_army
        new = award([pl.knights for pl in self.players], holder, LARGEST_ARMY_MIN)
        if new != holder:
            self.largest_army = new
            events.append(event("largest_army", new, {"previous": holder, "knights": self.players[new].knights}))

    # --- victory -------------------------------------------------------------------------------

    def _check_victory(self, p: int, events: list[Event]) -> None:
        if self.phase != OVER and p == self.current and self.victory_points(p) >= self.options.vp_target:
            self.phase = OVER
            self.winner = p
            self.trade = None
            self.setup_order, self.setup_node, self.free_roads = [], -1, 0  # nothing stays due
            points = [self.victory_points(q) for q in range(len(self.players))]
            events.append(event("win", p, {"points": points}))

    # --- dispatch --------------------------------------------------------------------------------

    def _phase_rule(self) -> str:
        """The rule key explaining what the game is waiting for instead."""
        return "rule.phase_" + self.phase


_BUILDS: dict[str, tuple[str, int, str, Cards, tuple[str, ...]]] = {
    A.ROAD: ("roads", ROADS, "rule.no_roads_left", ROAD_COST, (MAIN, ROAD_BUILDING_PHASE)),
    A.SETTLEMENT: ("settlements", SETTLEMENTS, "rule.no_settlements_left", SETTLEMENT_COST, (MAIN,)),
    A.CITY: ("cities", CITIES, "rule.no_cities_left", CITY_COST, (MAIN,)),
}
"""For each piece built on a spot: the seat's list of them, how many a seat has, the rule when
none is left, its cost, and the phases it is built in (:meth:`Game._check_build`)."""
_CHECKS = {kind: getattr(Game, "_check_" + kind) for kind in A.KINDS}
"""The rule check of each action kind: ``Game._check_<kind>(game, player, value)``."""
_PERFORMERS = {kind: getattr(Game, "_do_" + kind) for kind in A.KINDS}
"""What each action kind does: ``Game._do_<kind>(game, player, value, events)``."""

_POINT_KINDS = frozenset({A.SETTLEMENT, A.CITY, A.ROAD, A.KNIGHT, A.BUY})
"""Actions that can change someone's victory points (``end`` too, but the turn it starts
checks its player's points itself)."""


def _one(r: int) -> Cards:
    cards = [0, 0, 0, 0, 0]
    cards[r] = 1
    return tuple(cards)  # type: ignore[return-value]

