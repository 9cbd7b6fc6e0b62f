"""The benchmark-only virtual environments that hold Catanatron.

Catanatron (GPL) is an opponent to measure against, never part of the product: it is
installed into git-ignored virtual environments under ``bench/`` and imported only by
processes running their interpreters, never by ``catan_core``, ``web/`` or ``tests/``.

* :data:`PYPI` -- ``bench/.venv-catanatron``: ``catanatron==3.2.1`` from the package index
  (its newest release there, 2022);
* :data:`VENDORED` -- ``bench/.venv-catanatron-3.3.0``: Catanatron 3.3.0 from the vendored
  source ``vendor/catanatron-3.3.0.tar.gz`` of the shared folder (:func:`shared_dir`; see the
  README beside it), which has the search players; its dependencies come from the package
  index.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED_ENV = "CATAN_SHARED"
"""Environment variable naming the shared folder (the one holding ``vendor/``), if set."""


def shared_dir() -> Path:
    """The shared folder beside the main checkout (``vendor/``, the rules reference).

    ``$CATAN_SHARED`` when set; otherwise ``shared`` beside the main checkout, found from git's
    common directory (``<main checkout>/.git``), so that a linked worktree anywhere
    (``git worktree add ../wt/x``) finds the same folder as the main checkout; without git,
    ``shared`` beside this checkout."""
    env = os.environ.get(SHARED_ENV)
    if env:
        return Path(env)
    found = subprocess.run(
        ["git", "rev-parse", "--path-format=absolute", "--git-common-dir"],
        cwd=ROOT, check=False, capture_output=True, text=True,
    )
    if found.returncode == 0 and found.stdout.strip():
        return Path(found.stdout.strip()).parent.parent / "shared"
    return ROOT.parent / "shared"


@dataclass(frozen=True)
class CatanatronVenv:
    """One virtual environment holding one Catanatron version."""

    label: str
    """How reports name it, e.g. ``"Catanatron 3.2.1"``."""
    path: Path
    version: str
    source: str
    """What pip installs: a pinned requirement or the path of a source archive."""

    @property
    def python(self) -> Path:
        """The environment's interpreter."""
        return self.path / "bin" / "python"

    def ensure(self) -> Path:
        """Create the environment and install :attr:`source` unless :attr:`version` is
        already there; returns the interpreter."""
        if not self.python.exists():
            subprocess.run([sys.executable, "-m", "venv", str(self.path)], check=True)
        probe = "import importlib.metadata as m; print(m.version('catanatron'))"
        found = subprocess.run([str(self.python), "-c", probe], check=False, capture_output=True, text=True)
        if found.returncode != 0 or found.stdout.strip() != self.version:
            subprocess.run(
                [str(self.python), "-m", "pip", "install", "-q", "--disable-pip-version-check", self.source],
                check=True,
            )
        return self.python

    def is_running(self) -> bool:
        """Whether this process runs the environment's interpreter."""
        return Path(sys.prefix).resolve() == self.path.resolve()


PYPI = CatanatronVenv("Catanatron 3.2.1", ROOT / "bench" / ".venv-catanatron", "3.2.1", "catanatron==3.2.1")
VENDORED = CatanatronVenv(
    "Catanatron 3.3.0", ROOT / "bench" / ".venv-catanatron-3.3.0", "3.3.0",
    str(shared_dir() / "vendor" / "catanatron-3.3.0.tar.gz"),
)
