"""The embeddable example board's logic without the browser: its address, and one example position.

:mod:`catan_web.embed_page` only wires this to ``embed.html``. Everything here runs in CPython
too, so the handling of hostile input is testable without a browser: the address is read by
:func:`read_params`, the text shown by :func:`read_shown` (through
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

The frame shows more than scenarios: :func:`read_shown` also takes a game's save (its last
position, or a given step), a study (its start) and a share link (:mod:`catan_core.share`),
each as the scenario of the position to show. :func:`embed_address` and :func:`iframe_snippet`
write the address :func:`read_params` reads:

>>> import json
>>> from catan_core.share import scenario_link
>>> address = embed_address(scenario_link(json.loads(roads)), lang="de", mode="try", marks=("n16", "e23"),
...                         caption="Wohin darf Ana bauen?")
>>> address[:address.index("#") + 4]
'embed.html?lang=de&mode=try&mark=n16,e23&caption=Wohin%20darf%20Ana%20bauen%3F#s1.'
>>> params = read_params(*address.split("?", 1)[1].split("#", 1))
>>> params.caption, read_shown(params.fragment).kind
('Wohin darf Ana bauen?', 'scenario')
>>> print(iframe_snippet(address, "Catan: where a road may go", 640, 600)[:60])
<iframe class="catan" src="embed.html?lang=de&amp;mode=try&a
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, quote, unquote

from catan_core import actions as A, almanac
from catan_core.actions import Action
from catan_core.board import EDGE_COUNT, HEX_COUNT, NODE_COUNT
from catan_core.errors import CatanError, FormatError
from catan_core.game import DEV_CARDS, Game
from catan_core.i18n import LANGUAGES, escape_markup, translate
from catan_core.jsonread import parse
from catan_core.places import event_text
from catan_core.saves import MAX_SAVE_CHARS
from catan_core.scenarios import MAX_SCENARIO_CHARS, SCENARIO_FORMAT, load_scenario

from . import targets as T
from .draft import can_add, cards_list, no_cards, year_of_plenty_prompt, year_of_plenty_room, year_of_plenty_size

if TYPE_CHECKING:  # imported where used: a plain scenario is read without them
    from catan_core.study import Study

MAX_CAPTION_CHARS = 500
MAX_BAD_MARKS = 5
"""Unknown spots named in the notice at most."""
MODES = ("view", "try")
MAX_STEP_DIGITS = 6
"""Longest ``step=`` read (a game has fewer than a million steps)."""
MARK_LIMITS: dict[str, int] = {"h": HEX_COUNT, "n": NODE_COUNT, "e": EDGE_COUNT}
"""Spot kinds of ``mark=`` by their letter, with the number of spots of each."""


@dataclass(frozen=True)
class Params:
    """What the address asks for. ``lang`` is None when not given (or not a language we speak)."""

    scenario: str | None
    """A file of the site to show (``scenario=``, or ``study=``: a file of any kind)."""
    fragment: str
    lang: str | None
    caption: str
    marks: tuple[str, ...]
    bad_marks: tuple[str, ...]
    mode: str
    step: int | None = None
    """The step of a game to show (``step=``; None: its last)."""


def _is_mark(mark: str) -> bool:
    kind, digits = mark[:1], mark[1:]
    return (
        kind in MARK_LIMITS
        and digits.isdecimal()
        and digits.isascii()
        and len(digits) <= 2
        and int(digits) < MARK_LIMITS[kind]
    )


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
    step = one("step").strip()
    return Params(
        scenario=(one("scenario") or one("study")).strip() or None,
        fragment=unquote(hash_.lstrip("#"), errors="replace"),
        lang=lang if lang in LANGUAGES else None,
        caption=one("caption")[:MAX_CAPTION_CHARS],
        marks=tuple(dict.fromkeys(marks)),
        bad_marks=tuple(bad[:MAX_BAD_MARKS]),
        mode=mode if mode in MODES else "view",
        step=int(step) if step.isascii() and step.isdecimal() and len(step) <= MAX_STEP_DIGITS else None,
    )


class ScenarioProblem(Exception):
    """A scenario that cannot be shown; ``key``/``params`` make the sentence (see :func:`problem_text`)."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    @classmethod
    def invalid(cls, error: CatanError, kind: str = "scenario") -> ScenarioProblem:
        """What was given (a ``kind`` of :data:`REFUSALS`) is refused by the engine for ``error``."""
        if error.key == "format.too_large" and kind == "scenario":
            return cls("embed.error.too_big")
        return cls(REFUSALS.get(kind, REFUSALS["scenario"]), reason_key=error.key, reason_params=error.params)


REFUSALS: dict[str, str] = {
    "scenario": "embed.error.invalid",
    "editor": "embed.error.invalid",
    "game": "embed.error.invalid_game",
    "study": "embed.error.invalid_study",
}
"""The sentence saying that what was given cannot be shown, by its kind (:func:`kind_of`)."""


def kind_of(text: str) -> str:
    """What ``text`` means to be, to say what cannot be shown: the kind of a share link (by
    its letter), else of a JSON object by its ``format`` (``scenario`` when it says nothing
    readable).

    >>> kind_of("t1.eNqr"), kind_of('{"format": "catan-save", "version": 99}'), kind_of("[[[")
    ('study', 'game', 'scenario')
    >>> kind_of('{"format": "catan-study", "title": ' + "[" * 10_000)
    'study'
    """
    from catan_core import saves, share, study

    if share.is_link(text):
        letter = text.rpartition("#")[2].strip()[:1]
        return next((kind for kind, mark in share.KINDS.items() if mark == letter), "scenario")
    formats = {saves.FORMAT: "game", study.STUDY_FORMAT: "study"}
    try:
        data = parse(text, MAX_SAVE_CHARS)
    except FormatError:  # too long, too deep, not JSON: what its start says it is
        said = _FORMAT_SAID.search(text[:MAX_FORMAT_SEARCH])
        return formats.get(said.group(1), "scenario") if said else "scenario"
    named = data.get("format") if type(data) is dict else None
    return formats.get(named, "scenario") if isinstance(named, str) else "scenario"


_FORMAT_SAID = re.compile(r'"format"\s*:\s*"([a-z-]{1,40})"')
"""A JSON text's ``format`` field, as it starts (for a text that cannot be read)."""
MAX_FORMAT_SEARCH = 1000
"""How far into a text that cannot be read its ``format`` is looked for."""


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


def problem_text(problem: ScenarioProblem, lang: str, names: Sequence[str] | None = None) -> str:
    """The sentence for a :class:`ScenarioProblem` in ``lang``, seats called by ``names``
    (the scenario's, when it could be read)."""
    params = dict(problem.params)
    reason_key = params.pop("reason_key", None)
    if reason_key is not None:
        params["reason"] = translate(reason_key, params.pop("reason_params", {}), lang, names)
    return translate(problem.key, params, lang, names)


@dataclass(frozen=True)
class Shown:
    """What a text given to the frame holds (see :func:`read_shown`): always the position to
    show as a scenario, and what it came from."""

    kind: str
    """``scenario``, ``game`` (a save or a game's link), ``study`` or ``editor`` (the
    editor's link)."""
    scenario: dict[str, Any]
    """The position shown, as a scenario: the scenario itself, a game's step exactly
    (:func:`~catan_core.scenarios.from_game`), a study's start, the editor's position."""
    game: Game | None = None
    """The recorded game of a save or a game's link."""
    step: int | None = None
    """The game's step shown."""
    study: Study | None = None
    """The study of a study or a study's link."""
    marks: tuple[str, ...] = ()
    """An editor link's marks."""
    caption: str = ""
    """An editor link's caption."""


def read_shown(text: str, step: int | None = None) -> Shown:
    """What ``text`` holds: a scenario, a game's save, a study (each as JSON) or a share
    link (:mod:`catan_core.share`); a game at ``step`` (None: the link's step, else its last
    step). Read with the careful reader; a :class:`~catan_core.errors.FormatError` when it
    is none of them or not sound. Only a scenario is read without the modules of the others.

    >>> read_shown('{"format": "catan-save", "version": 2}')
    Traceback (most recent call last):
    ...
    catan_core.errors.FormatError: Unsupported file version 2.
    >>> read_shown('{"format": "chess-game"}')
    Traceback (most recent call last):
    ...
    catan_core.errors.FormatError: This is not a Catan scenario.
    """
    from catan_core import share

    if isinstance(text, str) and share.is_link(text):
        shared = share.read_link(text)
        if shared.editor is not None:
            editor = shared.editor
            return Shown("editor", editor.to_scenario(), marks=editor.marks, caption=editor.caption)
        if shared.game is not None:
            return _game_shown(shared.game, shared.step if step is None else step)
        if shared.study is not None:
            return _study_shown(shared.study)
        assert shared.scenario is not None
        return Shown("scenario", shared.scenario)
    data = parse(text, MAX_SAVE_CHARS)
    kind = data.get("format") if type(data) is dict else None
    if kind == SCENARIO_FORMAT:
        if len(text) > MAX_SCENARIO_CHARS:
            raise FormatError("format.too_large", limit=MAX_SCENARIO_CHARS)
        return Shown("scenario", data)
    from catan_core import saves, study

    if kind == saves.FORMAT:
        return _game_shown(saves.load(data), step)
    if kind == study.STUDY_FORMAT:
        if len(text) > study.MAX_STUDY_CHARS:
            raise FormatError("format.too_large", limit=study.MAX_STUDY_CHARS)
        return _study_shown(study.load(data))
    raise FormatError("format.not_a_scenario")  # what the frame shows first and most


def _game_shown(game: Game, step: int | None) -> Shown:
    from catan_core.replay import Replay
    from catan_core.scenarios import from_game

    replay = Replay(game)
    step = replay.go(replay.length if step is None else step)
    return Shown("game", from_game(replay.game), game=game, step=step)


def _study_shown(study: Study) -> Shown:
    from catan_core.scenarios import from_game

    return Shown("study", from_game(study.position(0), study.title), study=study)


def embed_address(
    fragment: str = "",
    *,
    page: str = "embed.html",
    scenario: str | None = None,
    lang: str | None = None,
    mode: str = "view",
    marks: Sequence[str] = (),
    caption: str = "",
    step: int | None = None,
) -> str:
    """The frame's address that :func:`read_params` reads back: ``page`` with the query and
    ``fragment`` (a share link's data, :mod:`catan_core.share`). Marks that name no spot,
    an unknown language or mode are refused (ValueError); the caption is cut to
    :data:`MAX_CAPTION_CHARS`."""
    if (lang is not None and lang not in LANGUAGES) or mode not in MODES or not all(_is_mark(m) for m in marks):
        raise ValueError("not a language, mode or spot the frame knows")
    query = [
        ("scenario", scenario),
        ("lang", lang),
        ("mode", None if mode == "view" else mode),
        ("mark", ",".join(dict.fromkeys(marks)) or None),
        ("caption", caption[:MAX_CAPTION_CHARS] or None),
        ("step", None if step is None else str(step)),
    ]
    search = "&".join(f"{name}={quote(value, safe=',/')}" for name, value in query if value is not None)
    return page + ("?" + search if search else "") + ("#" + fragment if fragment else "")


EDITOR_PAGE = "editor.html"
"""The board editor's page, beside the frame's."""


def editor_url(lang: str, fragment: str = "") -> str:
    """The board editor's address (relative to the site) in ``lang``, with ``fragment`` (a
    share link's data, or a scenario's URL-encoded JSON) loaded.

    >>> editor_url("hi"), editor_url("en", "e1.eNq")
    ('editor.html?lang=hi', 'editor.html?lang=en#e1.eNq')
    """
    return f"{EDITOR_PAGE}?lang={lang}" + (f"#{fragment}" if fragment else "")


def iframe_snippet(address: str, title: str, width: int = 640, height: int = 600) -> str:
    """A ready ``<iframe>`` for an author's page: the frame at ``address`` (made absolute by
    the page that offers the snippet), named by ``title`` for screen readers, as wide as the
    page allows up to ``width`` pixels and ``height`` pixels high."""
    return (
        f'<iframe class="catan" src="{escape_markup(address)}" title="{escape_markup(title)}"\n'
        f'        style="width: 100%; max-width: {int(width)}px; height: {int(height)}px; border: 0"\n'
        f'        loading="lazy"></iframe>'
    )


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
        """The scenario shown (empty for a position given as a game: :meth:`of_game`)."""
        self.game = game
        self.start = game.copy()
        """The position :meth:`reset` goes back to."""
        self.lang = lang
        self.names = [seat.name for seat in game.seats]
        self.picks = no_cards()
        """Resource cards picked so far for a discard or a Year of Plenty, as counts."""

    @classmethod
    def of_game(cls, game: Game, lang: str) -> Example:
        """The position of ``game`` (a study's step): played on, it goes back to ``game``."""
        return cls({}, game, lang)

    @classmethod
    def load(cls, data: dict[str, Any], lang: str) -> Example:
        """Build the position, or raise :class:`ScenarioProblem` explaining what is wrong."""
        try:
            game = load_scenario(data)
        except CatanError as error:
            raise ScenarioProblem.invalid(error) from None
        except Exception:  # hostile shapes the format checks did not foresee
            raise ScenarioProblem("embed.error.invalid", reason_key="format.not_a_scenario") from None
        return cls(data, game, lang)

    @classmethod
    def read(cls, text: str, lang: str, step: int | None = None) -> Example:
        """The position ``text`` holds (:func:`read_shown`: a scenario, a save at ``step``, a
        study's start or a share link), then :meth:`load`."""
        try:
            shown = read_shown(text, step)
        except FormatError as error:
            raise ScenarioProblem.invalid(error, kind_of(text)) from None
        return cls.load(shown.scenario, lang)

    @property
    def title(self) -> str:
        """The scenario's title ("" without one)."""
        title = self.data.get("title")
        return title if isinstance(title, str) else ""

    def reset(self) -> None:
        """Back to the position first shown."""
        self.game = self.start.copy()
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
        intent = self.intent(element, ident)
        if intent.choices:
            return Outcome(choices=list(intent.choices))
        if intent.action is not None:
            return self.apply(intent.action)
        return Outcome(self.t(intent.hint) if intent.hint else None)

    def intent(self, element: str, ident: int) -> T.Intent:
        """What a click on board ``element`` number ``ident`` means now, without playing it."""
        return T.click(self.game.view(self.seat, with_log=False), element, ident)

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
