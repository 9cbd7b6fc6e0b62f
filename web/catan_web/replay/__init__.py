"""The replay viewer (``replay.html``): any saved, imported, shared or finished game, step by
step, and the author mode that makes a study of it.

Components over one controller, as the game page (:mod:`catan_web.game`): the game's positions
are :class:`catan_core.replay.Replay`'s, the study :class:`catan_core.study.Study`'s; the page
draws them and forwards the clicks.

* :mod:`.state` -- the page's state (:class:`~.state.ReplayState`) and the study being written
  (:class:`~.state.StudyDraft`);
* :mod:`.controller` -- :class:`~.controller.ReplayController`: the replay, the command table,
  the regions, the step in the address;
* :mod:`.table` -- the controller as the components see it;
* :mod:`.scene` -- what the views draw from;
* :mod:`.regions` -- the page's layout and which view draws each region;
* one module per component: :mod:`.bar` (share, author mode, language), :mod:`.source`
  (opening a saved game, a file or a link), :mod:`.steps` (moving through the game),
  :mod:`.board`, :mod:`.hands` (whose eyes, every seat's cards), :mod:`.log`, :mod:`.stats`,
  :mod:`.study` (the author's comments, "your move" steps and the study's outputs).
"""
