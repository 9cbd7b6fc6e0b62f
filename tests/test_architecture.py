"""docs/architecture.md follows one click (building a road) from the board to the redraw: every
function it names exists, and the page takes that very path."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from page_driver import PageDriver

from catan_core.board import BEGINNER_PIECES
from catan_web.effects import BOARD, Focus
from catan_web.game.effects import Save, SyncGuests
from catan_web.patch import Fill, Insert, Put, Remove

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"
PACKAGES = {"catan_core": ROOT / "catan_core", "catan_web": ROOT / "web" / "catan_web"}


def walk_names() -> list[str]:
    """The dotted names the doc's walk of one click names (``catan_web....``), without call arguments."""
    text = DOC.read_text(encoding="utf-8")
    walk = text[text.index("## One click") : text.index("## Start-up")]
    return sorted({name.split("(")[0] for name in re.findall(r"`((?:catan_web|catan_core)\.[\w.]+)(?:\([^`]*\))?`", walk)})


def defined(name: str) -> bool:
    """Whether ``name`` (``package.module.Class.method``) is a module, class, function or method
    of our code, found by reading the sources (browser modules cannot be imported here)."""
    parts = name.split(".")
    folder = PACKAGES[parts[0]]
    for i in range(len(parts), 0, -1):
        path = folder.joinpath(*parts[1:i])
        source = path.with_suffix(".py") if parts[1:i] else path / "__init__.py"
        if source.is_file() or (path / "__init__.py").is_file():
            source = source if source.is_file() else path / "__init__.py"
            break
    else:
        return False
    nodes: list[ast.stmt] = ast.parse(source.read_text(encoding="utf-8")).body
    for part in parts[i:]:
        found = [n for n in nodes if isinstance(n, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == part]
        if not found:
            return False
        nodes = found[0].body if isinstance(found[0], ast.ClassDef) else []
    return True


def test_every_function_the_walk_names_exists() -> None:
    names = walk_names()
    assert len(names) > 20
    assert [name for name in names if not defined(name)] == []


def test_building_a_road_takes_the_path_the_doc_walks() -> None:
    page = PageDriver(bots=False)
    (first, second), roads = BEGINNER_PIECES[0]
    (other, far), others = BEGINNER_PIECES[1]
    page.scenario({
        "format": "catan-scenario", "board": "beginner", "phase": "roll", "dice": [[2, 2]],
        "players": [{"name": "Ana", "settlements": [first, second], "roads": list(roads), "hand": {"brick": 1, "lumber": 1}},
                    {"name": "Ben", "settlements": [other, far], "roads": list(others), "kind": "standard"}],
    })
    page.run("roll")  # (the log has lines: a new one is inserted above them)
    log_before = len(page.game.log)
    # 1-5: Road pressed; the board's Tab stop on the lit paths, the focus asked for; only spots rewritten
    page.run("mode", "road")
    assert page.state.draft.mode == "road" and Focus(BOARD) in page.effects
    lit = [op for op in page.ops if op.region == "board"]
    assert lit and not any(isinstance(op, Fill) for op in lit), "the board is patched, not written again"
    assert all('class="edge target' in op.html for op in lit if isinstance(op, (Put, Insert)))
    assert page.state.board.focus is not None and page.state.board.focus.startswith("e")
    # 6: a lit path clicked: the engine plays the road, a save and the guests' update are asked for
    path = page.state.board.focus
    page.press(path)
    assert page.game.history[-1].text() == f"0 road {path[1:]}"
    assert any(isinstance(e, Save) for e in page.effects) and any(isinstance(e, SyncGuests) for e in page.effects)
    assert page.state.draft.mode is None
    # 7: one road element in, the paths back to plain spots, one log line per new event, at the top
    board = [op for op in page.ops if op.region == "board"]
    assert any(isinstance(op, Insert) and f'data-at="{path}"' in op.html and 'class="road"' in op.html for op in board)
    log = [op for op in page.ops if op.region == "log-box"]
    assert len(log) == len(page.game.log) - log_before and all(isinstance(op, Insert) and op.at == 0 for op in log)
    assert not any(isinstance(op, (Fill, Remove)) for op in log)
    assert page.written() < 20_000
