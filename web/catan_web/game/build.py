"""Building: the build buttons with their costs (each disabled with the engine's reason when
nothing of its kind can be built), buying a development card; a build button chooses what the
next click on the board builds.

Also the main phase's tabs (build, bank, players), which hold this panel, the maritime trade
(:mod:`catan_web.game.bank`) and the offers to players (:mod:`catan_web.game.offer`).

Draft: ``mode`` (a build kind, or a card chooser). Commands: ``mode``, ``buy``, ``tab``.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from catan_core import actions as A
from catan_core.actions import Action
from catan_core.game import COSTS

from ..commands import Command, choice, nothing
from ..controls import almanac_entry, button, section
from ..html import Markup, el, join
from ..targets import BUILD_KINDS
from .cards import CHOOSERS
from .parts import chips

if TYPE_CHECKING:
    from .scene import Scene
    from .table import Table

TABS: tuple[str, ...] = ("build", "bank", "players")
"""The tabs of the main phase: build, trade with the bank, trade with players."""
MODES: tuple[str, ...] = ("", *BUILD_KINDS, *CHOOSERS)
"""What the ``mode`` command chooses ("" drops the mode chosen)."""


def build_panel(scene: Scene) -> Markup:
    """Build buttons with their costs, each disabled with the engine's reason when impossible
    (made again only when what it reads changed: :func:`reads`)."""
    session = scene.session
    reasons = (*(session.build_reason(kind) for kind in BUILD_KINDS), session.reason(Action(session.actor, A.BUY)))
    return scene.memo.keep("build", reads(scene, reasons), partial(buttons, scene, reasons))


def reads(scene: Scene, reasons: tuple[str | None, ...]) -> tuple[object, ...]:
    """What the build panel reads (the key of its memo): the texts' words, the buttons'
    ``reasons`` and the almanac entries behind them, the mode chosen, the development cards left."""
    return scene.words, reasons, tuple(map(almanac_entry, reasons)), scene.draft.mode, scene.view.deck_size


def buttons(scene: Scene, reasons: tuple[str | None, ...]) -> Markup:
    """The build panel: a button per kind built and for buying a card, disabled with ``reasons``
    (each kept by its reason and whether it is pressed: an action mostly changes few of them)."""
    text, mode = scene.text, scene.draft.mode
    items = join(
        scene.drawn(build_item, (kind, reason, almanac_entry(reason), mode == kind), kind)
        for kind, reason in zip((*BUILD_KINDS, A.BUY), reasons, strict=True)
    )
    note = el("p", text("ui.build.deck", count=scene.view.deck_size), class_="muted small")
    return section(text("ui.build.title"), el("ul", items, class_="builds") + note, ident="build", cls="tabbed")


BuildItem = tuple[str, str | None, str | None, bool]
"""A build button: its kind (or buying a card), why it cannot be used (None: it can) and the
almanac entry behind that, and whether it is pressed (the kind chosen)."""


def build_item(scene: Scene, shown: BuildItem) -> Markup:
    """One build button (``shown``) with its label and cost."""
    kind, reason, _, pressed = shown
    text, labels = scene.text, scene.part(build_labels, None)
    if kind == A.BUY:
        return el("li", button(text, labels[-1], "buy", ident="build-buy", reason=reason, cls="build"))
    label = labels[BUILD_KINDS.index(kind)]
    return el(
        "li", button(text, label, "mode", kind, ident=f"build-{kind}", reason=reason, pressed=pressed, cls="build")
    )


def build_labels(scene: Scene) -> tuple[Markup, ...]:
    """Each build button's label, the kind built (then buying a card) with its cost (the same
    in a language: :meth:`~catan_web.game.scene.Scene.part`)."""
    text = scene.text
    return tuple(
        el("span", text(key), class_="label") + el("span", chips(text, COSTS[kind]), class_="cost")
        for kind, key in (*((kind, "ui.build." + kind) for kind in BUILD_KINDS), (A.BUY, "ui.build.buy"))
    )


def tabs(scene: Scene, body: Markup) -> Markup:
    """The main phase's tabs, with the tab shown holding ``body``."""
    shown = scene.state.tab
    return scene.part(tab_list, shown) + el(
        "div", body, role="tabpanel", id=f"panel-{shown}", aria_labelledby=f"tab-{shown}"
    )


def tab_list(scene: Scene) -> Markup:
    """The main phase's tabs (made again only when another is shown: :meth:`~catan_web.game.scene.Scene.part`)."""
    text, shown = scene.text, scene.state.tab
    heads = join(
        el(
            "button",
            text("ui.tab." + name),
            type="button",
            id=f"tab-{name}",
            role="tab",
            data_cmd="tab",
            data_arg=name,
            aria_selected="true" if shown == name else "false",
            aria_controls=f"panel-{name}",
        )
        for name in TABS
    )
    return el("div", heads, role="tablist", class_="tabs", aria_label=text("ui.tab.label"))


# --- commands ----------------------------------------------------------------------------------------


def mode(page: Table, kind: str) -> None:
    """A build button: choose what the next board click builds, or drop it when it is chosen
    already (a chooser's Cancel: "" drops any mode)."""
    draft = page.state.draft
    page.clear_notice()
    page.edit(draft=draft.with_mode(None if not kind or draft.mode == kind else kind))


def buy(page: Table, _: None) -> None:
    """Buy a development card."""
    session = page.session
    if session is not None:
        page.act(Action(session.actor, A.BUY))


def tab(page: Table, name: str) -> None:
    """Show another tab of the main phase (a build mode ends with its tab)."""
    draft = page.state.draft
    page.edit(tab=name, draft=draft.with_mode(None) if draft.mode in BUILD_KINDS else draft)


COMMANDS = (Command("mode", choice(*MODES), mode), Command("buy", nothing, buy), Command("tab", choice(*TABS), tab))
