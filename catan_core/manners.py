"""Trade manners: not asking a seat for cards it cannot give, and not asking again what it
just refused.

* :func:`can_accept` -- whether a seat could accept the open offer. The page declines at
  once, with a line saying why (:func:`decline_text`), an offer a person cannot accept,
  instead of making them answer it.
* :class:`DeclinedOffers` -- a memory of refused offers a computer player consults before
  offering: an offer a seat declined is not made to that seat again while neither hand has
  changed.

>>> from catan_core.scenarios import load_scenario
>>> game = load_scenario({"format": "catan-scenario", "board": "beginner", "phase": "main", "current": 0,
...     "players": [{"settlements": [12], "roads": [11], "hand": {"brick": 1}},
...                 {"settlements": [9], "roads": [8], "hand": {"wool": 1}},
...                 {"settlements": [22], "roads": [24], "hand": {"ore": 1}}]})
>>> _ = game.apply("0 offer brick>wool to all")
>>> can_accept(game, 1), can_accept(game, 2), lacking(game, 2)
(True, False, (0, 0, 1, 0, 0))
>>> decline_text(game, 2, "en", ["Red", "Blue", "White"])
'White lacks 1 wool and declines the offer.'
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Cards
from .i18n import translate
from .state import State

__all__ = ["DeclinedOffers", "HandKey", "can_accept", "decline_text", "lacking"]

HandKey = tuple[int, ...]
"""A hand as :class:`DeclinedOffers` keys it: its cards per resource, or what the caller can
know of it (a seat that cannot see another's cards passes ``(hand_size,)``)."""


def _asked(state: State, seat: int) -> Cards | None:
    """What the open offer asks of ``seat``, if ``seat`` is to answer it."""
    trade = state.trade
    if trade is None or seat == trade.offerer or seat not in trade.targets or seat in trade.answers:
        return None
    return trade.want


def lacking(state: State, seat: int) -> Cards:
    """The cards ``seat`` would need besides its hand to accept the open offer (none when it
    has nothing to answer)."""
    want = _asked(state, seat)
    if want is None:
        return (0, 0, 0, 0, 0)
    hand = state.players[seat].hand
    short = [max(0, w - h) for w, h in zip(want, hand, strict=True)]
    return (short[0], short[1], short[2], short[3], short[4])


def can_accept(state: State, seat: int) -> bool:
    """Whether the open offer waits for ``seat``'s answer and ``seat`` holds what it asks."""
    return _asked(state, seat) is not None and not any(lacking(state, seat))


def decline_text(state: State, seat: int, lang: str, names: Sequence[str] | None = None, you: bool = False) -> str:
    """The line the page shows when it declines for ``seat`` an offer it cannot accept
    (``you``: addressed to that seat's person)."""
    key = "manners.cannot_accept.you" if you else "manners.cannot_accept"
    return translate(key, {"player": seat, "cards": lacking(state, seat)}, lang, names)


class DeclinedOffers:
    """Offers declined, each remembered with both hands as they were: an offer is
    :meth:`declined` while the same seat would see it again with the same two hands.

    >>> memory = DeclinedOffers()
    >>> brick, wool = (1, 0, 0, 0, 0), (0, 0, 1, 0, 0)
    >>> memory.record(0, (3, 1, 0, 0, 0), brick, wool, 2, (5,))
    >>> memory.declined(0, (3, 1, 0, 0, 0), brick, wool, 2, (5,))
    True
    >>> memory.declined(0, (3, 1, 0, 0, 0), brick, wool, 2, (6,))   # seat 2's hand changed
    False
    >>> memory.targets(0, (3, 1, 0, 0, 0), brick, wool, {1: (4,), 2: (5,)})
    (1,)
    """

    def __init__(self) -> None:
        self._memory: dict[tuple[int, int], tuple[HandKey, HandKey, set[tuple[Cards, Cards]]]] = {}
        """(offerer, seat) -> the two hands when the seat last declined, and what it declined with them"""

    def record(
        self, offerer: int, offerer_hand: HandKey, give: Cards, want: Cards, seat: int, seat_hand: HandKey
    ) -> None:
        """``seat``, holding ``seat_hand``, declined ``offerer``'s ``give`` for ``want`` while
        ``offerer`` held ``offerer_hand``. Refusals remembered with other hands are forgotten:
        they no longer apply."""
        key = (offerer, seat)
        hands = (offerer_hand, seat_hand)
        known = self._memory.get(key)
        if known is None or known[:2] != hands:
            known = (offerer_hand, seat_hand, set())
            self._memory[key] = known
        known[2].add((give, want))

    def declined(
        self, offerer: int, offerer_hand: HandKey, give: Cards, want: Cards, seat: int, seat_hand: HandKey
    ) -> bool:
        """Whether ``seat`` declined this very offer with these very hands."""
        known = self._memory.get((offerer, seat))
        return known is not None and known[:2] == (offerer_hand, seat_hand) and (give, want) in known[2]

    def targets(
        self, offerer: int, offerer_hand: HandKey, give: Cards, want: Cards, hands: dict[int, HandKey]
    ) -> tuple[int, ...]:
        """The seats of ``hands`` (seat -> its hand) worth making this offer to."""
        return tuple(s for s in sorted(hands) if not self.declined(offerer, offerer_hand, give, want, s, hands[s]))
