"""The game page's one command table: every command a control of the page names is in it, and
every command in it is named by some control or sent by the page itself.

Random games are played on the page (hot seat with a computer player, offers, counter-offers,
every chooser, every tab, taps, zoom, the statistics, the coach's hint, chances, card tracker
and review, the winner screen, the home screen and network play's screens), and every ``data-cmd`` and ``data-change`` of every region is
collected along the way.
"""

from __future__ import annotations

import random
import re

from page_driver import PageDriver

from catan_core.game import Game, Options, Seat
from catan_web import network_panels as NP
from catan_web.commands import Command
from catan_web.text import Text

NAMED = re.compile(r'data-(?:cmd|change)="([^"]+)"')
"""A command named in markup."""


def named(page: PageDriver) -> set[str]:
    """The commands the page's regions name now."""
    return {name for region in page.page.patcher.drawn for name in NAMED.findall(page.html(region))}


def network_markup() -> str:
    """Everything network play draws on the page, for a game of three."""
    from catan_web.session import Session

    session, text = Session(Game(Options(players=3), 1), "g1", "Friday"), Text()
    statuses = [NP.SeatStatus(seat, status) for seat, status in zip(range(3), (NP.HERE, NP.INVITED, NP.AWAY))]
    html = NP.host_card(session, statuses, NP.Invite(1, "https://example.org/#join=x"), NP.Servers())
    html += NP.scanner(text)
    for stage in (NP.ANSWERING, NP.WAITING, NP.JOINED, NP.LOST, NP.CLOSED):
        joining = NP.Joining("Friday", 1, stage, answer="code")
        html += NP.join_screen(text, joining, NP.Servers()) + NP.paused_screen(text, joining, NP.Servers())
    return html


def play_through(page: PageDriver, seed: int, seen: set[str]) -> None:
    """A random hot-seat game of two people and a computer player, driven through the page's
    commands where a control exists, each control of each phase tried once in a while."""
    rng = random.Random(seed)
    seats = (Seat("Ana", "#d21c26"), Seat("Ben", "#1147d6"), Seat("Cy", "#f29e1f", "beginner"))
    page.open(Game(Options(players=3), seed, seats), take_backs=True)
    game = page.game
    page.run("stats_open")
    seen |= named(page)
    page.run("stats_close")
    page.run("share_open")  # the share panel: its link's Copy and Close
    seen |= named(page)
    page.run("share_close")
    page.run("zoom", "in")
    page.run("tracker")  # the card tracker beside the opponents, and back off
    page.run("tracker")
    asked = False
    while game.phase != "over" and len(game.history) < 2000:
        if page.session.covered:
            seen |= named(page)
            page.run("uncover")
        seen |= named(page)
        legal = game.legal_actions()
        if not asked and game.phase == "main" and page.session.my_move:  # the coach: a hint, the chances
            asked = True
            page.run("hint")
            page.ponder()
            page.run("chances")
            seen |= named(page)
            page.run("chances")
            page.run("hint_close")
        if game.phase == "main" and page.session.my_move:
            for tab in ("bank", "players", "build"):
                page.run("tab", tab)
                seen |= named(page)
            for mode in ("road", "year_of_plenty", "monopoly"):
                page.run("mode", mode)
                seen |= named(page)
            page.run("mode", "")
        spots = [f"{kind[0]}{ident}" for kind, ident in (("node", a.value) for a in legal if a.kind in ("settlement", "city"))]
        if spots and rng.random() < 0.3:
            page.press(spots[0], touch=True)  # a tap selects: the confirm bar shows
            seen |= named(page)
            page.run("spot_cancel")
        robberies = [a.value for a in legal if a.kind == "robber"]
        crowded = [h for h, _ in robberies if sum(hx == h for hx, _ in robberies) > 1]
        if crowded and page.session.my_move:
            page.press(f"h{crowded[0]}")  # several players to rob there: the victim chooser
            seen |= named(page)
            page.run("rob", str(next(victim for h, victim in robberies if h == crowded[0])))
            continue
        offers = game.offer_actions()
        action = rng.choice(offers) if offers and rng.random() < 0.1 else rng.choice(legal)
        if game.phase == "trade" and page.session.answering and rng.random() < 0.5:
            page.run("counter_start")
            seen |= named(page)
            page.run("counter_stop")
        page.call(lambda table: table.act(action))
    seen |= named(page)
    page.run("review", {"review-seat": "0"})  # the review of the finished game: its drops play on
    page.ponder()
    seen |= named(page)
    page.run("close_winner")
    seen |= named(page)


def test_every_command_named_is_in_the_table_and_every_command_is_reachable() -> None:
    page = PageDriver(bots=True)
    seen = named(page)  # the home screen
    page.run("delete", "x")  # a confirmation row (for a game that is not there: nothing happens)
    for seed in (1, 2, 3):
        play_through(page, seed, seen)
        page.run("home")
        seen |= named(page)
        page.run("delete", page.page.store.list()[0].id)
        seen |= named(page)
    seen |= set(NAMED.findall(network_markup()))
    table = page.page.table
    table.add(Command(name, read, lambda *_: None) for name, read in NP.COMMANDS.items())
    assert seen - table.names() == set(), "named in the page's markup but not in its command table"
    sent = {name for name, command in table.commands.items() if command.sent_by_page}
    assert table.names() - seen - sent == set(), "in the table but named by no control, nor sent by the page"
    assert {"roll", "end", "undo", "discard", "rob", "confirm", "counter", "yop_take", "monopoly", "maritime", "offer",
            "spot_confirm", "rematch", "start", "continue", "delete_yes", "lang", "speed", "offers", "net_invite",
            "hint", "hint_close", "chances", "tracker", "review", "play_on"} <= seen


def test_an_unknown_command_or_argument_runs_nothing() -> None:
    import pytest

    from catan_web.commands import CommandError

    page = PageDriver(bots=False)
    page.run("form", {"seat-kind-1": "human", "seat-kind-2": "human", "seat-kind-3": "human", "players": "2"})
    page.run("start")
    before = page.game.history[:]
    for name, arg in (("rol", None), ("roll", "3+4"), ("mode", "castle"), ("rob", "9"), ("press", "n12"), ("zoom", None)):
        with pytest.raises(CommandError):
            page.run(name, arg)
    assert page.game.history == before
