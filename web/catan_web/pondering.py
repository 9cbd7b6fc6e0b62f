"""Long computations of a page, thought out in slices while the page keeps answering.

A command that starts one (a hint, a review) hands its steps (a
:class:`~catan_core.coach.Pondering`) to the page's :class:`Jobs` under a job name and asks
the browser to :class:`Ponder`: the host advances it in short slices between frames, as it
does for the computer players' thinking, and hands the result back with the page's command
``pondered`` (a :class:`Pondered`). A job started again, or dropped, makes the earlier one
stale: its slices stop and its result, should it come, is ignored.

>>> from catan_core.coach import Pondering
>>> jobs = Jobs()
>>> first = jobs.start("hint", Pondering(iter([None])))
>>> second = jobs.start("hint", Pondering(x for x in ()))
>>> jobs.work(first) is None, jobs.work(second) is not None, jobs.busy("hint")
(True, True, True)
>>> jobs.finish(Pondered("hint", second.ticket, 42)), jobs.busy("hint")
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from catan_core.coach import Pondering

__all__ = ["Jobs", "Ponder", "Pondered"]


class Ponder(NamedTuple):
    """Advance the page's job ``job`` (of this ``ticket``) in slices, then run the command
    ``pondered`` with its result."""

    job: str
    ticket: int


class Pondered(NamedTuple):
    """A job's result, handed back by the browser (the command ``pondered``)."""

    job: str
    ticket: int
    result: object


class Jobs:
    """A page's computations in progress, one per job name."""

    def __init__(self) -> None:
        self._work: dict[str, tuple[int, Pondering[object]]] = {}
        self._progress: dict[str, Callable[[], float]] = {}
        self._tickets = 0

    def start(self, job: str, work: Pondering[Any], progress: Callable[[], float] | None = None) -> Ponder:
        """Start ``work`` as ``job`` (an earlier one of that name becomes stale); the effect
        asking the browser to advance it. ``progress``: how far it is (0 to 1), when it can tell
        (the browser then reports it now and then with the page's command ``pondering``)."""
        self._tickets += 1
        self._work[job] = (self._tickets, work)
        self._progress.pop(job, None)
        if progress is not None:
            self._progress[job] = progress
        return Ponder(job, self._tickets)

    def reports(self, job: str) -> bool:
        """Whether ``job`` tells how far it is."""
        return job in self._progress

    def progress(self, job: str) -> float:
        """How far ``job`` is (0 to 1; 0 when it cannot tell)."""
        told = self._progress.get(job)
        return 0.0 if told is None else told()

    def work(self, effect: Ponder) -> Pondering[object] | None:
        """The steps ``effect`` asks to advance (None: stale, stop)."""
        held = self._work.get(effect.job)
        return held[1] if held is not None and held[0] == effect.ticket else None

    def busy(self, job: str) -> bool:
        """Whether ``job`` is in progress."""
        return job in self._work

    def drop(self, job: str) -> None:
        """Stop ``job`` (its result will be ignored)."""
        self._work.pop(job, None)
        self._progress.pop(job, None)

    def clear(self) -> None:
        """Stop every job (a new game on screen, a take-back)."""
        self._work.clear()
        self._progress.clear()

    def finish(self, done: Pondered) -> bool:
        """Whether ``done`` is the result of the job in progress (which then ends)."""
        held = self._work.get(done.job)
        if held is None or held[0] != done.ticket:
            return False
        del self._work[done.job]
        self._progress.pop(done.job, None)
        return True
