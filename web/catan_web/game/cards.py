"""Development cards in the hand: each with its play button, and the choosers that Year of
Plenty and Monopoly open first, shown with the actions (:mod:`catan_web.game.actions`: the
hand under the board keeps its height); the Year of Plenty picks never go past what the bank
holds.

Draft: ``mode`` (the chooser open) and ``picks`` (Year of Plenty). Commands: ``play``,
``yop_pick``, ``yop_clear``, ``yop_take``, ``monopoly``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core import actions as A
from catan_core.actions import Action
from catan_core.game import DEV_CARDS

from ..commands import Command, choice, nothing
from ..controls import almanac_entry, button, section
from ..draft import NO_CARDS, cards_list, year_of_plenty_prompt, year_of_plenty_room, year_of_plenty_size
from ..html import EMPTY, Markup, el, join
from .parts import RESOURCE, resource_buttons
from .reasons import any_reason, others_turn

if TYPE_CHECKING:
    from .scene import Scene
    from .table import Table

PLAYABLE: tuple[str, ...] = (A.KNIGHT, A.ROAD_BUILDING, A.YEAR_OF_PLENTY, A.MONOPOLY)
"""Development cards with a play button, by action kind (same names as the cards)."""
CHOOSERS: tuple[str, ...] = (A.YEAR_OF_PLENTY, A.MONOPOLY)
"""Development cards whose play button opens a chooser first."""
PROBES: dict[str, object] = {A.YEAR_OF_PLENTY: (0, 1), A.MONOPOLY: 0}
"""The value asked about when explaining why a card cannot be played."""
VICTORY_POINT = DEV_CARDS.index("victory_point")


def dev_cards(scene: Scene) -> Markup:
    """Development cards held, each with its play button (or what it is for), made again only
    when the cards or their buttons changed (:func:`plays`)."""
    view = scene.view
    assert view.dev is not None and view.dev_new is not None
    return scene.drawn(dev_list, (view.dev, view.dev_new, plays(scene)))


Play = tuple[str | None, str | None, bool | None] | None
"""A card's play button: why it cannot be used (None: it can), the almanac entry behind that
(the "Why?" link), and whether its chooser is open (None: it has none); None for a card
without a play button."""


def plays(scene: Scene) -> tuple[Play, ...]:
    """The play button of each development card (by card; held or not)."""
    session, view = scene.session, scene.view
    assert view.dev is not None
    if not session.my_move:
        return (None,) * len(view.dev)
    out: list[Play] = []
    for card, held in enumerate(view.dev):
        kind = DEV_CARDS[card]
        if held and kind in PLAYABLE:
            pressed = scene.draft.mode == kind if kind in CHOOSERS else None
            reason = others_turn(session) or any_reason(session, kind, PROBES.get(kind))
            out.append((reason, almanac_entry(reason), pressed))
        else:
            out.append(None)
    return tuple(out)


def dev_list(scene: Scene, held: tuple[tuple[int, ...], tuple[int, ...], tuple[Play, ...]]) -> Markup:
    """The development cards ``held`` (by card, and those new this turn), with their play buttons."""
    text = scene.text
    dev, dev_new, buttons = held
    rows = []
    for card, count in enumerate(dev):
        if not count:
            continue
        kind = DEV_CARDS[card]
        label = el("span", text("devcard." + kind), class_="dev-name") + el("span", f"×{count}", class_="dev-count")
        if dev_new[card]:
            label += el("span", text("ui.dev.new", count=dev_new[card]), class_="badge")
        play, shown = EMPTY, buttons[card]
        if shown is not None:
            reason, _, pressed = shown
            play = button(
                text, text("ui.dev.play", card=card), "play", kind, ident=f"play-{kind}", reason=reason, pressed=pressed
            )
        elif card == VICTORY_POINT:
            play = el("small", text("ui.dev.vp_note"), class_="muted")
        note = text("ui.dev.vp_note") if card == VICTORY_POINT else None
        rows.append(el("li", el("div", label, class_="dev-line"), play, class_="dev", title=note))
    if not rows:
        return el("p", text("ui.dev.none"), class_="muted small devs-none")
    return el("h3", text("ui.dev.title"), class_="visually-hidden") + el("ul", join(rows), class_="devs")


def chooser(scene: Scene) -> Markup:
    """The open card chooser: Year of Plenty picks or the Monopoly resource."""
    session, text, draft = scene.session, scene.text, scene.draft
    if draft.mode == A.YEAR_OF_PLENTY:
        size = year_of_plenty_size(scene.legal)
        key, params = year_of_plenty_prompt(size)
        missing = size - sum(draft.picks)
        reason = text("ui.yop.need", count=missing) if missing > 0 else session.reason(year_of_plenty_action(scene))
        body = join(
            (
                el("p", text(key, **params)),
                resource_buttons(text, "yop_pick", "yop", room=year_of_plenty_room(scene.legal, draft.picks)),
                el("p", text("ui.yop.chosen", cards=list(draft.picks)), class_="small"),
                el(
                    "div",
                    button(text, text("ui.yop.take"), "yop_take", ident="yop-take", cls="primary", reason=reason),
                    button(text, text("ui.button.clear"), "yop_clear", ident="yop-clear"),
                    button(text, text("ui.button.cancel"), "mode", "", ident="yop-cancel"),
                    class_="row",
                ),
            )
        )
        return section(text("devcard.year_of_plenty"), body, ident="chooser", cls="chooser")
    if draft.mode == A.MONOPOLY:
        body = join(
            (
                el("p", text("ui.monopoly.pick")),
                resource_buttons(text, "monopoly", "mono"),
                button(text, text("ui.button.cancel"), "mode", "", ident="mono-cancel"),
            )
        )
        return section(text("devcard.monopoly"), body, ident="chooser", cls="chooser")
    return EMPTY


def year_of_plenty_action(scene: Scene) -> Action:
    """Year of Plenty with the cards picked."""
    return Action(scene.session.actor, A.YEAR_OF_PLENTY, cards_list(scene.draft.picks))


# --- commands ----------------------------------------------------------------------------------------


def play(page: Table, kind: str) -> None:
    """Play a development card (Year of Plenty and Monopoly open their chooser first, or close
    it when it is open)."""
    session = page.session
    if session is None:
        return
    if kind in CHOOSERS:
        draft = page.state.draft
        page.edit(draft=draft.with_mode(None if draft.mode == kind else kind))
        page.clear_notice()
    else:
        page.act(Action(session.actor, kind))


def pick(page: Table, resource: int) -> None:
    """Pick one more card of ``resource`` for Year of Plenty, while room is left."""
    session = page.session
    draft = page.state.draft
    if session is not None and year_of_plenty_room(session.legal(), draft.picks)[resource]:
        picks = list(draft.picks)
        picks[resource] += 1
        page.edit(draft=draft._replace(picks=tuple(picks)))


def clear(page: Table, _: None) -> None:
    """Drop the Year of Plenty picks."""
    page.edit(draft=page.state.draft._replace(picks=NO_CARDS))


def take(page: Table, _: None) -> None:
    """Play Year of Plenty with the cards picked."""
    session = page.session
    if session is not None:
        page.act(Action(session.actor, A.YEAR_OF_PLENTY, cards_list(page.state.draft.picks)))


def monopoly(page: Table, resource: int) -> None:
    """Play Monopoly on ``resource``."""
    session = page.session
    if session is not None:
        page.act(Action(session.actor, A.MONOPOLY, resource))


COMMANDS = (
    Command("play", choice(*PLAYABLE), play),
    Command("yop_pick", RESOURCE, pick),
    Command("yop_clear", nothing, clear),
    Command("yop_take", nothing, take),
    Command("monopoly", RESOURCE, monopoly),
)
