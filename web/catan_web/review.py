"""The review of a recorded game, as the game page's winner screen and the replay viewer show it.

The coach (:func:`catan_core.coach.start_review`) works out, for one seat, every seat's chance
to win after every turn as that seat saw it, and the seat's three biggest drops against the
strong player's choices. :class:`ReviewWork` runs it in slices and tells how far it is;
:func:`review_section` draws the section: a seat to review and the button, the progress,
then the chart (:func:`catan_core.coach.chart_svg`) and each drop with the move made, the move
the strong player preferred and why, a link to that step of the replay and "Play on from
here" (the command ``play_on`` with the step).

>>> from catan_core.game import Game, Options
>>> game = Game(Options(players=3, board="beginner"), seed=4)
>>> for action in ("0 roll 3+3", "0 road 6", "0 end", "1 roll 2+2"):
...     _ = game.apply(action)
>>> work = ReviewWork(game, 0)
>>> work.progress(), work.pondering.result().seat, work.progress()
(0.0, 0, 1.0)
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from typing import TYPE_CHECKING

from .controls import button
from .html import EMPTY, Markup, el, join, trusted

if TYPE_CHECKING:
    from catan_core.coach import Drop, Pondering, Review
    from catan_core.game import Game

    from .text import Text

SERIES_SHARE = 0.2
"""The share of a review's work its first pass (the chances after every turn) takes; the
judging of the seat's decisions takes the rest."""
SEAT_FIELD = "review-seat"
"""The field choosing the seat to review."""


_CHART: list[tuple[Review, str, int, tuple[str, ...], Markup]] = []
"""The last chart drawn (a page draws its regions after every command: the review's chart,
hundreds of turns long, is made once)."""


def chart(review: Review, lang: str, width: int, names: Sequence[str]) -> Markup:
    """The review's chart (:func:`catan_core.coach.chart_svg`), made once for the same review,
    language, width and names."""
    from catan_core.coach import chart_svg

    key = (lang, width, tuple(names))
    if not _CHART or _CHART[0][0] is not review or _CHART[0][1:4] != key:
        _CHART[:] = [(review, *key, trusted(chart_svg(review, lang, width, names)))]
    return _CHART[0][4]


class ReviewWork:
    """The review of ``game`` for ``seat`` in steps (:attr:`pondering`), and how far it is.

    The review goes through the replay twice: once for the chances after every turn, once to
    judge the seat's decisions; the replay's step tells how far each pass is."""

    def __init__(self, game: Game, seat: int) -> None:
        from catan_core.coach import Pondering, start_review
        from catan_core.replay import Replay

        self.replay = Replay(game)
        self._pass, self._last = 0, 0
        self.pondering: Pondering[Review] = Pondering(self._watch(start_review(self.replay, seat)))

    def _watch(self, inner: Pondering[Review]) -> Generator[None, None, Review]:
        while (result := inner.advance(lambda: True)) is None:
            step = self.replay.step
            if step < self._last:
                self._pass = 1
            self._last = step
            yield
        self._pass, self._last = 2, 0
        return result

    def progress(self) -> float:
        """How far the review is (0 to 1)."""
        if self._pass == 2:
            return 1.0
        length = max(1, self.replay.length)
        share = min(1.0, self._last / length)
        return SERIES_SHARE * share if self._pass == 0 else SERIES_SHARE + (1 - SERIES_SHARE) * share


def seat_choice(text: Text, names: Sequence[str], seat: int) -> Markup:
    """The choice of the seat to review and the button starting the review."""
    options = join(el("option", name, value=str(q), selected=q == seat) for q, name in enumerate(names))
    return el(
        "div",
        el("label", text("ui.coach.review_seat"), " ", el("select", options, id=SEAT_FIELD), class_="inline"),
        button(text, text("ui.coach.review_start"), "review", ident="review-start", fields=SEAT_FIELD),
        class_="row",
    )


def drop_item(text: Text, number: int, drop: Drop, names: Sequence[str], step_href: str) -> Markup:
    """One drop: its turn and loss, the move made, the strong player's move and why, the
    link to that step of the replay and "Play on from here"."""
    from catan_core.coach import say

    board, lang = text.board, text.lang
    assert board is not None
    loss = round(100 * drop.loss)
    return el(
        "li",
        el("h3", text("ui.coach.drop_title", number=number, turn=drop.turn, count=loss)),
        el("p", text("ui.coach.drop_made", move=say(drop.made_phrase, board, lang, names))),
        el("p", text("ui.coach.drop_better", advice=drop.text(board, lang, names))),
        el(
            "div",
            el(
                "a",
                text("ui.coach.drop_step", step=drop.step),
                href=step_href,
                class_="button",
                id=f"drop-step-{number}",
            ),
            button(text, text("ui.coach.play_on"), "play_on", drop.step, ident=f"play-on-{number}"),
            class_="row",
        ),
        class_="drop",
        data_step=str(drop.step),
    )


def review_section(
    text: Text,
    review: Review | None,
    seat: int | None,
    default: int,
    progress: float,
    width: int,
    step_href: Callable[[int], str],
) -> Markup:
    """The review section: the seat to review and the button; while it is worked out, how
    far it is; then the chart of the chances and the seat's drops (``seat``: the seat asked
    for, None before; ``default``: the seat chosen first; ``step_href``: the replay's address
    of a step). ``text`` names the game's seats and spots."""
    names = list(text.names or ())
    body: Markup = seat_choice(text, names, seat if seat is not None else default)
    if seat is not None and (review is None or review.seat != seat):
        percent = round(100 * progress)
        body += el(
            "p",
            el("progress", value=str(percent), max="100", aria_labelledby="review-progress"),
            el("span", text("ui.coach.reviewing", count=percent), id="review-progress"),
            class_="review-progress",
        )
    elif review is not None:
        drawn = chart(review, text.lang, width, names)
        drops = join(drop_item(text, i + 1, drop, names, step_href(drop.step)) for i, drop in enumerate(review.drops))
        body += el("div", drawn, class_="chart review-chart")
        body += el("ol", drops, class_="drops") if review.drops else el("p", text("ui.coach.no_drops"), class_="muted")
    return (
        el(
            "section",
            el("h2", text("ui.coach.review_title"), id="review-title"),
            el("p", text("ui.coach.review_help"), class_="muted small"),
            body,
            class_="card review",
            id="review",
            aria_labelledby="review-title",
        )
        if names
        else EMPTY
    )
