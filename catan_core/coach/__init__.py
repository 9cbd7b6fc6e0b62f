"""The coach: hints that explain themselves, the chance to win, game reviews and a card tracker.

Everything here reads a seat's :class:`~catan_core.views.View` (or a recorded game, for a
review) and nothing else: other seats' cards, the development deck and the dice to come
are guessed with the coach's own seeded generator, never read, so the same view and seed
always give the same answers. It is pure Python and cheap enough for a page, which can
take the longer computations in slices (:class:`Pondering`).

* :func:`hint`: what the learned player would do now, with its reasons, each a
  quantity of the learned evaluation the move changes (production, points, a harbor, room
  to settle, the races for Longest Road and Largest Army, the cards toward a build, a
  rival's loss), as message keys of the catalogs; :meth:`Hint.text` says it in a language.
* :func:`chances`: every seat's chance to win, as the view can judge it.
* :func:`review`: a finished game's chances after every turn, as one seat saw them, and
  that seat's biggest drops against the learned player's choices; :func:`chart_svg` draws
  the chances, :func:`play_on` turns a step into a new game.
* :func:`card_tracker`: what the public events tell for sure about every hand.

>>> from catan_core.game import Game, Options
>>> game = Game(Options(players=4, board="beginner"), seed=2)
>>> game.apply("0 roll 3+3") and None
>>> view = game.view(0)
>>> advice = hint(view)
>>> game.is_legal(advice.action), advice.action == hint(view).action
(True, True)
>>> [(r.key, dict(r.params)) for r in advice.reasons]
[('coach.reason.spots', {'count': 1}), ('coach.reason.longest_road_closer', {'count': 3})]
>>> print(advice.text(view.board, "en", [s.name for s in view.seats]))  # doctest: +NORMALIZE_WHITESPACE
Build a road on the west shore of the forest 11: 1 free spot to settle at the end of your roads and
3 segments short of the Longest Road.
>>> advice.text(view.board, "de", [s.name for s in view.seats])  # doctest: +ELLIPSIS
'Baue eine Straße an der Westküste vom Feld Wald 11: ...'
>>> round(sum(chances(view)), 9)
1.0
>>> [k.unknown for k in card_tracker(view)]
[0, 0, 0, 0]
"""

from .cards import Known, card_tracker
from .hints import Hint, Pondering, chances, hint, start_hint
from .reasons import Reason
from .reviews import Drop, Review, chart_svg, play_on, review, start_review
from .words import Phrase, action_phrase, say, sentence

__all__ = [
    "Drop", "Hint", "Known", "Phrase", "Pondering", "Reason", "Review", "action_phrase", "card_tracker", "chances",
    "chart_svg", "hint", "play_on", "review", "say", "sentence", "start_hint", "start_review",
]
