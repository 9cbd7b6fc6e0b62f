"""The example frame (``embed.html``) as components over one controller. Pure Python (tested
in CPython).

* :mod:`~catan_web.embed.state` -- the frame's state, one value (:class:`~catan_web.embed.state.EmbedState`);
* :mod:`~catan_web.embed.table` -- the controller as the components see it;
* :mod:`~catan_web.embed.controller` -- a command in, the new state and the effects out: what
  the address names read and shown, the reader's moves played or judged;
* :mod:`~catan_web.embed.screen` -- the frame's regions and the view drawing each;
* :mod:`~catan_web.embed.scene` -- what the views draw from;
* the components, each with its view and its commands: :mod:`~catan_web.embed.caption` (and
  the notice), :mod:`~catan_web.embed.board`, :mod:`~catan_web.embed.controls` (the prompt
  and the move buttons), :mod:`~catan_web.embed.players`, :mod:`~catan_web.embed.log`,
  :mod:`~catan_web.embed.message` (with its "Why?" link), :mod:`~catan_web.embed.study` (a
  study played: steps, comments, "your move"), :mod:`~catan_web.embed.authors` (the page for
  authors when nothing is named), :mod:`~catan_web.embed.error` (the error screen).

The address and the position are read by :mod:`catan_web.example`; the browser side is
:mod:`catan_web.browser.embed`, a thin :class:`~catan_web.browser.host.PageHost`.
"""
