"""The browser front end of the game: a thin layer over :mod:`catan_core`.

It asks the engine for views, legal actions and the reasons actions are illegal, draws them,
turns clicks into :class:`~catan_core.actions.Action` values and shows what happened. No game
rule lives here.

Modules, from pure Python (testable in CPython) to the page:

* :mod:`catan_web.markup` -- escaping and a tiny element builder for HTML strings;
* :mod:`catan_web.text` -- the current language and message look-ups (``ui.*`` keys);
* :mod:`catan_web.store` -- saved games and settings on a key-value storage (localStorage);
* :mod:`catan_web.session` -- a game on this page: seats, hot-seat privacy, choices in progress;
* :mod:`catan_web.panels` -- the HTML of every panel, from a session;
* :mod:`catan_web.qr` -- QR codes (ISO/IEC 18004) as module matrices and SVG;
* :mod:`catan_web.peer` -- play with friends on their own devices: the host's referee, the
  guest's state, their messages, and the invitation and answer codes of WebRTC;
* :mod:`catan_web.app` -- the page itself: events, timers, storage, downloads (PyScript only).
"""
