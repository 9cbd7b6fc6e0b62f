"""The end of the game: who won, each seat's points by source (settlements, cities, victory
point cards revealed, the awards), the statistics, and rematches (the same seats and options,
on a new board or the same one).

Commands: ``close_winner``, ``rematch``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..commands import Command, choice, nothing
from ..controls import button
from ..html import Markup, el, join, trusted
from ..patch import Framed, Keyed
from ..session import Session
from .coach import hints_line, review_part
from .parts import seat_label
from .turn import round_of

if TYPE_CHECKING:
    from catan_core.views import PlayerView

    from .scene import Scene
    from .table import Table

POINTS: dict[str, int] = {"settlement": 1, "city": 2, "award": 2}
"""Victory points of a settlement, a city and an award (Longest Road, Largest Army)."""
SOURCES: tuple[str, ...] = ("settlements", "cities", "vp_cards", "longest_road", "largest_army")
"""Where a seat's points come from, in the order of the final table's columns."""

TROPHY = trusted(
    '<svg class="trophy" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">'
    '<path d="M18 8h28v10c0 10-6 18-14 18S18 28 18 18z" fill="#f2b705" stroke="#9a6b00" stroke-width="2"/>'
    '<path d="M18 12H9c0 9 4 14 11 15M46 12h9c0 9-4 14-11 15" fill="none" stroke="#9a6b00" stroke-width="3"/>'
    '<rect x="28" y="36" width="8" height="10" fill="#d99a00"/>'
    '<rect x="20" y="46" width="24" height="8" rx="2" fill="#8a5a00"/></svg>'
)
"""A small gold cup (decoration)."""
PREPARED = ("catan_core.stats", "catan_core.stats_svg", "catan_web.statistics", "catan_web.review")
"""Modules the winner screen and its statistics need, imported ahead while the page is idle
(``catan_web.browser.game.load_game``), so that a game's end does not wait for them."""


def breakdown(pv: PlayerView) -> dict[str, int]:
    """A seat's points by source at the end (they add up to its total: every card is revealed).

    >>> from catan_core.game import Game, Options
    >>> pv = Game(Options(players=3, board="beginner"), seed=1).view(0).players[0]
    >>> breakdown(pv), sum(breakdown(pv).values()) == pv.points
    ({'settlements': 2, 'cities': 0, 'vp_cards': 0, 'longest_road': 0, 'largest_army': 0}, True)
    """
    return {
        "settlements": len(pv.settlements) * POINTS["settlement"],
        "cities": len(pv.cities) * POINTS["city"],
        "vp_cards": 0 if pv.points is None else pv.points - pv.public_points,
        "longest_road": POINTS["award"] if pv.longest_road else 0,
        "largest_army": POINTS["award"] if pv.largest_army else 0,
    }


def final_table(scene: Scene) -> Markup:
    """Each seat's points by source and its total, the winner first."""
    session, view, text = scene.session, scene.view, scene.text
    order = sorted(view.players, key=lambda pv: -(pv.points or 0))
    rows = join(
        el(
            "tr",
            el("th", seat_label(session.game, pv.seat), scope="row"),
            join(el("td", str(points), data_source=source) for source, points in breakdown(pv).items()),
            el("td", str(pv.points), class_="points"),
            class_="winner" if pv.seat == view.winner else None,
            data_seat=str(pv.seat),
        )
        for pv in order
    )
    heads = ("ui.score.player", *(f"ui.win.by_{source}" for source in SOURCES), "ui.win.total")
    head = el("thead", el("tr", join(el("th", text(key), scope="col") for key in heads)))
    return el(
        "div",
        el("table", el("caption", text("ui.win.caption")), head, el("tbody", rows), class_="final"),
        class_="table-wrap",
        role="region",
        aria_label=text("ui.win.caption"),
        tabindex="0",  # it scrolls sideways on a narrow screen: the keyboard may scroll it too
    )


WINNER_SCREEN: tuple[tuple[str, str], ...] = (
    ("class", "overlay winner"),
    ("role", "dialog"),
    ("aria-modal", "true"),
    ("aria-labelledby", "winner-title"),
)
"""The attributes of the screen over the game (the region ``overlay``) while it shows the winner."""


def winner_screen(scene: Scene, figures: tuple[tuple[str, Markup], ...]) -> Framed:
    """Who won, each seat's points by source, the rematch buttons and ``figures`` (the parts of
    the statistics drawn so far, by name). The sheet's parts are keyed: the statistics, drawn
    a part at a time once the screen shows, are added to it without writing the rest again
    (the focus stays where it is)."""
    view, text = scene.view, scene.text
    rematches = join(
        button(text, text("ui.rematch." + board), "rematch", arg, ident=f"rematch-{arg}", cls="primary")
        for board, arg in (("new_board", "new"), ("same_board", "same"))
    )
    actions = el(
        "div",
        button(text, text("ui.win.new"), "home", ident="win-new", cls="primary"),
        button(text, text("ui.win.board"), "close_winner", ident="win-board"),
        replay_link(scene),
        class_="row",
    )
    parts = (
        ("trophy", TROPHY),
        ("title", el("h2", text("ui.win.title", player=view.winner), id="winner-title")),
        ("round", el("p", text("ui.win.round", round=round_of(view.turn, len(view.players))), class_="muted")),
        ("hints", hints_line(scene)),
        ("final", final_table(scene)),
        ("actions", actions),
        ("rematch", el("div", rematches, class_="row rematch")),
        ("help", el("p", text("ui.rematch.help"), class_="muted small")),
        ("review", review_part(scene)),
        *figures,
    )
    sheet = (("class", "sheet"), ("style", f"border-top-color:{view.seats[view.winner].color}"), ("id", "winner"))
    return Framed(WINNER_SCREEN, Keyed("div", sheet, tuple((key, html) for key, html in parts if html)))


def replay_link(scene: Scene) -> Markup | None:
    """The link replaying the finished game (saved on this page; a guest's page holds none)."""
    from urllib.parse import quote

    session = scene.session
    if not session.holds_game:
        return None
    return el(
        "a",
        scene.text("replay.replay_game"),
        href=f"replay.html?game={quote(session.gid)}",
        class_="button",
        id="win-replay",
    )


def close_winner(page: Table, _: None) -> None:
    """Look at the final board."""
    page.edit(winner_closed=True)


def rematch(page: Table, board: str) -> None:
    """Start a rematch of the finished game (``same``: on the same board) as a new saved game."""
    session = page.session
    if session is None:
        return
    from ..rematch import rematch as replay

    game = replay(session.game, board == "same", page.new_seed())
    name = page.text()("ui.rematch.name", name=session.name)
    page.open_session(Session(game, page.store.new_id(page.now()), name, session.take_backs, session.hints), new=True)


COMMANDS = (Command("close_winner", nothing, close_winner), Command("rematch", choice("new", "same"), rematch))
