"""The review of the game replayed (:mod:`catan_web.review`): a seat to review, the progress
while the coach works it out in slices, then the chart of every seat's chance after every turn
and the seat's three biggest drops, each with a link to its step here and "Play on from here"
(a new saved game from that position, opened on the game page).

Commands: ``review``, ``play_on``; from the browser ``pondered`` and ``pondering``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import quote

from ..commands import Command, fields, integer, text, value
from ..effects import Focus, Go
from ..html import Markup
from ..pondering import Pondered
from ..review import SEAT_FIELD, ReviewWork, review_section

if TYPE_CHECKING:
    from .scene import Scene
    from .state import ReplayState
    from .table import ReplayTable

REVIEW = "review"
"""The job of the review (:class:`~catan_web.pondering.Jobs`)."""
CHART_WIDTH = 480
"""The chart's width (pixels): the side panel's."""
PAGE = "replay.html"
GAME_PAGE = "index.html"


def step_address(state: ReplayState, step: int) -> str:
    """The address opening ``step`` of the game replayed ("" when none can: a game from a file).

    >>> from catan_web.replay.state import ReplayState
    >>> step_address(ReplayState(gid="g 7"), 12), step_address(ReplayState(link="v1.abc"), 3)
    ('replay.html?game=g%207&step=12', 'replay.html?step=3#v1.abc')
    """
    if state.gid:
        return f"{PAGE}?game={quote(state.gid)}&step={step}"
    return f"{PAGE}?step={step}#{state.link}" if state.link else ""


def review_box(scene: Scene) -> Markup:
    """The review section of the replay viewer."""
    state = scene.state
    default = state.viewer if state.viewer is not None else 0
    return review_section(
        scene.text,
        state.review,
        state.review_seat,
        default,
        state.progress,
        CHART_WIDTH,
        lambda step: step_address(state, step) or f"#step-{step}",
    )


def start(page: ReplayTable, chosen: dict[str, str]) -> None:
    """Review the whole game for the seat chosen, in slices (how far it is shows)."""
    game = page.game
    try:
        seat = int(chosen.get(SEAT_FIELD, ""))
    except ValueError:
        return
    if game is None or not 0 <= seat < len(game.seats):
        return
    work = ReviewWork(game, seat)
    page.edit(review=None, review_seat=seat, progress=0.0)
    page.emit(page.jobs.start(REVIEW, work.pondering, work.progress))


def pondered(page: ReplayTable, done: Pondered) -> None:
    """The review is worked out: show it (unless another game or seat was asked since)."""
    from catan_core.coach import Review

    if page.jobs.finish(done) and isinstance(done.result, Review):
        page.edit(review=done.result, progress=1.0)
        page.emit(Focus("#review-title"))


def pondering(page: ReplayTable, job: str) -> None:
    """How far the review is."""
    if job == REVIEW:
        page.edit(progress=round(page.jobs.progress(REVIEW), 2))


def play_on(page: ReplayTable, step: int) -> None:
    """Play on from ``step``: the position as a new saved game, opened on the game page."""
    from catan_core import coach
    from catan_core.replay import Replay
    from catan_core.saves import dumps
    from catan_core.scenarios import load_scenario

    from ..store import SaveMeta

    game = page.game
    if game is None or step > len(game.history):
        return
    fresh = load_scenario(coach.play_on(Replay(game), step))
    now = page.now()
    gid = page.store.new_id(now)
    name = page.text()("ui.coach.play_on_name", name=page.state.name or page.text()("replay.title"), step=step)
    meta = SaveMeta(gid, name, now, tuple(seat.name for seat in fresh.seats), fresh.turn)
    page.store.put(gid, dumps(fresh), meta)
    page.emit(Go(f"{GAME_PAGE}?game={quote(gid)}"))


COMMANDS = (
    Command("review", fields, start),
    Command("play_on", integer(0, 1 << 20), play_on),
    Command("pondered", value(Pondered), pondered, sent_by_page=True),
    Command("pondering", text, pondering, sent_by_page=True),
)
