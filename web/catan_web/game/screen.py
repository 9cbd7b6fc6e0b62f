"""The game page's regions, and which view draws each.

The page's layout (:func:`shell`) is written once; after each command :func:`regions` gives
every region its content from the page's state and the game on screen, and the
:class:`~catan_web.patch.Patcher` writes only what changed. A region's name is its element's
id. The game screen's regions (:func:`game_views`) each name what their view reads: a view is
made again only when that changed (:mod:`catan_web.memo`), so an unchanged region costs a
comparison of keys.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, partial
from operator import attrgetter
from typing import TYPE_CHECKING, NamedTuple

import catan_core

from ..html import EMPTY, Markup, el, escape
from ..memo import Memo
from ..patch import Content, Framed
from .players import icon_symbols  # (at the top: the page's start draws the shell; build.START_PAGES)
from .state import GAME, HOME, JOIN, Notice

if TYPE_CHECKING:
    from ..session import Session
    from ..store import SaveMeta
    from .log import LogLines
    from .scene import Remote, Scene
    from .state import PageState

GAME_REGIONS: tuple[str, ...] = (
    "bar",
    "board-tools",
    "board",
    "board-confirm",
    "supply",
    "hand-wrap",
    "scores-title",
    "strip-seats",
    "strip-foot",
    "turn",
    "coach-wrap",
    "actions",
    "log-title",
    "log-box",
    "net-wrap",
    "overlay",
)
"""The regions of the game screen, cleared when no game is on screen."""
HIDDEN = (("hidden", ""),)
"""The attributes of a region's element that hide it."""


def shell() -> Markup:
    """The page's layout: the home screen's region, the game screen's regions, the screen over
    the game, the notice bar, the live region and the footer (each region's element empty,
    without the attributes its view sets: the page draws it at once).

    The game screen: the bar; the board column (the board, the bank's row, the hand: the board
    takes what the two rows of fixed height leave); the side column (the players strip, the
    turn card, the actions, the coach, the log, network play); the icons' symbols."""
    side = el(
        "div",
        el(
            "div",
            el(
                "section",
                el("h2", id="scores-title", class_="visually-hidden"),
                el("div", id="strip-seats"),
                el("div", id="strip-foot", class_="strip-foot"),
                class_="strip",
                id="scores",
                aria_labelledby="scores-title",
            ),
            id="scores-wrap",
        ),
        el("section", id="turn", class_="card turn"),
        el("div", id="actions"),
        el("div", id="coach-wrap"),
        el(
            "div",
            el(
                "section",
                el("h2", id="log-title"),
                el("div", id="log-box"),
                id="log",
                class_="card",
                aria_labelledby="log-title",
            ),
            id="log-wrap",
        ),
        el("div", id="net-wrap"),
        class_="side",
    )
    board = el(
        "div",
        el(
            "section",
            el("div", id="board-tools", class_="board-tools"),
            el("div", id="board", class_="board"),
            el("div", id="board-confirm", class_="board-confirm"),
            class_="board-wrap",
            id="board-wrap",
        ),
        el("section", id="supply", class_="supply", aria_labelledby="supply-title"),
        el("div", id="hand-wrap"),
        class_="board-col",
    )
    return (
        el("div", id="home")
        + el("div", el("header", id="bar", class_="bar"), el("div", board, side, class_="game-grid"), id="game")
        + el("div", id="overlay")
        + el("div", id="notice", role="status", aria_live="assertive")
        + el("div", id="announce", class_="visually-hidden", aria_live="polite", aria_atomic="false")
        + el("footer", id="footer", class_="footer")
        + icon_symbols()
    )


def notice_frame(notice: Notice | None) -> tuple[tuple[str, str], ...]:
    """The notice bar's attributes: its kind, and how long it stays (it fades at the end).

    >>> notice_frame(Notice(None, "info"))
    (('class', 'notice info fading'), ('style', '--life: 5s'))
    """
    if notice is None:
        return (("class", "notice"), *HIDDEN)
    if notice.life is None:
        return (("class", f"notice {notice.kind}"),)
    return (("class", f"notice {notice.kind} fading"), ("style", f"--life: {notice.life:g}s"))


def overlay_name(state: PageState, session: Session, remote: Remote) -> str:
    """Which screen is over the game: ``paused`` (a guest without its host), ``winner``,
    ``costs`` (the building costs), ``stats``, or "" for none."""
    if remote.paused_screen():
        return "paused"
    if session.game.phase == "over" and not state.winner_closed and state.won_at is None:
        return "winner"
    if state.costs_open:
        return "costs"
    return "stats" if state.stats_open else ""


def overlay(scene: Scene) -> tuple[str, Framed]:
    """The screen over the game, if any: its name, and the overlay region's attributes (the
    winner screen is the region's own element) and content."""
    from . import stats, supply, winner

    name = overlay_name(scene.state, scene.session, scene.remote)
    if name == "winner":
        return name, winner.winner_screen(scene, stats.under_winner(scene))
    if name == "paused":
        return name, Framed((), scene.remote.paused_screen())
    if name == "costs":
        return name, Framed((), supply.costs_card(scene))
    return name, Framed((), stats.shown(scene) if name == "stats" else EMPTY)


WINNER_SECONDS = 0.8
"""How long the board shows the winning move before the winner screen covers it, when the game
is won on the page (a game opened already over shows it at once). A person sees the last move
land; the page draws the move and the screen in frames of their own."""


OVERLAY_FOCUS: dict[str, str] = {
    "paused": "#rejoin-code",
    "winner": "#win-new",
    "costs": "#costs-close",
    "stats": "#stats-close",
}
"""The control each screen over the game focuses when it first shows."""


def regions(
    state: PageState,
    session: Session | None,
    remote: Remote,
    log: LogLines,
    saves: Callable[[], Sequence[SaveMeta]],
    dates: Callable[[Sequence[SaveMeta]], dict[str, str]],
    memo: Memo | None = None,
) -> list[tuple[str, Content]]:
    """Every region's content for the page's ``state`` and the game on screen (``saves``: the
    saved games, listed only when the home screen shows; ``dates``: their dates as words;
    ``memo``: the game screen's views kept from the drawings before, by what they read)."""
    text = state.text()
    if session is not None:  # the game's texts name its seats and spots
        session.text.lang, session.text.touch = state.lang, state.touch
    out: list[tuple[str, Content]] = [("footer", escape(text("ui.version", version=catan_core.__version__)))]
    notice_attrs = notice_frame(state.notice)
    from .bar import notice

    out.append(
        ("notice", Framed(notice_attrs, notice(state.notice, session.text if session is not None else text, session)))
    )
    if state.screen == GAME and session is not None:
        return out + game_regions(state, session, remote, log, memo or Memo())
    if state.screen == JOIN:
        home = remote.join_screen()
    else:
        from .home import home_screen

        listed = saves() if state.screen == HOME else ()
        home = home_screen(state, listed, dates(listed))
    out += [("home", Framed((), home)), ("game", Framed(HIDDEN))]
    return out + [(name, EMPTY) for name in GAME_REGIONS]


class RegionView(NamedTuple):
    """A region of the game screen: its name (its element's id), the view drawing it, and what
    the view reads, as a key of the page's memo (:mod:`catan_web.memo`): the view is made again
    only when its key changed. None: made at every drawing (views of network play, which the
    game's position does not tell; views made of parts kept each by what it reads)."""

    name: str
    draw: Callable[[Scene], Content]
    reads: Callable[[Scene], object] | None


@cache
def game_views() -> tuple[RegionView, ...]:
    """The game screen's regions in order, each with its view and what it reads (made once,
    when the game screen is first drawn: its components import the engine)."""
    from . import actions, bar, board, coach, hand, players, supply, turn

    def label(key: str) -> Callable[[Scene], Markup]:
        return lambda scene: escape(scene.text(key))

    anything, words = attrgetter("anything"), attrgetter("words")  # (see Scene: what views read)
    return (
        RegionView("bar", bar.game_bar, bar.reads),
        RegionView("board-wrap", board_frame, words),
        RegionView("board", board.board, anything),
        RegionView("board-tools", board.tools, board.tools_reads),
        RegionView("board-confirm", board.confirm_bar, anything),
        RegionView("supply", supply.supply_row, supply.reads),
        RegionView("hand-wrap", hand.hand_panel, anything),
        RegionView("scores-title", label("ui.score.title"), words),
        RegionView("strip-seats", players.seat_lines, None),  # (each line kept by what it reads)
        RegionView("strip-foot", players.strip_foot, players.strip_foot_reads),
        RegionView("turn", turn.turn_panel, anything),
        RegionView("coach-wrap", coach.coach_panel, coach.coach_reads),
        RegionView("actions", actions.action_panel, anything),
        RegionView("log-title", label("ui.log.title"), words),
        RegionView("log-box", log_box, attrgetter("moment")),
    )


def board_frame(scene: Scene) -> Framed:
    """The board's frame: its name."""
    return Framed((("class", "board-wrap"), ("aria-label", scene.text("ui.board.label"))))


def log_box(scene: Scene) -> Content:
    """The log (its lines, translated once each, are kept by the scene's :class:`~catan_web.game.log.LogLines`)."""
    from .log import LogLines, log_list

    return log_list(scene, scene.log or LogLines())


def game_regions(
    state: PageState, session: Session, remote: Remote, log: LogLines, memo: Memo
) -> list[tuple[str, Content]]:
    """The game screen's regions, each view made again only when what it reads changed (``memo``)."""
    from .scene import Scene

    scene = Scene(state, session, remote, memo, log)
    name, over = overlay(scene)
    out: list[tuple[str, Content]] = [("home", Framed(HIDDEN, EMPTY))]
    for region in game_views():
        if region.reads is None:
            out.append((region.name, region.draw(scene)))
        else:
            out.append((region.name, memo.keep(region.name, region.reads(scene), partial(region.draw, scene))))
    # the game under a screen is inert, set after its changes: the browser then works out its style once
    inert = ("game", Framed((("inert", ""),) if name else ()))
    return [*out, ("net-wrap", net_card(state, session, remote)), ("overlay", over), inert]


def net_card(state: PageState, session: Session, remote: Remote) -> Markup:
    """Network play's card of the host, when asked for ("Play on several devices") or while
    some seat is played on another device."""
    return remote.host_card() if state.net_open or session.remote else EMPTY
