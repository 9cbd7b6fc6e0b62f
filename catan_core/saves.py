"""The save format: a whole game as versioned JSON that round-trips exactly.

A save holds the options, seats, seed, board, the complete state (pieces, hands, cards,
bank, deck, phase, turn, open trade, generator state), the history of actions in their
text form and the event log. :func:`load` refuses anything malformed or inconsistent with
a :class:`~catan_core.errors.FormatError` naming the problem, and -- since a save carries
its history -- replays the actions from the start and insists on the very same game, so a
hand-edited or tampered file is refused too.

>>> from catan_core.game import Game, Options
>>> game = Game(Options(players=3), seed=5)
>>> for _ in range(3):
...     _ = game.apply(game.legal_actions()[0])
>>> data = dump(game)
>>> dump(load(data)) == data
True
>>> load({"format": "catan-save", "version": 99})
Traceback (most recent call last):
...
catan_core.errors.FormatError: Unsupported file version 99.
"""

from __future__ import annotations

import json
import re
from typing import Any

from . import __version__
from .actions import Action
from .board import (
    EDGE_COUNT, EDGE_NODES, HARBOR_TYPES, HEX_COUNT, NODE_COUNT, NODE_EDGES, NODE_NODES,
    TERRAINS, Board,
)
from .errors import CatanError, FormatError
from .game import (
    DEV_DECK, LARGEST_ARMY_MIN, LONGEST_ROAD_MIN, PHASES, RESOURCE_SUPPLY, ROADS, SEAT_KINDS,
    SETTLEMENTS, CITIES, Event, Game, Options, Seat, TradeOffer,
)
from .longest_road import longest_road
from .rng import Rng

FORMAT = "catan-save"
VERSION = 1
_COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")

# --- writing ---------------------------------------------------------------------------


def board_to_json(board: Board) -> dict[str, Any]:
    """A board as names and numbers (the form scenarios use too)."""
    return {
        "terrains": [TERRAINS[t] for t in board.terrains],
        "numbers": list(board.numbers),
        "harbors": [HARBOR_TYPES[h] for h in board.harbors],
    }


def options_to_json(options: Options) -> dict[str, Any]:
    """Options as a plain dict."""
    return {
        "players": options.players,
        "vp_target": options.vp_target,
        "friendly_robber": options.friendly_robber,
        "discard_limit": options.discard_limit,
        "board": options.board,
        "separate_red_numbers": options.separate_red_numbers,
    }


def event_to_json(event: Event) -> dict[str, Any]:
    """An event as a plain dict."""
    out: dict[str, Any] = {"kind": event.kind, "player": event.player, "data": event.data}
    if event.audience:
        out["secret"] = event.secret
        out["audience"] = list(event.audience)
    return out


def state_to_json(game: Game) -> dict[str, Any]:
    """The complete mutable state of ``game``."""
    trade = None
    if game.trade is not None:
        t = game.trade
        trade = {
            "offerer": t.offerer,
            "give": list(t.give),
            "want": list(t.want),
            "targets": list(t.targets),
            "answers": [
                [seat, kind, None if terms is None else [list(terms[0]), list(terms[1])]]
                for seat, (kind, terms) in t.answers.items()
            ],
        }
    return {
        "rng": game.rng.state,
        "phase": game.phase,
        "current": game.current,
        "turn": game.turn,
        "robber": game.robber,
        "bank": list(game.bank),
        "deck": list(game.deck),
        "players": [
            {
                "hand": list(pl.hand),
                "dev": list(pl.dev),
                "dev_new": list(pl.dev_new),
                "played": list(pl.played),
                "settlements": list(pl.settlements),
                "cities": list(pl.cities),
                "roads": list(pl.roads),
            }
            for pl in game.players
        ],
        "setup_order": list(game.setup_order),
        "setup_node": game.setup_node,
        "dev_played": game.dev_played,
        "discards": list(game.discards),
        "after_robber": game.after_robber,
        "free_roads": game.free_roads,
        "trade": trade,
        "longest_road": game.longest_road,
        "largest_army": game.largest_army,
        "dice": None if game.dice is None else list(game.dice),
        "winner": game.winner,
        "forced_dice": [list(d) for d in game.forced_dice],
    }


def dump(game: Game) -> dict[str, Any]:
    """The save of ``game`` as JSON-ready data."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "engine": __version__,
        "options": options_to_json(game.options),
        "seats": [{"name": s.name, "color": s.color, "kind": s.kind} for s in game.seats],
        "seed": game.seed,
        "origin": game.origin,
        "board": board_to_json(game.board),
        "state": state_to_json(game),
        "history": [a.text() for a in game.history],
        "log": [event_to_json(e) for e in game.log],
    }


def dumps(game: Game) -> str:
    """The save of ``game`` as compact JSON text."""
    return json.dumps(dump(game), separators=(",", ":"), ensure_ascii=False)


# --- reading ------------------------------------------------------------------------------


def _need(data: Any, key: str, kind: type | tuple[type, ...]) -> Any:
    if not isinstance(data, dict) or key not in data or not isinstance(data[key], kind) or (
        kind is int and isinstance(data[key], bool)
    ):
        raise FormatError("format.field", field=key)
    return data[key]


def _ints(data: Any, key: str, length: int | None = None, lo: int = 0, hi: int = 10**6) -> list[int]:
    value = _need(data, key, list)
    if (length is not None and len(value) != length) or not all(
        isinstance(v, int) and not isinstance(v, bool) and lo <= v < hi for v in value
    ):
        raise FormatError("format.field", field=key)
    return value


def options_from_json(data: Any) -> Options:
    """Read and check options."""
    if not isinstance(data, dict):
        raise FormatError("format.field", field="options")
    defaults = options_to_json(Options())
    unknown = set(data) - set(defaults)
    if unknown:
        raise FormatError("format.field", field=sorted(unknown)[0])
    options = Options(**{**defaults, **data})
    problems = options.problems()
    if problems:
        raise FormatError(problems[0][0], **problems[0][1])
    return options


def seats_from_json(data: Any, players: int) -> tuple[Seat, ...]:
    """Read and check the seats."""
    if not isinstance(data, list) or len(data) != players:
        raise FormatError("format.seat_count")
    seats = []
    for i, s in enumerate(data):
        try:
            name, color, kind = _need(s, "name", str), _need(s, "color", str), s.get("kind", "human")
        except FormatError:
            raise FormatError("format.seat", seat=i) from None
        if not (0 < len(name.strip()) <= 40) or not _COLOR.match(color) or kind not in SEAT_KINDS:
            raise FormatError("format.seat", seat=i)
        seats.append(Seat(name, color, kind))
    return tuple(seats)


def board_from_json(data: Any) -> Board:
    """Read and check a board given by names."""
    try:
        terrains = tuple(TERRAINS.index(t) for t in _need(data, "terrains", list))
        harbors = tuple(HARBOR_TYPES.index(h) for h in _need(data, "harbors", list))
    except ValueError:
        raise FormatError("format.field", field="board") from None
    numbers = tuple(_ints(data, "numbers", HEX_COUNT, 0, 13))
    if len(terrains) != HEX_COUNT or len(harbors) != 9:
        raise FormatError("format.field", field="board")
    return Board(terrains, numbers, harbors)


def _state_from_json(game: Game, s: Any) -> None:
    """Overwrite ``game``'s state from saved data (shape checks only; see :func:`check_consistency`)."""
    n = len(game.players)
    game.rng = Rng(_need(s, "rng", int))
    game.phase = _need(s, "phase", str)
    if game.phase not in PHASES:
        raise FormatError("format.field", field="phase")
    game.current = _need(s, "current", int)
    game.turn = _need(s, "turn", int)
    game.robber = _need(s, "robber", int)
    game.bank = _ints(s, "bank", 5, 0, RESOURCE_SUPPLY + 1)
    game.deck = _ints(s, "deck", 5, 0, 15)
    players = _need(s, "players", list)
    if len(players) != n:
        raise FormatError("format.field", field="players")
    game.node_owner = [-1] * NODE_COUNT
    game.node_city = [False] * NODE_COUNT
    game.edge_owner = [-1] * EDGE_COUNT
    for p, (pl, data) in enumerate(zip(game.players, players)):
        pl.hand = _ints(data, "hand", 5, 0, RESOURCE_SUPPLY + 1)
        pl.dev = _ints(data, "dev", 5, 0, 15)
        pl.dev_new = _ints(data, "dev_new", 5, 0, 15)
        pl.played = _ints(data, "played", 5, 0, 15)
        settlements = _ints(data, "settlements", None, 0, NODE_COUNT)
        cities = _ints(data, "cities", None, 0, NODE_COUNT)
        roads = _ints(data, "roads", None, 0, EDGE_COUNT)
        place_pieces(game, p, settlements, cities, roads)
    game.setup_order = _ints(s, "setup_order", None, 0, n)
    game.setup_node = _need(s, "setup_node", int)
    game.dev_played = _need(s, "dev_played", bool)
    game.discards = _ints(s, "discards", n, 0, 50)
    game.after_robber = _need(s, "after_robber", str)
    game.free_roads = _need(s, "free_roads", int)
    trade = s.get("trade") if isinstance(s, dict) else None
    game.trade = None if trade is None else _trade_from_json(trade, n)
    game.longest_road = _need(s, "longest_road", int)
    game.largest_army = _need(s, "largest_army", int)
    dice = s.get("dice")
    game.dice = None if dice is None else tuple(_ints(s, "dice", 2, 1, 7))  # type: ignore[assignment]
    game.winner = _need(s, "winner", int)
    forced = _need(s, "forced_dice", list)
    game.forced_dice = [tuple(_ints({"d": d}, "d", 2, 1, 7)) for d in forced]  # type: ignore[misc]


def _trade_from_json(t: Any, n: int) -> TradeOffer:
    answers: dict[int, tuple[str, Any]] = {}
    for entry in _need(t, "answers", list):
        if not (isinstance(entry, list) and len(entry) == 3 and entry[1] in ("accept", "decline", "counter")):
            raise FormatError("format.field", field="trade")
        seat, kind, terms = entry
        if terms is not None:
            terms = (tuple(_ints({"t": terms[0]}, "t", 5)), tuple(_ints({"t": terms[1]}, "t", 5)))
        answers[seat] = (kind, terms)
    return TradeOffer(
        _need(t, "offerer", int),
        tuple(_ints(t, "give", 5)),  # type: ignore[arg-type]
        tuple(_ints(t, "want", 5)),  # type: ignore[arg-type]
        tuple(_ints(t, "targets", None, 0, n)),
        answers,
    )


def place_pieces(game: Game, p: int, settlements: list[int], cities: list[int], roads: list[int]) -> None:
    """Put seat ``p``'s pieces on the board, refusing overlaps and excess pieces."""
    if len(settlements) > SETTLEMENTS or len(cities) > CITIES or len(roads) > ROADS:
        raise FormatError("format.pieces", player=p)
    pl = game.players[p]
    pl.settlements, pl.cities, pl.roads, pl.ratios = [], [], [], [4] * 5
    for node in settlements + cities:
        if game.node_owner[node] >= 0:
            raise FormatError("format.piece_overlap", spot=f"n{node}")
        game._place_settlement(p, node)
    for node in cities:
        pl.settlements.remove(node)
        pl.cities.append(node)
        game.node_city[node] = True
    for e in roads:
        if game.edge_owner[e] >= 0:
            raise FormatError("format.piece_overlap", spot=f"e{e}")
        game._place_road(p, e)


def check_consistency(game: Game) -> None:
    """Refuse a position that the rules cannot produce (raises :class:`FormatError`)."""
    n = len(game.players)
    for r in range(5):
        total = game.bank[r] + sum(pl.hand[r] for pl in game.players)
        if total != RESOURCE_SUPPLY:
            raise FormatError("format.resource_total", resource=r, count=total)
    dev_total = sum(game.deck) + sum(sum(pl.dev) + sum(pl.played) for pl in game.players)
    for card in range(5):
        if game.deck[card] + sum(pl.dev[card] + pl.played[card] for pl in game.players) != DEV_DECK[card]:
            raise FormatError("format.dev_total", count=dev_total)
    for p, pl in enumerate(game.players):
        if any(new > held for new, held in zip(pl.dev_new, pl.dev)) or pl.played[1]:
            raise FormatError("format.state", field="dev")
    for node in range(NODE_COUNT):
        if game.node_owner[node] >= 0 and any(game.node_owner[m] >= 0 for m in NODE_NODES[node]):
            raise FormatError("format.distance", node=node)
    for p, pl in enumerate(game.players):
        own = set(pl.settlements) | set(pl.cities)
        for e in pl.roads:
            if not _road_connected(game, p, e, own):
                raise FormatError("format.road_unconnected", edge=e, player=p)
    if not 0 <= game.robber < HEX_COUNT:
        raise FormatError("format.robber")
    if not 0 <= game.current < n or game.turn < 0:
        raise FormatError("format.state", field="current")
    if game.after_robber not in ("roll", "main") or not 0 <= game.free_roads <= 2:
        raise FormatError("format.state", field="phase")
    if (game.phase == "trade") != (game.trade is not None):
        raise FormatError("format.state", field="trade")
    t = game.trade
    if t is not None and (
        t.offerer != game.current or game.current in t.targets or not set(t.answers) <= set(t.targets)
    ):
        raise FormatError("format.state", field="trade")
    if game.phase == "setup_road" and not (
        0 <= game.setup_node < NODE_COUNT and game.node_owner[game.setup_node] == game.current
    ):
        raise FormatError("format.state", field="setup_node")
    if (game.phase == "discard") != any(game.discards):
        raise FormatError("format.state", field="discards")
    if (game.phase == "over") != (game.winner >= 0) or game.winner >= n:
        raise FormatError("format.state", field="winner")
    if game.phase.startswith("setup") != bool(game.setup_order):
        raise FormatError("format.state", field="setup_order")
    lengths = [longest_road(pl.roads, game.node_owner, p) for p, pl in enumerate(game.players)]
    for pl, length in zip(game.players, lengths):
        pl.road_length = length
    best = max(lengths)
    holder = game.longest_road
    if holder >= n or (holder >= 0 and (lengths[holder] < LONGEST_ROAD_MIN or lengths[holder] != best)) or (
        holder < 0 and best >= LONGEST_ROAD_MIN and lengths.count(best) == 1
    ):
        raise FormatError("format.state", field="longest_road")
    knights = [pl.played[0] for pl in game.players]
    army = game.largest_army
    if army >= n or (army >= 0 and (knights[army] < LARGEST_ARMY_MIN or knights[army] != max(knights))) or (
        army < 0 and max(knights) >= LARGEST_ARMY_MIN
    ):
        raise FormatError("format.state", field="largest_army")


def _road_connected(game: Game, p: int, e: int, own: set[int]) -> bool:
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
                if f not in seen and game.edge_owner[f] == p:
                    seen.add(f)
                    todo.append(f)
    return False


def load(data: Any, verify_history: bool = True) -> Game:
    """Read a save (parsed JSON) back into a :class:`Game`, refusing bad data.

    With ``verify_history`` the recorded actions are replayed from the start and must
    give exactly this save.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise FormatError("format.not_a_save")
    if data.get("version") != VERSION:
        raise FormatError("format.version", version=str(data.get("version")))
    try:
        options = options_from_json(data.get("options"))
        seats = seats_from_json(data.get("seats"), options.players)
        seed = _need(data, "seed", int)
        origin = data.get("origin")
        history_text = _need(data, "history", list)
        if not all(isinstance(a, str) for a in history_text):
            raise FormatError("format.field", field="history")
        if origin is not None:
            from .scenarios import load_scenario

            game = load_scenario(origin)
        else:
            game = Game(options, seed, seats)
        if (game.options, game.seats, game.seed) != (options, seats, seed):
            raise FormatError("format.state", field="origin")
        if board_from_json(data.get("board")) != game.board:
            raise FormatError("format.state", field="board")
        if verify_history:
            for i, text in enumerate(history_text):
                try:
                    game.apply(text)
                except CatanError as error:
                    raise FormatError("format.illegal_history", index=i + 1, reason=str(error)) from None
            if dump(game) != data:
                raise FormatError("format.replay_mismatch")
            return game
        try:
            game.history = [Action.parse(t) for t in history_text]
        except CatanError:
            raise FormatError("format.field", field="history") from None
        _state_from_json(game, data.get("state"))
        game.log = [_event_from_json(e) for e in _need(data, "log", list)]
        check_consistency(game)
        return game
    except (TypeError, KeyError, AttributeError, IndexError):
        raise FormatError("format.not_a_save") from None


def _event_from_json(e: Any) -> Event:
    audience = tuple(e.get("audience", ()))
    return Event(_need(e, "kind", str), _need(e, "player", int), _need(e, "data", dict), e.get("secret"), audience)


def loads(text: str, verify_history: bool = True) -> Game:
    """Read a save from JSON text (see :func:`load`)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise FormatError("format.not_json") from None
    return load(data, verify_history)
