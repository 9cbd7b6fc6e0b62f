"""Fixtures for browser tests of the built site (every test in tests/e2e/ is marked ``e2e``).

One build of ``dist/`` (into a temporary directory), local servers for it, and ONE headless
Chromium for the whole session. Pages are opened through :class:`GuardedBrowser`, which lets
requests reach only the local servers: any other request is aborted and recorded, and a test
that caused one fails, as does a test during which a page logged an error.

Fixtures, cheapest first:

- ``app_page``: one page of the app, loaded once (Pyodide takes seconds to start) and shared by
  every test that asks for it. Tests may read it and click around; a test that breaks it should
  open its own page instead.
- ``browse``: the guarded browser; ``browse.open(url)`` opens a page in a fresh context
  (empty caches, no service worker) and waits for ``<html data-ready="1">``.
- ``site`` / ``site_under_subpath``: the servers (``.url``), e.g. ``browse.open(site.url)``.
- ``serve_dist``: starts more servers for the build (for example one the test stops).
- ``dist_dir``: the built site.

Tests are skipped only when Chromium is not installed at /usr/bin/chromium.
"""

from __future__ import annotations

import fcntl
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, Route

HERE = Path(__file__).resolve().parent
LOCAL_ORIGIN = "http://127.0.0.1:"
SUBPATH = "/games/catan/"
READY = "html[data-ready='1']"
READY_TIMEOUT_MS = 60_000
FRESH_DIST = "CATAN_FRESH_DIST"
"""The environment variable by which the test command names the build it has just made."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test collected from this directory as ``e2e``."""
    for item in items:
        if HERE in Path(item.fspath).resolve().parents:
            item.add_marker(pytest.mark.e2e)


class LocalSite:
    """Serves a dist/ directory at ``prefix`` on a free 127.0.0.1 port; ``url`` is the site's URL."""

    def __init__(self, dist: Path, prefix: str = "/") -> None:
        self.server, self.url = build.start_server(dist, prefix)

    def stop(self) -> None:
        """Stop serving: later requests get "connection refused". Safe to call twice."""
        self.server.shutdown()
        self.server.server_close()


@dataclass
class GuardedBrowser:
    """Opens pages that may talk to the local servers only and records what went wrong.

    ``blocked`` lists every request that was aborted for not being local, ``errors`` every
    uncaught page exception and console error. Both only grow; tests compare their lengths.
    """

    browser: Browser
    blocked: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def _route(self, route: Route) -> None:
        url = route.request.url
        if url.startswith(LOCAL_ORIGIN):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort("blockedbyclient")

    def checkpoint(self) -> tuple[int, int]:
        """A mark to pass to :meth:`assert_clean_since` later."""
        return len(self.blocked), len(self.errors)

    def assert_clean_since(self, checkpoint: tuple[int, int]) -> None:
        """Fail if a request was blocked or a page reported an error since ``checkpoint``."""
        assert self.blocked[checkpoint[0]:] == [], "requests left the local server"
        assert self.errors[checkpoint[1]:] == [], "the page reported errors"

    def guard(self, context: BrowserContext) -> BrowserContext:
        """``context`` with the request guard: its requests reach the local servers only."""
        context.route("**/*", self._route)
        return context

    def new_context(self, **options: Any) -> BrowserContext:
        """A fresh browser context (own caches and service workers) with the request guard."""
        return self.guard(self.browser.new_context(**options))

    def new_page(self, context: BrowserContext | None = None) -> Page:
        """A page in ``context`` (default: a fresh one) whose errors are recorded."""
        page = (context or self.new_context()).new_page()
        page.on("pageerror", lambda error: self.errors.append(f"{page.url}: {error}"))

        def on_console(message: ConsoleMessage) -> None:
            if message.type == "error":
                self.errors.append(f"{page.url}: console: {message.text}")

        page.on("console", on_console)
        return page

    def open(self, url: str, context: BrowserContext | None = None, ready: bool = True) -> Page:
        """Open ``url`` in a new page and, unless ``ready`` is false, wait until the app is ready."""
        page = self.new_page(context)
        page.goto(url)
        if ready:
            self.wait_ready(page)
        return page

    def open_clean(self, url: str, **options: Any) -> Page:
        """Open ``url`` in a new context made with ``options`` and wait until it is ready,
        failing on any console error or outside request meanwhile (a page that tests share:
        close it with ``page.context.close()``)."""
        checkpoint = self.checkpoint()
        page = self.open(url, self.new_context(**options))
        self.assert_clean_since(checkpoint)
        return page

    @staticmethod
    def wait_ready(page: Page) -> None:
        """Wait for the page's ``<html data-ready="1">`` (Python started and the app drawn)."""
        page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)


@pytest.fixture(scope="session")
def dist_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh build of the site, made once per session in a temporary directory.

    When the suite runs in several processes (pytest-xdist, as ``tests/run.sh`` does), the
    first process to get here builds into the run's shared temporary directory, under a lock,
    and the others use that build. ``tests/run.sh``, which has just built ``dist/``, names it
    in ``CATAN_FRESH_DIST`` instead, and that build is used as it is.
    """
    if os.environ.get(FRESH_DIST):
        return Path(os.environ[FRESH_DIST])
    if "PYTEST_XDIST_WORKER" not in os.environ:  # one process
        return build.build(tmp_path_factory.mktemp("site") / "dist")
    shared = tmp_path_factory.getbasetemp().parent / "site"
    shared.mkdir(exist_ok=True)
    with open(shared / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not (shared / "built").exists():
            build.build(shared / "dist")
            (shared / "built").touch()
    return shared / "dist"


@pytest.fixture(scope="session")
def site(dist_dir: Path) -> Iterator[LocalSite]:
    """dist/ served at the root of a local server."""
    running = LocalSite(dist_dir)
    yield running
    running.stop()


@pytest.fixture(scope="session")
def site_under_subpath(dist_dir: Path) -> Iterator[LocalSite]:
    """The same dist/ served only under /games/catan/ (anything else is a 404)."""
    running = LocalSite(dist_dir, SUBPATH)
    yield running
    running.stop()


@pytest.fixture
def serve_dist(dist_dir: Path) -> Iterator[Callable[[str], LocalSite]]:
    """Start extra servers for dist/ (``serve_dist("/")``), e.g. one a test may stop; all stop afterwards."""
    started: list[LocalSite] = []

    def start(prefix: str = "/") -> LocalSite:
        started.append(LocalSite(dist_dir, prefix))
        return started[-1]

    yield start
    for running in started:
        running.stop()


@pytest.fixture(scope="session")
def guarded_browser() -> Iterator[GuardedBrowser]:
    """The session's single headless Chromium, wrapped in the request guard."""
    if not build.CHROMIUM.exists():
        pytest.skip(f"browser tests need Chromium at {build.CHROMIUM} (Debian: apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with browser_output_kept(), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(build.CHROMIUM), args=build.CHROMIUM_ARGS)
        yield GuardedBrowser(browser)
        browser.close()


@contextmanager
def browser_output_kept() -> Iterator[None]:
    """Start Playwright's driver with Chromium's own output on (``DEBUG=pw:browser``): pytest
    shows it beside a failing test, so that a crashed page (which these machines show now and
    then) comes with what Chromium said about it. Only the driver sees the setting."""
    before = os.environ.get("DEBUG")
    os.environ["DEBUG"] = "pw:browser"
    try:
        yield
    finally:
        if before is None:
            del os.environ["DEBUG"]
        else:
            os.environ["DEBUG"] = before


@pytest.fixture
def browse(guarded_browser: GuardedBrowser) -> Iterator[GuardedBrowser]:
    """The guarded browser; fails the test if it made a non-local request or a page logged an error.

    Contexts opened during the test are closed afterwards.
    """
    checkpoint = guarded_browser.checkpoint()
    contexts_before = set(guarded_browser.browser.contexts)
    yield guarded_browser
    for context in set(guarded_browser.browser.contexts) - contexts_before:
        context.close()
    guarded_browser.assert_clean_since(checkpoint)


@pytest.fixture(scope="session")
def shared_app_page(guarded_browser: GuardedBrowser, site: LocalSite) -> Page:
    """The app, loaded once for the whole session (tests use ``app_page``)."""
    checkpoint = guarded_browser.checkpoint()
    page = guarded_browser.open(site.url)
    guarded_browser.assert_clean_since(checkpoint)
    return page


@pytest.fixture
def app_page(browse: GuardedBrowser, shared_app_page: Page) -> Page:
    """The shared, already loaded app page, guarded like ``browse``."""
    return shared_app_page
