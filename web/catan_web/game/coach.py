"""The coach at the table: a hint for the person at the device, every seat's chance to win,
the card tracker beside the opponents, and the review of the finished game.

Everything is asked of :mod:`catan_core.coach` from the view of the person at the device only
(a guest's page asks from its own view). A hint is thought out in slices while the page
answers (:mod:`catan_web.pondering`); it is for the position it was asked in, and dropped as
soon as the game moves on (:func:`settle`). Hints are always allowed in a game with computer
players; in a game of people only (hot seat, network play) when the host ticked "Hints
allowed" on the new-game form (:attr:`~catan_web.session.Session.hints`, saved with the game).

State: :class:`~catan_web.game.state.CoachState`. Commands: ``hint`` (the Hint button and the
H key), ``hint_close``, ``chances``, ``tracker``, ``review``, ``play_on``; from the browser
``pondering``. Jobs (:data:`JOBS`, their results handed back by the page's command
``pondered``): ``hint`` and ``review``.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..commands import Command, fields, integer, nothing, text as word
from ..controls import button
from ..effects import Announce, Focus
from ..html import EMPTY, Markup, el, join
from ..pondering import Pondered
from ..text import Msg
from .parts import seat_label

if TYPE_CHECKING:
    from catan_core.coach import Hint, Known
    from catan_core.views import View

    from ..session import Session
    from .scene import Scene
    from .table import Table

HINT, REVIEW = "hint", "review"
"""The coach's jobs (:class:`~catan_web.pondering.Jobs`)."""
HINT_KEY = "h"
"""The key asking for a hint (outside text fields)."""
HINT_SEED = 0
"""The strong player's seed for hints: the same view always gives the same hint."""
CHANCE_SAMPLES = 0
"""Guesses of the hidden hands the chances average over: none, the evaluation with the hands
as card counting expects them (as good a prediction as 8 guesses, at an eighth of the cost:
``docs/coach.md``), one evaluation, well under the 1.5 s a page may take."""
PERCENT = 100
OPENER = "#hint-open"
"""The Hint button (the focus goes back to it when the hint is closed)."""


PREPARED = ("catan_core.coach", "catan_core.bots.learned", "catan_core.coach.reviews")
"""The engine's modules a hint needs, imported ahead (:func:`prepare`)."""


def prepare() -> Iterator[None]:
    """Get the coach ready before the first hint, a step at a time (the page answers between
    two): import its modules, then read the evaluation's weights."""
    for name in PREPARED:
        importlib.import_module(name)
        yield
    from catan_core.bots.model import default_model

    default_model()


def hint_refusal(session: Session) -> str | None:
    """Why the person at the device may not ask for a hint now (a message key), or None.

    >>> from catan_core.game import Game, Options, Seat
    >>> from catan_web.session import Session
    >>> people = (Seat("Ana", "#d7263d"), Seat("Ben", "#1b65c4"))
    >>> hint_refusal(Session(Game(Options(players=2), seed=1, seats=people)))
    'ui.coach.hint_off'
    >>> hint_refusal(Session(Game(Options(players=2), seed=1, seats=people), hints=True))
    >>> hint_refusal(Session(Game(Options(players=2), seed=1, seats=people[:1] + (Seat("C", "#000000", "random"),))))
    """
    game = session.game
    if all(seat.kind == "human" for seat in game.seats) and not session.hints:
        return "ui.coach.hint_off"
    if game.phase == "over":
        return "ui.coach.hint_over"
    if not session.my_move:
        return "ui.coach.hint_wait"
    return None


def person_view(session: Session) -> View:
    """The game as the person at the device sees it, with its log (a guest's: its own view)."""
    return session.game.view(session.viewer)


def hint_text(scene: Scene, advice: Hint) -> str:
    """The hint as a sentence in the page's language, with the game's names."""
    return advice.text(scene.session.game.board, scene.state.lang, list(scene.text.names))


def shown_hint(scene: Scene) -> Hint | None:
    """The hint to show now: the one asked in this very position (None otherwise)."""
    coach = scene.state.coach
    return coach.hint if coach.hint is not None and not scene.session.covered else None


def hint_marks(scene: Scene) -> tuple[str, ...]:
    """The spots the hint shown marks on the board (none without one)."""
    advice = shown_hint(scene)
    return advice.marks if advice is not None else ()


# --- chances ---------------------------------------------------------------------------------------------


def percents(chances: list[float]) -> list[int]:
    """Chances as whole percents adding up to 100 (the largest remainders rounded up).

    >>> percents([0.333, 0.333, 0.334]), percents([0.5, 0.25, 0.125, 0.125])
    ([33, 33, 34], [50, 25, 13, 12])
    """
    exact = [PERCENT * p for p in chances]
    out = [int(x) for x in exact]
    for i in sorted(range(len(exact)), key=lambda i: (out[i] - exact[i], i))[: PERCENT - sum(out)]:
        out[i] += 1
    return out


def seat_chances(session: Session) -> list[int]:
    """Every seat's chance to win as the person at the device can judge it, in percents
    (worked out once per position and viewer)."""
    from catan_core.coach import chances

    memo = session.worked_out()
    if "chances" not in memo:
        memo["chances"] = percents(chances(person_view(session), samples=CHANCE_SAMPLES))
    return memo["chances"]  # type: ignore[no-any-return]


def chances_list(scene: Scene) -> Markup:
    """Every seat's chance as a bar in its colour, with the figure in words."""
    session, text = scene.session, scene.text
    game = session.game
    rows = join(
        el(
            "li",
            el("span", seat_label(game, q), class_="who", aria_hidden="true"),
            el(
                "span",
                el("span", class_="fill", style=f"width:{share}%;background:{game.seats[q].color}"),
                class_="bar",
                aria_hidden="true",
            ),
            el("span", f"{share}%", class_="share", aria_hidden="true"),
            el("span", text("ui.coach.chance_seat", player=q, count=share), class_="visually-hidden"),
            data_seat=str(q),
        )
        for q, share in enumerate(seat_chances(session))
    )
    return el(
        "div",
        el("h3", text("ui.coach.chances_title"), id="chances-title"),
        el("ul", rows, class_="chances", aria_labelledby="chances-title"),
        el("p", text("ui.coach.chances_help"), class_="muted small"),
        id="chances",
    )


# --- the card tracker ----------------------------------------------------------------------------------------


def tracked(session: Session) -> list[Known]:
    """What the person at the device knows for sure of every hand (once per position)."""
    from catan_core.coach import card_tracker

    memo = session.worked_out()
    if "tracker" not in memo:
        memo["tracker"] = card_tracker(person_view(session))
    return memo["tracker"]  # type: ignore[no-any-return]


def tracker_line(scene: Scene, seat: int) -> Markup:
    """Beside an opponent in the players strip, with the card tracker on: the cards it holds
    for sure and how many are unknown (nothing for the person's own seat, or with nobody's
    cards on screen)."""
    session = scene.session
    if not scene.state.coach.tracker or session.viewer is None or seat == session.viewer:
        return EMPTY
    known = tracked(session)[seat]
    text = scene.text
    sure = text("ui.coach.tracker_known", cards=known.known) if any(known.known) else ""
    unknown = text("ui.coach.tracker_unknown", count=known.unknown) if known.unknown else ""
    words = text("word.list_separator").join(part for part in (sure, unknown) if part) or text("ui.coach.tracker_none")
    return el("span", words, class_="tracker", data_unknown=str(known.unknown), title=text("ui.coach.tracker"))


# --- the panel ---------------------------------------------------------------------------------------------


def coach_panel(scene: Scene) -> Markup:
    """The coach's card beside the turn: the Hint and Chances buttons, the hint (with its
    Close button) or the word that it is being thought out, and the chances when asked."""
    session, text, coach = scene.session, scene.text, scene.state.coach
    if session.game.phase == "over":
        return EMPTY
    refusal = hint_refusal(session)
    off = refusal == "ui.coach.hint_off"
    ask = button(
        text,
        text("ui.coach.hint"),
        "hint",
        ident="hint-open",
        reason=text(refusal) if off and refusal is not None else None,
        hint=text("ui.coach.hint_key"),
        disabled=coach.thinking,
    )
    odds = button(text, text("ui.coach.chances"), "chances", ident="chances-open", pressed=coach.chances_open)
    advice = shown_hint(scene)
    said: Markup = EMPTY
    if coach.thinking:
        said = el("p", text("ui.coach.thinking"), class_="muted hint-thinking", id="hint-thinking")
    elif advice is not None:
        said = el(
            "div",
            el("p", hint_text(scene, advice), id="hint-text"),
            button(text, text("ui.coach.hint_close"), "hint_close", ident="hint-close"),
            class_="hint",
            id="hint",
            role="note",
            aria_label=text("ui.coach.hint"),
        )
    return el(
        "section",
        el("h2", text("ui.coach.title"), id="coach-title", class_="visually-hidden"),
        el("div", ask, odds, class_="row"),
        said,
        chances_list(scene) if coach.chances_open else None,
        class_="card coach",
        id="coach",
        aria_labelledby="coach-title",
    )


def coach_reads(scene: Scene) -> tuple[object, ...]:
    """What :func:`coach_panel` reads (the key of its memo): the game at the table, whether it
    is over, whether hints are off, the coach's state, the hint shown, and with the chances
    open the position (most actions leave the card as it is)."""
    session, coach = scene.session, scene.state.coach
    off = hint_refusal(session) == "ui.coach.hint_off"
    over = session.game.phase == "over"
    position = scene.moment if coach.chances_open else None
    return scene.table, over, off, coach.thinking, coach.chances_open, shown_hint(scene), position


def hints_line(scene: Scene) -> Markup:
    """On the winner screen: how many hints the coach gave in the game (nothing for none)."""
    count = scene.session.hints_shown
    return (
        el("p", scene.text("ui.coach.hints_shown", count=count), class_="muted", id="hints-shown") if count else EMPTY
    )


def review_part(scene: Scene) -> Markup:
    """The review section of the winner screen (a guest's page holds no game to review)."""
    from urllib.parse import quote

    from .. import statistics
    from ..review import review_section

    session, coach = scene.session, scene.state.coach
    if not session.holds_game:
        return EMPTY
    viewer = session.viewer
    default = viewer if viewer is not None else (session.humans[0] if session.humans else 0)
    width = statistics.chart_width(scene.state.width)
    gid = quote(session.gid)
    return review_section(
        scene.text,
        coach.review,
        coach.review_seat,
        default,
        coach.progress,
        width,
        lambda step: f"replay.html?game={gid}&step={step}",
    )


# --- commands ---------------------------------------------------------------------------------------------


def settle(page: Table) -> None:
    """After every command: a hint shown or being thought out for another position is dropped."""
    coach = page.state.coach
    if (coach.hint is not None or coach.thinking) and coach.hint_for != page.position():
        page.jobs.drop(HINT)
        page.edit(coach=coach._replace(hint=None, thinking=False, hint_for=()))


def ask_hint(page: Table, _: None) -> None:
    """The person asks for a hint: refused with the reason, or thought out in slices (asking
    again while it thinks, or while the hint shows, changes nothing)."""
    session = page.session
    if session is None:
        return
    refusal = hint_refusal(session)
    if refusal is not None:
        page.notify(Msg(refusal), "info")
        return
    coach, where = page.state.coach, page.position()
    if coach.hint_for == where and (coach.thinking or coach.hint is not None):
        return
    from catan_core.coach import start_hint

    page.edit(coach=coach._replace(hint=None, thinking=True, hint_for=where))
    page.emit(page.jobs.start(HINT, start_hint(person_view(session), HINT_SEED)))


def close_hint(page: Table, _: None) -> None:
    """Close the hint (the board's marks go with it)."""
    page.edit(coach=page.state.coach._replace(hint=None, hint_for=()))
    page.emit(Focus(OPENER))


def pondered(page: Table, done: Pondered) -> None:
    """A hint or a review was worked out: show it, unless it is stale."""
    from catan_core.coach import Hint, Review

    if not page.jobs.finish(done):
        return
    coach, session = page.state.coach, page.session
    if done.job == HINT and isinstance(done.result, Hint) and session is not None:
        if coach.hint_for != page.position():
            page.edit(coach=coach._replace(thinking=False, hint_for=()))
            return
        page.edit(coach=coach._replace(hint=done.result, thinking=False))
        session.hints_shown += 1
        page.autosave()
        page.emit(Announce((done.result.text(session.game.board, page.state.lang, list(page.text().names)),)))
    elif done.job == REVIEW and isinstance(done.result, Review):
        page.edit(coach=coach._replace(review=done.result, progress=1.0))
        page.emit(Focus("#review-title"))


def pondering(page: Table, job: str) -> None:
    """How far a review is (reported now and then while it is worked out)."""
    if job == REVIEW:
        page.edit(coach=page.state.coach._replace(progress=round(page.jobs.progress(REVIEW), 2)))


def toggle_chances(page: Table, _: None) -> None:
    """Show or hide every seat's chance to win."""
    coach = page.state.coach
    page.edit(coach=coach._replace(chances_open=not coach.chances_open))


def toggle_tracker(page: Table, _: None) -> None:
    """The card tracker on or off (remembered)."""
    on = not page.state.coach.tracker
    page.edit(coach=page.state.coach._replace(tracker=on))
    page.settings.remember(tracker=on)


def start_review(page: Table, chosen: dict[str, str]) -> None:
    """Review the finished game for the seat chosen, in slices (how far it is shows)."""
    from ..review import SEAT_FIELD, ReviewWork

    session = page.session
    if session is None or session.game.phase != "over" or not session.holds_game:
        return
    try:
        seat = int(chosen.get(SEAT_FIELD, ""))
    except ValueError:
        return
    if not 0 <= seat < len(session.game.seats):
        return
    work = ReviewWork(session.game, seat)
    page.edit(coach=page.state.coach._replace(review=None, review_seat=seat, progress=0.0))
    page.emit(page.jobs.start(REVIEW, work.pondering, work.progress))


def play_on(page: Table, step: int) -> None:
    """Play on from ``step`` of the finished game: a new saved game from that position."""
    from catan_core import coach
    from catan_core.replay import Replay
    from catan_core.scenarios import load_scenario

    from ..session import Session

    session = page.session
    if session is None or not session.holds_game or step > len(session.game.history):
        return
    game = load_scenario(coach.play_on(Replay(session.game), step))
    name = page.text()("ui.coach.play_on_name", name=session.name, step=step)
    page.open_session(Session(game, page.store.new_id(page.now()), name, session.take_backs, session.hints), new=True)


JOBS = {HINT: pondered, REVIEW: pondered}
"""The coach's jobs: what becomes of their results (the page's command ``pondered``)."""

COMMANDS = (
    Command("hint", nothing, ask_hint),
    Command("hint_close", nothing, close_hint),
    Command("chances", nothing, toggle_chances),
    Command("tracker", nothing, toggle_tracker),
    Command("review", fields, start_review),
    Command("play_on", integer(0, 1 << 20), play_on),
    Command("pondering", word, pondering, sent_by_page=True),
)
