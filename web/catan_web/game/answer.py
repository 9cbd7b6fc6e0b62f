"""An open offer: its terms and every answer; the offering person confirms with one who accepted
or countered, or withdraws it; a person asked accepts, declines or writes a counter-offer.

Draft: ``countering`` (the composer's ``give`` and ``want`` hold the counter-offer). Commands:
``accept``, ``decline``, ``counter_start``, ``counter_stop``, ``counter``, ``confirm``, ``cancel``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core import actions as A
from catan_core.actions import Action

from ..commands import Command, nothing
from ..controls import button, section
from ..html import EMPTY, Markup, el, join
from ..offers import offer_heading, offer_number
from .offer import composer, held, offer_action, send
from .parts import SEAT, chips, seat_label

if TYPE_CHECKING:
    from .scene import Scene
    from .table import Table


def trade_status(scene: Scene) -> Markup:
    """The open offer: its terms, every answer, and the controls of whoever acts."""
    session, text, trade = scene.session, scene.text, scene.view.trade
    assert trade is not None
    if session.answering:  # the terms as the person answering gives and gets them
        number = offer_number(session.game.log)
        terms = offer_heading(text, trade.offerer, number, chips(text, trade.want), chips(text, trade.give))
    else:
        terms = el(
            "p",
            text("ui.trade.offer_terms", player=trade.offerer, give=list(trade.give), want=list(trade.want)),
            class_="terms",
        )
    return section(text("ui.trade.open_title"), terms + answers(scene) + controls(scene), ident="trade")


def answers(scene: Scene) -> Markup:
    """Each seat asked and its answer; to the offering person, a button closing the trade
    with each seat that accepted or countered."""
    session, text, trade = scene.session, scene.text, scene.view.trade
    assert trade is not None
    given = {seat: (kind, terms) for seat, kind, terms in trade.answers}
    offering = session.my_move and session.actor == trade.offerer
    rows = []
    for seat in trade.targets:
        kind, counter_terms = given.get(seat, ("waiting", None))
        if kind == "counter" and counter_terms is not None:
            state = text("ui.trade.answer_counter", give=list(counter_terms[0]), want=list(counter_terms[1]))
        else:
            state = text("ui.trade.answer_" + kind)
        control = EMPTY
        if offering and kind in ("accept", "counter"):
            reason = session.reason(Action(trade.offerer, A.CONFIRM, seat))
            label = text("ui.trade.confirm", partner=seat)
            control = button(text, label, "confirm", seat, ident=f"confirm-{seat}", cls="primary", reason=reason)
        who = el("span", seat_label(session.game, seat), class_="who")
        rows.append(
            el("li", who, el("span", state, class_=f"answer {kind}"), control, class_="answer-row", data_seat=str(seat))
        )
    return el("ul", join(rows), class_="answers")


def controls(scene: Scene) -> Markup:
    """What the person at the device may do about the open offer: withdraw their own, write a
    counter-offer, or accept, decline or start a counter-offer."""
    session, text, trade = scene.session, scene.text, scene.view.trade
    assert trade is not None
    if not session.my_move:
        return EMPTY
    if session.actor == trade.offerer:
        reason = session.reason(Action(trade.offerer, A.CANCEL))
        return button(text, text("ui.trade.cancel"), "cancel", ident="trade-cancel", reason=reason)
    if scene.draft.countering:
        reason = session.reason(offer_action(session, scene.draft))
        send = button(
            text, text("ui.trade.send_counter"), "counter", ident="counter-send", cls="primary", reason=reason
        )
        stop = button(text, text("ui.button.cancel"), "counter_stop", ident="counter-stop")
        return join(
            (el("h3", text("ui.trade.counter_title")), composer(scene, "counter"), el("div", send, stop, class_="row"))
        )
    reason = session.reason(Action(session.actor, A.ACCEPT))
    return el(
        "div",
        button(text, text("ui.trade.accept"), "accept", ident="trade-accept", cls="primary", reason=reason),
        button(text, text("ui.trade.decline"), "decline", ident="trade-decline"),
        button(text, text("ui.trade.counter"), "counter_start", ident="trade-counter"),
        class_="row",
    )


# --- commands ----------------------------------------------------------------------------------------


def answer(kind: str) -> Command[None]:
    """The command answering the open offer with ``kind`` (accept, decline) or closing it
    (cancel), for the person who must act."""

    def run(page: Table, _: None) -> None:
        session = page.session
        if session is not None:
            page.act(Action(session.actor, kind))

    run.__doc__ = f"Answer the open offer: {kind}."
    return Command(kind, nothing, run)


def counter_start(page: Table, _: None) -> None:
    """Start a counter-offer from the terms of the open offer, seen from this side (what
    would be given is capped by the hand)."""
    session = page.session
    trade = session.game.trade if session is not None else None
    if session is not None and trade is not None:
        hand = held(session)
        page.edit(
            draft=page.state.draft._replace(
                give=tuple(min(n, hand[r]) for r, n in enumerate(trade.want)), want=tuple(trade.give), countering=True
            )
        )


def counter_stop(page: Table, _: None) -> None:
    """Give up the counter-offer being composed."""
    page.edit(draft=page.state.draft._replace(countering=False))


def confirm(page: Table, partner: int) -> None:
    """Close the trade with a player who accepted or countered."""
    session = page.session
    if session is not None:
        page.act(Action(session.actor, A.CONFIRM, partner))


COMMANDS = (
    answer(A.ACCEPT),
    answer(A.DECLINE),
    answer(A.CANCEL),
    Command("counter_start", nothing, counter_start),
    Command("counter_stop", nothing, counter_stop),
    Command("counter", nothing, send),
    Command("confirm", SEAT, confirm),
)
