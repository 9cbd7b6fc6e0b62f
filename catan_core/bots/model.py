"""The learned evaluation: each seat's chance to win, from one seat's view, and why.

A :class:`Model` gives every seat a score, the weighted sum of its named features
(:data:`~catan_core.bots.features.FEATURES`), and turns the scores into chances that add up
to one: ``exp(score_q) / sum_s exp(score_s)`` (a conditional logit). The weights were fitted
offline (``tools/train/``, see ``docs/bots.md``) and ship as small versioned JSON files read by
the careful reader (:mod:`catan_core.jsonread`): :data:`WEIGHTS_FILE`, the default, fitted on
self-play and on the standard level's games against Catanatron's value players, and
:data:`SELFPLAY_WEIGHTS_FILE`, fitted on self-play alone, which the strong level's search
reads. Playing evaluates them in pure Python.

Because the score is a sum, what a move changes is exact and named: the difference of one
feature times its weight. :func:`explain` lists each feature's value and contribution for a
seat, so a hint can say which quantity a move changed ("+3 pips of ore", "Longest Road
race"). Everything is computed from a :class:`~catan_core.views.View` alone: other seats'
hands come from card counting on the view's log, their development cards from their number.

>>> from catan_core.game import Game, Options
>>> game = Game(Options(players=4, board="beginner"), seed=1)
>>> odds = chances(game.view(0))
>>> len(odds), round(sum(odds), 6)
(4, 1.0)
>>> parts = explain(game.view(0), seat=0)
>>> parts[0].name in FEATURES and abs(sum(p.contribution for p in parts) - score(game.view(0), 0)) < 1e-9
True

:func:`changes` says what one action would change, feature by feature, for the seat that
takes it (a hint's reasons):

>>> from catan_core.actions import Action
>>> game.apply("0 roll 3+3") and None
>>> view = game.view(0)
>>> road = next(a for a in view.legal if a.kind == "road")
>>> [c.name for c in changes(view, road) if c.name == "road_length"]
['road_length']
"""

from __future__ import annotations

import importlib
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..actions import Action
from ..errors import FormatError
from ..events import Event
from ..game import Game
from ..jsonread import Obj, check_version, parse
from ..rng import Rng
from ..views import View
from .features import FEATURES, INDEX, Hand, position_features, unseen_shares
from .tracker import HandTracker

FORMAT = "catan-eval"
"""The ``format`` field of a weights file."""
VERSION = 1
"""The weights file version this code reads."""
WEIGHTS_FILE = "eval_weights.json"
"""The weights shipped with the game, beside this module: the standard level's, the coach's and
:func:`chances`' (fitted on self-play and on the standard level's games against Catanatron's
value players, ``docs/bots.md``)."""
SELFPLAY_WEIGHTS_FILE = "eval_weights_selfplay.json"
"""The weights the strong level values its playouts with, beside this module: fitted on self-play
of classic standard players only (the default weights until 28 November; the refitted ones are
not yet shown to win more for the strong level, ``docs/bots.md``)."""
MAX_CHARS = 100_000
"""Longest weights file accepted."""
MAX_WEIGHT = 1e6
"""Largest weight or mean accepted (in size)."""
MAX_NOTE = 2000
"""Longest note accepted."""


@dataclass(frozen=True)
class Change:
    """What an action changes in one feature of one seat."""

    name: str
    """The feature (one of :data:`~catan_core.bots.features.FEATURES`)."""
    before: float
    after: float
    effect: float
    """Weight times the change: what it adds to the seat's score (log-odds)."""


@dataclass(frozen=True)
class Contribution:
    """One feature of one seat: its value and what it adds to the seat's score."""

    name: str
    """The feature (one of :data:`~catan_core.bots.features.FEATURES`)."""
    value: float
    """Its value for the seat."""
    contribution: float
    """Weight times value: what it adds to the seat's score (log-odds)."""
    typical: float
    """Its mean value in the training positions (``contribution`` less ``weight *
    typical`` is what it adds compared with a typical seat)."""


class Model:
    """Weights of a conditional logit over :data:`~catan_core.bots.features.FEATURES`."""

    __slots__ = ("means", "note", "weights")

    def __init__(self, weights: Sequence[float], means: Sequence[float], note: str = "") -> None:
        if len(weights) != len(FEATURES) or len(means) != len(FEATURES):
            raise ValueError("a model needs one weight and one mean per feature")
        self.weights = tuple(float(w) for w in weights)
        self.means = tuple(float(m) for m in means)
        self.note = note
        """What the weights were fitted on."""

    def score(self, row: Sequence[float]) -> float:
        """A seat's score: the weighted sum of its features."""
        return sum(w * x for w, x in zip(self.weights, row, strict=True))

    def chances_of(self, rows: Sequence[Sequence[float]]) -> list[float]:
        """Every seat's chance to win from their feature rows (they add up to one)."""
        weights = self.weights
        scores = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in rows]
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return [e / total for e in exps]

    def position_chances(
        self, game: Game, viewer: int | None, hands: Sequence[Hand] | None = None, first: int | None = None,
    ) -> list[float]:
        """Every seat's chance as ``viewer`` knows ``game``: one evaluation (see
        :func:`~catan_core.bots.features.position_features` for the arguments; for a search)."""
        return self.chances_of(position_features(game, viewer, hands, first))

    def contributions(self, row: Sequence[float]) -> list[Contribution]:
        """Each feature of one row with what it adds to the score."""
        return [
            Contribution(name, x, w * x, m)
            for name, x, w, m in zip(FEATURES, row, self.weights, self.means, strict=True)
        ]

    def to_json(self) -> dict[str, Any]:
        """The weights file's content (:func:`load_model` reads it back)."""
        return {
            "format": FORMAT, "version": VERSION, "features": list(FEATURES), "weights": list(self.weights),
            "means": list(self.means), "note": self.note,
        }


def _is_number(value: Any) -> bool:
    return (type(value) is float or type(value) is int) and abs(value) <= MAX_WEIGHT


def load_model(text: str) -> Model:
    """Read a weights file (see :meth:`Model.to_json`), refusing with a
    :class:`~catan_core.errors.FormatError` anything that is not exactly one: another
    format or version, features other than this code's, a weight that is not a number.

    >>> load_model('{"format": "catan-eval", "version": 2}')
    Traceback (most recent call last):
    ...
    catan_core.errors.FormatError: Unsupported file version 2.
    """
    obj = Obj(parse(text, MAX_CHARS), "weights file")
    obj.str("format", (FORMAT,))
    check_version(obj.get("version"), VERSION)
    obj.only(("format", "version", "features", "weights", "means", "note"))
    names = obj.list("features", len(FEATURES))
    if names != list(FEATURES):
        raise obj.fail("features")
    k = len(FEATURES)
    weights = obj.get("weights", ok=lambda v: type(v) is list and len(v) == k and all(map(_is_number, v)))
    means = obj.get("means", ok=lambda v: type(v) is list and len(v) == k and all(map(_is_number, v)))
    return Model(weights, means, obj.str("note", max_len=MAX_NOTE, default=""))


_SHIPPED: dict[str, Model] = {}


def shipped_model(name: str = WEIGHTS_FILE) -> Model:
    """A weights file shipped beside this module (:data:`WEIGHTS_FILE` or
    :data:`SELFPLAY_WEIGHTS_FILE`), read once."""
    if name not in _SHIPPED:
        module = importlib.import_module(__package__ or "catan_core.bots")
        path = os.path.join(os.path.dirname(module.__file__ or ""), name)
        data: bytes = module.__spec__.loader.get_data(path)  # type: ignore[union-attr]
        _SHIPPED[name] = model_from_bytes(data)
    return _SHIPPED[name]


def default_model() -> Model:
    """The model shipped with the game (:data:`WEIGHTS_FILE`), read once."""
    return shipped_model(WEIGHTS_FILE)


def model_from_bytes(data: bytes) -> Model:
    """A weights file's bytes read by :func:`load_model` (bytes that are not UTF-8 refused
    with a :class:`~catan_core.errors.FormatError` too).

    >>> model_from_bytes(b"\\xff")
    Traceback (most recent call last):
    ...
    catan_core.errors.FormatError: ...
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise FormatError("format.not_json") from None
    return load_model(text)


# --- from a view ------------------------------------------------------------------------------

VIEW_GUESS_SEED = 0
"""Seed of the guess :func:`view_features` fills a view's hidden parts with (they are never
read: the features use only what the view shows)."""


def view_features(view: View, tracker: HandTracker | None = None) -> list[list[float]]:
    """Every seat's :data:`~catan_core.bots.features.FEATURES` as ``view.viewer`` knows them
    (another seat's hand: card counting on ``view.log``, or ``tracker`` when given, already
    fed with this view)."""
    from .determinize import determinize

    if tracker is None:
        tracker = HandTracker()
        tracker.update(view)
    game = determinize(view, Rng(VIEW_GUESS_SEED), tracker)
    hands = [tracker.expected(view, q) for q in range(len(view.players))]
    return position_features(game, view.viewer, hands)


def chances(view: View, model: Model | None = None) -> list[float]:
    """Every seat's chance to win as ``view.viewer`` can judge it (a spectator too):
    they add up to one."""
    return (model or default_model()).chances_of(view_features(view))


def score(view: View, seat: int, model: Model | None = None) -> float:
    """``seat``'s score (log-odds up to a constant shared by all seats) from ``view``."""
    return (model or default_model()).score(view_features(view)[seat])


def explain(view: View, seat: int, model: Model | None = None) -> list[Contribution]:
    """``seat``'s features from ``view`` with what each adds to its score, largest effect
    first. Compare two views (before and after a move) feature by feature to say what the
    move changed."""
    parts = (model or default_model()).contributions(view_features(view)[seat])
    return sorted(parts, key=lambda c: -abs(c.contribution))


def plan_features(
    view: View, plans: Sequence[Sequence[Action]], guess: Game | None = None,
) -> list[tuple[list[list[float]], int]]:
    """Every seat's features as ``view.viewer`` can judge them after each of ``plans``, with
    how many of the plan's actions were played.

    A plan is a list of actions played in order from the view's position (the first legal in
    the view; the others by any seat, e.g. an offer and its answer), all on one game guessed
    from the view (:func:`view_features`'s); a plan stops before an action that is not legal
    there (``guess``: another game guessed from the view to play them on, e.g. one where the
    seats of an open offer hold its cards). The empty plan gives the position as it stands.
    Hands: the viewer's own exactly, another seat's as card counting expects it, changed by
    what the plan moves in the open; a stolen card is spread over the victim's expected
    hand, a Monopoly takes what the others are expected to hold (never the cards the guess
    drew), and a development card the viewer buys counts as the unknown card it is (its
    expected share of Victory Points and Knights).
    """
    from .determinize import determinize

    me = view.viewer
    tracker = HandTracker()
    tracker.update(view)
    game = guess or determinize(view, Rng(VIEW_GUESS_SEED), tracker)
    hands = [tracker.expected(view, q) for q in range(len(view.players))]
    out = []
    for plan in plans:
        after_game = game.copy()
        events = []
        played = 0
        for action in plan:
            if not after_game.is_legal(action):
                break
            events += after_game.apply(action, check=False)
            played += 1
        if not played:
            out.append((position_features(game, me, hands), 0))
            continue
        out.append((_features_after(game, after_game, me, hands, events), played))
    return out


def _features_after(
    game: Game, after_game: Game, me: int | None, hands: Sequence[Hand], events: list[Event],
) -> list[list[float]]:
    """Every seat's features in ``after_game``, reached from ``game`` (see :func:`plan_features`)."""
    n = len(game.players)
    bought = [0] * 5
    if me is not None:
        bought = [after_game.players[me].dev_new[c] - game.players[me].dev_new[c] for c in range(5)]
        for c in range(5):
            after_game.players[me].dev[c] -= max(0, bought[c])
    hands_after = [
        [float(h) for h in after_game.players[q].hand] if q == me
        else [h + a - b for h, a, b in zip(hands[q], after_game.players[q].hand, game.players[q].hand, strict=True)]
        for q in range(n)
    ]
    for event in events:
        if event.kind == "steal" and event.secret is not None:  # the guess's card back, the expected one taken
            thief, victim, r = event.player, event.data["victim"], event.secret["resource"]
            hands_after[thief][r] -= 1
            hands_after[victim][r] += 1
            size = sum(max(0.0, x) for x in hands_after[victim])
            for k in range(5):
                share = max(0.0, hands_after[victim][k]) / size if size > 0 else 0.0
                hands_after[thief][k] += share
                hands_after[victim][k] -= share
        elif event.kind == "monopoly":
            r = event.data["resource"]
            for q in range(n):
                if q != event.player:
                    hands_after[event.player][r] += hands_after[q][r]
                    hands_after[q][r] = 0.0
    rows = position_features(after_game, me, hands_after)
    cards = sum(max(0, b) for b in bought)
    if cards and me is not None:
        vp_share, knight_share = unseen_shares(after_game, me)
        mine = rows[me]
        mine[INDEX["hidden_points"]] += cards * vp_share
        mine[INDEX["dev_cards"]] += cards * (1 - vp_share)
        mine[INDEX["knights_held"]] += cards * knight_share
    return rows


def changes(view: View, action: Action, seat: int | None = None, model: Model | None = None) -> list[Change]:
    """What ``action`` (legal in ``view``, by ``view.viewer``) changes in ``seat``'s features
    (default: the viewer's), as the viewer can judge it: the features that change, the
    largest effect on the score first (see :func:`plan_features` for how hidden cards count).
    """
    model = model or default_model()
    me = view.viewer
    if me is None:
        raise ValueError("a spectator takes no action")
    seat = me if seat is None else seat
    (before, _), (after, played) = plan_features(view, [(), (action,)])
    if not played:
        raise ValueError(f"{action.text()} is not legal in the view")
    out = [
        Change(name, b, a, w * (a - b))
        for name, b, a, w in zip(FEATURES, before[seat], after[seat], model.weights, strict=True) if a != b
    ]
    return sorted(out, key=lambda c: -abs(c.effect))
