"""The replay viewer's state: one value (the game replayed is the controller's
:class:`~catan_core.replay.Replay`), and the study being written over it.

A :class:`StudyDraft` names steps of the replayed game (step ``i``: the position after its
first ``i`` actions): the study starts at :attr:`StudyDraft.first` and ends at
:attr:`StudyDraft.last`; a comment on step ``i`` is shown once move ``i`` is played (the one
on the first step, at the start); a question on step ``i`` asks the reader to find move ``i``.
:meth:`StudyDraft.build` makes the :class:`~catan_core.study.Study` (checked by the engine).

>>> draft = StudyDraft(title="A quick road").with_comment(2, "Why here?").with_question(2, "Look at the 8.")
>>> draft.comment(2), draft.question(2), draft.question(3)
('Why here?', 'Look at the 8.', None)
>>> draft.with_comment(2, "").comments
()
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..sharing import Note
from ..snippet import Frame

if TYPE_CHECKING:
    from catan_core.coach import Review
    from catan_core.game import Game
    from catan_core.study import Study

Steps = tuple[tuple[int, str], ...]
"""Texts by step, in the order of the steps."""


def _with(texts: Steps, step: int, value: str | None) -> Steps:
    """``texts`` with ``value`` at ``step`` (None: none there)."""
    kept = {at: text for at, text in texts if at != step}
    if value is not None:
        kept[step] = value
    return tuple(sorted(kept.items()))


class StudyDraft(NamedTuple):
    """The study being written over the replayed game (see the module docstring)."""

    title: str = ""
    first: int = 0
    last: int | None = None
    """The last step of the study (None: the game's last)."""
    comments: Steps = ()
    questions: Steps = ()
    """The "your move" steps, each with its hint ("" for none)."""

    def comment(self, step: int) -> str:
        """The comment on ``step`` ("" for none)."""
        return dict(self.comments).get(step, "")

    def question(self, step: int) -> str | None:
        """The hint of the question at ``step`` ("" for no hint), None when it asks nothing."""
        return dict(self.questions).get(step)

    def with_comment(self, step: int, text: str) -> StudyDraft:
        """The draft with ``text`` as the comment on ``step`` ("": none)."""
        return self._replace(comments=_with(self.comments, step, text or None))

    def with_question(self, step: int, hint: str | None) -> StudyDraft:
        """The draft asking the reader to find move ``step`` (``hint``: "" for none), or not (None)."""
        return self._replace(questions=_with(self.questions, step, hint))

    def end(self, length: int) -> int:
        """The last step, for a game of ``length`` steps."""
        return length if self.last is None else min(self.last, length)

    def build(self, game: Game) -> Study:
        """The study of ``game``'s moves from :attr:`first` to :attr:`last` with the comments
        and questions on those steps (checked by the engine: a
        :class:`~catan_core.errors.FormatError` when it refuses a text)."""
        from catan_core.replay import Replay
        from catan_core.scenarios import from_game
        from catan_core.study import Move, Question, Study

        first, last = self.first, self.end(len(game.history))
        moves = [Move(action.text()) for action in game.history[first:last]]
        study = Study(self.title, from_game(Replay(game).game_at(first)), moves=moves)
        study.check()  # the title, and every move from the start
        for step, text in self.comments:  # each text checked as the format reads it
            if first <= step <= last:
                study.set_comment(step - first, text)
        for step, hint in self.questions:
            if first < step <= last:
                study.set_question(step - first, Question(hint or None))
        return study


class ReplayState(NamedTuple):
    """The replay viewer's state, apart from the game replayed."""

    lang: str = "en"
    name: str = ""
    """The game's name (a saved game's, or a file's)."""
    gid: str = ""
    """The saved game's id ("": a game from a link or a file)."""
    link: str = ""
    """The share link the game came from ("": a saved game or a file)."""
    viewer: int | None = None
    """Whose eyes the hands and the log are seen through (None: everyone's, the public view)."""
    stats_open: bool = False
    author: bool = False
    """Whether the study's panel shows (the author mode)."""
    draft: StudyDraft = StudyDraft()
    frame: Frame = Frame()
    """The study's frame: its language and size (the reader always plays it)."""
    sharing: str = ""
    """The address the share panel shows ("": closed)."""
    sharing_study: bool = False
    """Whether the share panel shares the study (else the step)."""
    notice: Note | None = None
    review: Review | None = None
    """The review of the game replayed, once worked out (:mod:`catan_web.replay.coach`)."""
    review_seat: int | None = None
    """The seat reviewed or being reviewed (None: no review asked)."""
    progress: float = 0.0
    """How far the review being worked out is (0 to 1)."""
