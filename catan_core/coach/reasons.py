"""Why a move is good: the quantities of the learned evaluation it changes, largest first.

The learned evaluation (:mod:`catan_core.bots.model`) gives every seat a score, a weighted
sum of named features, and turns the scores into chances to win. A move (or a plan: the
move and the rest of the turn as the learned player plans it) changes some features of some
seats; :func:`~catan_core.bots.model.plan_features` says which, and by how much. Here the
changed features are gathered into the quantities a person names (:data:`GROUPS`:
production, points, a harbor, room to settle, the races for Longest Road and Largest Army,
development cards, the hand against a 7, the cards toward a build), and each quantity's
**effect** on the player's chance is what its features change in the score, carried to
the player's log-chance to first order: a change of the player's own score counts
``1 - p`` times, a change of another seat ``q``'s score ``-p_q`` times (``p``: the chances
before the move). So a robbery counts by what it takes from its victim, more from a seat
likely to win. The reasons are the quantities with the largest positive effects, at most
:data:`MAX_REASONS`, each a message key of the catalogs with its parameters; a quantity
whose features moved but that has nothing to say in words (a production change of less
than a pip) is left out.

>>> from catan_core.bots.features import FEATURES, INDEX
>>> before = [[0.0] * len(FEATURES) for _ in range(2)]
>>> after = [row[:] for row in before]
>>> after[0][INDEX["points"]] = 1.0
>>> after[0][INDEX["pips_ore"]] = 5.0
>>> [(r.key, dict(r.params)) for r in reasons(before, after, 0, [0.5, 0.5], Context(target=10))]
[('coach.reason.points', {'count': 1, 'total': 1}), ('coach.reason.production_first', {'count': 5, 'resource': 4})]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..bots.features import INDEX
from ..bots.model import Model, default_model
from .words import Phrase

__all__ = ["GROUPS", "IGNORED", "MAX_REASONS", "MIN_EFFECT", "Context", "Reason", "reasons"]

GROUPS: dict[str, tuple[str, ...]] = {
    "points": ("points", "near_win", "very_near_win"),
    "production": (
        "pips_brick", "pips_lumber", "pips_wool", "pips_grain", "pips_ore", "resources", "city_rate",
        "settlement_rate", "card_rate", "road_rate", "pips_late",
    ),
    "harbor": ("generic_harbor", "special_harbor_pips"),
    "room": ("spots_now", "best_spot_near", "best_spot_far"),
    "road": ("road_length", "roads_to_longest", "road_lead"),
    "army": ("knights_played", "knights_to_army", "army_lead"),
    "cards": ("dev_cards", "knights_held", "hidden_points"),
    "hand": ("hand_size", "over_limit"),
    "progress": ("city_progress", "settlement_progress", "card_progress"),
}
"""The quantities reasons name, each with the features whose effects add up to it."""
IGNORED: tuple[str, ...] = ("moves_next", "moves_second")
"""Features no reason names: whose turn comes next (a move within a turn does not change it)."""
MAX_REASONS = 3
"""Most reasons given for one move."""
MIN_EFFECT = 0.005
"""Least effect on the log-chance a reason must have (about half a percent of the chance)."""
PIPS = ("pips_brick", "pips_lumber", "pips_wool", "pips_grain", "pips_ore")
"""The production features, by resource."""
BUILDS: dict[str, tuple[str, int]] = {
    "city_progress": ("city", 5), "settlement_progress": ("settlement", 4), "card_progress": ("card", 3),
}
"""The progress features: the build each counts toward and the cards it needs."""
ROOM: dict[str, str] = {"spots_now": "spots", "best_spot_near": "spot_near", "best_spot_far": "spot_far"}
"""The room features and the reason each gives."""


@dataclass(frozen=True)
class Reason(Phrase):
    """A reason: a message key of the catalogs and its parameters (see :class:`Phrase`),
    and its effect on the player's log-chance to win (to first order)."""

    effect: float = 0.0


@dataclass(frozen=True)
class Context:
    """What the words of reasons need beyond the feature rows."""

    target: int
    """Points that win."""
    harbors: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """Per seat, the resources of its 2:1 harbors after the move."""
    new_harbors: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """Per seat, the harbor types (0-4: 2:1 of that resource, 5: 3:1) the move adds."""
    quiet: frozenset[int] = frozenset()
    """Seats no reason names (one a plan only assumed accepts an offer made to all)."""
    skip: frozenset[str] = frozenset()
    """Quantities of :data:`GROUPS` no reason names (in the set-up, the point every spot gives)."""


Row = Sequence[float]
Said = tuple[str, dict[str, int]] | None
"""A reason's message key and parameters (None: nothing to say)."""
Words = Callable[[Row, Row, int, int, Context], Said]


def _d(before: Row, after: Row, name: str) -> float:
    i = INDEX[name]
    return after[i] - before[i]


def _v(row: Row, name: str) -> int:
    return round(row[INDEX[name]])


# --- the player's own quantities ---------------------------------------------------------------


def _points(before: Row, after: Row, me: int, q: int, ctx: Context) -> Said:
    count = round(_d(before, after, "points"))
    if count <= 0:
        return None
    total = round(after[INDEX["points"]] + after[INDEX["hidden_points"]])
    if total >= ctx.target:
        return "coach.reason.win", {}
    for race, key in (("roads_to_longest", "longest_road"), ("knights_to_army", "largest_army")):
        if before[INDEX[race]] > 0 and after[INDEX[race]] == 0:
            return f"coach.reason.points_{key}", {"count": count, "total": total}
    return "coach.reason.points", {"count": count, "total": total}


def _production(before: Row, after: Row, me: int, q: int, ctx: Context) -> Said:
    changes = [_d(before, after, name) for name in PIPS]
    count = round(sum(changes))
    if count <= 0:
        return None
    new = [r for r, name in enumerate(PIPS) if before[INDEX[name]] <= 0 < after[INDEX[name]]]
    if new:
        first = max(new, key=lambda r: after[INDEX[PIPS[r]]])
        return "coach.reason.production_first", {"count": count, "resource": first}
    return "coach.reason.production", {"count": count}


def _harbor(before: Row, after: Row, me: int, q: int, ctx: Context) -> Said:
    added = ctx.new_harbors.get(q, ())
    special = [h for h in added if h < 5]
    if special:
        return "coach.reason.harbor", {"resource": special[0]}
    if _d(before, after, "generic_harbor") > 0:
        return "coach.reason.harbor_generic", {}
    own = ctx.harbors.get(q, ())
    gains = [(round(_d(before, after, PIPS[r])), r) for r in own]
    count, resource = max(gains, default=(0, -1))
    if count <= 0:
        return None
    return "coach.reason.harbor_pips", {"count": count, "resource": resource}


def _best(before: Row, after: Row, names: Sequence[str], weights: Sequence[float]) -> str:
    """Of ``names``, the feature whose change adds most to the score."""
    return max(names, key=lambda name: weights[INDEX[name]] * _d(before, after, name))


def _room(before: Row, after: Row, me: int, q: int, ctx: Context) -> Said:
    weights = default_model().weights
    name = _best(before, after, tuple(ROOM), weights)
    if _d(before, after, name) <= 0:
        return None
    return "coach.reason." + ROOM[name], {"count": _v(after, name)}


def _race(
    before: Row, after: Row, lacks: str, lead: str, length: str, prefix: str,
) -> Said:
    if after[INDEX[lead]] > before[INDEX[lead]] and before[INDEX[lacks]] == 0:
        return f"coach.reason.{prefix}_lead", {"count": _v(after, lead)}
    if 0 < after[INDEX[lacks]] < before[INDEX[lacks]]:
        return f"coach.reason.{prefix}_closer", {"count": _v(after, lacks)}
    if _d(before, after, length) > 0:
        return f"coach.reason.{prefix}_length", {"count": _v(after, length)}
    return None


def _road(before: Row, after: Row, me: int, q: int, ctx: Context) -> Said:
    return _race(before, after, "roads_to_longest", "road_lead", "road_length", "longest_road")


def _army(before: Row, after: Row, me: int, q: int, ctx: Context) -> Said:
    return _race(before, after, "knights_to_army", "army_lead", "knights_played", "largest_army")


def _cards(before: Row, after: Row, me: int, q: int, ctx: Context) -> Said:
    count = round(_d(before, after, "dev_cards") + _d(before, after, "hidden_points"))
    return ("coach.reason.dev_cards", {"count": count}) if count > 0 else None


def _hand(before: Row, after: Row, me: int, q: int, ctx: Context) -> Said:
    if _d(before, after, "over_limit") < 0:
        if after[INDEX["over_limit"]] == 0:
            return "coach.reason.safe_from_seven", {"count": _v(after, "hand_size")}
        return "coach.reason.less_to_lose", {"count": round(-_d(before, after, "over_limit"))}
    count = round(_d(before, after, "hand_size"))
    return ("coach.reason.cards", {"count": count}) if count > 0 else None


def _progress(before: Row, after: Row, me: int, q: int, ctx: Context) -> Said:
    name = _best(before, after, tuple(BUILDS), default_model().weights)
    if _d(before, after, name) <= 0:
        return None
    build, need = BUILDS[name]
    have = round(math.sqrt(max(0.0, after[INDEX[name]])) * need)
    if have >= need:
        return f"coach.reason.ready.{build}", {}
    return f"coach.reason.progress.{build}", {"count": have}


OWN: dict[str, Words] = {
    "points": _points, "production": _production, "harbor": _harbor, "room": _room, "road": _road, "army": _army,
    "cards": _cards, "hand": _hand, "progress": _progress,
}
"""The words of each quantity for the player's own seat (None: nothing to say)."""


# --- another seat's quantities ---------------------------------------------------------------------


def _their_points(before: Row, after: Row, me: int, q: int, ctx: Context) -> Said:
    count = round(-_d(before, after, "points"))
    if count <= 0:
        return None
    for race, key in (("roads_to_longest", "longest_road"), ("knights_to_army", "largest_army")):
        if before[INDEX[race]] == 0 < after[INDEX[race]]:
            return f"coach.reason.their_{key}", {"player": q}
    return "coach.reason.their_points", {"player": q, "count": count}


def _their_production(before: Row, after: Row, me: int, q: int, ctx: Context) -> Said:
    count = round(-sum(_d(before, after, name) for name in PIPS))
    return ("coach.reason.their_production", {"player": q, "count": count}) if count > 0 else None


def _their_room(before: Row, after: Row, me: int, q: int, ctx: Context) -> Said:
    return ("coach.reason.their_room", {"player": q}) if any(_d(before, after, n) < 0 for n in ROOM) else None


def _their_road(before: Row, after: Row, me: int, q: int, ctx: Context) -> Said:
    return ("coach.reason.their_road", {"player": q}) if _d(before, after, "roads_to_longest") > 0 else None


def _their_army(before: Row, after: Row, me: int, q: int, ctx: Context) -> Said:
    return ("coach.reason.their_army", {"player": q}) if _d(before, after, "knights_to_army") > 0 else None


def _their_hand(before: Row, after: Row, me: int, q: int, ctx: Context) -> Said:
    count = round(-_d(before, after, "hand_size"))
    return ("coach.reason.their_cards", {"player": q, "count": count}) if count > 0 else None


def _their_progress(before: Row, after: Row, me: int, q: int, ctx: Context) -> Said:
    weights = default_model().weights
    name = min(BUILDS, key=lambda n: weights[INDEX[n]] * _d(before, after, n))
    if _d(before, after, name) >= 0:
        return None
    return f"coach.reason.their_progress.{BUILDS[name][0]}", {"player": q}


OTHERS: dict[str, Words] = {
    "points": _their_points, "production": _their_production, "room": _their_room, "road": _their_road,
    "army": _their_army, "hand": _their_hand, "progress": _their_progress,
}
"""The words of each quantity for another seat (the player gains when it loses)."""


def _leads(rows: Sequence[Row], q: int) -> bool:
    """Whether seat ``q`` has more public points than any other seat."""
    points = [row[INDEX["points"]] for row in rows]
    return all(points[q] > points[s] for s in range(len(rows)) if s != q)


def reasons(
    before: Sequence[Row], after: Sequence[Row], me: int, chances: Sequence[float], ctx: Context,
    model: Model | None = None, most: int = MAX_REASONS,
) -> list[Reason]:
    """Why the position ``after`` is better for seat ``me`` than ``before`` (every seat's
    feature rows of each, as ``me`` judges them; ``chances``: every seat's chance in
    ``before``): the quantities with the largest positive effects, at most ``most``."""
    weights = (model or default_model()).weights
    found: list[Reason] = []
    for q in range(len(before)):
        if q in ctx.quiet:
            continue
        b, a = before[q], after[q]
        words = OWN if q == me else OTHERS
        scale = (1 - chances[me]) if q == me else -chances[q]
        for group, names in GROUPS.items():
            if group not in words or group in ctx.skip:
                continue
            effect = scale * sum(weights[INDEX[n]] * (a[INDEX[n]] - b[INDEX[n]]) for n in names)
            if effect < MIN_EFFECT:
                continue
            said = words[group](b, a, me, q, ctx)
            if said is None:
                continue
            key, params = said
            if key == "coach.reason.their_production" and _leads(before, q):
                key, params = "coach.reason.their_production_leader", {**params, "points": _v(b, "points")}
            found.append(Reason(key, params, effect))
    found.sort(key=lambda r: -r.effect)
    return found[:most]

