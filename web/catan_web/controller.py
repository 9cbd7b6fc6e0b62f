"""What every page of the site is: components over one controller.

A page's state is one value (a ``NamedTuple``, changed with :meth:`PageController.edit`); a
command goes through the page's one checked :class:`~catan_web.commands.CommandTable`; what a
command asks of the browser comes back as data (:mod:`catan_web.effects` and the page's own);
the page's view functions give each region its content, and a
:class:`~catan_web.patch.Patcher` writes only what changed (:meth:`PageController.draw`).
Nothing here touches the browser: ``catan_web.browser.host`` does, for every page.

>>> from typing import NamedTuple
>>> from catan_web.commands import Command, integer
>>> from catan_web.html import el
>>> class Count(NamedTuple):
...     clicks: int = 0
>>> class Counter(PageController[Count]):
...     def regions(self):
...         return [("count", el("output", str(self.state.clicks)))]
>>> page = Counter(Count(), [Command("add", integer(1, 9), lambda page, n: page.edit(clicks=page.state.clicks + n))])
>>> page.draw()
[Fill(region='count', html=Markup('<output>0</output>'))]
>>> page.dispatch("add", "2"), page.draw()
([], [Fill(region='count', html=Markup('<output>2</output>'))])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import methodcaller
from typing import Any, Generic, TypeVar

from .commands import Command, CommandTable
from .patch import Content, Op, Patcher
from .pondering import Jobs

S = TypeVar("S", bound=tuple[Any, ...])
"""A page's state: a ``NamedTuple`` of what the page shows besides its model."""


class PageController(Generic[S]):
    """A page's state, its command table, the effects of the command being run, and what was drawn."""

    def __init__(self, state: S, commands: Iterable[Command[Any]] = ()) -> None:
        self.state: S = state
        self.table = CommandTable(commands)
        self.effects: list[Any] = []
        """What the command being run asks of the browser."""
        self.patcher = Patcher()
        self.base = ""
        """The address of the page's folder on the site (``https://example.org/catan/``), which
        links the page shares start with; the browser's host sets it ("": relative links)."""
        self.jobs = Jobs()
        """Long computations in progress, which the browser advances in slices
        (:mod:`catan_web.pondering`)."""

    def dispatch(self, name: str, arg: object = None) -> list[Any]:
        """Run command ``name`` with ``arg``; the effects for the browser (raises
        :class:`~catan_web.commands.CommandError` for an unknown name or a wrong argument)."""
        return self.call(lambda page: self.table.run(page, name, arg))

    def call(self, work: Callable[[Any], object]) -> list[Any]:
        """Run ``work`` on the page as a command runs (events of the page itself, test hooks);
        the effects for the browser."""
        self.effects = []
        work(self)
        self.attend()
        return self.effects

    def attend(self) -> None:
        """After each command: where the person's attention goes (the page's focus and live
        region, as effects). Nothing by default."""

    def edit(self, **changes: Any) -> None:
        """Replace fields of the page's state."""
        self.state = methodcaller("_replace", **changes)(self.state)  # (a NamedTuple's copy with changes)

    def emit(self, effect: Any) -> None:
        """Ask the browser for ``effect`` once the command is done."""
        self.effects.append(effect)

    def regions(self) -> list[tuple[str, Content]]:
        """Every region's content (a region is named by its element's id)."""
        raise NotImplementedError

    def title(self) -> str:
        """The document's title ("" leaves it as it is)."""
        return ""

    def language(self) -> str:
        """The document's language ("" leaves it as it is)."""
        return ""

    def draw(self) -> list[Op]:
        """The operations bringing every region up to date."""
        ops: list[Op] = []
        for region, content in self.regions():
            ops += self.patcher.patch(region, content)
        return ops
