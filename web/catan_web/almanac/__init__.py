"""The rules almanac page (``almanac.html``) over the page kit. Pure Python (tested in CPython).

* :mod:`~catan_web.almanac.state` -- the page's state (the language, the examples opened,
  the notice);
* :mod:`~catan_web.almanac.controller` -- its commands (the language, an example opened, the
  entry the address names) and its effects;
* :mod:`~catan_web.almanac.views` -- the page's layout and the view drawing each region: every
  entry of :mod:`catan_core.almanac` in the chosen language, each with its live example (a
  frame of ``embed.html``, started when the reader asks for it, or at once for the entry the
  address names), and the way to the board editor for authors.

The browser side is :mod:`catan_web.browser.almanac`, a thin
:class:`~catan_web.browser.host.PageHost`.
"""
