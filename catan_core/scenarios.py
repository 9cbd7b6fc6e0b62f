"""Hand-written positions for tutorials: the scenario format (versions 1 and 2).

See ``docs/formats.md`` for the format; :func:`load_scenario` reads it. A scenario is
checked as a position the rules could reach, in every phase it allows: cards and pieces
within the game's stock (counting the set-up placements still to come), Longest Road and
Largest Army where the pieces put them, no phase left pending in a game its current player
has already won, and something to do for whoever must act. What cannot be reached is
refused with a :class:`~catan_core.errors.FormatError` saying why.

>>> game = load_scenario({"format": "catan-scenario", "players": [{"settlements": [12], "roads": [11]}, {}],
...                       "phase": "main", "current": 0})
>>> game.phase, game.players[0].settlements, game.bank[0]
('main', [12], 19)

Reading is in two steps: :meth:`Scenario.from_json` reads the *shape* (exact types, ids in
range, known fields: what the board editor needs to open a file whose position is still
wrong), and :meth:`Scenario.game` builds and checks the *position*.

Version 2 adds what a position between any two actions of a real game holds beyond
version 1: the turn number, the dice of this turn, a development card already played or
bought this turn, the set-up half done, the discards half done, one free road of two left,
an open trade, the phase after the robber and the finished game. :func:`from_game` writes
any position as a scenario, in version 1 whenever the position needs nothing of version 2
(so that a site still running an older build reads it), and loading it gives the very same
position, the random generator included:

>>> from catan_core.game import Game, Options
>>> played = Game(Options(players=3, board="beginner"), seed=4)
>>> for text in ("0 roll 3+3", "0 road 6"):
...     _ = played.apply(text)
>>> data = from_game(played)
>>> data["version"], data["turn"] if "turn" in data else 1, data["rolled"]
(2, 1, [3, 3])
>>> load_scenario(data).to_json() == played.to_json()
True
>>> Scenario.from_json(data).to_json() == data
True
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from .board import EDGE_COUNT, HEX_COUNT, NODE_COUNT, Board
from .errors import FormatError
from .events import Event
from .game import Game
from .jsonread import Obj, check_version, is_int, parse
from .names import DEV_CARDS, KNIGHT, MAX_SEATS, RESOURCES
from .rng import Rng
from .state import (
    DEV_DECK,
    DICE_OUTCOMES,
    DISCARD,
    LARGEST_ARMY_MIN,
    LONGEST_ROAD_MIN,
    MAIN,
    OVER,
    RESOURCE_SUPPLY,
    ROAD_BUILDING_PHASE,
    ROADS,
    ROBBER,
    ROLL,
    SETUP_PHASES,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    Options,
    Seat,
    State,
    TradeOffer,
    award,
    check_seats,
    default_seats,
)

__all__ = [
    "MAX_SCENARIO_CHARS", "MAX_TITLE", "SCENARIO_FORMAT", "SCENARIO_PHASES", "SCENARIO_PHASES_V2", "SCENARIO_VERSION",
    "PlayerSetup", "Scenario", "from_game", "load_scenario", "parse_scenario",
]

SCENARIO_FORMAT = "catan-scenario"
SCENARIO_VERSION = 2
"""The newest version read and written (version 1 is read too)."""
SCENARIO_PHASES = ("setup", "roll", "main", "robber", "discard", "road_building")
"""The phases a version 1 scenario may name."""
SCENARIO_PHASES_V2 = (*SCENARIO_PHASES, "setup_road", "trade", "over")
"""The phases a version 2 scenario may name."""
_PHASE_OF_NAME = {"setup": SETUP_SETTLEMENT, "setup_road": SETUP_ROAD}
"""The engine's phase for a scenario's phase name, where they differ."""
_NAME_OF_PHASE = {phase: name for name, phase in _PHASE_OF_NAME.items()}
MAX_SCENARIO_CHARS = 100_000
"""Longest scenario text read (a real one is a few hundred characters)."""
MAX_TITLE = 500
MAX_DICE = 100
"""Most forced rolls a scenario may queue."""
MAX_TURN = 1 << 31
_TOP_KEYS = (
    "format", "version", "title", "board", "options", "players", "robber", "current", "phase", "dice", "seed",
    "longest_road", "largest_army",
)
_TOP_KEYS_V2 = (
    "turn", "rolled", "dev_played", "after_robber", "setup_order", "setup_node", "discarding", "free_roads", "trade",
    "built", "dice_left",
)
"""The top-level fields version 2 adds, in the order they are written."""
_PLAYER_KEYS = (
    "name", "color", "kind", "settlements", "cities", "roads", "hand", "dev_cards", "knights_played", "played",
)
_PLAYER_KEYS_V2 = ("bought_this_turn",)
_TRADE_KEYS = ("give", "want", "targets", "answers")
_ANSWER_KEYS = ("seat", "answer", "give", "want")
_MAX_CARDS = RESOURCE_SUPPLY * len(RESOURCES)
"""Longest card list a hand may be written as."""
_SEAT_FIELDS = ("name", "color", "kind")
_FIXED_OPTIONS = ("players", "board")
"""Options a scenario does not write: its players and its board say them."""
_DEFAULT_OPTIONS = Options().to_json()


def _counts(value: Any, field: str, names: tuple[str, ...]) -> list[int]:
    """Read ``{"brick": 2}`` or ``["brick", "brick"]`` into counts by ``names``."""
    counts = [0] * len(names)
    if type(value) is dict:
        for name, count in value.items():
            if name not in names or not is_int(count, 0, _MAX_CARDS + 1):
                raise FormatError("format.field", field=field)
            counts[names.index(name)] += count
    elif type(value) is list and len(value) <= _MAX_CARDS:
        for name in value:
            if not isinstance(name, str) or name not in names:
                raise FormatError("format.field", field=field)
            counts[names.index(name)] += 1
    else:
        raise FormatError("format.field", field=field)
    return counts


def _named(counts: list[int] | tuple[int, ...], names: tuple[str, ...]) -> dict[str, int]:
    """Counts as ``{"brick": 2}``, leaving out the zeros (the form the writer uses)."""
    return {name: count for name, count in zip(names, counts, strict=False) if count}


def _dice(value: Any, field: str) -> tuple[int, int]:
    if type(value) is not list or len(value) != 2 or not all(is_int(x, 1, 7) for x in value):
        raise FormatError("format.field", field=field)
    return value[0], value[1]


def snake_order(first: int, players: int) -> list[int]:
    """The set-up placements in snake order starting from seat ``first``.

    >>> snake_order(1, 3)
    [1, 2, 0, 0, 2, 1]
    """
    order = [(first + i) % players for i in range(players)]
    return order + order[::-1]


@dataclass
class PlayerSetup:
    """One seat of a scenario: who sits there (None: the default seat's), pieces and cards.

    Card counts are 5-tuples as lists, in the order of :data:`~catan_core.names.RESOURCES`
    and :data:`~catan_core.names.DEV_CARDS`; ``bought`` (version 2) is the part of
    ``dev_cards`` bought this turn."""

    name: str | None = None
    color: str | None = None
    kind: str | None = None
    settlements: list[int] = field(default_factory=list)
    cities: list[int] = field(default_factory=list)
    roads: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=lambda: [0] * 5)
    dev_cards: list[int] = field(default_factory=lambda: [0] * 5)
    played: list[int] = field(default_factory=lambda: [0] * 5)
    bought: list[int] = field(default_factory=lambda: [0] * 5)

    def seat(self, index: int, default: Seat) -> Seat:
        """The seat this entry describes, as seat number ``index`` (``format.seat`` when its
        name, colour or kind is not valid)."""
        given = {key: getattr(self, key) for key in _SEAT_FIELDS if getattr(self, key) is not None}
        return Seat.from_json({"name": default.name, "color": default.color, **given}, index)

    def to_json(self) -> dict[str, Any]:
        """This entry as JSON: only what is set, cards by name."""
        out: dict[str, Any] = {key: getattr(self, key) for key in _SEAT_FIELDS if getattr(self, key) is not None}
        for key in ("settlements", "cities", "roads"):
            if getattr(self, key):
                out[key] = list(getattr(self, key))
        for key, names in (("hand", RESOURCES), ("dev_cards", DEV_CARDS), ("played", DEV_CARDS)):
            if any(getattr(self, key)):
                out[key] = _named(getattr(self, key), names)
        if any(self.bought):
            out["bought_this_turn"] = _named(self.bought, DEV_CARDS)
        return out

    @classmethod
    def from_json(cls, data: Any, index: int, version: int) -> PlayerSetup:
        """Read the entry of seat ``index`` (its shape only)."""
        entry = Obj(data, "players")
        if set(entry.data) - set(_PLAYER_KEYS + (_PLAYER_KEYS_V2 if version >= 2 else ())):
            raise FormatError("format.seat", seat=index)
        if any(key in entry.data and entry.data[key] is None for key in _SEAT_FIELDS):
            raise FormatError("format.seat", seat=index)
        setup = cls(**{key: entry.data[key] for key in _SEAT_FIELDS if key in entry.data})
        setup.seat(index, default_seats(MAX_SEATS)[index])  # refuses a bad name, colour or kind now
        for key, limit in (("settlements", NODE_COUNT), ("cities", NODE_COUNT), ("roads", EDGE_COUNT)):
            if entry.has(key):
                setattr(setup, key, entry.ints(key, 0, limit))
        setup.hand = _counts(entry.get("hand", {}), "hand", RESOURCES)
        setup.dev_cards = _counts(entry.get("dev_cards", {}), "dev_cards", DEV_CARDS)
        setup.played = _counts(entry.get("played", {}), "played", DEV_CARDS)
        setup.played[KNIGHT] += entry.int("knights_played", 0, sum(DEV_DECK) + 1, default=0)
        setup.bought = _counts(entry.get("bought_this_turn", {}), "bought_this_turn", DEV_CARDS)
        return setup


@dataclass
class Scenario:
    """A scenario as data: every field of the format, read with exact types but not yet
    checked as a position (see :meth:`game`). ``None`` stands for a field left out.

    ``board`` None is the beginner board; ``options`` holds the options that differ from
    the defaults (not ``players`` and ``board``, which the scenario's players and board
    say). The fields after ``largest_army`` are version 2's."""

    players: list[PlayerSetup]
    title: str = ""
    board: Board | None = None
    options: dict[str, Any] = field(default_factory=dict)
    robber: int | None = None
    current: int = 0
    phase: str = "roll"
    """A name of :data:`SCENARIO_PHASES_V2` (``setup`` is the engine's ``setup_settlement``)."""
    dice: list[tuple[int, int]] = field(default_factory=list)
    """Forced results of the next rolls."""
    seed: int = 0
    longest_road: int | None = None
    largest_army: int | None = None
    turn: int | None = None
    rolled: tuple[int, int] | None = None
    """The dice of this turn (the engine's ``dice``)."""
    dev_played: bool | None = None
    after_robber: str | None = None
    setup_order: list[int] | None = None
    setup_node: int | None = None
    discarding: list[int] | None = None
    """The seats that still must discard (each half its hand)."""
    free_roads: int | None = None
    trade: TradeOffer | None = None
    built: bool | None = None
    """With the option ``trade_then_build``: the current player has built this turn."""
    dice_left: list[tuple[int, int]] | None = None
    """With the option ``balanced_dice``: the outcomes not dealt yet (None: all 36)."""

    # --- version -------------------------------------------------------------------------

    def version(self) -> int:
        """The lowest version that holds this scenario: 2 when a field or phase of version 2
        is used, else 1."""
        if self.phase not in SCENARIO_PHASES or any(any(p.bought) for p in self.players):
            return 2
        return 2 if any(getattr(self, key) is not None for key in _V2_FIELDS) else 1

    # --- JSON -----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The scenario as JSON-ready data: the fields that are set, in the format's order,
        cards by name; :meth:`from_json` reads it back to an equal scenario."""
        out: dict[str, Any] = {"format": SCENARIO_FORMAT, "version": self.version()}
        if self.title:
            out["title"] = self.title
        out["board"] = "beginner" if self.board is None else self.board.to_json()
        if self.options:
            out["options"] = dict(self.options)
        out["players"] = [p.to_json() for p in self.players]
        if self.robber is not None:
            out["robber"] = self.robber
        out["current"] = self.current
        out["phase"] = self.phase
        if self.dice:
            out["dice"] = [list(d) for d in self.dice]
        if self.seed:
            out["seed"] = self.seed
        for key in ("longest_road", "largest_army", "turn"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.rolled is not None:
            out["rolled"] = list(self.rolled)
        for key in ("dev_played", "after_robber", "setup_order", "setup_node", "discarding", "free_roads"):
            value = getattr(self, key)
            if value is not None:
                out[key] = list(value) if type(value) is list else value
        if self.trade is not None:
            out["trade"] = _trade_to_json(self.trade)
        if self.built is not None:
            out["built"] = self.built
        if self.dice_left is not None:
            out["dice_left"] = [list(d) for d in self.dice_left]
        return out

    @classmethod
    def from_json(cls, data: Any) -> Scenario:
        """Read a scenario's shape: the format and version, known fields only, exact types,
        ids and counts in range, valid seats, options and board. Whether the position could
        be reached is left to :meth:`game`."""
        if type(data) is not dict or data.get("format") != SCENARIO_FORMAT:
            raise FormatError("format.not_a_scenario")
        top = Obj(data, "scenario")
        version = top.get("version", 1)
        if not is_int(version, 1, SCENARIO_VERSION + 1):
            check_version(version, SCENARIO_VERSION)
        top.only(_TOP_KEYS + (_TOP_KEYS_V2 if version >= 2 else ()))
        players = top.get("players")
        if type(players) is not list or not 2 <= len(players) <= MAX_SEATS:
            raise FormatError("format.option_players")
        n = len(players)
        board_data = top.get("board", "beginner")
        board = None if board_data == "beginner" else Board.from_json(board_data)
        options_data = top.obj("options", {}).data
        options = Options.from_json({**options_data, "players": n, "board": "beginner" if board is None else "random"})
        scenario = cls(
            players=[PlayerSetup.from_json(entry, i, version) for i, entry in enumerate(players)],
            title=top.str("title", max_len=MAX_TITLE, default=""),
            board=board,
            options=_non_default(options),
            seed=top.int("seed", 0, 1 << 64, default=0),
            current=top.int("current", 0, n, default=0),
            phase=top.str("phase", SCENARIO_PHASES if version == 1 else SCENARIO_PHASES_V2, default=ROLL),
            longest_road=top.int("longest_road", 0, n, default=None),
            largest_army=top.int("largest_army", 0, n, default=None),
        )
        if top.has("robber"):
            scenario.robber = top.get("robber")
            if not is_int(scenario.robber, 0, HEX_COUNT):
                raise FormatError("format.robber")
        scenario.dice = [_dice(d, "dice") for d in top.list("dice", MAX_DICE, default=[])]
        if version >= 2:
            scenario._read_version_2(top, n)
        return scenario

    def _read_version_2(self, top: Obj, n: int) -> None:
        self.turn = top.int("turn", 0, MAX_TURN, default=None)
        self.rolled = _dice(top.get("rolled"), "rolled") if top.has("rolled") else None
        self.dev_played = top.bool("dev_played", default=None)
        self.after_robber = top.str("after_robber", (ROLL, MAIN), default=None)
        self.setup_order = top.ints("setup_order", 0, n, max_len=2 * n) if top.has("setup_order") else None
        self.setup_node = top.int("setup_node", 0, NODE_COUNT, default=None)
        self.discarding = top.ints("discarding", 0, n, max_len=n) if top.has("discarding") else None
        if self.discarding is not None and len(set(self.discarding)) < len(self.discarding):
            raise top.fail("discarding")
        self.free_roads = top.int("free_roads", 1, 3, default=None)
        self.trade = _trade_from_json(top.get("trade"), self.current, n) if top.has("trade") else None
        self.built = top.bool("built", default=None)
        if top.has("dice_left"):
            self.dice_left = [_dice(d, "dice_left") for d in top.list("dice_left", len(DICE_OUTCOMES))]

    # --- the position ---------------------------------------------------------------------

    @property
    def engine_phase(self) -> str:
        """The engine's name of :attr:`phase` (see :data:`~catan_core.state.PHASES`)."""
        return _PHASE_OF_NAME.get(self.phase, self.phase)

    def options_for_game(self) -> Options:
        """The game's options: :attr:`options` with the players and board of this scenario."""
        board = "beginner" if self.board is None else "random"
        return Options.from_json({**self.options, "players": len(self.players), "board": board})

    def seats(self) -> tuple[Seat, ...]:
        """The seats, defaults filled in (``format.seat`` for a bad one)."""
        defaults = default_seats(len(self.players))
        return tuple(p.seat(i, default) for i, (p, default) in enumerate(zip(self.players, defaults, strict=False)))

    def game(self, origin: dict[str, Any] | None = None) -> Game:
        """Build the position, refusing one the rules cannot reach with a
        :class:`~catan_core.errors.FormatError` naming the problem. The game keeps
        ``origin`` (by default this scenario's JSON) so that a save of it replays."""
        n = len(self.players)
        options = self.options_for_game()
        seats = self.seats()
        check_seats(seats, n)
        board = Board.beginner() if self.board is None else self.board
        state = State.new(options, seats, board, Rng(self.seed))
        for p, entry in enumerate(self.players):
            pl = state.players[p]
            state.place_pieces(p, list(entry.settlements), list(entry.cities), list(entry.roads))
            pl.hand, pl.dev = list(entry.hand), list(entry.dev_cards)
            pl.played, pl.dev_new = list(entry.played), list(entry.bought)
            for r in range(5):
                state.bank[r] -= pl.hand[r]
            for c in range(5):
                state.deck[c] -= pl.dev[c] + pl.played[c]
        if min(state.bank) < 0:
            r = min(range(5), key=lambda r: state.bank[r])
            raise FormatError("format.resource_total", resource=r, count=RESOURCE_SUPPLY - state.bank[r])
        if min(state.deck) < 0:
            raise FormatError("format.dev_total", count=sum(DEV_DECK) - sum(state.deck))
        state.robber = board.desert if self.robber is None else self.robber
        state.current = current = self.current
        state.forced_dice = list(self.dice)
        self._award(state)
        self._set_phase(state)
        game = Game.from_state(state, self.seed, origin=self.to_json() if origin is None else origin)
        if game.phase == ROAD_BUILDING_PHASE and self.free_roads is None and not (
            game.free_roads and game.road_spots(current)
        ):
            game.free_roads, game.phase = 0, MAIN
        if game.phase in (ROLL, MAIN) and game.victory_points(current) >= options.vp_target:
            _end_at_load(game)
        game.check()
        return game

    def _set_phase(self, state: State) -> None:
        """The phase and what goes with it: version 1's defaults, or version 2's fields."""
        phase, current, n = self.engine_phase, self.current, len(self.players)
        setup = phase in SETUP_PHASES
        state.turn = (0 if setup else 1) if self.turn is None else self.turn
        if self.setup_order is not None:
            state.setup_order = list(self.setup_order)
        elif setup:
            state.setup_order = snake_order(current, n)
        state.setup_node = -1 if self.setup_node is None else self.setup_node
        if self.discarding is not None:
            state.discards = [sum(pl.hand) // 2 if q in self.discarding else 0 for q, pl in enumerate(state.players)]
        elif phase == DISCARD:
            limit = state.options.discard_limit
            state.discards = [sum(pl.hand) // 2 if sum(pl.hand) > limit else 0 for pl in state.players]
        if phase == DISCARD and not any(state.discards):
            phase = ROBBER  # nobody is over the limit
        if self.free_roads is not None:
            state.free_roads = self.free_roads
        elif phase == ROAD_BUILDING_PHASE:
            state.free_roads = min(2, ROADS - len(state.players[current].roads))
        state.dev_played = (phase == ROAD_BUILDING_PHASE) if self.dev_played is None else self.dev_played
        state.after_robber = MAIN if self.after_robber is None else self.after_robber
        state.dice = self.rolled
        state.trade = None if self.trade is None else self.trade.copy()
        state.built = bool(self.built)
        if self.dice_left is not None:
            state.dice_deck = list(self.dice_left)
        state.phase = phase
        if phase == OVER:
            state.winner = current

    def _award(self, state: State) -> None:
        """Give Longest Road and Largest Army to whoever the position entitles; a scenario may
        name the holder among several tied leaders, and nobody else."""
        lengths = state.update_road_lengths()
        knights = [pl.played[KNIGHT] for pl in state.players]
        awards = (("longest_road", lengths, LONGEST_ROAD_MIN), ("largest_army", knights, LARGEST_ARMY_MIN))
        for key, values, minimum in awards:
            named = getattr(self, key)
            holder = award(values, -1 if named is None else named, minimum)
            if named is not None and holder != named:
                raise FormatError("format.state", field=key)
            setattr(state, key, holder)

    # --- from a position --------------------------------------------------------------------

    @classmethod
    def of(cls, state: State, title: str = "") -> Scenario:
        """The scenario of ``state``, exactly: loading it gives the same position (every
        field of :meth:`State.to_json <catan_core.state.State.to_json>`), options and seats.
        Fields are written only where they differ from what loading would assume."""
        n = len(state.players)
        players = [
            PlayerSetup(
                seat.name, seat.color, None if seat.kind == "human" else seat.kind, list(pl.settlements),
                list(pl.cities), list(pl.roads), list(pl.hand), list(pl.dev), list(pl.played), list(pl.dev_new),
            )
            for seat, pl in zip(state.seats, state.players, strict=False)
        ]
        phase = state.phase
        scenario = cls(
            players=players, title=title, board=None if state.options.board == "beginner" else state.board,
            options=_non_default(state.options), robber=None if state.robber == state.board.desert else state.robber,
            current=state.current, phase=_NAME_OF_PHASE.get(phase, phase), dice=list(state.forced_dice),
            seed=state.rng.state, longest_road=_holder(state.longest_road), largest_army=_holder(state.largest_army),
            rolled=state.dice, trade=None if state.trade is None else state.trade.copy(),
        )
        setup = phase in SETUP_PHASES
        if state.turn != (0 if setup else 1):
            scenario.turn = state.turn
        if state.dev_played != (phase == ROAD_BUILDING_PHASE):
            scenario.dev_played = state.dev_played
        if state.after_robber != MAIN:
            scenario.after_robber = state.after_robber
        if state.setup_order != (snake_order(state.current, n) if setup else []):
            scenario.setup_order = list(state.setup_order)
        if state.setup_node >= 0:
            scenario.setup_node = state.setup_node
        limit = state.options.discard_limit
        over_limit = [sum(pl.hand) // 2 if sum(pl.hand) > limit else 0 for pl in state.players]
        if any(state.discards) and state.discards != over_limit:
            scenario.discarding = [q for q in range(n) if state.discards[q]]
        if state.free_roads and state.free_roads != min(2, ROADS - len(state.players[state.current].roads)):
            scenario.free_roads = state.free_roads
        if state.built:
            scenario.built = True
        if state.options.balanced_dice and list(state.dice_deck) != list(DICE_OUTCOMES):
            scenario.dice_left = list(state.dice_deck)
        return scenario


_V2_FIELDS = ("turn", "rolled", "dev_played", "after_robber", "setup_order", "setup_node", "discarding", "free_roads",
              "trade", "built", "dice_left")
"""The :class:`Scenario` attributes of version 2."""


def _holder(seat: int) -> int | None:
    return None if seat < 0 else seat


def _non_default(options: Options) -> dict[str, Any]:
    """The options that differ from the defaults, but for those a scenario says otherwise."""
    return {key: value for key, value in options.to_json().items()
            if key not in _FIXED_OPTIONS and value != _DEFAULT_OPTIONS.get(key)}


def _trade_to_json(trade: TradeOffer) -> dict[str, Any]:
    answers = []
    for seat, (kind, terms) in trade.answers.items():
        entry: dict[str, Any] = {"seat": seat, "answer": kind}
        if terms is not None:
            entry.update(give=_named(terms[0], RESOURCES), want=_named(terms[1], RESOURCES))
        answers.append(entry)
    out: dict[str, Any] = {
        "give": _named(trade.give, RESOURCES), "want": _named(trade.want, RESOURCES), "targets": list(trade.targets),
    }
    if answers:
        out["answers"] = answers
    return out


def _cards(value: Any, field: str) -> tuple[int, int, int, int, int]:
    c = _counts(value, field, RESOURCES)
    return c[0], c[1], c[2], c[3], c[4]


def _trade_from_json(data: Any, offerer: int, n: int) -> TradeOffer:
    """An open offer of seat ``offerer`` (its shape; the position check judges it)."""
    obj = Obj(data, "trade")
    obj.only(_TRADE_KEYS)
    answers: dict[int, tuple[str, tuple[Any, Any] | None]] = {}
    for item in obj.list("answers", n, default=[]):
        entry = Obj(item, "trade")
        entry.only(_ANSWER_KEYS)
        seat = entry.int("seat", 0, n)
        kind = entry.str("answer", ("accept", "decline", "counter"))
        if seat in answers or (kind == "counter") != (entry.has("give") or entry.has("want")):
            raise FormatError("format.field", field="trade")
        terms = (_cards(entry.get("give"), "trade"), _cards(entry.get("want"), "trade")) if kind == "counter" else None
        answers[seat] = (kind, terms)
    give, want = _cards(obj.get("give"), "trade"), _cards(obj.get("want"), "trade")
    return TradeOffer(offerer, give, want, tuple(obj.ints("targets", 0, n, max_len=n)), answers)


def _end_at_load(game: Game) -> None:
    """The current player of a roll or main position has already reached the target: the
    game ends there, as it would have at the action that reached it."""
    game.phase, game.winner = OVER, game.current
    points = [game.victory_points(q) for q in range(len(game.players))]
    game.log.append(Event("win", game.current, {"points": points}))


def load_scenario(data: Any) -> Game:
    """Build the position a scenario describes, refusing malformed or unreachable ones.

    The game remembers the scenario as its ``origin`` so that a save of it can be
    replayed. See ``docs/formats.md`` for the format.
    """
    return Scenario.from_json(data).game(origin=copy.deepcopy(data))


def parse_scenario(text: str) -> Game:
    """Read a scenario from JSON text (bounded in size and depth, see :mod:`catan_core.jsonread`)."""
    return load_scenario(parse(text, MAX_SCENARIO_CHARS))


def from_game(state: State, title: str = "") -> dict[str, Any]:
    """The scenario (JSON-ready) of ``state``'s position, exactly (see :meth:`Scenario.of`):
    any position of a game between two actions, in version 1 when it needs nothing of
    version 2."""
    return Scenario.of(state, title).to_json()

