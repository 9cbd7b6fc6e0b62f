"""What a person is in the middle of choosing, and the card pickers' limits.

A :class:`Draft` is never part of the game: a build mode, a trade being composed, cards to
discard, Year of Plenty picks. Pickers never go past what is there to pick: a side that the
person gives is capped by their hand, Year of Plenty picks by the legal actions (so by what
the bank holds). The functions here are shared by the game page
(:class:`~catan_web.session.Session`) and the example board (:mod:`catan_web.example`).

>>> step((1, 0, 0, 0, 0), 0, 1, caps=(1, 5, 5, 5, 5))  # no second brick: only one is held
(1, 0, 0, 0, 0)
>>> step((0, 2, 0, 0, 0), 3, 1, caps=(5,) * 5, total=2)  # two cards are due: no third
(0, 2, 0, 0, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from catan_core.names import RESOURCES

if TYPE_CHECKING:
    from catan_core.actions import Action

RESOURCE_COUNT = len(RESOURCES)
Cards = tuple[int, ...]
"""A count per resource."""
NO_CARDS: Cards = (0,) * RESOURCE_COUNT
"""A count of zero for each resource."""


def no_cards() -> list[int]:
    """A count of zero for each resource."""
    return [0] * RESOURCE_COUNT


class Draft(NamedTuple):
    """What the person who acts is in the middle of choosing (never part of the game): a value,
    each component of the game page editing its own fields."""

    mode: str | None = None
    """A build kind (road, settlement, city) whose targets the board highlights, or a card
    chooser (year_of_plenty, monopoly), or "victim" while choosing whom to rob."""
    robber_hex: int = -1
    """The hex chosen for the robber while the victim is being chosen."""
    picks: Cards = NO_CARDS
    """Resources picked for Year of Plenty, as counts."""
    discard: Cards = NO_CARDS
    give: Cards = NO_CARDS
    """Cards the person would give in a domestic offer or counter-offer (their own view)."""
    want: Cards = NO_CARDS
    target: int = -1
    """The seat a domestic offer goes to (-1: everyone)."""
    countering: bool = False
    maritime_give: int = -1
    maritime_get: int = -1

    def with_mode(self, mode: str | None) -> Draft:
        """A fresh draft in ``mode`` that keeps the trades being composed."""
        return Draft(
            mode=mode,
            give=self.give,
            want=self.want,
            target=self.target,
            maritime_give=self.maritime_give,
            maritime_get=self.maritime_get,
        )

    def after_maritime(self) -> Draft:
        """The draft after a maritime trade: the same resources stay chosen for another one."""
        return Draft(maritime_give=self.maritime_give, maritime_get=self.maritime_get)


def can_add(counts: Sequence[int], r: int, caps: Sequence[int], total: int | None = None) -> bool:
    """Whether one more card of resource ``r`` may be picked: at most ``caps[r]`` of it and,
    with ``total``, at most that many cards in all."""
    return counts[r] < caps[r] and (total is None or sum(counts) < total)


def step(counts: Sequence[int], r: int, delta: int, caps: Sequence[int], total: int | None = None) -> Cards:
    """``counts`` with resource ``r`` moved by ``delta`` (+1 or -1), never below 0 nor past
    the limits of :func:`can_add`."""
    out = list(counts)
    if delta > 0 and can_add(out, r, caps, total):
        out[r] += 1
    elif delta < 0 and out[r] > 0:
        out[r] -= 1
    return tuple(out)


def cards_list(counts: Sequence[int]) -> tuple[int, ...]:
    """Counts as a list of resources (``[1, 0, 2, 0, 0]`` -> ``(0, 2, 2)``)."""
    return tuple(r for r, n in enumerate(counts) for _ in range(n))


def year_of_plenty_size(legal: Iterable[Action]) -> int:
    """How many cards Year of Plenty takes now, read from the legal actions: two, or all the
    bank holds when it holds fewer (0 when the card cannot be played)."""
    from catan_core.actions import YEAR_OF_PLENTY  # (the engine's tables are not needed before a game)

    return next((len(a.value) for a in legal if a.kind == YEAR_OF_PLENTY), 0)


def year_of_plenty_prompt(size: int) -> tuple[str, dict[str, int]]:
    """The message key and parameters asking for ``size`` Year of Plenty cards (two, fewer
    when the bank holds fewer, none when it is empty)."""
    return ("ui.yop.choose", {"count": size}) if size else ("ui.yop.bank_empty", {})


def year_of_plenty_room(legal: Iterable[Action], picks: Sequence[int]) -> tuple[bool, ...]:
    """For each resource, whether one more of it keeps ``picks`` (counts) part of a legal
    Year of Plenty.

    >>> from catan_core.actions import Action
    >>> legal = [Action(0, "year_of_plenty", (4,))]  # the bank holds one ore and nothing else
    >>> year_of_plenty_room(legal, [0, 0, 0, 0, 0]), year_of_plenty_room(legal, [0, 0, 0, 0, 1])
    ((False, False, False, False, True), (False, False, False, False, False))
    """
    from catan_core.actions import YEAR_OF_PLENTY

    options = []
    for action in legal:
        if action.kind == YEAR_OF_PLENTY:
            cards = no_cards()
            for r in action.value:
                cards[r] += 1
            options.append(cards)
    return tuple(
        any(all(option[q] >= picks[q] + (q == r) for q in range(RESOURCE_COUNT)) for option in options)
        for r in range(RESOURCE_COUNT)
    )
