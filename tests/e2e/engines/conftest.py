"""Fixtures for the cross-engine tests: Firefox and WebKit beside the suite's Chromium.

Each engine starts once per session (:func:`engines`) on a fresh profile, and each has its own
local host for the session's build (:func:`engine_site`: tests/e2e/engines/browsers.py's
:class:`SiteServer`, which logs every request and puts a recorder of the console first in each
page). The tests of one engine share its one page, in the order they are written. After each
test, nothing the pages wrote to the console and no warning or error the browser logged for
them is allowed (:data:`ALLOWED`), and no request went anywhere but the host.

An engine's tests are skipped only when the engine is not installed (``bash tests/run.sh``
installs Debian's ``firefox-esr``, ``webkit2gtk-driver`` and ``xvfb`` and the pip packages
``marionette_driver`` and ``selenium``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
# browsers and hooks; the e2e tests' peers; the drivers of tests/
sys.path[:0] = [str(HERE), str(HERE.parent), str(HERE.parents[1])]

from browsers import ENGINES, Engine, SiteServer, missing

ALLOWED = {
    "firefox": (
        # Pyodide 314's WebAssembly, as npm ships it, still uses the old exception instructions;
        # Firefox says so once per compile. Not ours to change (nor a fault: it runs).
        ("The WebAssembly exception handling 'try' instruction is deprecated and should no longer be used. "
         "Please recompile to use the 'try_table' instruction instead."),
    ),
}
"""Browser warnings that the pages cause and cannot avoid, by engine, with why."""


class Session:
    """The engines started so far in this test session (each once), closed at its end."""

    def __init__(self) -> None:
        self.started: dict[str, Engine] = {}

    def get(self, name: str) -> Engine:
        """Engine ``name``, started on first use; the test is skipped if it is not installed."""
        if missing(name):
            pytest.skip(f"{name} needs {', '.join(missing(name))} (bash tests/run.sh installs it)")
        if name not in self.started:
            self.started[name] = ENGINES[name]()
        return self.started[name]

    def close(self) -> None:
        """Quit every engine started."""
        for engine in self.started.values():
            engine.close()


@pytest.fixture(scope="session")
def engines() -> Iterator[Session]:
    """The session's engines (started on first use)."""
    session = Session()
    yield session
    session.close()


@pytest.fixture(scope="session")
def engine_sites(dist_dir: Path) -> Iterator[dict[str, SiteServer]]:
    """One host per engine for the session's build, started on first use."""
    sites: dict[str, SiteServer] = {}
    yield sites
    for site in sites.values():
        site.stop()


class Messages:
    """What an engine's pages wrote to the console (errors and warnings) and its browser logged
    for them, gathered before each navigation (:meth:`open`) and at the end of each test."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.seen: list[str] = []

    def gather(self) -> None:
        """Keep what the current page has recorded so far."""
        try:
            found = self.engine.recorded()
        except Exception:  # noqa: BLE001 - a page without the recorder (about:blank) records nothing
            found = self.engine.browser_messages()
        allowed = ALLOWED.get(self.engine.name, ())
        self.seen += [message for message in found if message.split(": ", 1)[-1] not in allowed]

    def open(self, url: str) -> None:
        """Gather the current page's messages, then open ``url`` (:meth:`Engine.visit`)."""
        self.gather()
        self.engine.visit(url)


@pytest.fixture
def messages(engine: Engine, engine_site: SiteServer) -> Iterator[Messages]:
    """The engine's console, checked after the test: no error, no warning; and every request
    the host saw during the test was answered by it."""
    found = Messages(engine)
    before = len(engine_site.log)
    yield found
    found.gather()
    assert found.seen == [], f"{engine.name}: the pages wrote to the console"
    assert [r.path for r in engine_site.log[before:] if r.status >= 400] == []


@pytest.fixture(scope="module", params=["firefox", "webkit"])
def engine(request: pytest.FixtureRequest, engines: Session) -> Engine:
    """Firefox, then WebKit: each test of a module runs in each (all of one engine's first)."""
    return engines.get(request.param)


@pytest.fixture
def engine_site(engine: Engine, engine_sites: dict[str, SiteServer], dist_dir: Path) -> SiteServer:
    """The engine's own host for the build (a test may stop it: the last of a module does)."""
    if engine.name not in engine_sites:
        engine_sites[engine.name] = SiteServer(dist_dir)
    return engine_sites[engine.name]
