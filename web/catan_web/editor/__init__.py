"""The board editor (``editor.html``): a position made by clicks, checked as it is made, and
given out as a scenario, a link and an ``<iframe>`` snippet for a tutorial.

Components over one controller, as the game page (:mod:`catan_web.game`): every rule and
decision is :class:`catan_core.editor.Editor`'s; the page draws it and forwards the clicks.

* :mod:`.state` -- the page's state (:class:`~.state.EditorState`): the tool, the seat, the
  frame's settings, the notice;
* :mod:`.controller` -- :class:`~.controller.EditorController`: the editor being worked on,
  the command table, the regions;
* :mod:`.table` -- the controller as the components see it (no import goes back to it);
* :mod:`.regions` -- the page's layout and which view draws each region;
* :mod:`.sketch` -- the position drawn even while the rules cannot reach it;
* one module per component: :mod:`.bar` (language, undo, redo, share), :mod:`.start` (where
  an edit starts: beginner board, random board, a scenario, a link, a file, a saved game's
  step), :mod:`.tools` (the tool and the seat), :mod:`.board`, :mod:`.problems`,
  :mod:`.seats` (a seat's name, colour, cards), :mod:`.position` (players, phase, whose turn,
  dice, options, awards, title), :mod:`.output` (caption, the frame's settings, the
  scenario, the link, the snippet and its preview).
"""
