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

import random
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for entry in (str(ROOT), str(ROOT / "web")):
    if entry not in sys.path:
        sys.path.insert(0, entry)

from catan_web.controller import PageController  # noqa: E402
from catan_web.patch import Op, markup_of  # noqa: E402
from catan_web.store import MemoryStorage  # noqa: E402, F401 (for tests and the doctest)

from catan_core.game import Game, Options  # noqa: E402

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
        return markup_of(self.page.patcher.drawn.get(region))

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


# --- games to replay ---------------------------------------------------------------------------------


ORDER = ("city", "settlement", "road", "roll", "robber", "discard", "maritime", "end")
"""What the quick players of :func:`played` do first when they may (a road now and then)."""


def played(seed: int, actions: int | None, players: int = 3) -> Game:
    """A game of quick players of ``actions`` actions (None: to its end)."""
    game = Game(Options(players=players, board="beginner" if seed % 2 else "random"), seed=seed)
    rng = random.Random(seed)
    while (actions is None or len(game.history) < actions) and game.phase != "over":
        legal = game.legal_actions()
        kinds = {a.kind for a in legal}
        kind = next((k for k in ORDER if k in kinds and (k != "road" or rng.random() < 0.3)), None)
        game.apply(rng.choice([a for a in legal if a.kind == kind] if kind else legal))
    return game


def afresh(game: Game, step: int) -> Game:
    """The engine's position after the first ``step`` actions of ``game``, played again."""
    prefix = Game(game.options, seed=game.seed, seats=game.seats)
    for action in game.history[:step]:
        prefix.apply(action)
    return prefix


def board_of_game(game: Game) -> dict[str, Any]:
    """The board of ``game``: buildings and roads as (kind, seat, spot), sorted, and the robber's hex."""
    pieces = [
        ("city" if game.node_city[n] else "settlement", str(p), f"n{n}")
        for n, p in enumerate(game.node_owner)
        if p >= 0
    ]
    pieces += [("road", str(p), f"e{e}") for e, p in enumerate(game.edge_owner) if p >= 0]
    return {"pieces": sorted(pieces), "robber": game.robber}
