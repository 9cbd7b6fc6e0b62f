"""The position: one value holding everything that decides what happens next.

A :class:`State` is the board, every piece, hand and card, the bank and the deck, whose
turn it is and in what phase, the open trade offer, the special cards, the dice and the
state of the game's random generator. Each field is declared once, below, with how it is
copied; :meth:`State.to_json` / :meth:`State.from_json` write and read it (the ``state``
part of a save) and :meth:`State.check` holds the consistency rules every position must
satisfy, whether it comes from a save, a scenario or a guess of a computer player.
:class:`~catan_core.game.Game` is a State plus the rules and the record of the game.

A few fields are caches of others, kept because the rules read them constantly:
``node_owner``, ``node_city`` and ``edge_owner`` (from the players' pieces), and each
player's ``road_length`` and ``ratios``. They are never written to JSON; the ``add_*``
methods keep them in step, except the road lengths: :meth:`State.update_road_lengths`
recomputes them and :meth:`State.extend_road_length` grows one after a road is added.

>>> from catan_core.board import Board
>>> state = State.new(Options(players=3), default_seats(3), Board.beginner(), Rng(1))
>>> state.setup_order = [0, 1, 2, 2, 1, 0]
>>> state.add_settlement(0, 12); state.add_road(0, 11)
>>> guess = state.copy()
>>> guess.players[0].hand[0] += 1
>>> state.players[0].hand[0], guess.players[0].hand[0]
(0, 1)
>>> State.from_json(state.to_json(), state.options, state.seats, state.board).to_json() == state.to_json()
True
>>> State.from_json(guess.to_json(), state.options, state.seats, state.board)
Traceback (most recent call last):
...
catan_core.errors.FormatError: There must be 19 brick in play (bank and hands), not 20.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from itertools import compress, pairwise
from typing import Any

from .actions import Cards
from .board import (
    EDGE_COUNT,
    EDGE_NODES,
    GENERIC_HARBOR,
    HEX_COUNT,
    NODE_COUNT,
    NODE_EDGES,
    NODE_NODES,
    Board,
)
from .errors import FormatError
from .jsonread import Obj, is_color, is_int
from .longest_road import longest_road, trail_from_end
from .names import KNIGHT, MAX_NAME, MAX_SEATS, SEAT_KINDS, VICTORY_POINT
from .palette import PALETTE
from .rng import Rng

# --- the game's stock -------------------------------------------------------------------

RESOURCE_SUPPLY = 19
"""Cards of each resource in the game (bank plus hands)."""
DEV_DECK: tuple[int, ...] = (14, 5, 2, 2, 2)
"""How many of each development card the deck holds (25), in the order of :data:`DEV_CARDS`."""
SETTLEMENTS, CITIES, ROADS = 5, 4, 15
"""Pieces each player owns."""
LONGEST_ROAD_MIN, LARGEST_ARMY_MIN = 5, 3
"""Road segments and Knights needed for the special cards."""

# --- phases ------------------------------------------------------------------------------

SETUP_SETTLEMENT = "setup_settlement"
SETUP_ROAD = "setup_road"
ROLL = "roll"  # the current player must roll (a Knight may be played first)
MAIN = "main"  # trade and build
DISCARD = "discard"  # players over the limit discard after a 7
ROBBER = "robber"  # the current player moves the robber (and steals)
ROAD_BUILDING_PHASE = "road_building"  # placing the free roads of Road Building
TRADE = "trade"  # a domestic offer is out: answers, then the offering player decides
OVER = "over"
PHASES: tuple[str, ...] = (SETUP_SETTLEMENT, SETUP_ROAD, ROLL, MAIN, DISCARD, ROBBER, ROAD_BUILDING_PHASE, TRADE, OVER)
SETUP_PHASES = frozenset({SETUP_SETTLEMENT, SETUP_ROAD})

# --- balanced dice ---------------------------------------------------------------------------

DICE_OUTCOMES: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
"""The 36 ordered outcomes of two dice, in order: the full deck of :attr:`Options.balanced_dice`."""
DICE_RESHUFFLE_AT = 5
"""Balanced dice: when a deal leaves this many outcomes, all 36 go back into the deck (the
last five of a deck are never dealt, so no roll can be counted on)."""

# --- options and seats ----------------------------------------------------------------------

@dataclass(frozen=True)
class Options:
    """Game options; all defaults follow RULES.md."""

    players: int = 4
    """Number of seats, 2 to 4 (2 is a house rule)."""
    vp_target: int = 10
    """Victory points needed to win."""
    friendly_robber: bool = False
    """When on, players with 2 or fewer public victory points cannot be robbed."""
    discard_limit: int = 7
    """On a 7, players holding more cards than this discard half (rounded down)."""
    board: str = "random"
    """``"random"`` (set-up phase, highest roll starts) or ``"beginner"`` (preset pieces)."""
    separate_red_numbers: bool = True
    """Random boards: no 6 or 8 on touching hexes."""
    trade_then_build: bool = False
    """The turn in the order the rules list it: once the current player has built a road,
    settlement or city or bought a development card, trading (domestic and maritime) is over
    for the turn. Off (the default): the combined trade/build phase, in any order. Free roads
    of Road Building are part of playing a card, not building: they end nothing."""
    balanced_dice: bool = False
    """Rolls are dealt from the 36 outcomes of two dice without repeats, all back in the deck
    when five are left (see :attr:`State.dice_deck`). Forced dice are not dealt from it."""

    def problems(self) -> list[tuple[str, dict[str, Any]]]:
        """What is wrong with these options, as message keys (empty when valid)."""
        out: list[tuple[str, dict[str, Any]]] = []
        if not is_int(self.players, 2, MAX_SEATS + 1):
            out.append(("format.option_players", {}))
        if not is_int(self.vp_target, 3, 21):
            out.append(("format.option_vp_target", {}))
        if not is_int(self.discard_limit, 5, 21):
            out.append(("format.option_discard_limit", {}))
        if self.board not in ("random", "beginner"):
            out.append(("format.option_board", {}))
        if any(type(getattr(self, flag)) is not bool for flag in _FLAGS):
            out.append(("format.option_flag", {}))
        return out

    def check(self) -> None:
        """Raise the first problem as a :class:`FormatError`."""
        problems = self.problems()
        if problems:
            raise FormatError(problems[0][0], **problems[0][1])

    def to_json(self) -> dict[str, Any]:
        """These options as a plain dict; the options of :data:`LATER_OPTIONS` only when on.

        >>> Options(players=3).to_json()["players"], "balanced_dice" in Options().to_json()
        (3, False)
        >>> Options(balanced_dice=True).to_json()["balanced_dice"]
        True
        """
        data: dict[str, Any] = {
            "players": self.players, "vp_target": self.vp_target, "friendly_robber": self.friendly_robber,
            "discard_limit": self.discard_limit, "board": self.board, "separate_red_numbers": self.separate_red_numbers,
        }
        for name in LATER_OPTIONS:
            if getattr(self, name):
                data[name] = True
        return data

    @classmethod
    def from_json(cls, data: Any) -> Options:
        """Read and check options (absent fields take their defaults)."""
        obj = Obj(data, "options")
        defaults = {f.name: getattr(cls, f.name) for f in fields(cls)}
        obj.only(defaults)
        options = cls(**{**defaults, **obj.data})
        options.check()
        return options


LATER_OPTIONS: tuple[str, ...] = ("trade_then_build", "balanced_dice")
"""Options added after the first version of the formats. They are written only when on, so
that a game without them saves exactly as it always did (its save, link or view is the same
text, and old saves replay to their very text); an older engine refuses a game that uses
them (an unknown field) instead of playing it by other rules."""
_FLAGS: tuple[str, ...] = ("friendly_robber", "separate_red_numbers", *LATER_OPTIONS)


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a display name, a colour (``#rrggbb``) and who plays it."""

    name: str
    color: str
    kind: str = "human"
    """``"human"`` or a computer player level (see :data:`SEAT_KINDS`)."""

    def to_json(self) -> dict[str, Any]:
        """This seat as a plain dict."""
        return {"name": self.name, "color": self.color, "kind": self.kind}

    @classmethod
    def from_json(cls, data: Any, index: int) -> Seat:
        """Read seat number ``index`` (refused with ``format.seat`` when anything is wrong)."""
        try:
            obj = Obj(data, "seats")
            obj.only(("name", "color", "kind"))
            name = obj.str("name", max_len=MAX_NAME)
            color = obj.get("color", ok=is_color)
            kind = obj.str("kind", SEAT_KINDS, default="human")
        except FormatError:
            raise FormatError("format.seat", seat=index) from None
        if not name.strip() or not name.isprintable():
            raise FormatError("format.seat", seat=index)
        return cls(name, color, kind)


def default_seats(players: int) -> tuple[Seat, ...]:
    """Seats named after their colours (the first of :data:`~catan_core.palette.PALETTE`),
    all played by people."""
    return tuple(Seat(c.key.title(), c.hex) for c in PALETTE[:players])


def seats_from_json(data: Any, players: int) -> tuple[Seat, ...]:
    """Read and check the seats of a game of ``players``: one each, colours all different."""
    if type(data) is not list or len(data) != players:
        raise FormatError("format.seat_count")
    seats = tuple(Seat.from_json(s, i) for i, s in enumerate(data))
    check_seats(seats, players)
    return seats


def check_seats(seats: tuple[Seat, ...], players: int) -> None:
    """Refuse a wrong number of seats or two seats of one colour."""
    if len(seats) != players:
        raise FormatError("format.seat_count")
    if len({seat.color.lower() for seat in seats}) < len(seats):
        raise FormatError("format.seat_colors")


# --- what each seat holds ---------------------------------------------------------------------


class PlayerState:
    """Everything one seat holds. Hidden parts (``hand``, ``dev``) are read via views.

    ``road_length`` and ``ratios`` are caches derived from the pieces on the board."""

    __slots__ = ("cities", "dev", "dev_new", "hand", "played", "ratios", "road_length", "roads", "settlements")

    def __init__(self) -> None:
        self.hand: list[int] = [0] * 5
        self.dev: list[int] = [0] * 5
        """Development cards held and not yet played (victory points included)."""
        self.dev_new: list[int] = [0] * 5
        """Of ``dev``, the cards bought this turn (not playable yet)."""
        self.played: list[int] = [0] * 5
        """Development cards played face up, by kind (``played[KNIGHT]`` is the army)."""
        self.settlements: list[int] = []
        self.cities: list[int] = []
        self.roads: list[int] = []
        self.road_length = 0
        self.ratios: list[int] = [4] * 5
        """Best maritime ratio for giving each resource (from the harbors reached)."""

    def copy(self) -> PlayerState:
        """An independent copy."""
        p = PlayerState.__new__(PlayerState)
        p.hand, p.dev, p.dev_new, p.played = self.hand[:], self.dev[:], self.dev_new[:], self.played[:]
        p.settlements, p.cities, p.roads = self.settlements[:], self.cities[:], self.roads[:]
        p.road_length = self.road_length
        p.ratios = self.ratios[:]
        return p

    @property
    def hand_size(self) -> int:
        """Number of resource cards held."""
        return sum(self.hand)

    @property
    def knights(self) -> int:
        """Knights played."""
        return self.played[KNIGHT]

    def to_json(self) -> dict[str, Any]:
        """The cards and pieces as a plain dict (the caches are left out)."""
        return {
            "hand": list(self.hand), "dev": list(self.dev), "dev_new": list(self.dev_new), "played": list(self.played),
            "settlements": list(self.settlements), "cities": list(self.cities), "roads": list(self.roads),
        }


@dataclass
class TradeOffer:
    """A domestic offer of the current player: ``give`` for ``want``, to some seats.

    ``answers[seat]`` is ``("accept", None)``, ``("decline", None)`` or
    ``("counter", (give, want))`` with terms seen from the offering player.
    """

    offerer: int
    give: Cards
    want: Cards
    targets: tuple[int, ...]
    answers: dict[int, tuple[str, tuple[Cards, Cards] | None]] = field(default_factory=dict)

    def copy(self) -> TradeOffer:
        """An independent copy (the answers may change; the rest is immutable)."""
        return TradeOffer(self.offerer, self.give, self.want, self.targets, dict(self.answers))

    def waiting_for(self) -> int:
        """The next seat that must answer, or -1 when all have."""
        for seat in self.targets:
            if seat not in self.answers:
                return seat
        return -1

    def terms_with(self, seat: int) -> tuple[Cards, Cards] | None:
        """What the offerer gives and gets when closing with ``seat`` (None if not possible)."""
        answer = self.answers.get(seat)
        if answer is None or answer[0] == "decline":
            return None
        return (self.give, self.want) if answer[0] == "accept" else answer[1]

    def to_json(self) -> dict[str, Any]:
        """The offer and its answers as a plain dict."""
        return {
            "offerer": self.offerer, "give": list(self.give), "want": list(self.want), "targets": list(self.targets),
            "answers": [
                [seat, kind, None if terms is None else [list(terms[0]), list(terms[1])]]
                for seat, (kind, terms) in self.answers.items()
            ],
        }

    @classmethod
    def from_json(cls, data: Any, players: int) -> TradeOffer:
        """Read an offer of a game of ``players`` seats (shape only; :meth:`State.check` judges it)."""
        obj = Obj(data, "trade")
        obj.only(("offerer", "give", "want", "targets", "answers"))
        answers: dict[int, tuple[str, tuple[Cards, Cards] | None]] = {}
        for entry in obj.list("answers", players):
            if type(entry) is not list or len(entry) != 3 or not is_int(entry[0], 0, players):
                raise FormatError("format.field", field="trade")
            seat, kind, terms = entry
            if kind not in ("accept", "decline", "counter") or (terms is None) != (kind != "counter"):
                raise FormatError("format.field", field="trade")
            if terms is not None:
                if type(terms) is not list or len(terms) != 2:
                    raise FormatError("format.field", field="trade")
                terms = (_cards(terms[0], "trade"), _cards(terms[1], "trade"))
            answers[seat] = (kind, terms)
        return cls(
            obj.int("offerer", 0, players), _cards(obj.get("give"), "give"), _cards(obj.get("want"), "want"),
            tuple(obj.ints("targets", 0, players, max_len=players)), answers,
        )


def _cards(value: Any, where: str) -> Cards:
    """Five card counts read from JSON."""
    if type(value) is not list or len(value) != 5 or not all(is_int(c, 0, RESOURCE_SUPPLY + 1) for c in value):
        raise FormatError("format.field", field=where)
    return tuple(value)


def award(values: list[int], holder: int, minimum: int) -> int:
    """Who holds a special card given each seat's ``values`` (road lengths or Knights) and
    the current ``holder`` (-1: nobody): the holder keeps it while no one has more; else the
    one seat with the most, at least ``minimum``; else nobody.

    >>> award([5, 5, 2], 1, 5), award([5, 6, 2], 0, 5), award([5, 5, 2], -1, 5), award([4, 4, 4], 0, 5)
    (1, 1, -1, -1)
    """
    best = max(values)
    if holder >= 0 and values[holder] >= minimum and values[holder] == best:
        return holder
    if best < minimum or values.count(best) > 1:
        return -1
    return values.index(best)


# --- the position --------------------------------------------------------------------------------


def _owned(copier: Callable[[Any], Any]) -> dict[str, Callable[[Any], Any]]:
    """The metadata of a field holding a mutable value: copied with ``copier`` when the state is
    copied (``field(metadata=_owned(list.copy))``)."""
    return {"copy": copier}


def _copy_players(players: list[PlayerState]) -> list[PlayerState]:
    return [p.copy() for p in players]


def _copy_trade(trade: TradeOffer | None) -> TradeOffer | None:
    return None if trade is None else trade.copy()


@dataclass(eq=False, kw_only=True)
class State:
    """The whole position (see the module docstring). Fields without a copier hold
    immutable values and are shared between copies."""

    options: Options
    seats: tuple[Seat, ...]
    board: Board
    rng: Rng = field(metadata=_owned(Rng.copy))
    players: list[PlayerState] = field(metadata=_owned(_copy_players))
    node_owner: list[int] = field(metadata=_owned(list.copy))
    """Cache: the seat with a building on each intersection, or -1."""
    node_city: list[bool] = field(metadata=_owned(list.copy))
    """Cache: whether that building is a city."""
    edge_owner: list[int] = field(metadata=_owned(list.copy))
    """Cache: the seat with a road on each path, or -1."""
    bank: list[int] = field(metadata=_owned(list.copy))
    deck: list[int] = field(metadata=_owned(list.copy))
    """Development cards not yet bought, by kind."""
    robber: int = 0
    phase: str = SETUP_SETTLEMENT
    current: int = 0
    """The seat whose turn it is (in the set-up phase: who places)."""
    turn: int = 0
    """Turns started so far (0 during the set-up phase)."""
    setup_order: list[int] = field(metadata=_owned(list.copy))
    """Remaining set-up placements, by seat (snake order); each is a settlement and a road."""
    setup_node: int = -1
    """The settlement just placed in the set-up phase (its road must touch it)."""
    dev_played: bool = False
    """Whether the current player has played a development card this turn."""
    discards: list[int] = field(metadata=_owned(list.copy))
    """Cards each seat still has to discard."""
    after_robber: str = MAIN
    """The phase that follows the robber's move (roll after a Knight played before rolling)."""
    free_roads: int = 0
    """Free roads left to place for Road Building."""
    trade: TradeOffer | None = field(metadata=_owned(_copy_trade))
    longest_road: int = -1
    largest_army: int = -1
    dice: tuple[int, int] | None = None
    """The last roll of this turn (None before it)."""
    winner: int = -1
    forced_dice: list[tuple[int, int]] = field(metadata=_owned(list.copy))
    """Dice results queued by a scenario or a test; used before random ones."""
    built: bool = False
    """With :attr:`Options.trade_then_build`: whether the current player has built or bought a
    development card this turn, which ends the trading (always False without the option)."""
    dice_deck: list[tuple[int, int]] = field(metadata=_owned(list.copy))
    """With :attr:`Options.balanced_dice`: the outcomes not dealt since the last reshuffle, in
    the order of :data:`DICE_OUTCOMES` (empty without the option). A roll deals one of them
    at random with the game's generator, the same as dealing the top card of a deck shuffled
    by it, without keeping an order that anyone could read ahead; which outcomes are left is
    public (every roll is)."""

    # --- building ---------------------------------------------------------------------------

    @classmethod
    def new(cls, options: Options, seats: tuple[Seat, ...], board: Board, rng: Rng) -> State:
        """The position before anything is placed: empty board, full bank and deck, the robber
        on the desert, the set-up phase."""
        n = options.players
        return cls(
            options=options, seats=seats, board=board, rng=rng, players=[PlayerState() for _ in range(n)],
            node_owner=[-1] * NODE_COUNT, node_city=[False] * NODE_COUNT, edge_owner=[-1] * EDGE_COUNT,
            bank=[RESOURCE_SUPPLY] * 5, deck=list(DEV_DECK), robber=board.desert, setup_order=[], discards=[0] * n,
            trade=None, forced_dice=[], dice_deck=list(DICE_OUTCOMES) if options.balanced_dice else [],
        )

    def copy(self) -> State:
        """An independent copy (of the same class): mutable fields are copied, the rest shared."""
        other = object.__new__(type(self))
        copy_state(self, other)
        return other

    def add_settlement(self, p: int, node: int) -> None:
        """Put a settlement of seat ``p`` on ``node`` (no rule is checked)."""
        self.node_owner[node] = p
        pl = self.players[p]
        pl.settlements.append(node)
        harbor = self.board.node_harbor(node)
        if harbor == GENERIC_HARBOR:
            pl.ratios = [min(r, 3) for r in pl.ratios]
        elif harbor >= 0:
            pl.ratios[harbor] = 2

    def add_city(self, p: int, node: int) -> None:
        """Turn seat ``p``'s settlement on ``node`` into a city (no rule is checked)."""
        pl = self.players[p]
        pl.settlements.remove(node)
        pl.cities.append(node)
        self.node_city[node] = True

    def add_road(self, p: int, e: int) -> None:
        """Put a road of seat ``p`` on path ``e`` (no rule is checked)."""
        self.edge_owner[e] = p
        self.players[p].roads.append(e)

    def place_pieces(self, p: int, settlements: list[int], cities: list[int], roads: list[int]) -> None:
        """Give seat ``p`` these pieces (replacing none: call on an empty seat), refusing
        more pieces than a player owns and two pieces on one spot."""
        if len(settlements) > SETTLEMENTS or len(cities) > CITIES or len(roads) > ROADS:
            raise FormatError("format.pieces", player=p)
        for node in settlements + cities:
            if self.node_owner[node] >= 0:
                raise FormatError("format.piece_overlap", spot=f"n{node}")
            self.add_settlement(p, node)
        for node in cities:
            self.add_city(p, node)
        for e in roads:
            if self.edge_owner[e] >= 0:
                raise FormatError("format.piece_overlap", spot=f"e{e}")
            self.add_road(p, e)

    def update_road_lengths(self, players: tuple[int, ...] | range | None = None) -> list[int]:
        """Recompute ``road_length`` of ``players`` (default: all) and return everyone's."""
        for q in range(len(self.players)) if players is None else players:
            pl = self.players[q]
            pl.road_length = longest_road(pl.roads, self.node_owner, q)
        return [pl.road_length for pl in self.players]

    def extend_road_length(self, p: int, e: int) -> int:
        """Grow ``road_length`` of seat ``p`` after its road ``e`` was added (only a trail
        using ``e`` can be longer now) and return it."""
        pl = self.players[p]
        length = trail_from_end(e, p, self.edge_owner, self.node_owner)
        if length < 0:  # e joins roads of p at both ends: measure the network holding it
            length = longest_road(pl.roads, self.node_owner, p, within=e)
        pl.road_length = max(pl.road_length, length)
        return pl.road_length

    # --- derived facts -------------------------------------------------------------------------

    @property
    def to_act(self) -> int:
        """The seat that must act now (-1 when the game is over): the current player, or
        whoever must discard or answer an offer."""
        phase = self.phase
        if phase == DISCARD:
            n = len(self.players)
            for i in range(n):
                seat = (self.current + i) % n
                if self.discards[seat]:
                    return seat
        if phase == TRADE and self.trade is not None:
            seat = self.trade.waiting_for()
            if seat >= 0:
                return seat
        if phase == OVER:
            return -1
        return self.current

    def victory_points(self, p: int, public: bool = False) -> int:
        """Victory points of seat ``p``; ``public`` leaves out hidden Victory Point cards."""
        pl = self.players[p]
        vp = len(pl.settlements) + 2 * len(pl.cities)
        vp += 2 * (self.longest_road == p) + 2 * (self.largest_army == p)
        return vp if public else vp + pl.dev[VICTORY_POINT]

    def trade_ratio(self, p: int, resource: int) -> int:
        """Best maritime ratio of seat ``p`` for giving ``resource`` (4, 3 or 2)."""
        return self.players[p].ratios[resource]

    def setup_spots(self) -> list[int]:
        """Intersections where a set-up settlement may go (free, no neighbour built on, and a
        free path beside it for the road that follows)."""
        owner, edge_owner = self.node_owner, self.edge_owner
        free = [True] * NODE_COUNT
        for n in range(NODE_COUNT):
            if owner[n] >= 0:
                free[n] = False
                for m in NODE_NODES[n]:
                    free[m] = False
        for pl in self.players:  # only an end of a road can have all its paths taken
            for e in pl.roads:
                for n in EDGE_NODES[e]:
                    if free[n] and all(edge_owner[f] >= 0 for f in NODE_EDGES[n]):
                        free[n] = False
        return list(compress(range(NODE_COUNT), free))

    # --- JSON ------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The position as JSON-ready data: the ``state`` part of a save (options, seats and
        board are written beside it; the caches are left out). The fields of options in
        :data:`LATER_OPTIONS` are written only when the option is on."""
        data: dict[str, Any] = {
            "rng": self.rng.state,
            "phase": self.phase,
            "current": self.current,
            "turn": self.turn,
            "robber": self.robber,
            "bank": list(self.bank),
            "deck": list(self.deck),
            "players": [pl.to_json() for pl in self.players],
            "setup_order": list(self.setup_order),
            "setup_node": self.setup_node,
            "dev_played": self.dev_played,
            "discards": list(self.discards),
            "after_robber": self.after_robber,
            "free_roads": self.free_roads,
            "trade": None if self.trade is None else self.trade.to_json(),
            "longest_road": self.longest_road,
            "largest_army": self.largest_army,
            "dice": None if self.dice is None else list(self.dice),
            "winner": self.winner,
            "forced_dice": [list(d) for d in self.forced_dice],
        }
        if self.options.trade_then_build:
            data["built"] = self.built
        if self.options.balanced_dice:
            data["dice_deck"] = [list(d) for d in self.dice_deck]
        return data

    @classmethod
    def from_json(cls, data: Any, options: Options, seats: tuple[Seat, ...], board: Board) -> State:
        """Read what :meth:`to_json` wrote, with exact types, and :meth:`check` it."""
        n = options.players
        s = Obj(data, "state")
        s.only(cls.json_keys(options))
        state = cls.new(options, seats, board, Rng(s.int("rng", 0, 1 << 64)))
        players = s.list("players", n)
        if len(players) != n:
            raise FormatError("format.field", field="players")
        for p, (pl, entry) in enumerate(zip(state.players, players, strict=True)):
            d = Obj(entry, "players")
            d.only(PlayerState().to_json())
            pl.hand = d.ints("hand", 0, RESOURCE_SUPPLY + 1, 5)
            pl.dev = d.ints("dev", 0, DEV_DECK[KNIGHT] + 1, 5)
            pl.dev_new = d.ints("dev_new", 0, DEV_DECK[KNIGHT] + 1, 5)
            pl.played = d.ints("played", 0, DEV_DECK[KNIGHT] + 1, 5)
            state.place_pieces(
                p, d.ints("settlements", 0, NODE_COUNT), d.ints("cities", 0, NODE_COUNT), d.ints("roads", 0, EDGE_COUNT)
            )
        state.bank = s.ints("bank", 0, RESOURCE_SUPPLY + 1, 5)
        state.deck = s.ints("deck", 0, DEV_DECK[KNIGHT] + 1, 5)
        state.robber = s.int("robber", -(1 << 31), 1 << 31)
        state.phase = s.str("phase", PHASES)
        state.current = s.int("current", 0, n)
        state.turn = s.int("turn", 0, 1 << 31)
        state.setup_order = s.ints("setup_order", 0, n, max_len=2 * n)
        state.setup_node = s.int("setup_node", -(1 << 31), 1 << 31)
        state.dev_played = s.bool("dev_played")
        state.discards = s.ints("discards", 0, RESOURCE_SUPPLY * 5, n)
        state.after_robber = s.str("after_robber", (ROLL, MAIN))
        state.free_roads = s.int("free_roads", 0, 3)
        trade = s.get("trade")
        state.trade = None if trade is None else TradeOffer.from_json(trade, n)
        state.longest_road = s.int("longest_road", -1, n)
        state.largest_army = s.int("largest_army", -1, n)
        dice = s.get("dice")
        state.dice = None if dice is None else _dice(dice, "dice")
        state.winner = s.int("winner", -1, n)
        state.forced_dice = [_dice(d, "forced_dice") for d in s.list("forced_dice", 1000)]
        if options.trade_then_build:
            state.built = s.bool("built")
        if options.balanced_dice:
            state.dice_deck = [_dice(d, "dice_deck") for d in s.list("dice_deck", len(DICE_OUTCOMES))]
        state.update_road_lengths()
        state.check()
        return state

    @staticmethod
    def json_keys(options: Options) -> tuple[str, ...]:
        """The keys of :meth:`to_json` in a game of ``options``, in order."""
        return _STATE_KEYS + tuple(key for option, key in _OPTION_KEYS if getattr(options, option))

    # --- consistency ---------------------------------------------------------------------------------

    def check(self) -> None:
        """Refuse a position that the rules cannot produce, with a :class:`FormatError` saying
        what is wrong: cards and pieces conserved and within limits (counting the set-up
        placements still to come), the distance rule, connected roads, one coherent phase,
        Longest Road and Largest Army where the position puts them, and no game left running
        that its current player has already won. Also recomputes the caches' road lengths."""
        n = len(self.players)
        if len(self.seats) != n or len(self.discards) != n:
            raise FormatError("format.seat_count")
        if not 0 <= self.robber < HEX_COUNT:
            raise FormatError("format.robber")
        self._check_cards()
        self._check_pieces()
        self._check_phase()
        self._check_option_fields()
        lengths = self.update_road_lengths()
        if award(lengths, self.longest_road, LONGEST_ROAD_MIN) != self.longest_road:
            raise FormatError("format.state", field="longest_road")
        knights = [pl.played[KNIGHT] for pl in self.players]
        army = self.largest_army
        if award(knights, army, LARGEST_ARMY_MIN) != army or (army < 0 and max(knights) >= LARGEST_ARMY_MIN):
            raise FormatError("format.state", field="largest_army")  # Knights never go away: someone was first
        target = self.options.vp_target
        if self.phase == OVER:
            if self.winner != self.current or self.victory_points(self.winner) < target:
                raise FormatError("format.state", field="winner")
        elif self.winner >= 0:
            raise FormatError("format.state", field="winner")
        elif self.victory_points(self.current) >= target:
            raise FormatError("format.already_won", player=self.current)

    def _check_cards(self) -> None:
        players = self.players
        for r in range(5):
            total = self.bank[r] + sum(pl.hand[r] for pl in players)
            if total != RESOURCE_SUPPLY:
                raise FormatError("format.resource_total", resource=r, count=total)
        for card in range(5):
            if self.deck[card] + sum(pl.dev[card] + pl.played[card] for pl in players) != DEV_DECK[card]:
                total = sum(self.deck) + sum(sum(pl.dev) + sum(pl.played) for pl in players)
                raise FormatError("format.dev_total", count=total)
        for pl in players:
            if any(new > held for new, held in zip(pl.dev_new, pl.dev, strict=True)) or pl.played[VICTORY_POINT]:
                raise FormatError("format.state", field="dev")

    def _check_pieces(self) -> None:
        owner = self.node_owner
        for p, pl in enumerate(self.players):
            to_come = self.setup_order.count(p)
            settlements = len(pl.settlements) + to_come - (self.phase == SETUP_ROAD and p == self.current)
            if settlements > SETTLEMENTS or len(pl.cities) > CITIES or len(pl.roads) + to_come > ROADS:
                raise FormatError("format.pieces", player=p)
        for node in range(NODE_COUNT):
            if owner[node] >= 0 and any(owner[m] >= 0 for m in NODE_NODES[node]):
                raise FormatError("format.distance", node=node)
        for p, pl in enumerate(self.players):
            own = set(pl.settlements) | set(pl.cities)
            for e in pl.roads:
                if not self._road_connected(p, e, own):
                    raise FormatError("format.road_unconnected", edge=e, player=p)

    def _road_connected(self, p: int, e: int, own: set[int]) -> bool:
        """Whether road ``e`` of seat ``p`` reaches one of ``own`` buildings through ``p``'s roads.

        An opponent's later settlement may cut a road network, so the walk passes through
        opponents' buildings: every road was connected when it was built."""
        seen = {e}
        todo = [e]
        while todo:
            edge = todo.pop()
            for node in EDGE_NODES[edge]:
                if node in own:
                    return True
                for f in NODE_EDGES[node]:
                    if f not in seen and self.edge_owner[f] == p:
                        seen.add(f)
                        todo.append(f)
        return False

    def _check_phase(self) -> None:
        phase, current, n = self.phase, self.current, len(self.players)
        setup = phase in SETUP_PHASES
        if setup != bool(self.setup_order) or (setup and (self.setup_order[0] != current or self.turn != 0)):
            raise FormatError("format.state", field="setup_order")
        if not setup and self.turn < 1 and phase != OVER:  # a game may be won during the set-up
            raise FormatError("format.state", field="turn")
        if phase == SETUP_ROAD:
            node = self.setup_node
            if not (0 <= node < NODE_COUNT and self.node_owner[node] == current and not self.node_city[node]):
                raise FormatError("format.state", field="setup_node")
        elif self.setup_node != -1 and not (
            phase == SETUP_SETTLEMENT and 0 <= self.setup_node < NODE_COUNT and self.node_owner[self.setup_node] >= 0
        ):  # between two placements it still names the last settlement placed
            raise FormatError("format.state", field="setup_node")
        if setup and not self._setup_can_finish():
            raise FormatError("format.setup_crowded")
        limit = self.options.discard_limit
        for q, pl in enumerate(self.players):
            due = self.discards[q]
            if due and (pl.hand_size <= limit or due != pl.hand_size // 2):
                raise FormatError("format.state", field="discards")
        if (phase == DISCARD) != any(self.discards):
            raise FormatError("format.state", field="discards")
        if (phase == ROAD_BUILDING_PHASE) != (self.free_roads > 0) or (self.free_roads and not self.dev_played):
            raise FormatError("format.state", field="free_roads")
        if (phase == TRADE) != (self.trade is not None):
            raise FormatError("format.state", field="trade")
        t = self.trade
        if t is not None:
            answered = tuple(seat for seat in t.targets if seat in t.answers)
            if (
                t.offerer != current or current in t.targets or len(set(t.targets)) != len(t.targets)
                or not t.targets or set(t.answers) - set(t.targets) or answered != t.targets[: len(answered)]
                or not any(t.give) or not any(t.want) or any(g and w for g, w in zip(t.give, t.want, strict=True))
                or (len(t.targets) > 1 and len(t.targets) != n - 1)
            ):
                raise FormatError("format.state", field="trade")

    def _check_option_fields(self) -> None:
        """``built`` only with its option, and only where the turn can have seen a build (not
        before the roll, nor in a discard or an open offer); the dice deck, with its option,
        the outcomes left of the 36 in order, more than :data:`DICE_RESHUFFLE_AT`, else empty."""
        if self.built and (
            not self.options.trade_then_build or self.phase not in _BUILT_PHASES
            or (self.phase == ROBBER and self.after_robber != MAIN)
        ):
            raise FormatError("format.state", field="built")
        deck = self.dice_deck
        if self.options.balanced_dice:
            ordered = all(a < b for a, b in pairwise(deck))
            if not (len(deck) > DICE_RESHUFFLE_AT and ordered and set(deck) <= _OUTCOME_SET):
                raise FormatError("format.state", field="dice_deck")
        elif deck:
            raise FormatError("format.state", field="dice_deck")

    def _setup_can_finish(self) -> bool:
        """Whether every set-up placement still to come surely finds a spot: each settlement
        and its road take away at most four usable intersections (its own and its three
        neighbours), so enough usable ones now guarantee the rest."""
        if self.phase == SETUP_ROAD:
            node = self.setup_node
            if not any(self.edge_owner[e] < 0 for e in NODE_EDGES[node]):
                return False
            settlements = len(self.setup_order) - 1
        else:
            settlements = len(self.setup_order)
        if settlements <= 0:
            return True
        usable = [n for n in self.setup_spots() if any(self.edge_owner[e] < 0 for e in NODE_EDGES[n])]
        return len(usable) > 4 * (settlements - 1)


def _dice(value: Any, where: str) -> tuple[int, int]:
    if type(value) is not list or len(value) != 2 or not all(is_int(d, 1, 7) for d in value):
        raise FormatError("format.field", field=where)
    return value[0], value[1]


_STATE_KEYS: tuple[str, ...] = (
    "rng", "phase", "current", "turn", "robber", "bank", "deck", "players", "setup_order", "setup_node", "dev_played",
    "discards", "after_robber", "free_roads", "trade", "longest_road", "largest_army", "dice", "winner", "forced_dice",
)
_BUILT_PHASES = frozenset({MAIN, ROBBER, ROAD_BUILDING_PHASE, OVER})
"""Phases in which the current player may have built this turn (a Knight or Road Building
may follow a build; a win may come of one)."""
_OUTCOME_SET = frozenset(DICE_OUTCOMES)
_OPTION_KEYS: tuple[tuple[str, str], ...] = (("trade_then_build", "built"), ("balanced_dice", "dice_deck"))
"""The fields of the position that only a game with the option (first) has."""

_SHARED: tuple[str, ...] = tuple(f.name for f in fields(State) if "copy" not in f.metadata)
_OWNED: tuple[tuple[str, Callable[[Any], Any]], ...] = tuple(
    (f.name, f.metadata["copy"]) for f in fields(State) if "copy" in f.metadata
)


def _copier(share: bool) -> Callable[[State, object], None]:
    """A function setting every position field of its second argument from its first, one
    plain assignment per field, written out from the declarations above (the way
    :mod:`dataclasses` writes ``__init__``): much faster than a loop over the names."""
    lines = ["def copy(source, target):"]
    lines += [f"    target.{name} = source.{name}" for name in _SHARED]
    for name, _ in _OWNED:
        copied = f"source.{name}" if share else f"copy_{name}(source.{name})"
        lines.append(f"    target.{name} = {copied}")
    scope: dict[str, Any] = {f"copy_{name}": copier for name, copier in _OWNED}
    exec("\n".join(lines), scope)
    copy: Callable[[State, object], None] = scope["copy"]
    return copy


_COPY, _SHARE = _copier(False), _copier(True)


def copy_state(source: State, target: object, share: bool = False) -> None:
    """Make ``target``'s position fields an independent copy of ``source``'s (with ``share``,
    the very same values: ``target`` takes the position over)."""
    (_SHARE if share else _COPY)(source, target)
