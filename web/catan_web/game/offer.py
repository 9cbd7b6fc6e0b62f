"""Offers to other players: what the person gives and wants, counted with − and + (what they
give never past their hand), and whom the offer goes to. The same composer writes a
counter-offer (:mod:`catan_web.game.answer`).

Draft: ``give``, ``want``, ``target``. Commands: ``compose``, ``target``, ``offer``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core import actions as A
from catan_core.actions import Action
from catan_core.names import MAX_SEATS, RESOURCES
from catan_core.state import RESOURCE_SUPPLY

from ..commands import Command, Step, integer, nothing, step as step_reader
from ..controls import button, section
from ..draft import NO_CARDS, Cards, Draft, can_add, step
from ..html import Markup, el, join
from .parts import counter, resource_name

if TYPE_CHECKING:
    from ..session import Session
    from .scene import Scene
    from .table import Table

GIVE, WANT = "give", "want"
"""The two sides of an offer being composed, seen from the person composing it."""
EVERYONE = -1
"""The target of an offer to every other player."""


def held(session: Session) -> Cards:
    """The cards the person at the device holds (none while covered)."""
    viewer = session.viewer
    return tuple(session.game.players[viewer].hand) if viewer is not None else NO_CARDS


def side_and_caps(session: Session, draft: Draft, side: str) -> tuple[Cards, Cards]:
    """An offer's ``side`` being composed and the most of each resource it may hold: the
    hand for what the person gives, the whole supply for what they want."""
    if side == GIVE:
        return draft.give, held(session)
    return draft.want, (RESOURCE_SUPPLY,) * len(RESOURCES)


def room(session: Session, draft: Draft, side: str) -> tuple[bool, ...]:
    """For each resource, whether the offer's ``side`` may hold one more."""
    counts, caps = side_and_caps(session, draft, side)
    return tuple(can_add(counts, r, caps) for r in range(len(counts)))


def offer_action(session: Session, draft: Draft) -> Action:
    """The offer (or, while an offer is open, the counter-offer) being composed."""
    give, want, me = draft.give, draft.want, session.actor
    if session.game.phase == "trade":
        return Action(me, A.COUNTER, (want, give))  # terms are seen from the offering player
    return Action(me, A.OFFER, (give, want, draft.target))


def composer(scene: Scene, prefix: str) -> Markup:
    """Give / want counters, one row per resource (the acting person's own side)."""
    session, view, text, d = scene.session, scene.view, scene.text, scene.draft
    gives, wants = room(session, d, GIVE), room(session, d, WANT)
    rows = []
    for r, key in enumerate(RESOURCES):
        name = resource_name(text, r)
        have = view.hand[r] if view.hand is not None else 0
        rows.append(
            el(
                "tr",
                el(
                    "th",
                    el("span", name, class_=f"dot res-{key}"),
                    el("small", f" ({have})", class_="muted"),
                    scope="row",
                ),
                el(
                    "td",
                    counter(
                        text,
                        text("ui.trade.give_of", resource=r),
                        d.give[r],
                        "compose",
                        f"{GIVE}:{r}",
                        f"{prefix}-give-{key}",
                        gives[r],
                    ),
                ),
                el(
                    "td",
                    counter(
                        text,
                        text("ui.trade.want_of", resource=r),
                        d.want[r],
                        "compose",
                        f"{WANT}:{r}",
                        f"{prefix}-want-{key}",
                        wants[r],
                    ),
                ),
            )
        )
    head = el(
        "tr",
        *(el("th", text(key), scope="col") for key in ("ui.trade.resource", "ui.trade.you_give", "ui.trade.you_get")),
    )
    return el("table", el("thead", head), el("tbody", join(rows)), class_="composer")


def offer_panel(scene: Scene) -> Markup:
    """Compose a domestic offer and send it to one player or to all."""
    session, view, text, d = scene.session, scene.view, scene.text, scene.draft
    options = el("option", text("ui.trade.to_all"), value=str(EVERYONE), selected=d.target == EVERYONE)
    options += join(
        el("option", view.seats[q].name, value=str(q), selected=d.target == q)
        for q in range(len(view.seats))
        if q != session.actor
    )
    target = el(
        "label",
        text("ui.trade.to"),
        " ",
        el("select", options, id="offer-target", data_change="target"),
        class_="inline",
    )
    send = button(
        text,
        text("ui.trade.send"),
        "offer",
        ident="offer-send",
        cls="primary",
        reason=session.reason(offer_action(session, d)),
    )
    body = composer(scene, "offer") + el("div", target, send, class_="row")
    return section(text("ui.trade.title"), body, ident="offer", cls="tabbed")


# --- commands ----------------------------------------------------------------------------------------


def compose(page: Table, change: Step) -> None:
    """Change a count of the offer or counter-offer being composed (``give:2:1`` adds one grain to give)."""
    session = page.session
    if session is None:
        return
    draft = page.state.draft
    counts, caps = side_and_caps(session, draft, change.side)
    counted = step(counts, change.resource, change.delta, caps)
    page.edit(draft=draft._replace(give=counted) if change.side == GIVE else draft._replace(want=counted))


def target(page: Table, seat: int) -> None:
    """Send the offer to ``seat`` (-1: everyone)."""
    session = page.session
    if session is not None and seat < len(session.game.seats) and seat != session.actor:
        page.edit(draft=page.state.draft._replace(target=seat))


def send(page: Table, _: None) -> None:
    """Send the offer (or the counter-offer) composed."""
    session = page.session
    if session is not None:
        page.act(offer_action(session, page.state.draft))


COMPOSE = step_reader((GIVE, WANT), len(RESOURCES))
"""The argument of the composer's counters."""

COMMANDS = (
    Command("compose", COMPOSE, compose),
    Command("target", integer(EVERYONE, MAX_SEATS - 1), target),
    Command("offer", nothing, send),
)
