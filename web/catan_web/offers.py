"""Trade manners on the game page: offers a person is not asked to answer, and how an open
offer reads while someone answers it.

Pure Python over the engine (:mod:`catan_core.manners` decides what a seat can accept). The
page answers for a person, at once, an offer that waits for their answer when

* they cannot accept it (they lack the cards: :func:`catan_core.manners.can_accept`), whoever
  made it; or
* a computer player made it and the device's setting (:data:`~catan_web.settings.OFFER_MODES`)
  is ``never``.

Each such answer is a ``decline`` action like a click would make; :func:`page_decline` says
whether one is due and keeps the position it was made in, from which :class:`Declined` writes
the log's line in any language. The setting:

* ``ask`` (the default): every offer from a computer player that the person could accept
  waits for their answer; one they lack the cards for is declined at once, and the notice bar
  says so (the person is told about every offer);
* ``acceptable``: the same answers, quietly (only the log tells the declined ones);
* ``never``: every offer from a computer player is declined at once.

Computer players' offers are kept quiet for people (:class:`QuietOffers`, which the page
applies to a computer player's offer before it is played: an offer it refuses is replaced by
that player's best move without an offer). An offer reaching a person is refused when

* no person it reaches holds the cards it asks for (it could only be declined);
* the same computer player already made an offer reaching a person this turn (one a turn); or
* the same computer player made the same offer to people before and neither its hand nor
  those people's hands changed since (it would be declined again).

Offers between computer players only are left alone.

>>> from catan_core.scenarios import load_scenario
>>> game = load_scenario({"format": "catan-scenario", "board": "beginner", "phase": "main", "current": 2,
...     "players": [{"settlements": [12], "roads": [11], "hand": {"brick": 1}},
...                 {"settlements": [9], "roads": [8], "hand": {"wool": 1}},
...                 {"settlements": [22], "roads": [24], "hand": {"ore": 1}, "kind": "standard"}]})
>>> _ = game.apply("2 offer ore>wool to all")
>>> declined = page_decline(game, humans=(0, 1), mode="ask")
>>> declined.seat, declined.sentence("en", ["Red", "Blue", "White"], viewer=0)
(0, 'You lack 1 wool and decline the offer.')
>>> _ = game.apply("0 decline")
>>> page_decline(game, humans=(0, 1), mode="ask") is None, page_decline(game, humans=(0, 1), mode="never").by_setting
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from catan_core import actions as A
from catan_core.i18n import translate
from catan_core.manners import can_accept, decline_text
from catan_core.state import TRADE, State

from .html import Markup, el, join

if TYPE_CHECKING:
    from catan_core.actions import Action, Cards
    from catan_core.events import Event
    from catan_core.game import Game

    from .session import Session
    from .text import Text

TELLING_MODES = frozenset({"ask"})
"""Settings under which the notice bar names each offer declined for a person."""


@dataclass(frozen=True)
class Declined:
    """A decline the page makes for a person: their ``seat``, the position just ``before``
    (the open offer and the hands), and whether the setting (rather than missing cards) is why."""

    seat: int
    before: State
    by_setting: bool

    @property
    def offerer(self) -> int:
        """Who made the offer declined."""
        assert self.before.trade is not None
        return self.before.trade.offerer

    def sentence(self, lang: str, names: Sequence[str], viewer: int | None) -> str:
        """The log's line in ``lang``, addressed to the declining person when they read it."""
        you = viewer == self.seat
        if self.by_setting:
            key = "ui.offers.declined.you" if you else "ui.offers.declined"
            return translate(key, {"player": self.seat, "offerer": self.offerer}, lang, names)
        return decline_text(self.before, self.seat, lang, names, you=you)


def page_decline(game: Game, humans: Sequence[int], mode: str) -> Declined | None:
    """The decline the page makes now for the person who must answer the open offer (None:
    nobody must, or they are asked): ``humans`` are the seats people play, ``mode`` one of
    :data:`OFFER_MODES`."""
    trade, seat = game.trade, game.to_act
    if game.phase != TRADE or trade is None or seat not in humans or seat == trade.offerer:
        return None
    if not can_accept(game, seat):
        return Declined(seat, game.snapshot().state, by_setting=False)
    if mode == "never" and game.seats[trade.offerer].kind != "human":  # not a person elsewhere either
        return Declined(seat, game.snapshot().state, by_setting=True)
    return None


CANNOT_ACCEPT, ONE_A_TURN, REPEATED = "cannot_accept", "one_a_turn", "repeated"
"""Why :meth:`QuietOffers.refusal` refuses a computer player's offer to people."""


def offer_targets(game: Game, offerer: int, target: int) -> tuple[int, ...]:
    """The seats an offer of ``offerer`` to ``target`` (-1: everyone) goes to."""
    return (target,) if target >= 0 else tuple(q for q in range(len(game.seats)) if q != offerer)


def people(game: Game) -> tuple[int, ...]:
    """The seats people play (at this device or another)."""
    return tuple(q for q, seat in enumerate(game.seats) if seat.kind == "human")


def offered_people_this_turn(game: Game, offerer: int) -> bool:
    """Whether ``offerer`` has made an offer reaching a person in the turn under way."""
    persons = set(people(game))
    for event in reversed(game.log):
        if event.kind == "turn":
            return False
        if (
            event.kind == "offer"
            and event.player == offerer
            and persons & set(offer_targets(game, offerer, event.data["target"]))
        ):
            return True
    return False


@dataclass
class QuietOffers:
    """The offers computer players made to people, with the hands of that moment: what the page
    needs to keep their offers quiet (see the module's docstring).

    >>> from catan_core.scenarios import load_scenario
    >>> from catan_core.actions import Action
    >>> game = load_scenario({"format": "catan-scenario", "board": "beginner", "phase": "main", "current": 1,
    ...     "players": [{"settlements": [12], "roads": [11], "hand": {"wool": 1}},
    ...                 {"settlements": [9], "roads": [8], "hand": {"ore": 2}, "kind": "standard"}]})
    >>> quiet = QuietOffers()
    >>> ore_for_brick = Action(1, "offer", ((0, 0, 0, 0, 1), (1, 0, 0, 0, 0), -1))
    >>> ore_for_wool = Action(1, "offer", ((0, 0, 0, 0, 1), (0, 0, 1, 0, 0), -1))
    >>> quiet.refusal(game, ore_for_brick), quiet.refusal(game, ore_for_wool)
    ('cannot_accept', None)
    >>> quiet.record(game, ore_for_wool); _ = game.apply(ore_for_wool); _ = game.apply("0 decline")
    >>> quiet.refusal(game, Action(1, "offer", ((0, 0, 0, 0, 2), (0, 0, 1, 0, 0), -1)))
    'one_a_turn'
    >>> for text in ("1 end", "0 roll 1+1", "0 end", "1 roll 1+1"):   # twos pay nobody: hands unchanged
    ...     _ = game.apply(text)
    >>> quiet.refusal(game, ore_for_wool)
    'repeated'
    """

    made: dict[tuple[int, Cards, Cards], tuple[tuple[int, ...], ...]] = field(default_factory=dict)
    """Each offer made to people (offerer, give, want), with the hands of the offerer and of
    every person when it was made."""

    @staticmethod
    def hands(game: Game, offerer: int) -> tuple[tuple[int, ...], ...]:
        """The hands the offer of ``offerer`` depends on: its own, then each person's."""
        return tuple(tuple(game.players[q].hand) for q in (offerer, *people(game)))

    def refusal(self, game: Game, action: Action) -> str | None:
        """Why computer player's offer ``action`` must not be made now (:data:`CANNOT_ACCEPT`,
        :data:`ONE_A_TURN`, :data:`REPEATED`), or None when it may."""
        if action.kind != A.OFFER:
            return None
        give, want, target = action.value
        asked = set(people(game)) & set(offer_targets(game, action.player, target))
        if not asked:
            return None
        if not any(all(h >= w for h, w in zip(game.players[q].hand, want, strict=True)) for q in asked):
            return CANNOT_ACCEPT
        if offered_people_this_turn(game, action.player):
            return ONE_A_TURN
        if self.made.get((action.player, give, want)) == self.hands(game, action.player):
            return REPEATED
        return None

    def record(self, game: Game, action: Action) -> None:
        """A computer player is about to play ``action``: remember it when it is an offer to people."""
        if action.kind == A.OFFER:
            give, want, target = action.value
            if set(people(game)) & set(offer_targets(game, action.player, target)):
                self.made[(action.player, give, want)] = self.hands(game, action.player)


def offer_number(log: Sequence[Event]) -> int:
    """How many offers the seat that made the last offer has made this turn, that one included
    (0 before any offer).

    >>> from catan_core.events import Event
    >>> log = [Event("turn", 1, {"turn": 3}), Event("offer", 1, {}), Event("decline", 0, {}), Event("offer", 1, {})]
    >>> offer_number(log), offer_number(log[:2]), offer_number(log[:1])
    (2, 1, 0)
    """
    count, offerer = 0, None
    for event in reversed(log):
        if event.kind == "turn":
            break
        if event.kind == "offer" and offerer in (None, event.player):
            offerer = event.player
            count += 1
    return count


def trade_prompt(text: Text, actor: int, offerer: int, viewer: int | None) -> str:
    """Who is busy with the open offer while a computer player acts on it: choosing among the
    answers to its own offer, or answering the viewer's or someone else's.

    >>> from catan_web.text import Text
    >>> text = Text("en", ("Red", "Blue", "White"))
    >>> trade_prompt(text, 1, 0, 0), trade_prompt(text, 2, 0, 1)
    ('Blue is answering your offer…', "White (computer) is answering Red's offer…")
    """
    if actor == offerer:
        return text("ui.offers.choosing", player=actor)
    if offerer == viewer:
        return text("ui.offers.answering_you", player=actor)
    return text("ui.offers.answering", player=actor, offerer=offerer)


def offer_heading(text: Text, offerer: int, number: int, give: Markup, get: Markup) -> Markup:
    """The open offer as the person answering it sees it first: whose offer it is and, when
    the same player has offered before this turn, which one (so that a new offer never looks
    like the one just declined), then what they would ``give`` and ``get`` (HTML: resource
    chips).

    >>> from catan_web.text import Text
    >>> offer_heading(Text("en", ("Red", "Blue")), 1, 2, Markup("G"), Markup("W"))  # doctest: +NORMALIZE_WHITESPACE
    Markup('<div class="offer-head" data-number="2"><h3 class="offer-title">Offer 2 from Blue this turn</h3><div
    class="offer-side"><span class="side-label">You give</span>G</div><div class="offer-side"><span
    class="side-label">You get</span>W</div></div>')
    """
    title = (
        text("ui.offers.new", player=offerer)
        if number <= 1
        else text("ui.offers.number", player=offerer, number=number)
    )
    sides = join(
        el("div", el("span", text(label), class_="side-label"), cards, class_="offer-side")
        for label, cards in (("ui.trade.you_give", give), ("ui.trade.you_get", get))
    )
    return el("div", el("h3", title, class_="offer-title"), sides, class_="offer-head", data_number=str(number))


def decline_notice(session: Session, since: int) -> str:
    """What the notice bar says about the declines ``session``'s page made for people from log
    index ``since`` on: each offer and why it was declined ("" when there were none, or when
    the setting keeps quiet: see :data:`TELLING_MODES`)."""
    if session.offers not in TELLING_MODES:
        return ""
    log, lines = session.game.log, []
    for at in sorted(a for a in session.declined if a >= since):
        offer = next(i for i in range(at - 1, -1, -1) if log[i].kind == "offer")
        lines += [
            *session.sentences([log[offer]]),
            session.declined[at].sentence(session.text.lang, session.text.names, session.viewer),
        ]
    return " ".join(dict.fromkeys(lines))
