"""Generators and checks for the engine's boundaries with outside data, shared by the property
tests (``tests/test_boundaries.py``) and the fuzzer (``bench/fuzz.py``).

The boundaries: save files (:func:`saves.load` / :func:`saves.loads`), scenarios
(:func:`load_scenario` / :func:`parse_scenario`), studies (:func:`study.load` /
:func:`study.loads`), share links (:func:`share.read_link`), action texts and values given to
:meth:`Game.apply` / :meth:`Game.is_legal` / :meth:`Game.check_action`, and the careful
JSON reader :func:`jsonread.parse`. The rule every ``check_*`` below holds them to:

* a bad input is refused with a :class:`CatanError` (``FormatError`` for data) whose
  ``str()`` is a readable message, leaving the input and the game unchanged; never another
  exception, never a hang (each call is timed against :data:`SLOW_SECONDS`);
* whatever is accepted is sound (:func:`check_sound`): the invariants hold, whoever must
  act has a legal action unless the game is over, a random continuation keeps the
  invariants, and the game's save is UTF-8 text that loads back to the very same save.

Every ``check_*`` raises AssertionError (or the escaping exception) on a defect and counts
what it saw in :data:`STATS` (the fuzzer prints it).
"""

from __future__ import annotations

import base64
import copy
import functools
import glob
import json
import os
import re
import time
import zlib
from collections import Counter
from typing import Any, Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catan_core import actions as A
from catan_core import jsonread, saves, share
from catan_core import study as studies
from catan_core.actions import Action
from catan_core.board import EDGE_NODES, HEX_COUNT, NODE_COUNT, NODE_EDGES, NODE_NODES, RESOURCES, Board
from catan_core.cli import check_invariants
from catan_core.editor import Editor
from catan_core.errors import CatanError, FormatError
from catan_core.game import Game, Options
from catan_core.i18n import LANGUAGES, translate
from catan_core.names import DEV_CARDS
from catan_core.rng import Rng
from catan_core.scenarios import SCENARIO_PHASES, from_game, load_scenario, parse_scenario
from catan_core.state import MAX_SEATS

from test_properties import choose, random_action

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SLOW_SECONDS = 2.0
"""Longest one boundary call may take on inputs within the engine's size limits."""
CONTINUATION = 30
"""Legal actions played on from an accepted position, the invariants checked after each."""

_PLACEHOLDER = re.compile(r"\{[a-z_]+\}|^[a-z]+\.[a-z_.]+$")
"""A message template left unfilled, or a bare message key (no translation found)."""

STATS: Counter = Counter()
"""What the checks saw: ``games``, ``actions``, ``accepted``, ``refused:<error key>`` ..."""


# --- the properties' registry --------------------------------------------------------------------

CI = settings(
    max_examples=40, deadline=5000, derandomize=True, database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
"""The test suite's settings: a fixed, bounded set of examples, each at most 5 s (a hang fails)."""
PROPERTIES: dict[str, tuple[Callable[..., None], tuple[st.SearchStrategy[Any], ...], int]] = {}
"""Every boundary property by name: its body, its strategies and its number of examples in CI."""


def few(n: int) -> settings:
    """The CI settings with ``n`` examples."""
    return settings(CI, max_examples=n)


def boundary_property(examples: int, *strategies: st.SearchStrategy[Any]) -> Callable[[Callable[..., None]], Any]:
    """Register the decorated body as a boundary property (``bench/fuzz.py`` runs them all for
    as long as asked) and return it as a hypothesis test with ``examples`` examples."""

    def wrap(body: Callable[..., None]) -> Any:
        PROPERTIES[body.__name__] = (body, strategies, examples)
        return few(examples)(given(*strategies)(body))

    return wrap


# --- timing and refusals ------------------------------------------------------------------


def timed(call: Callable[[], Any], what: str) -> Any:
    """``call()``, failing when it takes longer than :data:`SLOW_SECONDS` (a hang)."""
    start = time.perf_counter()
    try:
        return call()
    finally:
        took = time.perf_counter() - start
        assert took < SLOW_SECONDS, f"{what} took {took:.1f} s"


def refusal(error: CatanError, kind: type[CatanError] = CatanError) -> None:
    """A refusal must be of ``kind`` and say something readable."""
    assert isinstance(error, kind), f"{type(error).__name__} {error.key} where a {kind.__name__} was due"
    message = str(error)
    assert message.strip() and not _PLACEHOLDER.search(message), f"unreadable message for {error.key}: {message!r}"
    for lang in LANGUAGES:  # the page shows it in the player's language
        translate(error.key, error.params, lang)
    STATS["refused:" + error.key] += 1


def fingerprint(value: Any) -> list[Any]:
    """A comparable picture of JSON-like data, however deep (to see that a loader left its
    input alone)."""
    out: list[Any] = []
    todo = [value]
    while todo:
        node = todo.pop()
        if type(node) is dict:
            out.append(("dict", len(node)))
            for key in reversed(list(node)):
                todo += [node[key], ("key", key)]
        elif type(node) is list:
            out.append(("list", len(node)))
            todo += reversed(node)
        else:
            out.append((type(node).__name__, node))
    return out


# --- valid material: played games and scenario files ------------------------------------------


def play(game: Game, rng: Rng, steps: int, stop: str | None = None) -> Game:
    """Apply up to ``steps`` random legal actions (with domestic offers), stopping early at
    the end of the game or on reaching phase ``stop``."""
    for _ in range(steps):
        if game.phase == "over" or game.phase == stop:
            break
        game.apply(choose(game, rng), check=False)
    return game


PHASE_TARGETS = (
    None, "setup_settlement", "setup_road", "roll", "main", "discard", "robber", "road_building", "trade", "over",
)


def random_game(seed: int, players: int = 4, board: str = "random", steps: int = 200, stop: str | None = None,
                **options: Any) -> Game:
    """A game after at most ``steps`` random actions (or on reaching ``stop``)."""
    game = Game(Options(players=players, board=board, **options), seed=seed)
    return play(game, Rng(seed ^ 0xB0D), steps, stop)


@functools.lru_cache(maxsize=None)
def example_scenarios() -> tuple[str, ...]:
    """The texts of the example scenarios shipped with the page."""
    out = []
    for name in sorted(glob.glob(os.path.join(ROOT, "web", "scenarios", "*.json"))):
        with open(name, encoding="utf-8") as f:
            out.append(f.read())
    assert out, "no example scenarios found"
    return tuple(out)


@functools.lru_cache(maxsize=None)
def save_pool() -> tuple[str, ...]:
    """Save texts of games in every phase: random games (both boards, 2-4 seats, options) and
    games continued from the example scenarios."""
    texts = []
    for i, stop in enumerate(PHASE_TARGETS):
        for seed in range(i * 50, i * 50 + 50):
            game = random_game(seed, 2 + seed % 3, ("random", "beginner")[seed % 2], 6000 if stop else 40 + seed,
                               stop, vp_target=(10, 6)[seed % 2], friendly_robber=bool(seed % 3 == 0))
            if stop is None or game.phase == stop:
                texts.append(saves.dumps(game))
                break
    for i, text in enumerate(example_scenarios()):
        game = play(parse_scenario(text), Rng(i), 3 + i % 5)
        texts.append(saves.dumps(game))
    return tuple(texts)


def pool_game(index: int) -> Game:
    """A fresh copy of the game of ``save_pool()[index]`` (loaded without the replay, fast)."""
    pool = save_pool()
    return saves.loads(pool[index % len(pool)], verify_history=False)


# --- soundness of what is accepted --------------------------------------------------------------


def check_sound(game: Game, seed: int = 0, replayable: bool = True, steps: int = CONTINUATION) -> None:
    """``game`` (just accepted from outside) is a position the engine can live with: see the
    module docstring. ``replayable``: its history replays to it (not so for a save loaded
    without ``verify_history``, whose history is taken on trust)."""
    STATS["accepted"] += 1
    check_invariants(game)
    assert game.phase == "over" or game.legal_actions(), f"nobody can act in phase {game.phase}"
    check_save_round_trip(game, replayable)
    check_shown(game)
    rng = Rng(seed)
    game = game.copy()
    STATS["games"] += 1
    for step in range(steps):
        if game.phase == "over":
            break
        action = choose(game, rng)
        game.apply(action)
        STATS["actions"] += 1
        try:
            check_invariants(game)
        except (AssertionError, CatanError) as error:
            raise AssertionError(
                f"after {step + 1} legal actions (last {action.text()!r}): {type(error).__name__}: {error}"
            ) from None
    check_save_round_trip(game, replayable)


def check_shown(game: Game) -> None:
    """What the page shows of an accepted game can be made: every seat's view and every
    event of the log as a sentence in every language."""
    for viewer in [None, *range(len(game.players))]:
        game.view(viewer)
    names = [seat.name for seat in game.seats]
    for event in game.log:
        for lang in LANGUAGES:
            translate(*event.message(), lang, names)
            translate(*event.for_viewer(0).message(), lang, names)


def check_save_round_trip(game: Game, replayable: bool = True) -> None:
    """The save of ``game`` is UTF-8 text that loads back to itself (with the replay when
    ``replayable``, and without it in any case)."""
    text = saves.dumps(game)
    text.encode("utf-8")  # a save must be writable to a file
    if replayable:
        again = timed(lambda: saves.loads(text), "loads of the save of an accepted game")
        assert saves.dumps(again) == text, "the save does not round-trip"
    again = saves.loads(text, verify_history=False)
    assert saves.dumps(again) == text, "the save does not round-trip without the replay"


# --- mutating JSON trees and texts -----------------------------------------------------------------

class Lazy:
    """A value too big or too deep to print, made only when used (:func:`materialize`), so
    that hypothesis can show and shrink an example holding it."""

    def __init__(self, kind: str, size: int) -> None:
        self.kind, self.size = kind, size

    def __repr__(self) -> str:
        return f"Lazy({self.kind!r}, {self.size})"

    def make(self) -> Any:
        if self.kind == "int":
            return 10**self.size  # past 4300 digits, str() and repr() refuse it
        if self.kind == "-int":
            return -(10**self.size)
        value: Any = ()
        for _ in range(self.size):
            value = (value,) if self.kind == "tuple" else [value] if self.kind == "list" else {"a": value}
        return value


def materialize(value: Any) -> Any:
    """``value`` with every :class:`Lazy` in it (in tuples, lists and actions) made."""
    if isinstance(value, Lazy):
        return value.make()
    if isinstance(value, Action):
        return Action(*(materialize(v) for v in value))
    if type(value) is tuple:
        return tuple(materialize(v) for v in value)
    if type(value) is list:
        return [materialize(v) for v in value]
    return value


NASTY_SCALARS: tuple[Any, ...] = (
    None, True, False, 0, 1, -1, 2, 3, 4, 5, 6, 7, 12, 14, 15, 18, 19, 20, 25, 53, 54, 71, 72, 95, 1000,
    2**31 - 1, 2**31, -(2**31) - 1, 2**63, 2**64 - 1, 2**64, -(2**64), 10**40, 10**41, 0.0, -0.0, 0.5, 1.0, 19.0,
    1e308, -1e308, 5e-324, "", " ", "\n", "\t", "0", "1", "-1", "true", "null", "1e999", "²", "main", "roll",
    "over", "setup", "setup_settlement", "setup_road", "discard", "robber", "road_building", "trade", "beginner",
    "random", "catan-save", "catan-scenario", "brick", "ore", "knight", "victory_point", "human", "strong",
    "#d7263d", "#D7263D", "#d7263d\n", "#fff", "x" * 41, "y" * 1001, "\u200b", "\x00", "\ud800", "a\nb", "Ana\u202e",
)


@functools.lru_cache(maxsize=None)
def nasty_values(depth: int = 2) -> st.SearchStrategy[Any]:
    """Values that bend a field: wrong types, bools for ints, edges of ranges, huge and
    negative numbers, floats, odd strings, containers, deep nesting, whole JSON trees."""
    out = st.one_of(
        st.sampled_from(NASTY_SCALARS),
        st.integers(),
        st.integers(-3, 100),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=12),
        deep_nesting(),
        st.lists(st.integers(-2, 25), max_size=7),
        json_values(max_leaves=8),
    )
    return out


@functools.lru_cache(maxsize=None)
def deep_nesting(most: int = 300) -> st.SearchStrategy[Any]:
    """A list or object nested ``depth`` levels deep."""

    def build(args: tuple[int, bool]) -> Any:
        depth, as_dict = args
        value: Any = []
        for _ in range(depth):
            value = {"a": value} if as_dict else [value]
        return value

    return st.tuples(st.sampled_from([2, 31, 32, 33, 100, most]), st.booleans()).map(build)


@functools.lru_cache(maxsize=None)
def lazy_values() -> st.SearchStrategy[Lazy]:
    """Huge numbers and very deep nesting, made when used."""
    return st.one_of(
        st.builds(Lazy, st.sampled_from(["int", "-int"]), st.sampled_from([4300, 5000])),
        st.builds(Lazy, st.sampled_from(["tuple", "list", "dict"]), st.sampled_from([1000, 20_000])),
    )


@functools.lru_cache(maxsize=None)
def json_values(max_leaves: int = 30) -> st.SearchStrategy[Any]:
    """Any JSON value (as :func:`json.loads` gives it; finite numbers)."""
    leaves = st.one_of(
        st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=10), st.sampled_from(NASTY_SCALARS[:60]),
    )
    return st.recursive(
        leaves,
        lambda inner: st.one_of(st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=8), inner, max_size=6)),
        max_leaves=max_leaves,
    )


def _children(node: Any) -> list[Any]:
    if type(node) is dict:
        return list(node)
    if type(node) is list:
        return list(range(len(node)))
    return []


Edit = tuple[tuple[Any, ...], str, Any]
"""One change to a JSON tree: the path to a node, the operation and its value."""


@st.composite
def edits(draw: st.DrawFn, data: Any, most: int = 3) -> list[Edit]:
    """1 to ``most`` changes anywhere in the JSON tree ``data`` (see :func:`apply_edits`): a
    value replaced (by a nasty one or a near one), a field or item deleted, one inserted, an
    item duplicated, a list reversed. Nodes are picked by walking down from the root."""
    out: list[Edit] = []
    for _ in range(draw(st.integers(1, most))):
        path: list[Any] = []
        node = data
        while _children(node) and (not path or draw(st.integers(0, 3)) > 0):  # mostly deeper
            keys = _children(node)
            key = keys[draw(st.integers(0, len(keys) - 1))]
            path.append(key)
            node = node[key]
        op = draw(st.sampled_from(["replace", "replace", "near", "delete", "insert", "duplicate", "reverse"]))
        if op in ("replace", "insert"):
            value = draw(nasty_values())
            if op == "insert":
                value = (draw(st.sampled_from(["x", "", "format", "seats", "state", "trade", "dice", "hand", "1"])), value)
        elif op == "near":
            value = draw(_near(node))
        else:
            value = None
        out.append((tuple(path), op, value))
    return out


def apply_edits(data: Any, changes: list[Edit]) -> Any:
    """A changed deep copy of ``data`` (edits whose path no longer exists are skipped)."""
    data = copy.deepcopy(data)
    for path, op, value in changes:
        if not path:
            data = copy.deepcopy(value) if op in ("replace", "near") else data
            continue
        parent = data
        try:
            for key in path[:-1]:
                parent = parent[key]
            key = path[-1]
            node = parent[key]
        except (KeyError, IndexError, TypeError):
            continue
        if type(parent) not in (dict, list):  # an earlier edit made a text of what held the path
            continue
        if op in ("replace", "near"):
            parent[key] = copy.deepcopy(value)
        elif op == "delete":
            del parent[key]
        elif op == "insert":
            name, item = value
            if type(parent) is dict:
                parent[name] = copy.deepcopy(item)
            else:
                parent.insert(key, copy.deepcopy(item))
        elif op == "duplicate":
            if type(parent) is list:
                parent.insert(key, copy.deepcopy(node))
            else:
                parent[key] = [node, copy.deepcopy(node)]
        elif op == "reverse" and type(node) is list:
            node.reverse()
    return data


def mutated(data: Any, most: int = 3) -> st.SearchStrategy[Any]:
    """``data`` with :func:`edits` applied."""
    return edits(data, most).map(lambda changes: apply_edits(data, changes))


def _near(value: Any) -> st.SearchStrategy[Any]:
    """A value close to ``value``: off by a little, the other type of number, a string form."""
    if type(value) is bool:
        return st.sampled_from([not value, int(value), str(value).lower()])
    if type(value) is int:
        return st.sampled_from([value + 1, value - 1, -value - 1, value * 2 + 1, float(value), str(value), value > 0,
                                value + 19, value + 54, value + 72, 2**64 + value])
    if type(value) is str:
        return st.sampled_from([value + "\n", " " + value, value.upper(), value[:-1], value + value, value + "\x00", ""])
    if type(value) is list:
        return st.sampled_from([value[:-1], value + value[-1:], value + [0], [*value, None], value[::-1], [value]])
    if type(value) is dict:
        return st.sampled_from([{}, {**value, "extra": 1}, {k: v for k, v in list(value.items())[1:]}, [value]])
    return st.just(value)


@st.composite
def mutated_text(draw: st.DrawFn, text: str) -> str:
    """``text`` with 1 to 3 textual changes: truncated, a span deleted or duplicated,
    random characters inserted or overwritten."""
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        j = draw(st.integers(i, min(len(text), i + 40)))
        op = draw(st.sampled_from(["truncate", "delete", "duplicate", "insert", "overwrite"]))
        if op == "truncate":
            text = text[:i]
        elif op == "delete":
            text = text[:i] + text[j:]
        elif op == "duplicate":
            text = text[:j] + text[i:j] + text[j:]
        else:
            noise = draw(st.one_of(st.text(min_size=1, max_size=6), st.sampled_from(JSON_TOKENS)))
            text = text[:i] + noise + text[i + (len(noise) if op == "overwrite" else 0):]
    return text


JSON_TOKENS: tuple[str, ...] = (
    "{", "}", "[", "]", ",", ":", '"', '\\"', "\\", "\\u0000", "\\ud800", "\\uDFFF", "\\n", "0", "-0", "1", "-1",
    "1.5", "1e5", "1E400", "-1e-400", "9" * 39, "9" * 41, "NaN", "Infinity", "-Infinity", "true", "false", "null",
    " ", "\n", "\t", "\u00a0", "\ufeff", "\x00", "²", '"a"', '"format"', '"catan-save"', '"catan-scenario"',
)


@st.composite
def json_like_texts(draw: st.DrawFn) -> str:
    """Text made of JSON tokens (some repeated many times) or arbitrary characters."""
    if draw(st.integers(0, 3)) == 0:
        return draw(st.text(max_size=200))
    parts = []
    for _ in range(draw(st.integers(0, 12))):
        token = draw(st.sampled_from(JSON_TOKENS))
        parts.append(token * draw(st.sampled_from([1, 1, 1, 2, 3, 50, 1000, 10_000])))
    return "".join(parts)


# --- saves -------------------------------------------------------------------------------------------


def check_save_data(data: Any, verify_history: bool, seed: int = 0) -> None:
    """``saves.load(data)``: refused with a FormatError, the data untouched, or sound."""
    before = fingerprint(data)
    STATS["saves"] += 1
    try:
        game = timed(lambda: saves.load(data, verify_history=verify_history), "saves.load")
    except CatanError as error:
        refusal(error, FormatError)
        assert fingerprint(data) == before, "a refused save was changed"
        return
    assert fingerprint(data) == before, "a loaded save was changed"
    check_sound(game, seed, replayable=verify_history)


def check_save_text(text: str, seed: int = 0) -> None:
    """``saves.loads(text)`` with and without the replay: refused or sound."""
    STATS["save texts"] += 1
    for verify in (True, False):
        try:
            game = timed(lambda: saves.loads(text, verify_history=verify), "saves.loads")
        except CatanError as error:
            refusal(error, FormatError)
            continue
        check_sound(game, seed, replayable=verify)


# --- scenarios -------------------------------------------------------------------------------------


@st.composite
def scenarios(draw: st.DrawFn) -> dict[str, Any]:
    """A scenario as a person might write one: pieces that mostly obey the distance rule and
    connect, hands, cards, a phase, and perhaps named award holders, dice and options."""
    n = draw(st.integers(2, MAX_SEATS))
    taken: set[int] = set()
    used_edges: set[int] = set()
    players = []
    for p in range(n):
        entry: dict[str, Any] = {}
        nodes = []
        for _ in range(draw(st.integers(0, 4))):
            free = [x for x in range(NODE_COUNT) if x not in taken and all(m not in taken for m in NODE_NODES[x])]
            if not free or draw(st.integers(0, 9)) == 0:
                x = draw(st.integers(0, NODE_COUNT - 1))  # perhaps breaking the distance rule
            else:
                x = free[draw(st.integers(0, len(free) - 1))]
            taken.add(x)
            nodes.append(x)
        roads = []
        ends = list(nodes)
        for _ in range(draw(st.integers(0, 9)) if nodes else 0):
            start = ends[draw(st.integers(0, len(ends) - 1))]
            options = [e for e in NODE_EDGES[start] if e not in used_edges]
            if not options:
                continue
            e = options[draw(st.integers(0, len(options) - 1))]
            used_edges.add(e)
            roads.append(e)
            ends.extend(EDGE_NODES[e])
        cities = [x for x in nodes if draw(st.integers(0, 3)) == 0]
        settlements = [x for x in nodes if x not in cities]
        if settlements or draw(st.booleans()):
            entry["settlements"] = settlements
        if cities:
            entry["cities"] = cities
        if roads:
            entry["roads"] = roads
        if draw(st.booleans()):
            entry["hand"] = {r: draw(st.integers(0, 9)) for r in draw(st.lists(st.sampled_from(RESOURCES), max_size=5, unique=True))}
        if draw(st.integers(0, 2)) == 0:
            entry["dev_cards"] = {c: draw(st.integers(0, 3)) for c in draw(st.lists(st.sampled_from(DEV_CARDS), max_size=3, unique=True))}
        if draw(st.integers(0, 3)) == 0:
            entry["knights_played"] = draw(st.integers(0, 5))
        if draw(st.integers(0, 5)) == 0:
            entry["played"] = {c: draw(st.integers(0, 2)) for c in draw(st.lists(st.sampled_from(DEV_CARDS[1:]), max_size=2, unique=True))}
        if draw(st.integers(0, 4)) == 0:
            entry["name"] = draw(st.sampled_from(["Ana", "Ben", " ", "Zoë", "x" * 40]))
        players.append(entry)
    data: dict[str, Any] = {"format": "catan-scenario", "players": players}
    if draw(st.booleans()):
        data["version"] = 1
    board = draw(st.sampled_from(["beginner", "beginner", None, "random"]))
    if board == "random":
        data["board"] = Board.random(Rng(draw(st.integers(0, 1000)))).to_json()
    elif board:
        data["board"] = board
    data["phase"] = draw(st.sampled_from([*SCENARIO_PHASES, "setup", "discard", "road_building", "main"]))
    if draw(st.booleans()):
        data["current"] = draw(st.integers(0, n - 1))
    if draw(st.integers(0, 2)) == 0:
        data["robber"] = draw(st.integers(0, HEX_COUNT - 1))
    if draw(st.integers(0, 2)) == 0:
        data["dice"] = draw(st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6)).map(list), max_size=4))
    if draw(st.booleans()):
        data["seed"] = draw(st.integers(0, 2**64 - 1))
    for key in ("longest_road", "largest_army"):
        if draw(st.integers(0, 4)) == 0:
            data[key] = draw(st.integers(0, n - 1))
    if draw(st.booleans()):
        data["options"] = {
            "vp_target": draw(st.sampled_from([3, 4, 5, 6, 10])),
            "discard_limit": draw(st.sampled_from([5, 7, 9])),
            "friendly_robber": draw(st.booleans()),
        }
    return data


def check_scenario_data(data: Any, seed: int = 0) -> None:
    """``load_scenario(data)``: refused with a FormatError, the data untouched, or sound."""
    before = fingerprint(data)
    STATS["scenarios"] += 1
    try:
        game = timed(lambda: load_scenario(data), "load_scenario")
    except CatanError as error:
        refusal(error, FormatError)
        assert fingerprint(data) == before, "a refused scenario was changed"
        return
    assert fingerprint(data) == before, "a loaded scenario was changed"
    check_sound(game, seed)


def check_scenario_text(text: str, seed: int = 0) -> None:
    """``parse_scenario(text)``: refused or sound."""
    STATS["scenario texts"] += 1
    try:
        game = timed(lambda: parse_scenario(text), "parse_scenario")
    except CatanError as error:
        refusal(error, FormatError)
        return
    check_sound(game, seed)


# --- actions ----------------------------------------------------------------------------------------

DIGITS = ("0", "1", "2", "3", "5", "9", "12", "19", "53", "71", "072", "-1", "-0", "999", "1000", "9" * 40,
          "²", "³", "١", "٣", "߂", "𝟘", "½", "Ⅻ", "0x1", "1_0", "1e3", "+1", "1.0")
SPACES = (" ", " ", " ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u2003", "\u3000", "\x0b", "\x1c", "\x85", "")
WORDS = (*A.KINDS, *RESOURCES, "to", "all", "-", "+", ">", ",", ":", "x", "ROAD", "Road", "desert", "wood")


_DIGIT, _KIND, _WORD, _SPACE = (st.sampled_from(x) for x in (DIGITS, A.KINDS, WORDS, SPACES))


@st.composite
def action_texts(draw: st.DrawFn) -> str:
    """Texts near the action grammar (``"<seat> <kind> <value>"``) or arbitrary ones."""
    if draw(st.integers(0, 4)) == 0:
        return draw(st.text(max_size=40))
    pieces = [draw(_DIGIT), draw(_KIND) if draw(st.integers(0, 5)) else draw(_WORD)]
    for _ in range(draw(st.integers(0, 8))):
        pieces.append(draw(st.one_of(_DIGIT, _WORD, st.sampled_from(["+", ">", ",", ":", " to "]))))
    text = pieces[0]
    for piece in pieces[1:]:
        text += draw(_SPACE) + piece
    if draw(st.integers(0, 9)) == 0:
        text = text * draw(st.sampled_from([2, 100, 1000]))
    return draw(_SPACE) + text + draw(_SPACE)


@functools.lru_cache(maxsize=None)
def _odd_scalars() -> st.SearchStrategy[Any]:
    return st.one_of(
        lazy_values(),
        st.sampled_from([None, True, False, 0, -1, 5, 19, 20, 72, 2**64, -(2**70), 10**40, 1.0, float("nan"),
                         float("inf"), "0", "", b"", b"0 roll", bytearray(b"1"), "²", (), [], {}, object(), ...]),
        st.integers(-3, 80), st.integers(), st.text(max_size=5), st.binary(max_size=5),
    )


@functools.lru_cache(maxsize=None)
def odd_values() -> st.SearchStrategy[Any]:
    """Any Python value, biased towards what an action value looks like: tuples of small
    numbers and of card counts, with a wrong type, size or range here and there."""
    cards = st.tuples(*[st.one_of(st.integers(0, 3), _odd_scalars()) for _ in range(5)])
    return st.recursive(
        st.one_of(_odd_scalars(), cards),
        lambda inner: st.one_of(st.tuples(inner), st.tuples(inner, inner), st.tuples(inner, inner, inner),
                                st.lists(inner, max_size=3), cards.map(list)),
        max_leaves=8,
    )


@st.composite
def action_inputs(draw: st.DrawFn, game: Game) -> Any:
    """Something to give :meth:`Game.apply`: a legal action, a legal or illegal action with a
    part bent, a random well-formed action, an action text, or any value at all."""
    legal = game.legal_actions()
    choice = draw(st.integers(0, 9))
    if choice <= 1 and legal:
        action = legal[draw(st.integers(0, len(legal) - 1))]
        return action.text() if choice == 1 else action
    if choice <= 3:
        base = legal[draw(st.integers(0, len(legal) - 1))] if legal else Action(0, "end")
        part = draw(st.integers(0, 2))
        bent = draw(st.one_of(_odd_scalars(), odd_values(), st.sampled_from(A.KINDS)))
        return Action(*(bent if i == part else base[i] for i in range(3)))
    if choice == 4:
        return random_action(Rng(draw(st.integers(0, 2**32))), game)
    if choice <= 6:
        return draw(action_texts())
    if choice == 7:
        return Action(draw(_odd_scalars()), draw(st.one_of(st.sampled_from(A.KINDS), st.text(max_size=8))), draw(odd_values()))
    return draw(odd_values())


def check_action_text(text: Any) -> None:
    """``Action.parse``: an action whose text reads back to itself, or InvalidActionError."""
    STATS["action texts"] += 1
    text = materialize(text)
    try:
        action = timed(lambda: Action.parse(text), "Action.parse")
    except CatanError as error:
        refusal(error)
        assert error.key.startswith("action."), error.key
        return
    STATS["parsed"] += 1
    A.validate_shape(action)
    assert Action.parse(action.text()) == action, f"{action.text()!r} does not read back to {action!r}"


def check_apply(game: Game, value: Any) -> bool:
    """Give ``value`` to ``is_legal``, ``check_action`` and ``apply`` of ``game``: applied only
    when legal (and then the invariants hold), else refused with the game byte-identical.
    Returns whether it was applied."""
    before = saves.dumps(game)
    STATS["action inputs"] += 1
    value = materialize(value)
    parsed = value
    if isinstance(value, str):
        try:
            parsed = Action.parse(value)
        except CatanError:
            parsed = None
    legal = timed(lambda: game.is_legal(parsed), "is_legal") if parsed is not None else False
    assert type(legal) is bool
    try:
        timed(lambda: game.check_action(value), "check_action")
    except CatanError as error:
        refusal(error)
        assert not (legal and not isinstance(value, str)), f"is_legal said yes but check_action refused {value!r}"
    else:
        assert legal, f"check_action passed {value!r} that is_legal refused"
    try:
        timed(lambda: game.apply(value), "apply")
    except CatanError as error:
        refusal(error)
        assert not legal, f"{value!r} was legal but apply refused it: {error!r}"
        after = saves.dumps(game)  # is_legal, check_action and apply all left it alone
        assert after == before, f"{value!r} was refused ({error.key}) but changed the game"
        return False
    assert legal, f"{value!r} was applied although is_legal refused it"
    STATS["applied"] += 1
    STATS["actions"] += 1
    check_invariants(game)
    return True


# --- the JSON reader ----------------------------------------------------------------------------------


def check_json_text(text: str, max_chars: int = 100_000) -> None:
    """``jsonread.parse``: a value (finite numbers, not too deep, that reads back the same)
    or a FormatError."""
    STATS["json texts"] += 1
    try:
        value = timed(lambda: jsonread.parse(text, max_chars), "jsonread.parse")
    except CatanError as error:
        refusal(error, FormatError)
        return
    STATS["json values"] += 1
    again = json.dumps(value, ensure_ascii=False)
    assert jsonread.parse(again, 10 * len(again) + 10) == value, "the value does not read back"
    assert _depth(value) <= jsonread.MAX_DEPTH


def _depth(value: Any) -> int:
    todo, best = [(value, 0)], 0
    while todo:
        node, depth = todo.pop()
        if type(node) in (list, dict):
            depth += 1
            best = max(best, depth)
            todo.extend((child, depth) for child in (node.values() if type(node) is dict else node))
    return best


# --- games mixing legal, illegal and malformed actions ------------------------------------------------


def mixed_game(seed: int, players: int = 4, board: str = "random", steps: int = 400,
               draw: Callable[[st.SearchStrategy[Any]], Any] | None = None, bad_every: int = 3) -> Game:
    """A random game where about one input in ``bad_every`` is not a listed legal action:
    a random well-formed action (``random_action``) or, when ``draw`` is given, anything
    :func:`action_inputs` makes. Every input goes through :func:`check_apply` (applied only
    when legal, else refused with the game unchanged; the invariants after every step)."""
    game = Game(Options(players=players, board=board, vp_target=(10, 5, 7)[seed % 3]), seed=seed)
    rng = Rng(seed)
    STATS["games"] += 1
    for step in range(steps):
        if game.phase == "over":
            break
        if rng.below(bad_every) == 0:
            value: Any = draw(action_inputs(game)) if draw is not None and rng.below(2) else random_action(rng, game)
        else:
            value = choose(game, rng)
        try:
            check_apply(game, value)
        except Exception as error:
            raise AssertionError(
                f"game seed {seed}, {players} seats, {board} board, step {step}: input {value!r}\n"
                f"position before it: {saves.dumps(game)}\n{error!r}"
            ) from error
    return game


# --- studies and share links (issue 28) -----------------------------------------------------------------

LINK_KINDS = tuple(share.KINDS)


@functools.lru_cache(maxsize=None)
def study_pool() -> tuple[str, ...]:
    """Study texts: games of the save pool from a step on (comments and questions here and
    there), a study starting from a save at a step, and the example scenarios with a few moves."""
    out = []
    for i in range(0, len(save_pool()), 4):
        game = pool_game(i)
        first = len(game.history) // 2
        study = studies.Study(f"Study {i}", from_game(_game_at(game, first)), comment="Here it starts.")
        study.moves = [studies.Move(a.text(), "Look." if j % 3 == 0 else None,
                                    studies.Question(hint="Think.") if j % 5 == 1 else None)
                       for j, a in enumerate(game.history[first:first + 12])]
        out.append(studies.dumps(_checked(study)))
    game = pool_game(3)
    study = studies.Study("From a save", json.loads(saves.dumps(game)), start_step=len(game.history) // 3)
    out.append(studies.dumps(_checked(study)))
    for i, text in enumerate(example_scenarios()[:6]):
        start = parse_scenario(text)
        line = play(start.copy(), Rng(i), 4)
        moves = [studies.Move(a.text(), None, studies.Question(also=None) if j == 1 else None)
                 for j, a in enumerate(line.history)]
        out.append(studies.dumps(_checked(studies.Study("Example", json.loads(text), moves=moves))))
    return tuple(out)


def _game_at(game: Game, step: int) -> Game:
    fresh = saves.start_of(game.options, game.seats, game.seed, game.origin)
    for action in game.history[:step]:
        fresh.apply(action)
    return fresh


def _checked(study: studies.Study) -> studies.Study:
    study.check()
    return study


@functools.lru_cache(maxsize=None)
def link_pool() -> tuple[str, ...]:
    """Links of every kind: scenarios, games at a step, studies, the editor's work."""
    out = [share.scenario_link(json.loads(text)) for text in example_scenarios()[:5]]
    for i in range(0, len(save_pool()), 9):
        game = pool_game(i)
        out.append(share.game_link(game, len(game.history) // 2 if i % 2 else None))
        out.append(share.scenario_link(from_game(game)))
    out += [share.pack("study", json.loads(text)) for text in study_pool()[::3]]
    editor = Editor.beginner(players=3)
    editor.place_building(1, 13)
    editor.toggle_mark("e5")
    editor.set_caption("A caption")
    out.append(share.editor_link(editor))
    return tuple(out)


def check_study_data(data: Any, seed: int = 0) -> None:
    """``study.load(data)``: refused with a FormatError, the data untouched, or sound: it
    writes back to the same data, every step is a sound position, the player judges moves."""
    before = fingerprint(data)
    STATS["studies"] += 1
    try:
        study = timed(lambda: studies.load(data), "study.load")
    except CatanError as error:
        refusal(error, FormatError)
        assert fingerprint(data) == before, "a refused study was changed"
        return
    assert fingerprint(data) == before, "a loaded study was changed"
    check_study(study, seed)
    assert studies.dump(study) == data, "the study does not round-trip"


def check_study(study: studies.Study, seed: int = 0) -> None:
    """A loaded study is sound: see :func:`check_study_data`."""
    STATS["accepted"] += 1
    rng = Rng(seed)
    player = studies.StudyPlayer(study)
    for step in range(study.length + 1):
        player.go(step)
        position = player.game
        check_invariants(position)
        if position.phase != "over":
            attempt = player.try_move(choose(position, rng))
            for lang in LANGUAGES:
                text = attempt.text(lang)
                assert text.strip() and not _PLACEHOLDER.search(text), (attempt, text)
    again = studies.loads(studies.dumps(study))
    assert studies.dump(again) == studies.dump(study)


def check_study_text(text: str, seed: int = 0) -> None:
    """``study.loads(text)``: refused or sound."""
    STATS["study texts"] += 1
    try:
        study = timed(lambda: studies.loads(text), "study.loads")
    except CatanError as error:
        refusal(error, FormatError)
        return
    check_study(study, seed)


def check_link(link: Any, seed: int = 0) -> None:
    """``share.read_link(link)``: refused with a FormatError, or what it holds is sound and
    its link round-trips: the same scenario or study, the same game (the record is what a
    save replays from, and may be written otherwise), the same editor's work."""
    STATS["links"] += 1
    try:
        shared = timed(lambda: share.read_link(link), "share.read_link")
    except CatanError as error:
        refusal(error, FormatError)
        return
    STATS["links read"] += 1
    if shared.scenario is not None:
        check_sound(load_scenario(shared.scenario), seed, steps=10)
        assert share.unpack(share.scenario_link(shared.scenario)) == share.unpack(link), "not the same scenario"
    elif shared.game is not None:
        check_sound(shared.game, seed, steps=10)
        again = share.read_link(share.game_link(shared.game, shared.step))
        assert again.game is not None and saves.dump(again.game) == saves.dump(shared.game), "not the same game"
        assert again.step == shared.step
    elif shared.study is not None:
        check_study(shared.study, seed)
        assert share.unpack(share.study_link(shared.study)) == share.unpack(link), "not the same study"
    else:
        editor = shared.editor
        assert editor is not None
        if not editor.problems():
            check_sound(editor.game(), seed, steps=10)
        again_editor = share.read_link(share.editor_link(editor)).editor
        assert again_editor is not None and again_editor.to_json() == editor.to_json(), "not the same work"


@st.composite
def hostile_links(draw: st.DrawFn) -> str:
    """Links built to hurt: a zip bomb (deflated runs of one byte, just past or far past the
    inflated limit), deep nesting, a huge JSON value, an unknown version or kind letter,
    a valid envelope around any JSON, or a pool link with its data swapped for another's."""
    kind = draw(st.sampled_from(LINK_KINDS))
    letter, choice = share.KINDS[kind], draw(st.integers(0, 6))
    if choice == 0:
        size = draw(st.sampled_from([share.MAX_INFLATED + 1, 3 * share.MAX_INFLATED, 60_000_000]))
        raw = _deflate(draw(st.sampled_from([b" ", b"[", b"0", b'"a",'])) * size)
    elif choice == 1:
        depth = draw(st.sampled_from([33, 1000, 100_000]))
        raw = _deflate(b"[" * depth + b"]" * depth)
    elif choice == 2:
        raw = _deflate(json.dumps({"format": "catan-study", "version": 1, "title": "x" * draw(
            st.sampled_from([10, 300, share.MAX_INFLATED])), "start": {}, "moves": []}).encode())
    elif choice == 3:
        return draw(st.sampled_from("qzSG")) + str(draw(st.integers(0, 10**6))) + "." + share.pack(kind, {})[3:]
    elif choice == 4:
        return share.pack(kind, draw(json_values(max_leaves=12)))
    elif choice == 5:
        pool = link_pool()
        data = pool[draw(st.integers(0, len(pool) - 1))]
        return letter + "1." + data.split(".", 1)[1]
    else:
        return f"{letter}{draw(st.sampled_from([0, 2, 99]))}." + share.pack(kind, {})[3:]
    return f"{letter}1." + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _deflate(data: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, zlib.MAX_WBITS, 9, zlib.Z_DEFAULT_STRATEGY, share.DICTIONARY)
    return packer.compress(data) + packer.flush()
