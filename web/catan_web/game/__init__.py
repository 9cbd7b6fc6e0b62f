"""The game page (``index.html``) as components over one controller. Pure Python (tested in CPython).

* :mod:`~catan_web.game.state` -- the page's state, one value (:class:`~catan_web.game.state.PageState`);
* :mod:`~catan_web.commands` -- the one checked table of commands (name, argument reader, what it does);
* :mod:`~catan_web.game.effects` -- what a command asks of the browser, as data;
* :mod:`~catan_web.game.table` -- the controller as the components and network play see it;
* :mod:`~catan_web.game.controller` -- a command in, the new state and the effects out;
* :mod:`~catan_web.game.screen` -- the page's regions and the view drawing each;
* :mod:`~catan_web.game.scene` -- what the game screen's views draw from;
* the components, each with its view, its commands and its part of the draft:
  :mod:`~catan_web.game.home`, :mod:`~catan_web.game.bar` (and the notice),
  :mod:`~catan_web.game.board`, :mod:`~catan_web.game.turn`, :mod:`~catan_web.game.hand`,
  :mod:`~catan_web.game.cards`, :mod:`~catan_web.game.actions` (the main phase's tabs),
  :mod:`~catan_web.game.build`, :mod:`~catan_web.game.bank`, :mod:`~catan_web.game.offer`,
  :mod:`~catan_web.game.answer`, :mod:`~catan_web.game.discard`, :mod:`~catan_web.game.victim`,
  :mod:`~catan_web.game.players`, :mod:`~catan_web.game.log`, :mod:`~catan_web.game.cover`,
  :mod:`~catan_web.game.winner`, :mod:`~catan_web.game.stats`; :mod:`~catan_web.game.parts`
  holds the small pieces they share, :mod:`~catan_web.game.guide` where the attention goes.

The browser side is :mod:`catan_web.browser.host`. ``docs/architecture.md`` follows one click
from the board to the redraw.
"""
