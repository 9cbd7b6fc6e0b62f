"""The game bar (the game's name, the computer players' pace and offers, statistics, playing
on several devices, the sound, export, home, the language; folded into a menu on a narrow
screen) and the notice bar, with the commands of the whole page: the language, the device's
settings, the page's width, leaving a game.

Commands: ``home``, ``export``, ``speed``, ``offers``, ``sound``, ``menu``, ``net``, ``lang``,
``close_notice``, ``viewport``; from the browser ``explain`` (a disabled button was pressed).
"""

from __future__ import annotations

from copy import deepcopy
from typing import TYPE_CHECKING

from catan_core.i18n import LANGUAGES

from ..commands import Command, Explanation, choice, integer, nothing, value
from ..controls import button, language_picker, notice_bar
from ..effects import Download, Focus, Reveal
from ..html import EMPTY, Markup, el, join
from ..newgame import file_name
from ..settings import OFFER_MODES, SPEEDS
from ..text import Text
from .share import COMMANDS as SHARE_COMMANDS, panel as share_panel, share_button
from .state import Notice

if TYPE_CHECKING:
    from ..session import Session
    from .scene import Scene
    from .table import Table

WIDTHS = (200, 10_000)
"""The page widths (CSS pixels) the page takes as its width."""
NET_CARD = "#net"
"""Network play's card (shown, scrolled to and focused when asked for)."""


def game_bar(scene: Scene) -> Markup:
    """The bar above the game: its name and its menu (the computer players' pace and offers,
    the statistics, playing on several devices, the sound, export, home, the language), which
    a narrow screen folds behind a Menu button."""
    session, text, state = scene.session, scene.text, scene.state
    pace = EMPTY
    if session.bots_here:
        speeds = join(
            el("option", text("ui.speed." + name), value=name, selected=name == state.speed) for name in SPEEDS
        )
        pace = el(
            "label", text("ui.speed.label"), " ", el("select", speeds, id="speed", data_change="speed"), class_="inline"
        )
        if session.humans:
            modes = join(
                el("option", text("ui.offers." + mode), value=mode, selected=mode == state.offers)
                for mode in OFFER_MODES
            )
            pace += el(
                "label",
                text("ui.offers.label"),
                " ",
                el("select", modes, id="offers", data_change="offers"),
                class_="inline",
            )
    pace += button(text, text("ui.stats.title"), "stats_open", ident="stats-open")
    if hosts_friends(session):
        pace += button(text, text("ui.net.open"), "net", ident="net-open", pressed=state.net_open)
    pace += button(text, text("ui.sound.label"), "sound", ident="sound", pressed=state.sound, cls="sound")
    pace += button(text, text("ui.coach.tracker"), "tracker", ident="tracker", pressed=state.coach.tracker)
    export = share_button(scene)
    export += button(text, text("ui.menu.export"), "export", ident="export") if session.holds_game else EMPTY
    toggle = el(
        "button",
        text("ui.menu.label"),
        type="button",
        id="menu-toggle",
        class_="menu-toggle",
        data_cmd="menu",
        aria_expanded="true" if state.menu_open else "false",
        aria_controls="bar-menu",
    )
    tools = el(
        "div",
        pace,
        export,
        button(text, text("ui.menu.home"), "home", ident="menu-home"),
        language_picker(text, "game-lang"),
        class_="bar-tools open" if state.menu_open else "bar-tools",
        id="bar-menu",
    )
    return join(
        (
            el("h1", text("ui.title"), class_="brand"),
            el("span", session.name, class_="game-name"),
            toggle,
            tools,
            share_panel(scene),
        )
    )


def reads(scene: Scene) -> tuple[object, ...]:
    """What :func:`game_bar` reads (the key of its memo): the game at the table, its name,
    whether it is over, and the page's settings and open menus."""
    state, session = scene.state, scene.session
    settings = (state.speed, state.offers, state.net_open, state.sound, state.coach.tracker, state.menu_open)
    return scene.table, session.name, session.gid, session.game.phase == "over", settings, state.sharing


def hosts_friends(session: Session) -> bool:
    """Whether the game on screen may be played on several devices from this page: it holds
    the game, two people or more play it, and it is not over."""
    people = sum(1 for seat in session.game.seats if seat.kind == "human")
    return session.holds_game and people >= 2 and session.game.phase != "over"


def notice(notice: Notice | None, text: Text, session: Session | None) -> Markup:
    """The notice bar's contents (nothing without a notice)."""
    if notice is None:
        return EMPTY
    if notice.declines is not None:
        from ..offers import decline_notice  # (the engine's rules: loaded with the game)

        message = decline_notice(session, notice.declines) if session is not None else ""
    elif notice.message is not None:
        message = text.msg(notice.message)
    else:
        message = notice.text
    return notice_bar(text, message, notice.entry)


def export_name(name: str) -> str:
    """A file name for exporting the game called ``name`` (an import reads the name back:
    :func:`catan_web.newgame.name_of_file`).

    >>> export_name("Friday night")
    'catan-Friday-night.json'
    """
    return file_name(name)


# --- commands ----------------------------------------------------------------------------------------


def home(page: Table, _: None) -> None:
    """Back to the home screen (the game is saved; a network game is left)."""
    page.go_home()


def export(page: Table, _: None) -> None:
    """Download the game on screen as a .json file."""
    session = page.session
    if session is not None:
        from catan_core.saves import dumps

        page.emit(Download(export_name(session.name), dumps(session.game)))


def speed(page: Table, pace: str) -> None:
    """The computer players' pace changed."""
    page.edit(speed=pace)
    page.settings.remember(speed=pace)


def offers(page: Table, mode: str) -> None:
    """What to do with offers from computer players changed: remembered, and applied at once
    to an offer waiting for an answer."""
    from ..offers import decline_notice  # (the engine's rules: loaded with the game)

    page.edit(offers=mode)
    page.settings.remember(offers=mode)
    session = page.session
    if session is not None:
        session.offers = mode
        since = len(session.game.log)
        if session.decline_for_people():
            if decline_notice(session, since):
                page.edit(notice=Notice(None, "info", declines=since))
            page.changed()


def sound(page: Table, _: None) -> None:
    """The sound switch: the page's sounds on or off (remembered)."""
    on = not page.state.sound
    page.edit(sound=on)
    page.settings.remember(sound=on)


def menu(page: Table, _: None) -> None:
    """Unfold or fold the game bar's menu (a narrow screen folds it)."""
    page.edit(menu_open=not page.state.menu_open)


def net(page: Table, _: None) -> None:
    """Show network play's card ("Play on several devices": invite friends to seats), or hide it."""
    shown = not page.state.net_open
    page.edit(net_open=shown, menu_open=False)
    if shown:
        page.emit(Reveal(NET_CARD))
        page.emit(Focus(NET_CARD))


def lang(page: Table, chosen: str) -> None:
    """Switch every text to ``chosen``: the default seat names of the new-game form follow it
    (whichever screen is up), and a notice, now in other words, starts its time again."""
    state = page.state
    form = deepcopy(state.form)
    form.rename_defaults(Text(state.lang), Text(chosen))
    notice = state.notice._replace(at=None) if state.notice is not None else None
    page.edit(form=form, lang=chosen, notice=notice)
    page.settings.remember(lang=chosen)


def close_notice(page: Table, _: None) -> None:
    """The person closed the notice."""
    page.clear_notice()


def viewport(page: Table, width: int) -> None:
    """The page's width changed."""
    page.edit(width=width)


def explain(page: Table, why: Explanation) -> None:
    """A disabled button was pressed: its reason in the notice bar, with its "Why?" link."""
    page.edit(notice=Notice(None, "error", why.entry, text=why.text))


COMMANDS = (
    Command("home", nothing, home),
    Command("export", nothing, export),
    Command("speed", choice(*SPEEDS), speed),
    Command("offers", choice(*OFFER_MODES), offers),
    Command("sound", nothing, sound),
    Command("menu", nothing, menu),
    Command("net", nothing, net),
    Command("lang", choice(*LANGUAGES), lang),
    Command("close_notice", nothing, close_notice),
    Command("viewport", integer(*WIDTHS), viewport, sent_by_page=True),
    Command("explain", value(Explanation), explain, sent_by_page=True),
    *SHARE_COMMANDS,
)
