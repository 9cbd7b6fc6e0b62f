"""Views made again only when what they read changed.

Pure Python (tested in CPython). A view function's output depends only on what it reads; a
:class:`Memo` keeps, by name, the last output of a view with the *key* it was made for (a
value holding everything the view reads: the position's version, the seat whose view is shown,
the fields of the page's state it looks at, the language). Asked again with an equal key, it
gives the kept output without running the view: an unchanged region costs one comparison of
keys, and the :class:`~catan_web.patch.Patcher` finds the very object it wrote last.

A key must hold *everything* its view reads, or the page shows stale markup: the game page's
components declare their keys beside their views (:mod:`catan_web.game.screen`), and a test
draws random games both ways, through the memo and afresh, and compares every region
(``tests/test_memo.py``).

>>> memo = Memo()
>>> made = []
>>> def view(name: str) -> str:
...     made.append(name)
...     return f"<p>{name}</p>"
>>> memo.keep("who", ("Ana", "en"), lambda: view("Ana")), memo.keep("who", ("Ana", "en"), lambda: view("Ana"))
('<p>Ana</p>', '<p>Ana</p>')
>>> made
['Ana']
>>> memo.keep("who", ("Ben", "en"), lambda: view("Ben")), made
('<p>Ben</p>', ['Ana', 'Ben'])
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")


class Memo:
    """The last output of each named view, and the key it was made for."""

    def __init__(self, enabled: bool = True) -> None:
        self.kept: dict[Hashable, tuple[object, Any]] = {}
        self.enabled = enabled
        """False: every view is made afresh (what the memo is compared with in tests)."""

    def keep(self, name: Hashable, key: object, make: Callable[..., T], *args: object) -> T:
        """The output of view ``name`` (a string, or the view function itself) for ``key``: the
        one kept when it was made for an equal key, else ``make(*args)`` (kept for the next time)."""
        kept = self.kept.get(name)
        if kept is not None and kept[0] == key:
            return kept[1]  # type: ignore[no-any-return]
        made = make(*args)
        if self.enabled:
            self.kept[name] = (key, made)
        return made

    def forget(self) -> None:
        """Drop every output kept (the next drawing makes every view again)."""
        self.kept.clear()
