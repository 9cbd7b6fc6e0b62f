"""Discarding on a 7: the person picks the cards to give back, never past their hand nor the
number due.

Draft: ``discard``. Commands: ``discard_pick``, ``discard``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core import actions as A
from catan_core.actions import Action
from catan_core.names import RESOURCES

from ..commands import Command, Step, nothing, step as step_reader
from ..controls import button, section
from ..draft import can_add, step
from ..html import Markup, el, join
from .offer import held
from .parts import counter, resource_name

if TYPE_CHECKING:
    from ..session import Session
    from .scene import Scene
    from .table import Table

DISCARD = "discard"
"""The side of the discard counters (their ``data-arg`` is ``discard:<resource>:<step>``)."""


def due(session: Session) -> int:
    """How many cards the person who must act has to discard now."""
    return session.game.discards[session.actor] if session.actor >= 0 else 0


def discard_panel(scene: Scene) -> Markup:
    """Choose the cards to give back on a 7."""
    session, view, text, picked = scene.session, scene.view, scene.text, scene.draft.discard
    owed, hand = view.players[session.actor].discard_due, held(session)
    rows = []
    for r, key in enumerate(RESOURCES):
        have = view.hand[r] if view.hand is not None else 0
        rows.append(
            el(
                "li",
                el("span", resource_name(text, r), el("small", f" ({have})", class_="muted"), class_=f"dot res-{key}"),
                counter(
                    text,
                    text("ui.discard.of", resource=r),
                    picked[r],
                    "discard_pick",
                    f"{DISCARD}:{r}",
                    f"discard-{key}",
                    can_add(picked, r, hand, due(session)),
                ),
            )
        )
    body = join(
        (
            el("p", text("ui.discard.explain", count=owed)),
            el("ul", join(rows), class_="discard-rows"),
            el("p", text("ui.discard.chosen", count=sum(picked), due=owed), class_="small", aria_live="polite"),
            button(
                text,
                text("ui.discard.do"),
                "discard",
                ident="discard-do",
                cls="primary",
                reason=session.reason(Action(session.actor, A.DISCARD, picked)),
            ),
        )
    )
    return section(text("ui.discard.title", player=session.actor), body, ident="discard", cls="urgent")


# --- commands ----------------------------------------------------------------------------------------


def pick(page: Table, change: Step) -> None:
    """Change how many cards of a resource to discard (``discard:2:-1``: one grain less),
    never past the hand nor the number due."""
    session = page.session
    if session is not None:
        draft = page.state.draft
        page.edit(
            draft=draft._replace(
                discard=step(draft.discard, change.resource, change.delta, held(session), due(session))
            )
        )


def discard(page: Table, _: None) -> None:
    """Discard the chosen cards."""
    session = page.session
    if session is not None:
        page.act(Action(session.actor, A.DISCARD, page.state.draft.discard))


COMMANDS = (
    Command("discard_pick", step_reader((DISCARD,), len(RESOURCES)), pick),
    Command("discard", nothing, discard),
)
