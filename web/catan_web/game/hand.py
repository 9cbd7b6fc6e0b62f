"""The hand of the person at the device: their resource cards, then their development cards
(:mod:`catan_web.game.cards`), in a strip of fixed height under the board (what a card opens,
a chooser, shows with the actions, so that the board keeps its size). While the hot-seat cover
is up, the cover takes its place (:mod:`catan_web.game.cover`): nothing private shows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core.names import RESOURCES

from ..controls import section
from ..html import Markup, el, join
from .cards import dev_cards
from .cover import cover
from .parts import resource_name

if TYPE_CHECKING:
    from .scene import Scene


def hand_panel(scene: Scene) -> Markup:
    """The viewer's resource and development cards (the cover while the device is covered)."""
    view, text = scene.view, scene.text
    if scene.session.covered:
        return cover(scene)
    if view.viewer is None or view.hand is None:
        return section(text("ui.hand.title_none"), el("p", text("ui.hand.hidden"), class_="muted"), ident="hand")
    total, cards = scene.part(resource_cards, view.hand)
    body = total + el("div", cards, dev_cards(scene), class_="hand-row")
    return section(text("ui.hand.title", player=view.viewer), body, ident="hand")


def resource_cards(scene: Scene) -> tuple[Markup, Markup]:
    """How many cards the viewer holds in all, and of each resource (a part of the hand kept
    while they stay the same: :meth:`~catan_web.game.scene.Scene.part`)."""
    view, text = scene.view, scene.text
    assert view.hand is not None
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
    total = el("p", text("ui.hand.total", count=sum(view.hand)), class_="muted small hand-total")
    return total, el("ul", cards, class_="hand", id="hand-cards")
