"""What happened to the person at the device: the recap on the turn card and the roll whose
production the board shows.

Pure Python over :mod:`catan_core.recap`. When a person's move begins (their turn, a discard,
an answer to an offer) the turn card says what touched them since they last acted
(:func:`recap_sentences`); during their own turn it keeps saying it, from the end of their
previous turn on, until the turn ends. What the panels show already -- an offer waiting for an
answer, the answers to their own open offer, a discard due -- is left out.

The board shows what the last roll paid (:func:`shown_production`) until a person acts after
it or the dice are rolled again, so a computer player's roll stays lit at least while that
player goes on (at the computer players' pace) and a person's own roll until their next move.

>>> from catan_core.game import Game, Options
>>> game = Game(Options(players=3, board="beginner"), seed=1)
>>> for text in ("0 roll 5+5", "0 end", "1 roll 2+2", "1 end", "2 roll 3+4", "2 robber 4 0", "2 end"):
...     _ = game.apply(text)
>>> recap_sentences(game.view(0), "en", ["Red", "Blue", "White"])  # doctest: +NORMALIZE_WHITESPACE
['You received 2 brick.', 'White put the robber on the mountains 6, next to your buildings.',
 'White stole 1 lumber from you.']
>>> _ = game.apply("0 roll 1+1")   # own actions are left out; the recap lasts the turn
>>> len(recap_sentences(game.view(0), "en", ["Red", "Blue", "White"]))
3
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from catan_core.events import Event
from catan_core.recap import ACTION_EVENTS, last_acted, last_production, recap, sentences
from catan_core.views import View

Paid = tuple[tuple[int, int, int, int], ...]
"""What a roll paid: ``(hex, seat, resource, count)`` entries (see :func:`catan_core.recap.last_production`)."""


def recap_start(log: Sequence[Event], seat: int) -> int:
    """Where the recap of ``seat`` starts in ``log``: in its own turn, after its last action
    before the turn began; otherwise (a discard, an answer) after its last action.

    >>> log = [Event("end_turn", 0, {}), Event("turn", 1, {"turn": 2}), Event("roll", 1, {}), Event("end_turn", 1, {}),
    ...        Event("turn", 0, {"turn": 3}), Event("roll", 0, {})]
    >>> recap_start(log, 0), recap_start(log[:5], 0), recap_start(log, 1)
    (2, 2, 5)
    """
    turn = next((i for i in range(len(log) - 1, -1, -1) if log[i].kind == "turn"), -1)
    if turn >= 0 and log[turn].player == seat:
        return last_acted(log[:turn], seat)
    return last_acted(log, seat)


def recap_sentences(view: View, lang: str, names: Sequence[str]) -> list[str]:
    """What touched ``view.viewer`` since it last acted (see the module docstring), in
    ``lang``, in the second person; ``view`` must hold the log."""
    assert view.viewer is not None
    summary = recap(view, since=recap_start(view.log, view.viewer))
    return sentences(replace(summary, answers=(), offer=None, discard_due=0), view.board, lang, names)


def shown_production(view: View, humans: Sequence[int]) -> Paid:
    """What the last roll of ``view``'s log paid, while no person (a seat of ``humans``) has
    acted since (empty otherwise, and before the first roll).

    >>> from catan_core.game import Game, Options
    >>> game = Game(Options(players=3, board="beginner"), seed=1)
    >>> _ = game.apply("0 roll 4+4")
    >>> shown_production(game.view(None), humans=(0,))
    ((11, 0, 1, 1), (12, 1, 4, 1))
    >>> _ = game.apply("0 end"); shown_production(game.view(None), humans=(0,))
    ()
    """
    production = last_production(view)
    if production is None:
        return ()
    after = view.log[production.at + 1 :]
    if any(event.kind in ACTION_EVENTS and event.player in humans for event in after):
        return ()
    return production.paid
