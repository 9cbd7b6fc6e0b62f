"""The hand of the person at the device: their resource cards, then their development cards
(:mod:`catan_web.game.cards`). Nothing private shows while the hot-seat cover is up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core.names import RESOURCES

from ..controls import section
from ..html import Markup, el, join
from .cards import dev_cards
from .parts import resource_name

if TYPE_CHECKING:
    from .scene import Scene


def hand_panel(scene: Scene) -> Markup:
    """The viewer's resource and development cards (nothing while the device is covered)."""
    view, text = scene.view, scene.text
    if view.viewer is None or view.hand is None:
        return section(text("ui.hand.title_none"), el("p", text("ui.hand.hidden"), class_="muted"), ident="hand")
    cards = join(
        el(
            "li",
            el("span", str(n), class_="count"),
            el("span", resource_name(text, r), class_="label"),
            class_=f"card-res res-{RESOURCES[r]}" + (" none" if not n else ""),
            aria_label=text("ui.hand.item", count=n, resource=r),
        )
        for r, n in enumerate(view.hand)
    )
    body = join(
        (
            el("p", text("ui.hand.total", count=sum(view.hand)), class_="muted small"),
            el("ul", cards, class_="hand", id="hand-cards"),
            dev_cards(scene),
        )
    )
    return section(text("ui.hand.title", player=view.viewer), body, ident="hand")
