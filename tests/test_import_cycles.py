"""No import cycle inside a package, counting every import of a module: at its top, inside
functions and methods (imported late, at run time), in ``try`` blocks, and imports by name
(``importlib.import_module("...")``, the pages' ``lazy_module("...")``, ``__import__``) when
the name is written out. Only imports under ``if TYPE_CHECKING:`` are left out: they never
run and exist for annotations alone.

The graph is built from the source (the AST of every module), so a cycle is found whether
or not a test happens to run the function that imports. An edge goes from a module to each
module of the same package it names: ``from .game import Game`` names ``catan_core.game``,
``from . import actions`` names the submodule ``catan_core.actions`` (a name that is not a
submodule names the package's ``__init__``). Importing a submodule also runs its parent
packages' ``__init__``; those implicit imports are not edges (a package importing its own
modules from its ``__init__`` is how packages are made, not a cycle).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

Graph = dict[str, set[str]]


def modules(package_dir: Path) -> dict[str, Path]:
    """Every module of the package in ``package_dir`` by dotted name (``__init__`` files named
    after their package)."""
    base = package_dir.parent
    out = {}
    for path in sorted(package_dir.rglob("*.py")):
        parts = list(path.relative_to(base).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


IMPORTERS = frozenset({"import_module", "lazy_module", "__import__"})
"""Functions whose first argument names a module they import (now or when first used)."""


def _imported_by_name(node: ast.AST) -> str | None:
    """The module a call like ``import_module("a.b")`` names (None: not such a call, or a name
    computed at run time)."""
    if not isinstance(node, ast.Call) or not node.args:
        return None
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    first = node.args[0]
    if name in IMPORTERS and isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value
    return None


def _runtime_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import that can run, as an import statement: anywhere in the module but under
    ``if TYPE_CHECKING:`` (its ``else`` branch does run); an import by name is read as the
    statement it stands for (``import_module(".x", __name__)`` as ``from . import x``)."""
    found: list[ast.Import | ast.ImportFrom] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        named = _imported_by_name(node)
        if named is not None:
            dots = len(named) - len(named.lstrip("."))
            if dots:
                package, _, last = named[dots:].rpartition(".")
                found.append(ast.ImportFrom(module=package or None, names=[ast.alias(name=last)], level=dots))
            else:
                found.append(ast.Import(names=[ast.alias(name=named)]))
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))
    return found


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute name of the module a ``from`` import reads from."""
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    if not is_package:
        parts.pop()  # a module's relative imports start at its package
    if node.level > 1:
        parts = parts[: len(parts) - (node.level - 1)]
    return ".".join(parts + ([node.module] if node.module else []))


def import_graph(package_dir: Path) -> Graph:
    """Per module of the package, the modules of the same package it imports (see the module docstring)."""
    names = modules(package_dir)
    graph: Graph = {name: set() for name in names}
    for name, path in names.items():
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in _runtime_imports(tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                source = _resolve(name, is_package, node)
                targets = [f"{source}.{a.name}" if f"{source}.{a.name}" in names else source for a in node.names]
            graph[name].update(t for t in targets if t in names and t != name)
    return graph


def cycles(graph: Graph) -> list[list[str]]:
    """The strongly connected groups of more than one module (each a cycle or several), found by
    Tarjan's algorithm without recursion; each group sorted, the list sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    groups: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return sorted(groups)


def cycle_path(graph: Graph, group: list[str]) -> list[str]:
    """One cycle through the first module of ``group``, to name in a failure: a shortest way
    back to it (breadth first)."""
    start = group[0]
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node]):
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [start, *reversed(path[:-1]), start] if len(path) > 1 else [start, node, start]
                if child in group and child not in came_from:
                    came_from[child] = node
                    following.append(child)
        frontier = following
    return group


PACKAGES = [
    pytest.param(ROOT / "catan_core", id="catan_core"),
    pytest.param(ROOT / "web" / "catan_web", id="catan_web"),
]


@pytest.mark.parametrize("package_dir", PACKAGES)
def test_no_import_cycle(package_dir: Path) -> None:
    graph = import_graph(package_dir)
    found = [" -> ".join(cycle_path(graph, group)) for group in cycles(graph)]
    assert found == [], "import cycles:\n" + "\n".join(found)


# --- the checker itself ----------------------------------------------------------------------------


def write_package(tmp_path: Path, files: dict[str, str]) -> Path:
    package = tmp_path / "pkg"
    for name, text in files.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return package


def test_the_checker_finds_a_cycle_through_an_import_inside_a_function(tmp_path: Path) -> None:
    package = write_package(tmp_path, {
        "__init__.py": "",
        "a.py": "from .b import thing\n",
        "b.py": "def thing():\n    from . import a\n    return a\n",
        "c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import thing\nelse:\n    thing = 1\n",
        "f.py": "from .lazy import lazy_module\nc = lazy_module('pkg.c')\nw = lazy_module(f'pkg.{c}')\n",
        "lazy.py": "def lazy_module(name):\n    return name\n",
        "sub/__init__.py": "from .d import x\nfrom importlib import import_module\nimport_module('.e', __name__)\n",
        "sub/d.py": "import pkg.c\nfrom .. import a\nfrom ..sub import e\nx = 1\n",
        "sub/e.py": "from . import d\n",
    })
    graph = import_graph(package)
    assert graph["pkg.a"] == {"pkg.b"} and graph["pkg.b"] == {"pkg.a"}
    assert graph["pkg.c"] == set()  # only for annotations
    assert graph["pkg.f"] == {"pkg.lazy", "pkg.c"}  # a name written out; not one computed at run time
    assert graph["pkg.sub"] == {"pkg.sub.d", "pkg.sub.e"} and graph["pkg.sub.d"] == {"pkg.c", "pkg.a", "pkg.sub.e"}
    assert cycles(graph) == [["pkg.a", "pkg.b"], ["pkg.sub.d", "pkg.sub.e"]]
    assert cycle_path(graph, ["pkg.a", "pkg.b"]) == ["pkg.a", "pkg.b", "pkg.a"]


def test_the_checker_accepts_a_package_importing_its_modules(tmp_path: Path) -> None:
    package = write_package(tmp_path, {
        "__init__.py": "from .a import f\nfrom . import b\n",
        "a.py": "def f():\n    from .b import g\n    return g\n",
        "b.py": "def g():\n    return 1\n",
    })
    graph = import_graph(package)
    assert graph == {"pkg": {"pkg.a", "pkg.b"}, "pkg.a": {"pkg.b"}, "pkg.b": set()}
    assert cycles(graph) == []
