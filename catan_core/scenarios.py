"""Preset positions: the beginner set-up and hand-written tutorial scenarios.

See the README ("Scenario format") for the format; :func:`load_scenario` reads it.
"""

from __future__ import annotations

import copy
from typing import Any

from .board import EDGE_COUNT, HEX_COUNT, NODE_COUNT, RESOURCES
from .errors import FormatError
from .game import (
    DEV_CARDS, DEV_DECK, DISCARD, KNIGHT, LARGEST_ARMY_MIN, LONGEST_ROAD_MIN, MAIN, RESOURCE_SUPPLY, ROAD_BUILDING_PHASE,
    ROADS, SETUP_SETTLEMENT, ROBBER, Game, default_seats,
)
from .longest_road import longest_road
from .rng import Rng

BEGINNER_PIECES: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (
    ((12, 31), (11, 47)),
    ((9, 34), (8, 42)),
    ((22, 41), (24, 60)),
    ((19, 40), (29, 51)),
)
"""Per seat on the beginner board: (first settlement, second settlement), (road, road).
Each seat starts with the resources around its second settlement."""


def _cards(value: Any, field: str, names: tuple[str, ...]) -> list[int]:
    """Read ``{"brick": 2}`` or ``["brick", "brick"]`` into counts by ``names``."""
    counts = [0] * len(names)
    try:
        if isinstance(value, dict):
            for name, count in value.items():
                if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                    raise ValueError(name)
                counts[names.index(name)] += count
        elif isinstance(value, list):
            for name in value:
                counts[names.index(name)] += 1
        else:
            raise ValueError(field)
    except (ValueError, TypeError):
        raise FormatError("format.field", field=field) from None
    return counts


def _id_list(value: Any, field: str, hi: int) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < hi for v in value):
        raise FormatError("format.field", field=field)
    return value


SCENARIO_FORMAT = "catan-scenario"
SCENARIO_PHASES = ("setup", "roll", "main", "robber", "discard", "road_building")
_TOP_KEYS = {
    "format", "version", "title", "board", "options", "players", "robber", "current", "phase", "dice", "seed",
    "longest_road", "largest_army",
}
_PLAYER_KEYS = {"name", "color", "kind", "settlements", "cities", "roads", "hand", "dev_cards", "knights_played", "played"}


def load_scenario(data: Any) -> Game:
    """Build the position a scenario describes, refusing malformed or impossible ones.

    The game remembers the scenario as its ``origin`` so that a save of it can be
    replayed. See the README for the format.
    """
    from .saves import board_from_json, check_consistency, options_from_json, place_pieces, seats_from_json

    if not isinstance(data, dict) or data.get("format") != SCENARIO_FORMAT:
        raise FormatError("format.not_a_scenario")
    if data.get("version", 1) != 1:
        raise FormatError("format.version", version=str(data.get("version")))
    unknown = set(data) - _TOP_KEYS
    if unknown:
        raise FormatError("format.field", field=sorted(unknown)[0])
    if not isinstance(data.get("title", ""), str):
        raise FormatError("format.field", field="title")
    players = data.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise FormatError("format.option_players")
    n = len(players)
    board_data = data.get("board", "beginner")
    options_data = data.get("options", {})
    if not isinstance(options_data, dict):
        raise FormatError("format.field", field="options")
    options = options_from_json({**options_data, "players": n, "board": "beginner" if board_data == "beginner" else "random"})
    seats_data = []
    for i, pl in enumerate(players):
        if not isinstance(pl, dict) or set(pl) - _PLAYER_KEYS:
            raise FormatError("format.seat", seat=i + 1)
        default = default_seats(n)[i]
        seats_data.append({"name": pl.get("name", default.name), "color": pl.get("color", default.color), "kind": pl.get("kind", "human")})
    seats = seats_from_json(seats_data, n)
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise FormatError("format.field", field="seed")

    game = Game(options, seed, seats)
    if board_data != "beginner":
        game.board = board_from_json(board_data)
    game.rng = Rng(game.seed)
    game.node_owner = [-1] * NODE_COUNT
    game.node_city = [False] * NODE_COUNT
    game.edge_owner = [-1] * EDGE_COUNT
    game.log = []
    game.bank = [RESOURCE_SUPPLY] * 5
    game.deck = list(DEV_DECK)
    for p, pl_data in enumerate(players):
        pl = game.players[p]
        place_pieces(
            game, p,
            _id_list(pl_data.get("settlements", []), "settlements", NODE_COUNT),
            _id_list(pl_data.get("cities", []), "cities", NODE_COUNT),
            _id_list(pl_data.get("roads", []), "roads", EDGE_COUNT),
        )
        pl.hand = _cards(pl_data.get("hand", {}), "hand", RESOURCES)
        pl.dev = _cards(pl_data.get("dev_cards", {}), "dev_cards", DEV_CARDS)
        pl.dev_new = [0] * 5
        pl.played = _cards(pl_data.get("played", {}), "played", DEV_CARDS)
        knights = pl_data.get("knights_played", 0)
        if not isinstance(knights, int) or isinstance(knights, bool) or knights < 0:
            raise FormatError("format.field", field="knights_played")
        pl.played[KNIGHT] += knights
        for r in range(5):
            game.bank[r] -= pl.hand[r]
        for c in range(5):
            game.deck[c] -= pl.dev[c] + pl.played[c]
    if min(game.bank) < 0:
        r = min(range(5), key=lambda r: game.bank[r])
        raise FormatError("format.resource_total", resource=r, count=RESOURCE_SUPPLY - game.bank[r])
    if min(game.deck) < 0:
        raise FormatError("format.dev_total", count=25 - sum(game.deck))

    robber = data.get("robber", game.board.desert)
    if not isinstance(robber, int) or isinstance(robber, bool) or not 0 <= robber < HEX_COUNT:
        raise FormatError("format.robber")
    game.robber = robber
    current = data.get("current", 0)
    if not isinstance(current, int) or isinstance(current, bool) or not 0 <= current < n:
        raise FormatError("format.field", field="current")
    dice = data.get("dice", [])
    if not isinstance(dice, list) or not all(
        isinstance(d, list) and len(d) == 2 and all(isinstance(x, int) and 1 <= x <= 6 for x in d) for d in dice
    ):
        raise FormatError("format.field", field="dice")
    game.forced_dice = [(d[0], d[1]) for d in dice]

    _award(game, data)
    game.current = current
    game.turn = 1
    game.setup_order = []
    game.setup_node = -1
    game.discards = [0] * n
    game.trade = None
    game.free_roads = 0
    game.after_robber = MAIN
    game.dice = None
    game.winner = -1
    phase = data.get("phase", "roll")
    if phase not in SCENARIO_PHASES:
        raise FormatError("format.field", field="phase")
    if phase == "setup":
        order = [(current + i) % n for i in range(n)]
        game.setup_order, game.turn, game.phase = order + order[::-1], 0, SETUP_SETTLEMENT
    elif phase == "discard":
        limit = options.discard_limit
        game.discards = [sum(pl.hand) // 2 if sum(pl.hand) > limit else 0 for pl in game.players]
        game.phase = DISCARD if any(game.discards) else ROBBER
    elif phase == "road_building":
        game.free_roads = min(2, ROADS - len(game.players[current].roads))
        game.phase = ROAD_BUILDING_PHASE if game.free_roads and game.road_spots(current) else MAIN
        game.dev_played = True
    else:
        game.phase = phase
    check_consistency(game)
    game._check_victory(current, game.log)
    game.origin = copy.deepcopy(data)  # the caller may change its dict later
    return game


def _award(game: Game, data: dict[str, Any]) -> None:
    """Give Longest Road and Largest Army to whoever the position entitles (a scenario may
    name the holder when several tie)."""
    n = len(game.players)
    for pl_index, pl in enumerate(game.players):
        pl.road_length = longest_road(pl.roads, game.node_owner, pl_index)
    lengths = [pl.road_length for pl in game.players]
    knights = [pl.played[KNIGHT] for pl in game.players]
    for key, values, minimum, attr in (
        ("longest_road", lengths, LONGEST_ROAD_MIN, "longest_road"),
        ("largest_army", knights, LARGEST_ARMY_MIN, "largest_army"),
    ):
        best = max(values)
        leaders = [q for q in range(n) if values[q] == best]
        holder = leaders[0] if best >= minimum and len(leaders) == 1 else -1
        named = data.get(key)
        if named is not None:
            if not isinstance(named, int) or isinstance(named, bool) or named not in leaders or best < minimum:
                raise FormatError("format.state", field=key)
            holder = named
        setattr(game, attr, holder)
