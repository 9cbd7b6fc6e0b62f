"""The HTML of every panel of the game screen, built from a :class:`~catan_web.session.Session`
and its view (the home screen's is in :mod:`catan_web.home`, the controls both share in
:mod:`catan_web.controls`).

Pure functions returning strings (testable in CPython). Buttons carry ``data-cmd`` (and
``data-arg``) for the page's one delegated click handler; every button has a stable ``id`` so
that keyboard focus survives a re-render. A button that cannot be used now is marked
``aria-disabled="true"`` and shows the engine's reason beside it, with a "Why?" link to the
rules almanac entry that explains the rule (it stays focusable, and pressing it repeats the
reason).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from catan_core import actions as A
from catan_core.actions import Action
from catan_core.game import COSTS, DEV_CARDS
from catan_core.names import RESOURCES
from catan_core.palette import seat_glyphs

from .controls import button, section
from .markup import el, esc, mark
from .offers import offer_heading, offer_number, trade_prompt
from .session import BUILD_KINDS, DISCARD, GIVE, TABS, WANT, Session
from .draft import year_of_plenty_prompt
from .settings import OFFER_MODES, SPEEDS
from .text import Text

if TYPE_CHECKING:
    from catan_core.views import View

PLAYABLE: tuple[str, ...] = (A.KNIGHT, A.ROAD_BUILDING, A.YEAR_OF_PLENTY, A.MONOPOLY)
"""Development cards with a play button, by action kind (same names as the cards)."""
PIP_SPOTS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)), 4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)), 6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
}


LOG_LINES = 300
"""Most lines of the log shown (the newest)."""


# --- small pieces -------------------------------------------------------------------------


def resource_name(text: Text, r: int) -> str:
    """A resource's name in the page language."""
    return text("resource." + RESOURCES[r])


def chips(text: Text, cards: Sequence[int], empty: str = "") -> str:
    """Cards as coloured chips with counts, e.g. for costs and hands."""
    items = [
        el("span", el("b", str(n)) + " " + esc(resource_name(text, r)), class_=f"chip res-{RESOURCES[r]}")
        for r, n in enumerate(cards) if n
    ]
    return "".join(items) or (el("span", esc(empty), class_="muted") if empty else "")


def die(value: int) -> str:
    """One die face as a small SVG."""
    pips = "".join(
        f'<circle cx="{6 + 8 * x}" cy="{6 + 8 * y}" r="2.6"/>' for x, y in PIP_SPOTS.get(value, ())
    )
    return (
        '<svg class="die" viewBox="0 0 28 28" width="28" height="28" aria-hidden="true">'
        f'<rect x="1" y="1" width="26" height="26" rx="5"/>{pips}</svg>'
    )


def trophy() -> str:
    """A small gold cup (decoration)."""
    return (
        '<svg class="trophy" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">'
        '<path d="M18 8h28v10c0 10-6 18-14 18S18 28 18 18z" fill="#f2b705" stroke="#9a6b00" stroke-width="2"/>'
        '<path d="M18 12H9c0 9 4 14 11 15M46 12h9c0 9-4 14-11 15" fill="none" stroke="#9a6b00" stroke-width="3"/>'
        '<rect x="28" y="36" width="8" height="10" fill="#d99a00"/>'
        '<rect x="20" y="46" width="24" height="8" rx="2" fill="#8a5a00"/></svg>'
    )


def seat_mark(session: Session, seat: int) -> str:
    """The mark of ``seat`` in the game of ``session`` (nothing for no seat)."""
    seats = session.game.seats
    if not 0 <= seat < len(seats):
        return ""
    return mark(seats[seat].color, seat_glyphs([s.color for s in seats])[seat])


def log_marks(session: Session) -> list[str]:
    """The mark of the seat each event of the game's log is about ("" for none), in log order."""
    return [seat_mark(session, event.player) for event in session.game.log]


def seat_label(session: Session, seat: int) -> str:
    """A seat's mark (its colour and glyph) and name."""
    return seat_mark(session, seat) + el("span", esc(session.game.seats[seat].name), class_="name")


def counter(text: Text, label: str, value: int, cmd: str, key: str, ident: str, more: bool) -> str:
    """A number with − and + buttons (``data-arg`` is ``key:-1`` or ``key:1``); + is
    disabled without room for ``more``, − at 0."""
    minus = el("button", "−", type="button", id=f"{ident}-minus", class_="step", data_cmd=cmd,
               data_arg=f"{key}:-1", aria_label=text("ui.less", what=label), disabled=value <= 0)
    plus = el("button", "+", type="button", id=f"{ident}-plus", class_="step", data_cmd=cmd,
              data_arg=f"{key}:1", aria_label=text("ui.more", what=label), disabled=not more)
    return el("span", minus + el("output", str(value), id=ident, aria_label=label) + plus, class_="counter")


# --- the turn: prompt, dice, roll and end ----------------------------------------------------


def prompt(session: Session, view: "View") -> str:
    """One sentence saying who must do what now."""
    text, actor = session.text, session.actor
    if view.phase == "over":
        return text("ui.prompt.over", player=view.winner)
    if view.phase == "trade" and view.trade is not None and not session.is_human(actor):
        return trade_prompt(text, actor, view.trade.offerer, session.viewer)
    if session.plays_elsewhere(actor):
        return text("net.prompt_remote", player=actor)
    if not session.is_human(actor):
        return text("ui.prompt.computer", player=actor)
    if view.phase == "discard":
        return text("ui.prompt.discard", player=actor, count=view.players[actor].discard_due)
    if view.phase == "road_building":
        return text("ui.prompt.road_building", player=actor, count=view.free_roads)
    if view.phase == "trade" and view.trade is not None and actor != view.trade.offerer:
        return text("ui.prompt.answer", player=actor, offerer=view.trade.offerer)
    if view.phase == "robber" and session.draft.mode == "victim":
        return text("ui.prompt.victim", player=actor)
    if view.phase == "main" and session.draft.mode in BUILD_KINDS:
        return text("ui.prompt.build_" + str(session.draft.mode), player=actor)
    return text("ui.prompt." + view.phase, player=actor)


def turn_panel(session: Session, view: "View") -> str:
    """The prompt, the last roll and the dice / end-turn buttons."""
    text = session.text
    dice = ""
    if view.dice is not None:
        total = sum(view.dice)
        dice = el("div", die(view.dice[0]) + die(view.dice[1]) + el("span", str(total), class_="total"),
                  class_="dice", role="img", aria_label=text("ui.last_roll", dice=list(view.dice), total=total))
    buttons = ""
    if session.my_move and view.phase in ("roll", "main"):
        me = session.actor
        roll_reason = session.reason(Action(me, A.ROLL))
        end_reason = session.reason(Action(me, A.END))
        if view.phase == "roll":
            buttons = button(text, esc(text("ui.button.roll")), "roll", ident="roll", cls="primary", reason=roll_reason)
        else:
            buttons = button(text, esc(text("ui.button.end")), "end", ident="end-turn", cls="primary", reason=end_reason)
    buttons += undo_button(session)
    last = [] if session.answering else session.last_sentences()[-3:]  # answering: the offer's heading says it
    if last:
        buttons += el("ul", "".join(el("li", esc(line)) for line in last), class_="last", aria_label=text("ui.last_action"))
    turn = text("ui.turn", turn=view.turn) if view.turn else text("ui.setup")
    head = el("div", el("span", esc(turn), class_="turn-no") + dice, class_="turn-head")
    return (head + el("p", esc(prompt(session, view)), id="prompt", class_="prompt") + recap_list(session, view)
            + el("div", buttons, class_="turn-buttons"))


def recap_list(session: Session, view: "View") -> str:
    """What touched the person who must act since they last acted (see :mod:`catan_web.recent`)."""
    lines = session.recap(view)
    if not lines:
        return ""
    title = session.text("ui.recap.title")
    return el("div", el("h3", esc(title), id="recap-title") + el("ul", "".join(el("li", esc(line)) for line in lines)),
              class_="recap", id="recap", role="group", aria_labelledby="recap-title")


def undo_button(session: Session, ident: str = "undo", label: str = "") -> str:
    """The button taking back the last action of the person at the device (nothing when
    they may not); ``label`` replaces its usual words."""
    if not session.may_take_back:
        return ""
    text = session.text
    return el("button", esc(label or text("ui.undo.button")), type="button", id=ident, class_="undo", data_cmd="undo",
              title=text("ui.undo.hint"), aria_keyshortcuts="Control+Z")


# --- the acting person's hand -------------------------------------------------------------------


def hand_panel(session: Session, view: "View") -> str:
    """The viewer's resource and development cards (nothing while the device is covered)."""
    text = session.text
    if view.viewer is None or view.hand is None:
        return section(text("ui.hand.title_none"), el("p", esc(text("ui.hand.hidden")), class_="muted"), ident="hand")
    me = view.viewer
    cards = "".join(
        el("li", el("span", str(n), class_="count") + el("span", esc(resource_name(text, r)), class_="label"),
           class_=f"card-res res-{RESOURCES[r]}" + (" none" if not n else ""),
           aria_label=text("ui.hand.item", count=n, resource=r))
        for r, n in enumerate(view.hand)
    )
    title = text("ui.hand.title", player=me)
    total = text("ui.hand.total", count=sum(view.hand))
    body = el("p", esc(total), class_="muted small") + el("ul", cards, class_="hand", id="hand-cards")
    body += dev_cards(session, view)
    return section(title, body, ident="hand")


def dev_cards(session: Session, view: "View") -> str:
    """Development cards held, with play buttons and their choosers."""
    text = session.text
    assert view.dev is not None and view.dev_new is not None
    rows = []
    for card, held in enumerate(view.dev):
        if not held:
            continue
        name = text("devcard." + DEV_CARDS[card])
        new = view.dev_new[card]
        label = el("span", esc(name), class_="dev-name") + el("span", f"×{held}", class_="dev-count")
        if new:
            label += el("span", esc(text("ui.dev.new", count=new)), class_="badge")
        kind = DEV_CARDS[card]
        play = ""
        if kind in PLAYABLE and session.my_move:
            reason = session.any_reason(kind, _probe(kind))
            play = button(text, esc(text("ui.dev.play", card=card)), "play", kind, ident=f"play-{kind}",
                          reason=reason, pressed=session.draft.mode == kind if kind in (A.YEAR_OF_PLENTY, A.MONOPOLY) else None)
        elif card == 1:
            play = el("small", esc(text("ui.dev.vp_note")), class_="muted")
        rows.append(el("li", el("div", label, class_="dev-line") + play, class_="dev"))
    if not rows:
        return el("p", esc(text("ui.dev.none")), class_="muted small")
    body = el("h3", esc(text("ui.dev.title"))) + el("ul", "".join(rows), class_="devs")
    return body + chooser(session, view)


def _probe(kind: str) -> object:
    """The value asked about when explaining why a card cannot be played."""
    return {A.YEAR_OF_PLENTY: (0, 1), A.MONOPOLY: 0}.get(kind)


def resource_buttons(
    text: Text, cmd: str, prefix: str, *, pressed: int | None = None, extra: Sequence[str] = (), label: str = "",
    room: Sequence[bool] = (True,) * len(RESOURCES),
) -> str:
    """Five buttons, one per resource (``data-arg`` is the resource id). With ``pressed`` they
    are toggle buttons and that resource is the one chosen; ``extra`` adds HTML to each label;
    a resource without ``room`` cannot be chosen (its button is disabled)."""
    return el("div", "".join(
        button(text, esc(resource_name(text, r)) + (extra[r] if extra else ""), cmd, r, ident=f"{prefix}-{RESOURCES[r]}",
               cls=f"res res-{RESOURCES[r]}", pressed=None if pressed is None else pressed == r, disabled=not room[r])
        for r in range(len(RESOURCES))
    ), class_="res-buttons", role="group", aria_label=label or None)


def chooser(session: Session, view: "View") -> str:
    """The open card chooser: Year of Plenty picks or the Monopoly resource."""
    text, mode = session.text, session.draft.mode
    if mode == A.YEAR_OF_PLENTY:
        picks, size = session.draft.picks, session.year_of_plenty_size()
        key, params = year_of_plenty_prompt(size)
        body = el("p", esc(text(key, **params)))
        body += resource_buttons(text, "yop_pick", "yop", room=session.year_of_plenty_room())
        body += el("p", esc(text("ui.yop.chosen", cards=list(picks))), class_="small")
        missing = size - sum(picks)
        reason = text("ui.yop.need", count=missing) if missing > 0 else session.reason(session.year_of_plenty_action())
        body += el("div", button(text, esc(text("ui.yop.take")), "yop_take", ident="yop-take", cls="primary", reason=reason)
                   + button(text, esc(text("ui.button.clear")), "yop_clear", ident="yop-clear")
                   + button(text, esc(text("ui.button.cancel")), "mode", "", ident="yop-cancel"), class_="row")
        return el("div", body, class_="chooser", id="chooser", role="group", aria_label=text("devcard.year_of_plenty"))
    if mode == A.MONOPOLY:
        body = el("p", esc(text("ui.monopoly.pick"))) + resource_buttons(text, "monopoly", "mono")
        body += button(text, esc(text("ui.button.cancel")), "mode", "", ident="mono-cancel")
        return el("div", body, class_="chooser", id="chooser", role="group", aria_label=text("devcard.monopoly"))
    return ""


# --- what the acting person can do now -------------------------------------------------------------


def action_panel(session: Session, view: "View") -> str:
    """The controls for what the person at the device must or may do now."""
    text = session.text
    phase = view.phase
    if phase == "trade" and view.trade is not None:
        return trade_status(session, view)
    if not session.my_move:
        return ""
    if phase == "discard":
        return discard_panel(session, view)
    if phase == "robber" and session.draft.mode == "victim":
        return victim_panel(session, view)
    if phase == "main":
        tabs = "".join(
            el("button", esc(text("ui.tab." + name)), type="button", id=f"tab-{name}", role="tab", data_cmd="tab", data_arg=name,
               aria_selected="true" if session.tab == name else "false", aria_controls=f"panel-{name}")
            for name in TABS
        )
        body = {"build": build_panel, "bank": maritime_panel, "players": offer_panel}[session.tab](session, view)
        return (el("div", tabs, role="tablist", class_="tabs", aria_label=text("ui.tab.label"))
                + el("div", body, role="tabpanel", id=f"panel-{session.tab}", aria_labelledby=f"tab-{session.tab}"))
    return ""


def build_panel(session: Session, view: "View") -> str:
    """Build buttons with their costs, each disabled with the engine's reason when impossible."""
    text, me = session.text, session.actor
    items = []
    for kind in BUILD_KINDS:
        reason = session.build_reason(kind)
        label = el("span", esc(text("ui.build." + kind)), class_="label") + el("span", chips(text, COSTS[kind]), class_="cost")
        items.append(el("li", button(text, label, "mode", kind, ident=f"build-{kind}", reason=reason,
                                     pressed=session.draft.mode == kind, cls="build")))
    buy_reason = session.reason(Action(me, A.BUY))
    label = el("span", esc(text("ui.build.buy")), class_="label") + el("span", chips(text, COSTS[A.BUY]), class_="cost")
    items.append(el("li", button(text, label, "buy", ident="build-buy", reason=buy_reason, cls="build")))
    note = el("p", esc(text("ui.build.deck", count=view.deck_size)), class_="muted small")
    return section(text("ui.build.title"), el("ul", "".join(items), class_="builds") + note, ident="build", cls="tabbed")


def maritime_panel(session: Session, view: "View") -> str:
    """Trade with the bank: the best ratio per resource, a give and a get choice."""
    text, d = session.text, session.draft
    assert view.ratios is not None
    ratios = [el("span", f"{view.ratios[r]}:1", class_="ratio") for r in range(5)]
    gives = resource_buttons(text, "mar_give", "mar-give", pressed=d.maritime_give, extra=ratios, label=text("ui.maritime.give"))
    gets = resource_buttons(text, "mar_get", "mar-get", pressed=d.maritime_get, label=text("ui.maritime.get"))
    action = session.maritime_action()
    reason = text("ui.maritime.choose") if action is None else session.reason(action)
    label = text("ui.maritime.do") if action is None else text(
        "ui.maritime.trade", count=view.ratios[d.maritime_give], give_resource=d.maritime_give, get_resource=d.maritime_get)
    body = (
        el("p", esc(text("ui.maritime.give")), class_="small label-line") + gives
        + el("p", esc(text("ui.maritime.get")), class_="small label-line") + gets
        + button(text, esc(label), "maritime", ident="mar-do", cls="primary", reason=reason)
    )
    return section(text("ui.maritime.title"), body, ident="maritime", cls="tabbed")


def composer(session: Session, view: "View", prefix: str) -> str:
    """Give / want counters, one row per resource (the acting person's own side)."""
    text, d = session.text, session.draft
    gives, wants = session.offer_room(GIVE), session.offer_room(WANT)
    rows = []
    for r in range(5):
        name = resource_name(text, r)
        held = view.hand[r] if view.hand is not None else 0
        rows.append(el(
            "tr",
            el("th", el("span", esc(name), class_=f"dot res-{RESOURCES[r]}") + el("small", f" ({held})", class_="muted"), scope="row")
            + el("td", counter(text, text("ui.trade.give_of", resource=r), d.give[r], "compose", f"{GIVE}:{r}",
                               f"{prefix}-give-{RESOURCES[r]}", gives[r]))
            + el("td", counter(text, text("ui.trade.want_of", resource=r), d.want[r], "compose", f"{WANT}:{r}",
                               f"{prefix}-want-{RESOURCES[r]}", wants[r])),
        ))
    head = el("tr", el("th", esc(text("ui.trade.resource")), scope="col") + el("th", esc(text("ui.trade.you_give")), scope="col")
              + el("th", esc(text("ui.trade.you_get")), scope="col"))
    return el("table", el("thead", head) + el("tbody", "".join(rows)), class_="composer")


def offer_panel(session: Session, view: "View") -> str:
    """Compose a domestic offer and send it to one player or to all."""
    text, d, me = session.text, session.draft, session.actor
    options = el("option", esc(text("ui.trade.to_all")), value="-1", selected=d.target == -1)
    for q in range(len(view.seats)):
        if q != me:
            options += el("option", esc(view.seats[q].name), value=str(q), selected=d.target == q)
    target = el("label", esc(text("ui.trade.to")) + " " + el("select", options, id="offer-target", data_change="target"), class_="inline")
    reason = session.reason(session.offer_action())
    body = composer(session, view, "offer") + el("div", target + button(text, esc(text("ui.trade.send")), "offer", ident="offer-send", cls="primary", reason=reason), class_="row")
    return section(text("ui.trade.title"), body, ident="offer", cls="tabbed")


def trade_status(session: Session, view: "View") -> str:
    """The open offer: its terms, every answer, and the controls of whoever acts."""
    text, trade = session.text, view.trade
    assert trade is not None
    answers = {seat: (kind, terms) for seat, kind, terms in trade.answers}
    terms = el("p", esc(text("ui.trade.offer_terms", player=trade.offerer, give=list(trade.give), want=list(trade.want))), class_="terms")
    rows = []
    for seat in trade.targets:
        kind, counter_terms = answers.get(seat, ("waiting", None))
        if kind == "counter" and counter_terms is not None:
            state = text("ui.trade.answer_counter", give=list(counter_terms[0]), want=list(counter_terms[1]))
        else:
            state = text("ui.trade.answer_" + kind)
        control = ""
        if session.my_move and session.actor == trade.offerer and kind in ("accept", "counter"):
            reason = session.reason(Action(trade.offerer, A.CONFIRM, seat))
            control = button(text, esc(text("ui.trade.confirm", partner=seat)), "confirm", seat, ident=f"confirm-{seat}", cls="primary", reason=reason)
        rows.append(el("li", el("span", seat_label(session, seat), class_="who") + el("span", esc(state), class_=f"answer {kind}") + control,
                       class_="answer-row", data_seat=str(seat)))
    if session.answering:  # the terms as the person answering gives and gets them
        terms = offer_heading(text, trade.offerer, offer_number(session.game.log), chips(text, trade.want), chips(text, trade.give))
    body = terms + el("ul", "".join(rows), class_="answers")
    if session.my_move and session.actor == trade.offerer:
        body += button(text, esc(text("ui.trade.cancel")), "cancel", ident="trade-cancel", reason=session.reason(Action(trade.offerer, A.CANCEL)))
    elif session.my_move:
        me = session.actor
        if session.draft.countering:
            body += el("h3", esc(text("ui.trade.counter_title")))
            body += composer(session, view, "counter")
            body += el("div", button(text, esc(text("ui.trade.send_counter")), "counter", ident="counter-send", cls="primary",
                                     reason=session.reason(session.offer_action()))
                       + button(text, esc(text("ui.button.cancel")), "counter_stop", ident="counter-stop"), class_="row")
        else:
            body += el("div", button(text, esc(text("ui.trade.accept")), "accept", ident="trade-accept", cls="primary",
                                     reason=session.reason(Action(me, A.ACCEPT)))
                       + button(text, esc(text("ui.trade.decline")), "decline", ident="trade-decline")
                       + button(text, esc(text("ui.trade.counter")), "counter_start", ident="trade-counter"), class_="row")
    return section(text("ui.trade.open_title"), body, ident="trade")


def discard_panel(session: Session, view: "View") -> str:
    """Choose the cards to give back on a 7."""
    text, d, me = session.text, session.draft, session.actor
    due = view.players[me].discard_due
    room = session.discard_room()
    rows = []
    for r in range(5):
        held = view.hand[r] if view.hand is not None else 0
        rows.append(el("li", el("span", esc(resource_name(text, r)) + el("small", f" ({held})", class_="muted"), class_=f"dot res-{RESOURCES[r]}")
                       + counter(text, text("ui.discard.of", resource=r), d.discard[r], "discard_pick", f"{DISCARD}:{r}",
                                 f"discard-{RESOURCES[r]}", room[r])))
    chosen = sum(d.discard)
    body = el("p", esc(text("ui.discard.explain", count=due)))
    body += el("ul", "".join(rows), class_="discard-rows")
    body += el("p", esc(text("ui.discard.chosen", count=chosen, due=due)), class_="small", aria_live="polite")
    body += button(text, esc(text("ui.discard.do")), "discard", ident="discard-do", cls="primary", reason=session.reason(session.discard_action()))
    return section(text("ui.discard.title", player=me), body, ident="discard", cls="urgent")


def victim_panel(session: Session, view: "View") -> str:
    """Choose whom to rob on the hex picked for the robber."""
    text, h = session.text, session.draft.robber_hex
    victims = [a.value[1] for a in session.legal() if a.kind == A.ROBBER and a.value[0] == h]
    buttons = "".join(
        button(text, seat_label(session, v) + el("small", esc(text("ui.victim.cards", count=view.players[v].hand_size)), class_="muted"),
               "rob", v, ident=f"rob-{v}")
        for v in victims
    )
    body = el("div", buttons, class_="row") + button(text, esc(text("ui.victim.other_hex")), "mode", "", ident="rob-back")
    return section(text("ui.victim.title"), body, ident="victim", cls="urgent")


# --- everyone's public facts ---------------------------------------------------------------------


def scoreboard(session: Session, view: "View") -> str:
    """Public points, hand size, development cards, knights, road length and the awards."""
    text = session.text
    heads = ("ui.score.player", "ui.score.points", "ui.score.cards", "ui.score.dev", "ui.score.knights", "ui.score.road")
    head = el("tr", "".join(el("th", esc(text(key)), scope="col") for key in heads))
    rows = []
    for pv in view.players:
        q = pv.seat
        seat = view.seats[q]
        kind = text("net.kind_remote" if session.plays_elsewhere(q) else "ui.kind." + seat.kind)
        awards = ""
        if pv.longest_road:
            awards += el("span", esc(text("ui.score.longest_road")), class_="award")
        if pv.largest_army:
            awards += el("span", esc(text("ui.score.largest_army")), class_="award")
        points = str(pv.public_points)
        if pv.points is not None and pv.points != pv.public_points:
            points += el("small", esc(text("ui.score.hidden_points", count=pv.points - pv.public_points)), class_="muted")
        name = seat_label(session, q) + el("small", esc(kind), class_="kind") + awards
        cls = "current" if q == view.current and view.phase != "over" else None
        rows.append(el(
            "tr",
            el("th", name, scope="row") + el("td", points, class_="points") + el("td", str(pv.hand_size))
            + el("td", str(pv.dev_cards)) + el("td", str(pv.knights)) + el("td", str(pv.road_length)),
            class_=cls, data_seat=str(q), aria_current="true" if cls else None,
        ))
    table = el("table", el("thead", head) + el("tbody", "".join(rows)), class_="scores")
    note = el("p", esc(text("ui.score.target", count=view.options.vp_target)), class_="muted small")
    return section(text("ui.score.title"), el("div", table, class_="table-wrap") + note, ident="scores")


def log_panel(text: Text, lines: Sequence[str], marks: Sequence[str] = ()) -> str:
    """The game log, newest first; ``marks`` (one per line, see :func:`log_marks`) put the
    mark of the seat each line is about beside it."""
    tail = list(lines[-LOG_LINES:])
    beside = list(marks[-LOG_LINES:]) if len(marks) == len(lines) else [""] * len(tail)
    items = "".join(el("li", sign + esc(line)) for sign, line in zip(reversed(beside), reversed(tail)))
    # tabindex: the list scrolls once it is long, and a scrolled region must be reachable by keyboard
    return section(text("ui.log.title"), el("ol", items, class_="log", id="log-lines", reversed=True, tabindex="0",
                                            aria_labelledby="log-title"), ident="log")


# --- the board's tools: zoom, and the selection of a tapped spot -----------------------------------


def board_tools(text: Text, level: int, levels: int) -> str:
    """Buttons shrinking and enlarging the board (``level`` of ``levels`` sizes)."""
    sizes = (("out", "−", "ui.board.zoom_out", level <= 0), ("in", "+", "ui.board.zoom_in", level >= levels - 1))
    buttons = "".join(
        el("button", sign, type="button", id=f"zoom-{way}", class_="zoom", data_cmd="zoom", data_arg=way,
           aria_label=text(key), title=text(key), disabled=at_end)
        for way, sign, key, at_end in sizes
    )
    return el("div", buttons, class_="row", role="group", aria_label=text("ui.board.zoom_tools"))


def board_confirm(text: Text, label: str) -> str:
    """The bar under the board while a tapped spot (named ``label``) waits for Confirm.

    >>> "spot-confirm" in board_confirm(Text(), "Path between fields 3 and mountains 8: free")
    True
    """
    return (el("p", esc(text("ui.touch.selected", place=label)), class_="small", id="spot-selected")
            + el("div", button(text, esc(text("ui.touch.confirm")), "spot_confirm", ident="spot-confirm", cls="primary")
                 + button(text, esc(text("ui.button.cancel")), "spot_cancel", ident="spot-cancel"), class_="row"))


# --- screens over the game ---------------------------------------------------------------------------


def cover(session: Session, extra: str = "") -> str:
    """The pass-the-device screen hiding everything private (``extra``: more buttons)."""
    text, actor = session.text, session.actor
    phase = session.game.phase
    why = "ui.cover.why_" + ("answer" if phase == "trade" and session.game.trade is not None and actor != session.game.trade.offerer else phase)
    body = (
        el("h2", seat_mark(session, actor) + " " + esc(text("ui.cover.pass", player=actor)), id="cover-title")
        + el("p", esc(text(why, player=actor)))
        + el("p", esc(text("ui.cover.hidden")), class_="muted")
        + el("div", button(text, esc(text("ui.cover.show", player=actor)), "uncover", ident="uncover", cls="primary big"), class_="row")
        + (el("div", undo_button(session, "cover-undo", text("ui.undo.cover", player=session.undo_seat)), class_="row")
           if session.may_take_back else "")
        + extra
        + el("div", button(text, esc(text("ui.menu.home")), "home", ident="cover-home", cls="quiet"), class_="row")
    )
    color = session.game.seats[actor].color
    return el("div", el("div", body, class_="sheet", style=f"border-top-color:{color}"), class_="overlay cover",
              role="dialog", aria_modal="true", aria_labelledby="cover-title", id="cover")


def winner_screen(session: Session, view: "View", more: str = "") -> str:
    """The end of the game: who won, the final scores and ``more`` (HTML: statistics, rematch)."""
    text = session.text
    order = sorted(view.players, key=lambda pv: -(pv.points or 0))
    rows = "".join(
        el("tr", el("th", seat_label(session, pv.seat), scope="row") + el("td", str(pv.points), class_="points"),
           class_="winner" if pv.seat == view.winner else None)
        for pv in order
    )
    table = el("table", el("thead", el("tr", el("th", esc(text("ui.score.player")), scope="col")
                                       + el("th", esc(text("ui.score.points")), scope="col"))) + el("tbody", rows), class_="final")
    body = (
        trophy()
        + el("h2", esc(text("ui.win.title", player=view.winner)), id="winner-title")
        + el("p", esc(text("ui.win.turns", count=view.turn)), class_="muted")
        + table
        + el("div", button(text, esc(text("ui.win.new")), "home", ident="win-new", cls="primary")
             + button(text, esc(text("ui.win.board")), "close_winner", ident="win-board"), class_="row")
        + more
    )
    color = view.seats[view.winner].color
    return el("div", el("div", body, class_="sheet", style=f"border-top-color:{color}"), class_="overlay winner",
              role="dialog", aria_modal="true", aria_labelledby="winner-title", id="winner")


def rematch_row(text: Text) -> str:
    """The winner screen's rematch buttons: the same seats and options, on a new board or the same one."""
    buttons = "".join(button(text, esc(text("ui.rematch." + board)), "rematch", arg, ident=f"rematch-{arg}", cls="primary")
                      for board, arg in (("new_board", "new"), ("same_board", "same")))
    return el("div", buttons, class_="row rematch") + el("p", esc(text("ui.rematch.help")), class_="muted small")


def game_bar(text: Text, session: Session, speed: str) -> str:
    """The bar above the game: its name, the computer players' pace and the menu."""
    speeds = "".join(el("option", esc(text("ui.speed." + name)), value=name, selected=name == speed) for name in SPEEDS)
    pace = ""
    if session.bots_here:
        pace = el("label", esc(text("ui.speed.label")) + " " + el("select", speeds, id="speed", data_change="speed"), class_="inline")
        if session.humans:
            modes = "".join(el("option", esc(text("ui.offers." + mode)), value=mode, selected=mode == session.offers) for mode in OFFER_MODES)
            pace += el("label", esc(text("ui.offers.label")) + " " + el("select", modes, id="offers", data_change="offers"), class_="inline")
    pace += button(text, esc(text("ui.stats.title")), "stats_open", ident="stats-open")
    export = button(text, esc(text("ui.menu.export")), "export", ident="export") if session.holds_game else ""
    return (
        el("h1", esc(text("ui.title")), class_="brand")
        + el("span", esc(session.name), class_="game-name")
        + el("div", pace
             + export
             + button(text, esc(text("ui.menu.home")), "home", ident="menu-home"), class_="bar-tools")
    )
