"""The coach's words: moves and reasons as message keys with parameters, and their sentences.

What the coach says is data first: a :class:`Phrase` is a message key of the catalogs
(``catan_core/messages/``) with its parameters, the way the engine's events and errors
speak. Parameters are numbers: seats (``player``, ``victim``, ``target``), resources,
cards and counts, which :func:`~catan_core.i18n.translate` renders in the language, and
spots (``node``, ``edge``, ``hex``), which :func:`~catan_core.places.message_text` puts in
the words the game's log uses ("between fields 8, hills 10 and pasture 5").

>>> from catan_core.board import Board
>>> from catan_core.game import Game, Options
>>> game = Game(Options(players=3, board="beginner"), seed=3)
>>> game.apply("0 roll 4+4") and None
>>> phrase = action_phrase(Action(0, "road", 6), game.view(0))
>>> phrase
Phrase(key='coach.do.road', params={'edge': 6})
>>> say(phrase, Board.beginner(), "en")
'Build a road on the west shore of the forest 11'
>>> say(action_phrase(Action.parse("0 maritime wool>ore"), game.view(0)), Board.beginner(), "de")
'Tausche 4 Wolle gegen 1 Erz mit der Bank'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import actions as A
from ..actions import Action
from ..board import Board
from ..i18n import translate
from ..places import message_text
from ..state import ROAD_BUILDING_PHASE
from ..views import View

__all__ = ["DEFAULT_RATIO", "MAX_THEN", "SPOT_LETTERS", "Phrase", "action_phrase", "marks", "say", "sentence"]

DEFAULT_RATIO = 4
"""The bank's rate without a harbor (a view of a spectator has no ratios)."""
MAX_THEN = 4
"""Most of a plan's later steps a sentence names ("..., then build a city ...")."""

SPOT_LETTERS: dict[str, str] = {A.SETTLEMENT: "n", A.CITY: "n", A.ROAD: "e", A.ROBBER: "h"}
"""The moves that put something on the board, and the letter of the spot they name, as
:meth:`~catan_core.replay.Replay.marks` and the ``mark=`` of links name spots."""

_PLAIN_ACTIONS = frozenset({A.BUY, A.KNIGHT, A.ROAD_BUILDING, A.ROLL, A.END, A.ACCEPT, A.DECLINE, A.CANCEL})
"""Action kinds said without parameters."""


@dataclass(frozen=True)
class Phrase:
    """A message key of the catalogs and the parameters that fill it."""

    key: str
    params: Mapping[str, Any]


def action_phrase(action: Action, view: View, free_road: bool | None = None) -> Phrase:
    """What ``action`` does, as the coach says it (an imperative: "Build a city ..."):
    ``view`` is the position it is taken in (for the bank's rate); ``free_road``: whether a
    road is one of Road Building's (default: whether the view is placing them)."""
    kind, value = action.kind, action.value
    if free_road is None:
        free_road = view.phase == ROAD_BUILDING_PHASE
    if kind in _PLAIN_ACTIONS:
        return Phrase("coach.do." + kind, {})
    if kind in (A.SETTLEMENT, A.CITY):
        return Phrase("coach.do." + kind, {"node": value})
    if kind == A.ROAD:
        return Phrase("coach.do.free_road" if free_road else "coach.do.road", {"edge": value})
    if kind == A.YEAR_OF_PLENTY:
        return Phrase("coach.do.year_of_plenty", {"cards": [sum(1 for r in value if r == k) for k in range(5)]})
    if kind == A.MONOPOLY:
        return Phrase("coach.do.monopoly", {"resource": value})
    if kind == A.DISCARD:
        return Phrase("coach.do.discard", {"cards": list(value)})
    if kind == A.ROBBER:
        hexagon, victim = value
        if victim < 0:
            return Phrase("coach.do.robber_alone", {"hex": hexagon})
        return Phrase("coach.do.robber", {"hex": hexagon, "victim": victim})
    if kind == A.MARITIME:
        give, get = value
        count = view.ratios[give] if view.ratios is not None else DEFAULT_RATIO
        return Phrase("coach.do.maritime", {"count": count, "give_resource": give, "get_resource": get})
    if kind == A.OFFER:
        return Phrase("coach.do.offer", {"give": list(value[0]), "want": list(value[1]), "target": value[2]})
    if kind == A.COUNTER:  # the terms as the offerer sees them: the one countering gives what it wants
        return Phrase("coach.do.counter", {"give": list(value[1]), "want": list(value[0])})
    if kind == A.CONFIRM:
        return Phrase("coach.do.confirm", {"player": value})
    raise ValueError(f"no words for {action.text()}")


def marks(plan: Sequence[Action], seat: int) -> tuple[str, ...]:
    """The spots ``seat``'s moves of ``plan`` build on or move the robber to, in order
    (``n12``, ``e40``, ``h5``): what a page rings on the board.

    >>> marks([Action(0, "maritime", (2, 4)), Action(0, "city", 12), Action(0, "robber", (5, 1))], 0)
    ('n12', 'h5')
    """
    out = []
    for action in plan:
        letter = SPOT_LETTERS.get(action.kind)
        if letter and action.player == seat:
            out.append(f"{letter}{action.value[0] if action.kind == A.ROBBER else action.value}")
    return tuple(out)


def say(phrase: Phrase, board: Board, lang: str, names: Sequence[str] | None = None) -> str:
    """``phrase`` in ``lang``: its spots in words on ``board``, its seats by ``names`` (the
    seats' display names; default "Player 1", ...)."""
    return message_text(phrase.key, phrase.params, board, lang, names)


def _listed(parts: Sequence[str], lang: str) -> str:
    """``a, b and c`` in ``lang``."""
    if len(parts) < 2:
        return "".join(parts)
    separator = translate("word.list_separator", {}, lang)
    return translate("recap.and", {"items": separator.join(parts[:-1]), "last": parts[-1]}, lang)


def _continued(text: str) -> str:
    """A step's words inside a sentence ("then build ..."): every phrase starts with its
    verb, so only the first letter changes (Devanagari has no capitals)."""
    return text[:1].lower() + text[1:]


def sentence(
    action: Phrase,
    reasons: Sequence[Phrase],
    board: Board,
    lang: str,
    names: Sequence[str] | None = None,
    then: Sequence[Phrase] = (),
    other: Phrase | None = None,
) -> str:
    """One sentence: the move, its later steps (``then``, at most :data:`MAX_THEN`), and
    its reasons; with ``other``, the reasons are what the move does better than ``other``.

    >>> from catan_core.board import Board
    >>> build = Phrase("coach.do.city", {"node": 24})
    >>> sentence(build, [Phrase("coach.reason.points", {"count": 1, "total": 5})], Board.beginner(), "en")
    'Build a city between forest 5, the desert and hills 4 (east): 1 more point (5 in all).'
    """
    head = say(action, board, lang, names)
    steps = [_continued(say(step, board, lang, names)) for step in then[:MAX_THEN]]
    if steps:
        head = translate("coach.hint.then", {"action": head, "then": _listed(steps, lang)}, lang)
    if not reasons:
        return translate("coach.hint.alone", {"action": head}, lang)
    why = _listed([say(reason, board, lang, names) for reason in reasons], lang)
    if other is not None:
        params = {"action": head, "other": say(other, board, lang, names), "reasons": why}
        return translate("coach.hint.compared", params, lang)
    return translate("coach.hint.because", {"action": head, "reasons": why}, lang)
