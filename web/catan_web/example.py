"""The embeddable example board's logic without the browser: its address, and one example position.

:mod:`catan_web.embed_page` only wires this to ``embed.html``. Everything here runs in CPython
too, so the handling of hostile input is testable without a browser: the address is read by
:func:`read_params`, a scenario's text by :func:`parse_scenario` (through
:mod:`catan_core.jsonread`: bounded in size and depth) and :meth:`Example.load` (the engine's
:func:`~catan_core.scenarios.load_scenario`); whatever cannot be shown is a
:class:`ScenarioProblem` with a sentence in the reader's language.

>>> params = read_params("?scenario=scenarios/roads.json&lang=de&mark=n16,e23,x9&mode=try&caption=Hi", "")
>>> params.scenario, params.lang, params.marks, params.bad_marks, params.mode
('scenarios/roads.json', 'de', ('n16', 'e23'), ('x9',), 'try')
>>> read_params("", "#%7B%22format%22%3A1%7D").fragment
'{"format":1}'
>>> from pathlib import Path
>>> roads = Path(__file__).parents[1].joinpath("scenarios", "roads.json").read_text()
>>> ex = Example.read(roads, "en")
>>> ex.click("edge", 23).message
"A road cannot continue through an opponent's settlement or city."
>>> ex.click("edge", 6).message, ex.game.edge_owner[6]
(None, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, unquote

from catan_core import actions as A
from catan_core import almanac
from catan_core.actions import Action
from catan_core.board import EDGE_COUNT, HEX_COUNT, NODE_COUNT
from catan_core.errors import CatanError, FormatError
from catan_core.game import DEV_CARDS, Game
from catan_core.i18n import LANGUAGES, translate
from catan_core.jsonread import parse
from catan_core.places import event_text
from catan_core.scenarios import MAX_SCENARIO_CHARS, load_scenario

from . import targets as T
from .draft import can_add, cards_list, no_cards, year_of_plenty_prompt, year_of_plenty_room, year_of_plenty_size

MAX_CAPTION_CHARS = 500
MAX_BAD_MARKS = 5
"""Unknown spots named in the notice at most."""
MODES = ("view", "try")
MARK_LIMITS: dict[str, int] = {"h": HEX_COUNT, "n": NODE_COUNT, "e": EDGE_COUNT}
"""Spot kinds of ``mark=`` by their letter, with the number of spots of each."""


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
    return kind in MARK_LIMITS and digits.isdecimal() and digits.isascii() and len(digits) <= 2 and int(digits) < MARK_LIMITS[kind]


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
        bad_marks=tuple(bad[:MAX_BAD_MARKS]),
        mode=mode if mode in MODES else "view",
    )


class ScenarioProblem(Exception):
    """A scenario that cannot be shown; ``key``/``params`` make the sentence (see :func:`problem_text`)."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    @classmethod
    def invalid(cls, error: CatanError) -> "ScenarioProblem":
        """The scenario is refused by the engine for ``error``."""
        if error.key == "format.too_large":
            return cls("embed.error.too_big")
        return cls("embed.error.invalid", reason_key=error.key, reason_params=error.params)


def parse_scenario(text: str) -> dict[str, Any]:
    """The scenario object in ``text``, read by :func:`catan_core.jsonread.parse` (at most
    :data:`MAX_SCENARIO_CHARS` characters, bounded nesting); :class:`ScenarioProblem` when it
    is too long, not JSON, or not an object."""
    try:
        data = parse(text, MAX_SCENARIO_CHARS)
    except FormatError as error:
        raise ScenarioProblem.invalid(error) from None
    if type(data) is not dict:
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


@dataclass(frozen=True)
class Picker:
    """Resource cards being picked one click at a time: a discard or Year of Plenty."""

    kind: str
    """:data:`~catan_core.actions.DISCARD` or :data:`~catan_core.actions.YEAR_OF_PLENTY`."""
    label: str
    size: int
    """How many cards to pick."""
    room: tuple[bool, ...]
    """For each resource, whether one more may be picked."""
    action: Action
    """The action with the cards picked so far."""


class Example:
    """One example position that a reader may play through (every seat is the reader's)."""

    def __init__(self, data: dict[str, Any], game: Game, lang: str) -> None:
        self.data = data
        self.game = game
        self.lang = lang
        self.names = [seat.name for seat in game.seats]
        self.picks = no_cards()
        """Resource cards picked so far for a discard or a Year of Plenty, as counts."""

    @classmethod
    def load(cls, data: dict[str, Any], lang: str) -> "Example":
        """Build the position, or raise :class:`ScenarioProblem` explaining what is wrong."""
        try:
            game = load_scenario(data)
        except CatanError as error:
            raise ScenarioProblem.invalid(error) from None
        except Exception:  # hostile shapes the format checks did not foresee  # noqa: BLE001
            raise ScenarioProblem("embed.error.invalid", reason_key="format.not_a_scenario") from None
        return cls(data, game, lang)

    @classmethod
    def read(cls, text: str, lang: str) -> "Example":
        """The position of the scenario ``text`` (:func:`parse_scenario`, then :meth:`load`)."""
        return cls.load(parse_scenario(text), lang)

    @property
    def title(self) -> str:
        """The scenario's title ("" without one)."""
        title = self.data.get("title")
        return title if isinstance(title, str) else ""

    def reset(self) -> None:
        """Back to the scenario's position."""
        self.game = load_scenario(self.data)
        self.picks = no_cards()

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

    def targets(self) -> T.Targets:
        """Intersections, paths and hexes that are legal click targets now."""
        return T.targets(self.game.view(self.seat, with_log=False))

    def apply(self, action: Action) -> Outcome:
        """Play ``action``, or explain in the language why the rules refuse it."""
        try:
            self.game.apply(action)
        except CatanError as error:
            return Outcome(self.t(error.key, **error.params), almanac.entry_for_error(error.key))
        self.picks = no_cards()
        return Outcome()

    def click(self, element: str, ident: int) -> Outcome:
        """A click on board ``element`` (node, edge, hex) number ``ident`` (see
        :func:`catan_web.targets.click`): the move there, a choice of moves, or why not."""
        intent = T.click(self.game.view(self.seat, with_log=False), element, ident)
        if intent.choices:
            return Outcome(choices=list(intent.choices))
        if intent.action is not None:
            return self.apply(intent.action)
        return Outcome(self.t(intent.hint) if intent.hint else None)

    def picker(self) -> Picker | None:
        """The cards to pick now: a discard, or Year of Plenty when it may be played (None: neither)."""
        legal, p, picks = self.legal(), self.seat, self.picks
        if any(a.kind == A.DISCARD for a in legal):
            due, hand = self.game.discards[p], self.game.players[p].hand
            room = tuple(can_add(picks, r, hand, due) for r in range(len(picks)))
            label = self.t("embed.discard_pick", player=p, count=due)
            return Picker(A.DISCARD, label, due, room, Action(p, A.DISCARD, tuple(picks)))
        if not any(a.kind == A.YEAR_OF_PLENTY for a in legal):
            return None
        size = year_of_plenty_size(legal)
        key, params = year_of_plenty_prompt(size)
        action = Action(p, A.YEAR_OF_PLENTY, cards_list(picks))
        return Picker(A.YEAR_OF_PLENTY, self.t(key, **params), size, year_of_plenty_room(legal, picks), action)

    def pick(self, r: int) -> None:
        """Pick one more card of resource ``r`` while the picker has room for it."""
        picker = self.picker()
        if picker is not None and picker.room[r]:
            self.picks[r] += 1

    def clear_picks(self) -> None:
        """Drop the cards picked."""
        self.picks = no_cards()

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
        names = [self.t("devcard." + DEV_CARDS[c]) for c in range(len(DEV_CARDS)) for _ in range(held[c])]
        return self.t("word.list_separator").join(names)

    def log(self, last: int = 6) -> list[str]:
        """The latest events as sentences (the reader plays every seat, so nothing is hidden)."""
        return [event_text(event, self.game.board, self.lang, self.names) for event in self.game.log[-last:]]
