"""The HTML of network play: the host's card of guests and invitations, the guest's joining
and paused screens, the servers' settings. Pure functions returning strings, like
:mod:`catan_web.panels` (the page's glue is :mod:`catan_web.network`).

Every text that came from another device (a game's or a seat's name in an invitation, a
refusal's parameters) is text to :func:`~catan_web.html.el` (escaped), and a refusal's key is
shown only if it is one of this page's own messages (:func:`refusal_text`).

>>> from catan_core.game import Game, Options
>>> from .session import Session
>>> session = Session(Game(Options(players=3), seed=1), "g1", "Friday")
>>> session.set_remote([1])
>>> html = host_card(session, [SeatStatus(0, HERE), SeatStatus(1, AWAY), SeatStatus(2, HERE)], None, Servers())
>>> 'id="net-invite-2"' in html, 'data-cmd="net_play_here" data-arg="1"' in html
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from catan_core.errors import CatanError
from catan_core.i18n import params_fit
from catan_core.names import MAX_SEATS

from .commands import Reader, fields, integer, nothing, text as text_arg
from .controls import button, language_picker, section
from .game.parts import seat_mark
from .html import Markup, el, join, trusted
from .peer.ice import IceServers
from .text import Msg, Text

if TYPE_CHECKING:
    from .peer.protocol import Refused
    from .session import Session

HERE, INVITED, CONNECTING, CONNECTED, AWAY = "here", "invited", "connecting", "connected", "away"
"""Where a person's seat is played, as the host's card says: at this device, invited (the
invitation is out), connecting (the answer was pasted), connected, or away (a guest's seat
whose guest is not connected)."""
SEAT_BUTTONS: dict[str, tuple[str, ...]] = {
    HERE: ("net.invite",),
    INVITED: ("net.show_invite", "net.play_here"),
    CONNECTING: ("net.play_here",),
    CONNECTED: ("net.play_here",),
    AWAY: ("net.invite_again", "net.play_here"),
}
"""The buttons of a seat's line in the host's card, by its status (their message keys)."""
BUTTON_COMMANDS: dict[str, tuple[str, str]] = {
    "net.invite": ("net_invite", "net-invite"),
    "net.show_invite": ("net_invite", "net-invite"),
    "net.invite_again": ("net_invite", "net-invite"),
    "net.play_here": ("net_play_here", "net-here"),
}
"""Each seat button's command and the start of its id (the seat's number ends it)."""
REFUSAL_PREFIXES = ("rule.", "action.", "peer.", "format.")
"""The message keys a host's refusal may name (the engine's reasons and the protocol's)."""
QR_MODULE_PX = 4
"""Pixels per QR module: a link's code is then some 340 pixels wide, which phones read from a screen."""
QR_LEVEL = "M"
"""Error correction of the page's QR codes (about 15% of the code may be unreadable)."""
CODE_ROWS = 4
"""Rows of the text fields holding codes and links."""
COMMANDS: dict[str, Reader[Any]] = {
    "net_invite": integer(0, MAX_SEATS - 1),
    "net_close_invite": nothing,
    "net_connect": fields,
    "net_play_here": integer(0, MAX_SEATS - 1),
    "net_scan": nothing,
    "net_scan_stop": nothing,
    "net_copy": text_arg,
    "net_rejoin": fields,
    "net_servers_save": fields,
}
"""Network play's commands and the readers of their arguments (``catan_web.browser.network``
adds them to the page's command table with what each does)."""


class SeatStatus(NamedTuple):
    """A person's seat in the host's card and where it is played (:data:`HERE`, ...)."""

    seat: int
    status: str


@dataclass(frozen=True)
class Invite:
    """The invitation the host's card shows: for ``seat``, its ``link`` ("" while it is
    being prepared), and why the last answer code pasted was refused (None: it was not)."""

    seat: int
    link: str = ""
    error: CatanError | None = None


@dataclass(frozen=True)
class Servers:
    """The servers' settings as shown: the servers kept, and why the last ones typed were refused."""

    ice: IceServers = field(default_factory=IceServers)
    error: CatanError | None = None


# --- small pieces ---------------------------------------------------------------------------------


def qr_figure(text: Text, content: str, label: str, ident: str) -> Markup:
    """``content`` as a QR code named ``label`` (or a sentence saying it is too long for one).

    >>> qr_figure(Text(), "x" * 3000, "Code", "qr").count("too long")
    1
    """
    from .qr import DataTooLong, encode, to_svg

    try:
        image = trusted(to_svg(encode(content, QR_LEVEL), module=QR_MODULE_PX, label=label))
    except DataTooLong:
        image = el("p", text("peer.qr_too_long"), class_="muted")
    return el("figure", image, class_="qr", id=ident)


def code_field(label: str, value: str, ident: str, *, readonly: bool) -> Markup:
    """A labelled text field for a link or a code (read-only when the page wrote it)."""
    area = el(
        "textarea",
        value,
        id=ident,
        rows=str(CODE_ROWS),
        readonly=readonly,
        spellcheck="false",
        autocomplete="off",
        autocapitalize="off",
        class_="code",
    )
    return el("label", label + area, class_="code-label")


def copy_button(text: Text, source: str) -> Markup:
    """A button copying the text of field ``source``."""
    return button(text, text("net.copy"), "net_copy", source, ident=f"{source}-copy")


def error_line(text: Text, error: CatanError | None, ident: str) -> Markup:
    """Why something was refused, read out at once (an empty live region without an error)."""
    return el("p", text.error(error) if error is not None else "", class_="net-error", id=ident, role="alert")


def refusal(refused: Refused) -> Msg:
    """The sentence for the host's refusal ``refused``: its message when the key is one of
    this page's refusal messages and its parameters fit it, else a general one (a host's
    page may be modified and send anything).

    >>> from catan_web.peer.protocol import Refused
    >>> Text().msg(refusal(Refused("rule.roll_first", {})))
    'Roll the dice before ending your turn.'
    >>> odd = (("ui.title", {}), ("rule.bank_empty", {"resource": 99}))
    >>> [Text().msg(refusal(Refused(key, params))) for key, params in odd]
    ['The host refused this move.', 'The host refused this move.']
    """
    if refused.key.startswith(REFUSAL_PREFIXES) and params_fit(refused.key, refused.params):
        return Msg(refused.key, **refused.params)
    return Msg("peer.refused")


# --- the host ---------------------------------------------------------------------------------------


def seat_line(session: Session, status: SeatStatus) -> Markup:
    """One person's seat: who, where it is played, and what the host may do about it."""
    text, seat = session.text, status.seat
    buttons = join(
        button(
            text,
            text(key, player=seat),
            BUTTON_COMMANDS[key][0],
            seat,
            ident=f"{BUTTON_COMMANDS[key][1]}-{seat}",
            cls="primary" if key != "net.play_here" else "",
        )
        for key in SEAT_BUTTONS[status.status]
    )
    who = seat_mark(session.game, seat) + el("strong", session.game.seats[seat].name)
    state = el("span", text("net.status_" + status.status), class_=f"net-status {status.status}")
    return el(
        "li",
        el("div", who + " " + state, class_="net-who") + el("div", buttons, class_="row"),
        class_="net-seat",
        id=f"net-seat-{seat}",
        data_seat=str(seat),
    )


def invite_box(session: Session, invite: Invite) -> Markup:
    """The invitation for one seat: the link (text and QR code), then the field for the answer."""
    text, seat = session.text, invite.seat
    body = el("h3", text("net.invite_title", player=seat), id="net-invite-title")
    if not invite.link:  # being prepared, or could not be made (say why)
        body += (
            error_line(text, invite.error, "invite-error")
            if invite.error is not None
            else el("p", text("net.preparing"), class_="muted", role="status")
        )
    else:
        body += (
            el("p", text("net.step_link"))
            + code_field(text("net.link_label", player=seat), invite.link, "invite-link", readonly=True)
            + el("div", copy_button(text, "invite-link"), class_="row")
            + qr_figure(text, invite.link, text("net.qr_invite", player=seat), "invite-qr")
            + el("p", text("net.step_answer"))
            + code_field(text("net.answer_label"), "", "answer-code", readonly=False)
            + error_line(text, invite.error, "invite-error")
            + el(
                "div",
                button(
                    text,
                    text("net.connect"),
                    "net_connect",
                    ident="answer-connect",
                    cls="primary",
                    fields="answer-code",
                )
                + button(text, text("net.scan"), "net_scan", ident="answer-scan"),
                class_="row",
            )
        )
    body += el(
        "div", button(text, text("net.close"), "net_close_invite", ident="invite-close", cls="quiet"), class_="row"
    )
    return el("div", body, class_="net-invite", id="net-invite", role="group", aria_labelledby="net-invite-title")


def host_card(session: Session, seats: Sequence[SeatStatus], invite: Invite | None, servers: Servers) -> Markup:
    """The host's card of people's seats: where each is played, invitations, the servers."""
    text = session.text
    body = el("p", text("net.intro"), class_="small muted")
    body += el("ul", join(seat_line(session, status) for status in seats), class_="net-seats")
    if invite is not None:
        body += invite_box(session, invite)
    body += servers_panel(text, servers)
    return section(text("net.title"), body, ident="net", cls="net")


def cover_invite(session: Session) -> Markup:
    """The button on the hot-seat cover inviting a friend to the seat that must act (that
    person may be on another device)."""
    text, actor = session.text, session.actor
    return el(
        "div", button(text, text("net.invite", player=actor), "net_invite", actor, ident="cover-invite"), class_="row"
    )


def scanner(text: Text) -> Markup:
    """The camera's view while it looks for an answer's QR code (outside the redrawn panels)."""
    return el(
        "div",
        el("p", text("net.scan_help"), id="scanner-help")
        + el("video", id="scanner-video", playsinline=True, muted=True, aria_describedby="scanner-help")
        + button(text, text("net.scan_stop"), "net_scan_stop", ident="scanner-stop", cls="primary"),
        class_="sheet",
    )


# --- the servers -----------------------------------------------------------------------------------------


def servers_panel(text: Text, servers: Servers) -> Markup:
    """The optional STUN and TURN servers: what they are for, the fields, and what is kept."""
    ice = servers.ice
    kept = text("net.servers_saved", count=len(ice.urls)) if ice.urls else text("net.servers_none")
    urls = el(
        "textarea",
        "\n".join(ice.urls),
        id="ice-urls",
        rows="2",
        spellcheck="false",
        autocomplete="off",
        autocapitalize="off",
        class_="code",
    )
    login = el(
        "label", text("net.servers_username") + el("input", id="ice-username", value=ice.username, autocomplete="off")
    ) + el(
        "label",
        text("net.servers_credential")
        + el("input", id="ice-credential", type="password", value=ice.credential, autocomplete="off"),
    )
    body = (
        el("summary", text("net.servers_title"))
        + el("p", text("net.servers_help"), class_="small muted")
        + el("label", text("net.servers_urls") + urls)
        + el("div", login, class_="row fields")
        + error_line(text, servers.error, "ice-error")
        + el(
            "div",
            button(
                text,
                text("net.servers_save"),
                "net_servers_save",
                ident="ice-save",
                fields="ice-urls ice-username ice-credential",
            ),
            class_="row",
        )
        + el("p", kept, class_="small muted", id="ice-kept")
    )
    return el("details", body, class_="net-servers", id="net-servers", open=servers.error is not None)


# --- the guest ------------------------------------------------------------------------------------------

ANSWERING, WAITING, JOINED, LOST, CLOSED = "answering", "waiting", "joined", "lost", "closed"
"""A guest's stages: making its answer, waiting for the host to paste it, joined, the
connection lost, or ended by the host (or refused) for a reason."""


@dataclass(frozen=True)
class Joining:
    """What a guest's page shows about its connection: the game's and the seat's names (from
    the invitation), the stage, the answer code, and why the host ended or refused it."""

    game: str
    player: str | int
    """The seat's name, or its number when the invitation named none."""
    stage: str = ANSWERING
    answer: str = ""
    reason: CatanError | None = None
    error: CatanError | None = None
    """Why the last invitation pasted to rejoin was refused."""


def guest_card(text: Text, joining: Joining, servers: Servers) -> Markup:
    """The guest's connection: joining (the answer code to hand back), or paused (why, and
    the field for a new invitation)."""
    names = {"game": joining.game, "player": joining.player}
    if joining.stage in (LOST, CLOSED):
        why = text.error(joining.reason) if joining.reason is not None else text("peer.lost")
        body = (
            el("h2", why, id="net-guest-title")
            + el("p", text("net.rejoin_help", **names))
            + code_field(text("net.rejoin_label"), "", "rejoin-code", readonly=False)
            + error_line(text, joining.error, "rejoin-error")
            + el(
                "div",
                button(text, text("net.rejoin"), "net_rejoin", ident="rejoin-go", cls="primary", fields="rejoin-code")
                + button(text, text("ui.menu.home"), "home", ident="paused-home", cls="quiet"),
                class_="row",
            )
        )
        return el(
            "section",
            body + servers_panel(text, servers),
            class_="net-guest",
            id="net-guest",
            aria_labelledby="net-guest-title",
        )
    body = el("h2", text("net.join_title", **names), id="net-guest-title")
    if joining.stage == ANSWERING:
        body += el("p", text("net.join_preparing"), class_="muted", role="status")
    elif joining.stage == WAITING:
        body += (
            el("p", text("net.join_step"))
            + code_field(text("net.join_label"), joining.answer, "answer-out", readonly=True)
            + el("div", copy_button(text, "answer-out"), class_="row")
            + qr_figure(text, joining.answer, text("net.qr_answer"), "answer-qr")
            + el("p", text("net.join_waiting"), class_="muted", role="status")
        )
    else:
        body += el("p", text("net.join_connected"), class_="muted", role="status")
    if joining.stage != JOINED:
        body += servers_panel(text, servers)
    return el("section", body, class_="net-guest", id="net-guest", aria_labelledby="net-guest-title")


def join_screen(text: Text, joining: Joining, servers: Servers) -> Markup:
    """A guest's page before the game arrives (or after a reload): title, language, connection."""
    head = el(
        "header", el("h1", text("ui.title"), class_="brand") + language_picker(text, "home-lang"), class_="home-head"
    )
    return head + el("div", guest_card(text, joining, servers), class_="card")


def paused_screen(text: Text, joining: Joining, servers: Servers) -> Markup:
    """The screen over a guest's game while it has no connection to the host."""
    return el(
        "div",
        el("div", guest_card(text, joining, servers), class_="sheet"),
        class_="overlay paused",
        role="dialog",
        aria_modal="true",
        aria_labelledby="net-guest-title",
        id="paused",
    )
