"""The browser front end of the game: a thin layer over :mod:`catan_core`.

It asks the engine for views, legal actions and the reasons actions are illegal, draws them,
turns clicks into :class:`~catan_core.actions.Action` values and shows what happened. No game
rule lives here.

Pure-Python modules (testable in CPython):

* :mod:`catan_web.markup` -- escaping and a tiny element builder for HTML strings;
* :mod:`catan_web.controls` -- the controls every screen shares: buttons with the reason a
  disabled one gives, sections, the notice bar, the language menu;
* :mod:`catan_web.text` -- the current language and message look-ups (``ui.*`` keys);
* :mod:`catan_web.store` -- saved games on a key-value storage (localStorage), and putting
  damaged stored texts aside;
* :mod:`catan_web.settings` -- the settings every page shares (language, computer players' pace);
* :mod:`catan_web.newgame` -- the new-game form as data: seats, board, seed, options;
* :mod:`catan_web.home` -- the HTML of the home screen: saved games, importing, the new-game form;
* :mod:`catan_web.lazy` -- modules loaded when first used (the game page draws its home screen
  without the engine, and loads it right after);
* :mod:`catan_web.targets` -- the board as a picker: legal targets to highlight, and what a
  click on a spot means (an action, a choice of victims, a hint);
* :mod:`catan_web.draft` -- what a person is choosing (build mode, trades, discards, Year of
  Plenty) and the pickers' limits;
* :mod:`catan_web.session` -- a game on the game page: seats, hot-seat privacy, the draft's edits;
* :mod:`catan_web.panels` -- the HTML of every panel of the game screen, from a session;
* :mod:`catan_web.offers` -- trade manners: offers the page declines for a person, and how an
  open offer reads while someone answers it;
* :mod:`catan_web.recent` -- what happened to the person at the device (the turn card's
  recap) and the roll whose production the board shows;
* :mod:`catan_web.statistics` -- the statistics dialog and the winner screen's figures;
* :mod:`catan_web.rematch` -- a rematch: the same seats and options, new or same board;
* :mod:`catan_web.example` -- the example board of ``embed.html``: its address and what it shows;
* :mod:`catan_web.embed` -- ``embed.html`` as components over one controller: a position, a
  game's step, a study played, the page for authors, the error screen;
* :mod:`catan_web.almanac` -- ``almanac.html``'s controller and views;
* :mod:`catan_web.frame` -- how an example frame reports the height it needs to its host page;
* :mod:`catan_web.qr` -- QR codes (ISO/IEC 18004) as module matrices and SVG;
* :mod:`catan_web.peer` -- play with friends on their own devices: the host's referee, the
  guest's state, their messages, the invitation and answer codes of WebRTC, the optional
  STUN/TURN servers and what is kept beside the saved games;
* :mod:`catan_web.network_panels` -- the HTML of network play: the host's card of guests and
  invitations, the guest's joining and paused screens.

The pages (PyScript only), each started by a two-line script beside the package
(``web/main.py``, ``web/embed.py``, ``web/almanac.py``):

* :mod:`catan_web.dom` -- the browser as Python sees it (``document``, ``window``, passing
  values and functions to JavaScript), from Pyodide itself;
* :mod:`catan_web.page` -- what every page does with the browser: storage, languages, elements;
* :mod:`catan_web.app` -- the game page (``index.html``): events, timers, storage, downloads;
* :mod:`catan_web.network` -- the game page's network play: WebRTC data channels, the host's
  guests and a guest's connection;
* :mod:`catan_web.browser.embed` -- the example frame's host (``embed.html``);
* :mod:`catan_web.browser.almanac` -- the rules almanac's host (``almanac.html``);
* :mod:`catan_web.browser.frames` -- example frames' height reports, sent and received.
"""

from catan_core.i18n import add_catalogs

add_catalogs(__name__, "messages")  # the pages' own texts (ui.*, net.*, peer.*, embed.*, ...), beside the engine's
