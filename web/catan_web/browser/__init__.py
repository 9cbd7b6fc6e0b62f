"""The pages in the browser (PyScript only): the thin hosts that turn events into commands and
effects into browser calls, and apply the pages' patches.

* :mod:`~catan_web.browser.dom` -- the browser as Python sees it (``document``, ``window``,
  passing values and functions to JavaScript), straight from Pyodide;
* :mod:`~catan_web.browser.page` -- what every page does with the browser: storage, languages, elements;
* :mod:`~catan_web.browser.apply` -- applying a patch (:mod:`catan_web.patch`) to the document,
  in one call into JavaScript (``web/patch.mjs``);
* :mod:`~catan_web.browser.host` -- the game page (``index.html``);
* :mod:`~catan_web.browser.network` -- the game page's network play: WebRTC data channels,
  the host's guests and a guest's connection;
* :mod:`~catan_web.browser.embed` -- the embeddable example (``embed.html``);
* :mod:`~catan_web.browser.almanac` -- the rules almanac (``almanac.html``).
"""
