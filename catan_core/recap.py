"""What happened to me: a recap, for one seat, of what touched it since it last acted, and
what the last roll paid (for the board to show).

In a hot-seat game several people share one device, and a person only sees the table again
when it is their move. :func:`recap` reads that person's view of the game (the log as their
seat may see it, the open offer, what they must discard) and gathers what others and the dice
did to them since they last acted: cards received, trades others closed with them, the
robber put on their hexes, cards stolen from them, cards taken by a Monopoly, Longest Road or
Largest Army lost or won, and what waits for their answer. :func:`sentences` says it in the
person's language, in the second person, grouped and in a fixed order (gains, then the
robber and losses, then what is waiting):

>>> from catan_core.game import Game, Options
>>> game = Game(Options(players=3, board="beginner"), seed=1)
>>> for text in ("0 roll 5+5", "0 end", "1 roll 2+2", "1 end", "2 roll 3+4", "2 robber 4 0", "2 end"):
...     _ = game.apply(text)
>>> view = game.view(0)  # seat 0 ended its turn; seats 1 and 2 played theirs
>>> summary = recap(view)
>>> summary.received, summary.thefts
((2, 0, 0, 0, 0), (Theft(thief=2, cards=(0, 1, 0, 0, 0)),))
>>> for line in sentences(summary, view.board, "en", ["Red", "Blue", "White"]):
...     print(line)
You received 2 brick.
White put the robber on the mountains 6, next to your buildings.
White stole 1 lumber from you.
>>> sentences(summary, view.board, "de", ["Rot", "Blau", "Weiß"])[2]
'Weiß hat dir 1 Holz geraubt.'

"Since it last acted" is a position in the log (``since``): by default the end of the events
of the seat's last action (:func:`last_acted`). Events of the seat's own actions are left out
wherever ``since`` lies: the person saw them happen. A discard is always the seat's own
action, so it never shows as a loss; a discard still due shows as waiting.

:func:`last_production` gives, for the last roll, which hexes paid whom how much of what
(``(hex, seat, resource, count)``, the argument ``produced`` of :func:`catan_core.svg.render`),
from the ``roll``, ``produce``, ``robber_blocks`` and ``shortage*`` events plus the board and
the buildings that stood when the dice fell.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .actions import Cards
from .board import HEX_COUNT, HEX_NODES, Board
from .events import Event
from .i18n import translate
from .places import places
from .views import View

__all__ = [
    "ACTION_EVENTS", "Answer", "AwardChange", "Offer", "Production", "Recap", "RobberMove", "Seizure", "Theft",
    "TradeWith", "last_acted", "last_production", "recap", "sentences",
]

ACTION_EVENTS: frozenset[str] = frozenset({
    "roll", "discard", "robber", "build_road", "build_settlement", "build_city", "buy", "play_dev", "maritime",
    "offer", "accept", "decline", "counter", "trade", "trade_cancelled", "end_turn",
})
"""Event kinds that open the events of one action, its ``player`` being who acted: every
action makes exactly one of them, first (``Game._perform``); the events after it, up to the
next one, are that action's consequences (production after a roll, a steal after the robber,
the next turn after an end)."""

AWARDS: tuple[str, ...] = ("longest_road", "largest_army")
"""Event kinds that move a special card; ``player`` is the new holder (-1: set aside) and
``previous`` the old one."""

SETTLEMENT_YIELD, CITY_YIELD = 1, 2
"""Cards a settlement and a city receive from each hex that pays."""


class TradeWith(NamedTuple):
    """A trade another seat closed with the reader, seen from the reader's side."""

    partner: int
    gave: Cards
    got: Cards


class RobberMove(NamedTuple):
    """The robber put by ``player`` on a hex where the reader has a building."""

    player: int
    hex: int


class Theft(NamedTuple):
    """The cards ``thief`` stole from the reader (all their steals, added up)."""

    thief: int
    cards: Cards


class Seizure(NamedTuple):
    """The reader's ``cards`` cards of ``resource`` taken by ``player``'s Monopoly."""

    player: int
    resource: int
    cards: int


class AwardChange(NamedTuple):
    """A special card (one of :data:`AWARDS`) won or lost by the reader; ``other`` is the
    seat it came from or went to (-1: nobody)."""

    award: str
    gained: bool
    other: int


class Answer(NamedTuple):
    """An answer to the reader's open offer: ``kind`` is ``accept``, ``decline`` or
    ``counter``; ``gave``/``got`` are the terms for the reader (a counter's own terms)."""

    player: int
    kind: str
    gave: Cards
    got: Cards


class Offer(NamedTuple):
    """An open offer waiting for the reader's answer, in the reader's terms."""

    player: int
    gave: Cards
    got: Cards


@dataclass(frozen=True)
class Recap:
    """What touched ``seat`` in the log from ``since`` on, and what waits for it now."""

    seat: int
    since: int
    """Log index the recap starts at."""
    received: Cards
    """Cards received from the dice and at the set-up, per resource."""
    trades: tuple[TradeWith, ...]
    robber: tuple[RobberMove, ...]
    thefts: tuple[Theft, ...]
    """One entry per thief, in the order of their first steal."""
    monopolies: tuple[Seizure, ...]
    awards: tuple[AwardChange, ...]
    """Each change, in the order it happened."""
    nobody_took: bool
    """Every seat declined the reader's offer (which is closed)."""
    answers: tuple[Answer, ...]
    """Answers so far to the reader's offer, still open."""
    offer: Offer | None
    discard_due: int
    """Cards the reader must discard now."""

    @property
    def empty(self) -> bool:
        """Whether there is nothing to tell."""
        return not (
            any(self.received) or self.trades or self.robber or self.thefts or self.monopolies or self.awards
            or self.nobody_took or self.answers or self.offer or self.discard_due
        )


def last_acted(log: Sequence[Event], seat: int) -> int:
    """The log index just after the events of ``seat``'s last action (0 if it never acted).

    >>> log = [Event("roll", 0, {}), Event("produce", 1, {}), Event("end_turn", 0, {}), Event("turn", 1, {})]
    >>> last_acted(log, 0), last_acted(log, 1)
    (4, 0)
    >>> last_acted(log + [Event("roll", 1, {})], 0)
    4
    """
    mine = -1
    for i in range(len(log) - 1, -1, -1):
        if log[i].kind in ACTION_EVENTS and log[i].player == seat:
            mine = i
            break
    if mine < 0:
        return 0
    return next((i for i in range(mine + 1, len(log)) if log[i].kind in ACTION_EVENTS), len(log))


def _add(total: list[int], cards: Sequence[int], sign: int = 1) -> None:
    for r, c in enumerate(cards):
        total[r] += sign * c


def _cards(values: Sequence[int]) -> Cards:
    return (values[0], values[1], values[2], values[3], values[4])


def recap(view: View, since: int | None = None) -> Recap:
    """What touched ``view.viewer`` in ``view.log[since:]`` (default: since it last acted, see
    :func:`last_acted`), leaving out its own actions, plus what waits for it now.

    The robber counts when put on a hex where the reader has a building now.
    """
    seat = view.viewer
    if seat is None:
        raise ValueError("a recap is for a seat: pass a seat's view, not a spectator's")
    log = view.log
    start = last_acted(log, seat) if since is None else since
    own_hexes = {h for h, owned in enumerate(_hexes_touched(view, seat)) if owned}
    received = [0] * 5
    trades: list[TradeWith] = []
    robber: list[RobberMove] = []
    stolen: dict[int, list[int]] = {}
    monopolies: list[Seizure] = []
    awards: list[AwardChange] = []
    nobody_took = False
    actor = next((e.player for e in reversed(log[:start]) if e.kind in ACTION_EVENTS), -1)
    for event in log[start:]:
        kind, player, data = event.kind, event.player, event.data
        if kind in ACTION_EVENTS:
            actor = player
        if actor == seat:
            continue
        if kind in ("produce", "setup_resources") and player == seat:
            _add(received, data["cards"])
        elif kind == "trade" and data["partner"] == seat:
            trades.append(TradeWith(player, _cards(data["want"]), _cards(data["give"])))
        elif kind == "robber" and data["hex"] in own_hexes:
            robber.append(RobberMove(player, data["hex"]))
        elif kind == "steal" and data["victim"] == seat:
            assert event.secret is not None, "the victim's view shows what was stolen"
            stolen.setdefault(player, [0] * 5)[event.secret["resource"]] += 1
        elif kind == "monopoly" and data["taken"][seat]:
            monopolies.append(Seizure(player, data["resource"], data["taken"][seat]))
        elif kind in AWARDS and seat in (player, data["previous"]) and player != data["previous"]:
            gained = player == seat
            awards.append(AwardChange(kind, gained, data["previous"] if gained else player))
        elif kind == "trade_declined" and player == seat:
            nobody_took = True
    answers, offer = _open_offer(view, seat)
    return Recap(
        seat=seat,
        since=start,
        received=_cards(received),
        trades=tuple(trades),
        robber=tuple(robber),
        thefts=tuple(Theft(thief, _cards(cards)) for thief, cards in stolen.items()),
        monopolies=tuple(monopolies),
        awards=tuple(awards),
        nobody_took=nobody_took,
        answers=answers,
        offer=offer,
        discard_due=view.players[seat].discard_due,
    )


def _hexes_touched(view: View, seat: int) -> list[bool]:
    """Per hex, whether ``seat`` has a building at one of its corners."""
    return [any(view.node_owner[n] == seat for n in HEX_NODES[h]) for h in range(HEX_COUNT)]


def _open_offer(view: View, seat: int) -> tuple[tuple[Answer, ...], Offer | None]:
    """The answers to ``seat``'s open offer, and the open offer of another waiting for ``seat``."""
    trade = view.trade
    if trade is None:
        return (), None
    if trade.offerer == seat:
        answers = tuple(
            Answer(other, kind, *(terms if terms is not None else (trade.give, trade.want)))
            for other, kind, terms in trade.answers
        )
        return answers, None
    answered = {other for other, _, _ in trade.answers}
    if seat in trade.targets and seat not in answered:
        return (), Offer(trade.offerer, trade.want, trade.give)
    return (), None


# --- in words ------------------------------------------------------------------------------


def _and(parts: Sequence[str], lang: str) -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"`` in ``lang``."""
    if len(parts) < 2:
        return "".join(parts)
    items = translate("word.list_separator", {}, lang).join(parts[:-1])
    return translate("recap.and", {"items": items, "last": parts[-1]}, lang)


def cards_words(cards: Sequence[int], lang: str) -> str:
    """Cards as a list that ends with "and" in ``lang``.

    >>> cards_words((0, 0, 1, 2, 1), "en"), cards_words((0, 0, 1, 2, 0), "es")
    ('1 wool, 2 grain and 1 ore', '1 de lana y 2 de cereal')
    """
    return _and([translate("cards.item", {"count": c, "resource": r}, lang) for r, c in enumerate(cards) if c], lang)


def sentences(summary: Recap, board: Board, lang: str, names: Sequence[str] | None = None) -> list[str]:
    """``summary`` as sentences in ``lang`` addressed to its seat; ``names`` are the seats'
    display names. Order: cards received, trades, the robber, thefts, Monopolies, special
    cards, then what waits: answers to the reader's offer, an offer to answer, a discard."""

    def say(key: str, **params: Any) -> str:
        return translate(key, params, lang, names)

    out: list[str] = []
    if any(summary.received):
        out.append(say("recap.received", items=cards_words(summary.received, lang)))
    for partner, gave, got in summary.trades:
        out.append(say("recap.trade", partner=partner, gave=cards_words(gave, lang), got=cards_words(got, lang)))
    hexes = places(board, lang).hexes
    out += [say("recap.robber", player=player, hex=hexes[h]) for player, h in summary.robber]
    out += [say("recap.stolen", player=thief, items=cards_words(cards, lang)) for thief, cards in summary.thefts]
    for player, resource, taken in summary.monopolies:
        items = translate("cards.item", {"count": taken, "resource": resource}, lang)
        out.append(say("recap.monopoly", player=player, items=items))
    for award, gained, other in summary.awards:
        how = ("taken" if other >= 0 else "gained") if gained else ("lost" if other >= 0 else "lost_none")
        out.append(say(f"recap.{award}.{how}", player=other, previous=other))
    if summary.nobody_took:
        out.append(say("recap.nobody_took"))
    for player, kind, gave, got in summary.answers:
        out.append(say(f"recap.{kind}", player=player, gave=cards_words(gave, lang), got=cards_words(got, lang)))
    if summary.offer is not None:
        player, gave, got = summary.offer
        out.append(say("recap.offer", player=player, gave=cards_words(gave, lang), got=cards_words(got, lang)))
    if summary.discard_due:
        out.append(say("recap.discard", count=summary.discard_due))
    return out


# --- what the last roll paid ---------------------------------------------------------------------


class Production(NamedTuple):
    """What the roll at ``log[at]`` paid."""

    at: int
    """Log index of the ``roll`` event."""
    total: int
    paid: tuple[tuple[int, int, int, int], ...]
    """``(hex, seat, resource, count)`` for each hex and each seat it paid, hexes in id order."""
    blocked: tuple[int, ...]
    """Hexes showing the number that the robber kept from paying."""
    short: tuple[int, ...]
    """Resources the bank could not pay in full."""


def last_production(view: View) -> Production | None:
    """What the last roll in ``view.log`` paid, hex by hex (None before the first roll).

    The buildings that stood when the dice fell are those of ``view`` less the ones built
    since (the log names them). Where the bank ran short of a resource, the one seat paid
    gets what was left from its hexes in id order.

    >>> from catan_core.game import Game, Options
    >>> game = Game(Options(players=3, board="beginner"), seed=1)
    >>> _ = game.apply("0 roll 4+4")
    >>> last_production(game.view(None)).paid  # forest 8 and mountains 8
    ((11, 0, 1, 1), (12, 1, 4, 1))
    """
    log = view.log
    index = next((i for i in range(len(log) - 1, -1, -1) if log[i].kind == "roll"), -1)
    if index < 0:
        return None
    owner, city = list(view.node_owner), list(view.node_city)
    for event in log[index:]:  # undo what was built since the roll
        if event.kind == "build_settlement":
            owner[event.data["node"]] = -1
        elif event.kind == "build_city":
            city[event.data["node"]] = False
    total = log[index].data["total"]
    received: dict[tuple[int, int], int] = {}
    """(seat, resource) -> cards received from this roll"""
    blocked: list[int] = []
    short: set[int] = set()
    for event in log[index + 1:]:
        if event.kind in ACTION_EVENTS:
            break
        if event.kind == "produce":
            for r, c in enumerate(event.data["cards"]):
                received[event.player, r] = c
        elif event.kind == "robber_blocks":
            blocked.append(event.data["hex"])
        elif event.kind in ("shortage", "shortage_partial"):
            short.add(event.data["resource"])
    paid: list[tuple[int, int, int, int]] = []
    for h, r, nodes in view.board.producers.get(total, ()):
        if h in blocked:
            continue
        owed: dict[int, int] = {}
        for n in nodes:
            if owner[n] >= 0:
                owed[owner[n]] = owed.get(owner[n], 0) + (CITY_YIELD if city[n] else SETTLEMENT_YIELD)
        for seat in sorted(owed):
            count = min(owed[seat], received.get((seat, r), 0))
            if count:
                received[seat, r] -= count
                paid.append((h, seat, r, count))
    return Production(index, total, tuple(paid), tuple(blocked), tuple(sorted(short)))
