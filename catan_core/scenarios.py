"""Hand-written positions for tutorials: the scenario format.

See the README ("Writing a scenario by hand") for the format; :func:`load_scenario` reads
it. A scenario is checked as a position the rules could reach, in every phase it allows:
cards and pieces within the game's stock (counting the set-up placements still to come),
Longest Road and Largest Army where the pieces put them, no phase left pending in a game its
current player has already won, and something to do for whoever must act. What cannot be
reached is refused with a :class:`~catan_core.errors.FormatError` saying why.

>>> game = load_scenario({"format": "catan-scenario", "players": [{"settlements": [12], "roads": [11]}, {}],
...                       "phase": "main", "current": 0})
>>> game.phase, game.players[0].settlements, game.bank[0]
('main', [12], 19)
"""

from __future__ import annotations

import copy
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
    SETUP_SETTLEMENT,
    Options,
    Seat,
    State,
    award,
    check_seats,
    default_seats,
)

SCENARIO_FORMAT = "catan-scenario"
SCENARIO_VERSION = 1
SCENARIO_PHASES = ("setup", "roll", "main", "robber", "discard", "road_building")
MAX_SCENARIO_CHARS = 100_000
"""Longest scenario text read (a real one is a few hundred characters)."""
MAX_TITLE = 500
MAX_DICE = 100
"""Most forced rolls a scenario may queue."""
_TOP_KEYS = (
    "format", "version", "title", "board", "options", "players", "robber", "current", "phase", "dice", "seed",
    "longest_road", "largest_army",
)
_PLAYER_KEYS = (
    "name", "color", "kind", "settlements", "cities", "roads", "hand", "dev_cards", "knights_played", "played",
)
_MAX_CARDS = RESOURCE_SUPPLY * len(RESOURCES)
"""Longest card list a hand may be written as."""


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


def _seat(obj: Obj, index: int, default: Seat) -> Seat:
    data = {key: obj.data[key] for key in ("name", "color", "kind") if key in obj.data}
    return Seat.from_json({"name": default.name, "color": default.color, **data}, index + 1)


def load_scenario(data: Any) -> Game:
    """Build the position a scenario describes, refusing malformed or unreachable ones.

    The game remembers the scenario as its ``origin`` so that a save of it can be
    replayed. See the README for the format.
    """
    if type(data) is not dict or data.get("format") != SCENARIO_FORMAT:
        raise FormatError("format.not_a_scenario")
    top = Obj(data, "scenario")
    version = top.get("version", SCENARIO_VERSION)
    check_version(version, SCENARIO_VERSION)
    top.only(_TOP_KEYS)
    top.str("title", max_len=MAX_TITLE, default="")
    players = top.get("players")
    if type(players) is not list or not 2 <= len(players) <= MAX_SEATS:
        raise FormatError("format.option_players")
    n = len(players)
    board_data = top.get("board", "beginner")
    board = Board.beginner() if board_data == "beginner" else Board.from_json(board_data)
    options_data = top.obj("options", {}).data
    board_option = "beginner" if board_data == "beginner" else "random"
    options = Options.from_json({**options_data, "players": n, "board": board_option})
    entries = [Obj(entry, "players") for entry in players]
    for i, entry in enumerate(entries):
        if set(entry.data) - set(_PLAYER_KEYS):
            raise FormatError("format.seat", seat=i + 1)
    seats = tuple(
        _seat(entry, i, default) for i, (entry, default) in enumerate(zip(entries, default_seats(n), strict=True))
    )
    check_seats(seats, n)
    seed = top.int("seed", 0, 1 << 64, default=0)

    state = State.new(options, seats, board, Rng(seed))
    for p, entry in enumerate(entries):
        pl = state.players[p]
        state.place_pieces(
            p, entry.ints("settlements", 0, NODE_COUNT) if entry.has("settlements") else [],
            entry.ints("cities", 0, NODE_COUNT) if entry.has("cities") else [],
            entry.ints("roads", 0, EDGE_COUNT) if entry.has("roads") else [],
        )
        pl.hand = _counts(entry.get("hand", {}), "hand", RESOURCES)
        pl.dev = _counts(entry.get("dev_cards", {}), "dev_cards", DEV_CARDS)
        pl.played = _counts(entry.get("played", {}), "played", DEV_CARDS)
        pl.played[KNIGHT] += entry.int("knights_played", 0, sum(DEV_DECK) + 1, default=0)
        for r in range(5):
            state.bank[r] -= pl.hand[r]
        for c in range(5):
            state.deck[c] -= pl.dev[c] + pl.played[c]
    if min(state.bank) < 0:
        r = min(range(5), key=lambda r: state.bank[r])
        raise FormatError("format.resource_total", resource=r, count=RESOURCE_SUPPLY - state.bank[r])
    if min(state.deck) < 0:
        raise FormatError("format.dev_total", count=sum(DEV_DECK) - sum(state.deck))

    state.robber = top.get("robber", board.desert)
    if not is_int(state.robber, 0, HEX_COUNT):
        raise FormatError("format.robber")
    current = state.current = top.int("current", 0, n, default=0)
    dice = top.list("dice", MAX_DICE, default=[])
    if not all(type(d) is list and len(d) == 2 and all(is_int(x, 1, 7) for x in d) for d in dice):
        raise FormatError("format.field", field="dice")
    state.forced_dice = [(d[0], d[1]) for d in dice]
    _award(state, top)
    state.turn = 1
    phase = top.str("phase", SCENARIO_PHASES, default=ROLL)
    if phase == "setup":
        order = [(current + i) % n for i in range(n)]
        state.setup_order, state.turn, state.phase = order + order[::-1], 0, SETUP_SETTLEMENT
    elif phase == "discard":
        limit = options.discard_limit
        state.discards = [sum(pl.hand) // 2 if sum(pl.hand) > limit else 0 for pl in state.players]
        state.phase = DISCARD if any(state.discards) else ROBBER
    elif phase == "road_building":
        state.dev_played = True
        state.free_roads = min(2, ROADS - len(state.players[current].roads))
        state.phase = ROAD_BUILDING_PHASE
    else:
        state.phase = phase
    game = Game.from_state(state, seed, origin=copy.deepcopy(data))
    if game.phase == ROAD_BUILDING_PHASE and not (game.free_roads and game.road_spots(current)):
        game.free_roads, game.phase = 0, MAIN
    if game.phase in (ROLL, MAIN) and game.victory_points(current) >= options.vp_target:
        _end_at_load(game)
    game.check()
    return game


def _end_at_load(game: Game) -> None:
    """The current player of a roll or main position has already reached the target: the
    game ends there, as it would have at the action that reached it."""
    game.phase, game.winner = OVER, game.current
    points = [game.victory_points(q) for q in range(len(game.players))]
    game.log.append(Event("win", game.current, {"points": points}))


def _award(state: State, top: Obj) -> None:
    """Give Longest Road and Largest Army to whoever the position entitles; a scenario may
    name the holder among several tied leaders, and nobody else."""
    n = len(state.players)
    lengths = state.update_road_lengths()
    knights = [pl.played[KNIGHT] for pl in state.players]
    for key, values, minimum in (
        ("longest_road", lengths, LONGEST_ROAD_MIN), ("largest_army", knights, LARGEST_ARMY_MIN),
    ):
        named = top.int(key, 0, n, default=None)
        holder = award(values, -1 if named is None else named, minimum)
        if named is not None and holder != named:
            raise FormatError("format.state", field=key)
        setattr(state, key, holder)


def parse_scenario(text: str) -> Game:
    """Read a scenario from JSON text (bounded in size and depth, see :mod:`catan_core.jsonread`)."""
    return load_scenario(parse(text, MAX_SCENARIO_CHARS))
