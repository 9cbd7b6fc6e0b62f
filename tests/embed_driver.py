"""The example frame (``embed.html``) driven in CPython: its controller, what the address
names handed over as the browser would, commands run as its controls would, and its regions
as the patches wrote them.

>>> frame = EmbedDriver("?mode=try")
>>> frame.open('{"format": "catan-scenario", "players": [{"name": "Ana"}, {"name": "Ben"}], "phase": "setup"}')
>>> frame.state.screen, frame.press("n12"), frame.example.game.node_owner[12]
('example', None, 0)
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for entry in (str(ROOT), str(ROOT / "web")):
    if entry not in sys.path:
        sys.path.insert(0, entry)

from catan_web.embed.controller import EmbedController, Source  # noqa: E402
from catan_web.embed.state import EmbedState  # noqa: E402
from catan_web.example import Example, ScenarioProblem, read_params  # noqa: E402
from catan_web.patch import Framed, Op, markup_of  # noqa: E402

SITE = "https://example.org/catan/"


class EmbedDriver:
    """The frame's controller at an address; the effects of the last command kept."""

    def __init__(self, search: str = "", fragment: str = "", lang: str = "en") -> None:
        """The frame at the address ``search`` and ``fragment``, in its ``lang=`` (else ``lang``)."""
        self.search = search
        params = read_params(search, fragment)
        self.page = EmbedController(params, params.lang or lang, site=SITE)
        self.effects: list[Any] = []
        self.ops: list[Op] = self.page.draw()

    @property
    def state(self) -> EmbedState:
        return self.page.state

    @property
    def example(self) -> Example:
        assert self.page.example is not None, "no position shown"
        return self.page.example

    def open(self, text: str | None, search: str | None = None) -> None:
        """Hand over ``text`` as what the address names (``search``: another address's query)."""
        params = read_params(self.search if search is None else search, "")
        self.perform(self.page.dispatch("open", Source(text, params)))

    def fail(self, problem: ScenarioProblem) -> None:
        """The browser could not get what the address names."""
        self.perform(self.page.dispatch("fail", problem))

    def run(self, name: str, arg: object = None) -> None:
        """Run command ``name`` as a control would, and draw."""
        self.perform(self.page.dispatch(name, arg))

    def press(self, spot: str) -> None:
        """Click the board's spot ``spot``."""
        self.run("press", spot)

    def perform(self, effects: list[Any]) -> None:
        self.effects = effects
        self.ops = self.page.draw()

    def html(self, region: str) -> str:
        """The markup of ``region`` as last written."""
        return markup_of(self.page.patcher.drawn.get(region))

    def hidden(self, region: str) -> bool:
        """Whether ``region`` is hidden."""
        content = self.page.patcher.drawn.get(region)
        return isinstance(content, Framed) and ("hidden", "") in content.attributes
