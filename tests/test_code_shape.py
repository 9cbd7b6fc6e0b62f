"""The pages' code stays in small pieces: no class of web/catan_web over
:data:`MAX_CLASS_LINES` lines and no function over :data:`MAX_FUNCTION_LINES` (issue 29: the
game page was one class of a thousand lines)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "web" / "catan_web"
MAX_CLASS_LINES = 400
MAX_FUNCTION_LINES = 80


def pieces() -> list[tuple[str, str, int]]:
    """Every class and function of web/catan_web: where, what, and how many lines it spans."""
    found = []
    for path in sorted(WEB.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                assert node.end_lineno is not None
                kind = "class" if isinstance(node, ast.ClassDef) else "function"
                found.append((f"{path.relative_to(WEB)}:{node.lineno} {node.name}", kind, node.end_lineno - node.lineno + 1))
    return found


@pytest.mark.parametrize(("kind", "limit"), [("class", MAX_CLASS_LINES), ("function", MAX_FUNCTION_LINES)])
def test_no_large_class_or_function(kind: str, limit: int) -> None:
    shapes = [(where, lines) for where, what, lines in pieces() if what == kind]
    assert len(shapes) > 10
    assert [(where, lines) for where, lines in shapes if lines > limit] == []
