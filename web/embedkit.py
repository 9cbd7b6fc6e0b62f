"""The embed page's logic without the browser: reading its address, and one example position.

``embed.py`` (PyScript) only wires this to the page. Everything here runs in CPython too,
so the handling of hostile input is testable without a browser:

>>> params = read_params("?scenario=scenarios/roads.json&lang=de&mark=n16,e23,x9&mode=try&caption=Hi", "")
>>> params.scenario, params.lang, params.marks, params.bad_marks, params.mode
('scenarios/roads.json', 'de', ('n16', 'e23'), ('x9',), 'try')
>>> read_params("", "#%7B%22format%22%3A1%7D").fragment
'{"format":1}'
>>> import json; from pathlib import Path
>>> ex = Example.load(json.loads(Path(__file__).with_name("scenarios").joinpath("roads.json").read_text()), "en")
>>> ex.click_edge(23).message
"A road cannot continue through an opponent's settlement or city."
>>> ex.click_edge(6).message, ex.game.edge_owner[6]
(None, 0)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, unquote

from catan_core import almanac
from catan_core.actions import Action
from catan_core.board import RESOURCES
from catan_core.errors import CatanError
from catan_core.game import DEV_CARDS, Game
from catan_core.i18n import LANGUAGES, translate
from catan_core.places import event_text
from catan_core.scenarios import load_scenario

MAX_SCENARIO_CHARS = 100_000
"""Longer scenarios (file or fragment) are refused: a real one is a few hundred characters."""
MAX_CAPTION_CHARS = 500
MODES = ("view", "try")
_MARK_LIMITS = {"h": 19, "n": 54, "e": 72}


@dataclass(frozen=True)
class Params:
    """What the address asks for. ``lang`` is None when not given (or not a language we speak)."""

    scenario: str | None
    fragment: str
    lang: str | None
    caption: str
    marks: tuple[str, ...]
    bad_marks: tuple[str, ...]
    mode: str


def _is_mark(mark: str) -> bool:
    kind, digits = mark[:1], mark[1:]
    return kind in _MARK_LIMITS and digits.isdigit() and len(digits) <= 2 and int(digits) < _MARK_LIMITS[kind]


def read_params(search: str, hash_: str) -> Params:
    """Read ``location.search`` and ``location.hash`` (each with or without its ``?`` / ``#``)."""
    query = parse_qs(search.lstrip("?"), keep_blank_values=True)

    def one(name: str) -> str:
        values = query.get(name)
        return values[0] if values else ""

    lang = one("lang").strip().lower()
    marks: list[str] = []
    bad: list[str] = []
    for raw in one("mark").split(","):
        mark = raw.strip().lower()
        if mark:
            (marks if _is_mark(mark) else bad).append(mark)
    mode = one("mode").strip().lower()
    return Params(
        scenario=one("scenario").strip() or None,
        fragment=unquote(hash_.lstrip("#"), errors="replace"),
        lang=lang if lang in LANGUAGES else None,
        caption=one("caption")[:MAX_CAPTION_CHARS],
        marks=tuple(dict.fromkeys(marks)),
        bad_marks=tuple(bad[:5]),
        mode=mode if mode in MODES else "view",
    )


class ScenarioProblem(Exception):
    """A scenario that cannot be shown; ``key``/``params`` make the sentence (see :func:`problem_text`)."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def parse_scenario(text: str) -> dict[str, Any]:
    """The scenario dict in ``text``, or :class:`ScenarioProblem` (too long, not JSON, not an object)."""
    if len(text) > MAX_SCENARIO_CHARS:
        raise ScenarioProblem("embed.error.too_big")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ScenarioProblem("embed.error.invalid", reason_key="format.not_json") from None
    if not isinstance(data, dict):
        raise ScenarioProblem("embed.error.invalid", reason_key="format.not_a_scenario")
    return data


def problem_text(problem: ScenarioProblem, lang: str) -> str:
    """The sentence for a :class:`ScenarioProblem` in ``lang``."""
    params = dict(problem.params)
    reason_key = params.pop("reason_key", None)
    if reason_key is not None:
        params["reason"] = translate(reason_key, params.pop("reason_params", {}), lang)
    return translate(problem.key, params, lang)


@dataclass
class Outcome:
    """What a click or button did: an explanation when refused, with the almanac entry."""

    message: str | None = None
    why: str | None = None
    choices: list[Action] = field(default_factory=list)
    """Several moves fit the click (whom to rob): the page offers them as buttons."""


class Example:
    """One example position that a reader may play through (every seat is the reader's)."""

    def __init__(self, data: dict[str, Any], game: Game, lang: str) -> None:
        self.data = data
        self.game = game
        self.lang = lang
        self.names = [seat.name for seat in game.seats]

    @classmethod
    def load(cls, data: dict[str, Any], lang: str) -> "Example":
        """Build the position, or raise :class:`ScenarioProblem` explaining what is wrong."""
        try:
            game = load_scenario(data)
        except CatanError as error:
            raise ScenarioProblem(
                "embed.error.invalid", reason_key=error.key, reason_params=error.params
            ) from None
        except Exception:  # hostile shapes the format checks did not foresee  # noqa: BLE001
            raise ScenarioProblem("embed.error.invalid", reason_key="format.not_a_scenario") from None
        return cls(data, game, lang)

    def reset(self) -> None:
        """Back to the scenario's position."""
        self.game = load_scenario(self.data)

    def t(self, key: str, **params: Any) -> str:
        """A sentence in the example's language, naming seats by the scenario's names."""
        return translate(key, params, self.lang, self.names)

    # --- what the reader may do -----------------------------------------------------------

    @property
    def seat(self) -> int:
        """The seat that must act now (the reader plays it)."""
        return self.game.to_act

    def legal(self) -> list[Action]:
        """Legal actions of the seat that must act."""
        return self.game.legal_actions() if self.seat >= 0 else []

    def targets(self) -> tuple[list[int], list[int], list[int]]:
        """Intersections, paths and hexes that are legal click targets now."""
        nodes, edges, hexes = set(), set(), set()
        for a in self.legal():
            if a.kind in ("settlement", "city"):
                nodes.add(a.value)
            elif a.kind == "road":
                edges.add(a.value)
            elif a.kind == "robber":
                hexes.add(a.value[0])
        return sorted(nodes), sorted(edges), sorted(hexes)

    def apply(self, action: Action) -> Outcome:
        """Play ``action``, or explain in the language why the rules refuse it."""
        try:
            self.game.apply(action)
        except CatanError as error:
            return Outcome(self.t(error.key, **error.params), almanac.entry_for_error(error.key))
        return Outcome()

    def click_node(self, node: int) -> Outcome:
        """A click on an intersection: a settlement there, or a city on one's own settlement."""
        p, game = self.seat, self.game
        kind = "city" if game.node_owner[node] == p and not game.node_city[node] and game.phase == "main" else "settlement"
        return self.apply(Action(p, kind, node))

    def click_edge(self, edge: int) -> Outcome:
        """A click on a path: a road there."""
        return self.apply(Action(self.seat, "road", edge))

    def click_hex(self, hex_: int) -> Outcome:
        """A click on a hex: moves the robber there (when the robber must move)."""
        if self.game.phase != "robber":
            return Outcome()
        moves = [a for a in self.legal() if a.kind == "robber" and a.value[0] == hex_]
        if len(moves) == 1:
            return self.apply(moves[0])
        if len(moves) > 1:
            return Outcome(choices=moves)
        return self.apply(Action(self.seat, "robber", (hex_, -1)))

    # --- texts ----------------------------------------------------------------------------

    def prompt(self) -> str:
        """What the game waits for, as a sentence."""
        game = self.game
        if game.phase == "over":
            return self.t("embed.prompt.over", player=game.winner)
        p = self.seat
        if game.phase == "discard":
            return self.t("embed.prompt.discard", player=p, count=game.discards[p])
        if game.phase == "road_building":
            return self.t("embed.prompt.road_building", player=p, count=game.free_roads)
        return self.t("embed.prompt." + game.phase, player=p)

    def dev_list(self, seat: int) -> str:
        """The unplayed development cards of ``seat``, named in the language ('' when none)."""
        held = self.game.players[seat].dev
        names = [self.t("devcard." + DEV_CARDS[c]) for c in range(5) for _ in range(held[c])]
        return self.t("word.list_separator").join(names)

    def log(self, last: int = 6) -> list[str]:
        """The latest events as sentences (the reader plays every seat, so nothing is hidden)."""
        return [event_text(event, self.game.board, self.lang, self.names) for event in self.game.log[-last:]]


RESOURCE_KEYS = tuple("resource." + r for r in RESOURCES)
