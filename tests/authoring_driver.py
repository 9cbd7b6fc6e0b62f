"""The board editor and the replay viewer driven in CPython: a page's controller with an
in-memory storage, its effects kept (nothing to do in a test but read them), and its regions as
the patches wrote them.

>>> from catan_web.editor.controller import EditorController
>>> page = Driver(EditorController(MemoryStorage(), languages=["en"]))
>>> page.run("press", "n12")
>>> "n12" in page.html("board"), page.effects
(True, [Announce(lines=('Changed: n12.',))])
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for entry in (str(ROOT), str(ROOT / "web")):
    if entry not in sys.path:
        sys.path.insert(0, entry)

from catan_web.controller import PageController  # noqa: E402
from catan_web.patch import Framed, Keyed, Op  # noqa: E402
from catan_web.store import MemoryStorage  # noqa: E402, F401 (for tests and the doctest)

NAMED = re.compile(r'data-(?:cmd|change)="([^"]+)"')
"""A command named in markup."""
FIELD = re.compile(r'<(?:textarea|input)[^>]*\bid="{ident}"[^>]*>(?P<text>[^<]*)')


class Driver:
    """A page's controller, its effects kept, its regions kept as written."""

    def __init__(self, page: PageController[Any], base: str = "https://example.org/catan/") -> None:
        self.page = page
        page.base = base
        self.effects: list[Any] = []
        self.ops: list[Op] = page.draw()
        self.seen: set[str] = self.named()

    def run(self, name: str, arg: object = None) -> None:
        """Run command ``name`` as a control would, keep its effects, and draw."""
        self.effects = self.page.dispatch(name, arg)
        self.ops = self.page.draw()
        self.seen |= self.named()

    def html(self, region: str) -> str:
        """The markup of ``region`` as last written."""
        content = self.page.patcher.drawn.get(region)
        if isinstance(content, Framed):
            content = content.content
        if isinstance(content, Keyed):
            return content.markup()
        return str(content or "")

    def all_html(self) -> str:
        """Every region's markup."""
        return "".join(self.html(region) for region in self.page.patcher.drawn)

    def named(self) -> set[str]:
        """The commands the page's regions name now."""
        return set(NAMED.findall(self.all_html()))

    def field(self, ident: str) -> str:
        """The text of the read-only field ``ident`` (a textarea's content), unescaped."""
        import html

        found = re.search(rf'<textarea[^>]*\bid="{ident}"[^>]*>([^<]*)</textarea>', self.all_html())
        assert found is not None, f"no field {ident}"
        return html.unescape(found.group(1))
