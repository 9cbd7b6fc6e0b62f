"""Chromium, Firefox and WebKit driven alike, and a local host for the built site that logs
every request: shared by the cross-engine tests (tests/e2e/engines/) and bench/first_visit.py.

No browser is downloaded: Debian's ``chromium`` through Playwright, Debian's ``firefox-esr``
through Marionette (pip ``marionette_driver``; geckodriver cannot be installed here) and
WebKitGTK, the engine of Safari, through ``webkit2gtk-driver``'s WebKitWebDriver (pip
``selenium``), which runs WebKitGTK's MiniBrowser on an X display (Xvfb). Each
:class:`Engine` opens pages, runs JavaScript in them, clicks with the pointer (WebDriver's
element click refuses the board's SVG targets) and reports what the pages wrote to the
console. Only the local host answers: Chromium resolves no other host, Firefox sends
everything else to a dead proxy, and WebKit's requests are checked by the host's log.

:class:`SiteServer` serves a built ``dist/`` at a prefix and logs each request (path, start,
end, bytes sent). It can put a script first in every page's ``<head>`` (:data:`RECORDER`: what
the page wrote to the console, and when it became ready), gzip what static hosts gzip, and
pace everything it sends through one :class:`Link` (bandwidth and round-trip time), as a
slow connection would.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import io
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build

if TYPE_CHECKING:
    from playwright.sync_api import Page

FIREFOX = Path("/usr/bin/firefox-esr")
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
XVFB = Path("/usr/bin/Xvfb")
WINDOW = (1280, 900)
"""Every engine's window (CSS pixels)."""
START_TIMEOUT_S = 60.0
"""Longest wait for a browser to start, or for a page to be ready."""
POLL_S = 0.05
"""Time between two looks at a page while waiting for it."""

RECORDER = """<script>
// Put first in <head> by the tests' host (tests/e2e/engines/browsers.py): what the page writes to
// the console, its errors, and when it became ready (<html data-ready>).
(() => {
  const seen = window.__recorded = [];
  const text = (value) => (value instanceof Error ? `${value.name}: ${value.message}` : String(value));
  for (const level of ["error", "warn"]) {
    const write = console[level];
    console[level] = function (...args) { seen.push(`${level}: ${args.map(text).join(" ")}`); return write.apply(this, args); };
  }
  addEventListener("error", (event) => seen.push(`error: ${event.message}`));
  addEventListener("unhandledrejection", (event) => seen.push(`unhandled rejection: ${text(event.reason)}`));
  const ready = () => {
    if (document.documentElement.hasAttribute("data-ready") && window.__readyAt === undefined) window.__readyAt = performance.now();
  };
  new MutationObserver(ready).observe(document.documentElement, { attributes: true, attributeFilter: ["data-ready"] });
})();
</script>"""
"""The script the tests' host puts first in every page: it keeps the page's console errors and
warnings in ``window.__recorded`` (WebKit's console cannot be read from outside) and the
moment, on the page's clock, that ``<html data-ready>`` appeared in ``window.__readyAt``."""
COMPRESSED_TYPES = ("text/", "application/javascript", "application/json", "application/wasm",
                    "application/manifest+json", "image/svg+xml")
"""What :class:`SiteServer` gzips when asked to, as static hosts do (zips are compressed already)."""
GZIP_LEVEL = 6
"""gzip's level on the host (zlib's default, and common hosts')."""
CACHE_CONTROL = "max-age=600"
"""What the host says of every file: fresh for ten minutes, as GitHub Pages serves a site."""
CHUNK = 16 * 1024
"""Bytes :class:`Link` paces at a time."""
CATCH_UP_S = 0.05
"""How far behind its schedule :class:`Link` may have fallen and still send at once."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 free at the moment."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


# --- the host ----------------------------------------------------------------------------------------------


@dataclass
class Link:
    """A connection of ``mbit`` megabits per second (shared by all requests, in order of sending)
    and ``rtt_ms`` of round trip: each response starts one round trip after its request."""

    mbit: float
    rtt_ms: float
    _free_at: float = 0.0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def wait_round_trip(self) -> None:
        """Sleep one round trip (the request's way there and the response's first byte back)."""
        time.sleep(self.rtt_ms / 1000)

    def send(self, out: io.BufferedIOBase, data: bytes) -> None:
        """Write ``data`` to ``out`` no faster than the link carries it beside every other send."""
        for start in range(0, len(data), CHUNK):
            chunk = data[start:start + CHUNK]
            with self._lock:
                now = time.monotonic()
                # a send that woke up late catches up (a burst of up to CATCH_UP_S): a link
                # left idle only because this machine was busy would send too little
                self._free_at = max(now - CATCH_UP_S, self._free_at) + len(chunk) * 8 / (self.mbit * 1e6)
                done = self._free_at
            time.sleep(max(0.0, done - now))
            out.write(chunk)


@dataclass
class Request:
    """One request the host answered: its path (query included), status, bytes sent (headers
    and body) and when (``time.time()``) it came and its answer was sent."""

    path: str
    status: int
    sent: int
    start: float
    end: float


class SiteHandler(build.DistHandler):
    """Serves ``root`` at ``prefix`` like :class:`build.DistHandler`, logging each request in
    ``log``; with ``inject``, that text goes first in each page's ``<head>``; with ``compress``,
    gzip for what static hosts compress; with ``link``, everything paced through it. Bind them
    with :meth:`SiteServer.start`. HTTP/1.1: connections are kept, as browsers and hosts do."""

    protocol_version = "HTTP/1.1"
    log: ClassVar[list[Request]]
    inject: ClassVar[str] = ""
    compress: ClassVar[bool] = False
    link: ClassVar[Link | None] = None
    packed: ClassVar[dict[str, bytes]]

    def do_GET(self) -> None:
        self.respond(body=True)

    def do_HEAD(self) -> None:
        self.respond(body=False)

    def respond(self, body: bool) -> None:
        """Answer the request: the file (a page with :attr:`inject`), gzipped when asked and
        accepted, or a redirect, a 304 for a copy still valid, or a 404."""
        start = time.time()
        if self.link is not None:
            self.link.wait_round_trip()
        status, headers, data = self.answer()
        head = f"{self.request_version} {status} {self.responses[status][0]}\r\n"
        head += "".join(f"{name}: {value}\r\n" for name, value in headers.items()) + "\r\n"
        payload = head.encode("latin-1") + (data if body else b"")
        try:
            if self.link is None:
                self.wfile.write(payload)
            else:
                self.link.send(self.wfile, payload)
            self.wfile.flush()
        finally:
            self.log.append(Request(self.path, status, len(payload), start, time.time()))

    def answer(self) -> tuple[int, dict[str, str], bytes]:
        """The status, headers and body for this request."""
        bare = self.path.split("?")[0].split("#")[0]
        if not (bare.startswith(self.prefix) or bare == self.prefix[:-1]):
            return 404, {"Content-Length": "0"}, b""
        path = Path(self.translate_path(bare))
        if path.is_dir():
            if not bare.endswith("/"):
                return 301, {"Location": bare + "/", "Content-Length": "0"}, b""
            path = path / "index.html"
        if not path.is_file():
            return 404, {"Content-Length": "0"}, b""
        kind = self.guess_type(str(path))
        data = path.read_bytes()
        if path.suffix == ".html" and self.inject:
            at = data.find(b"<head>") + len(b"<head>") if b"<head>" in data else data.find(b"\n") + 1
            data = data[:at] + self.inject.encode() + b"\n" + data[at:]
        tag = '"' + hashlib.sha256(data).hexdigest()[:20] + '"'
        headers = {"Content-Type": kind, "Cache-Control": CACHE_CONTROL, "ETag": tag}
        if self.compress and kind.startswith(COMPRESSED_TYPES):
            headers["Vary"] = "Accept-Encoding"
            if "gzip" in self.headers.get("Accept-Encoding", ""):
                headers["Content-Encoding"] = "gzip"
                data = self.gzipped(tag, data)
        if self.headers.get("If-None-Match") == tag:
            return 304, {**headers, "Content-Length": "0"}, b""
        return 200, {**headers, "Content-Length": str(len(data))}, data

    def gzipped(self, tag: str, data: bytes) -> bytes:
        """``data`` gzipped, once per content (``tag``)."""
        if tag not in self.packed:
            self.packed[tag] = gzip.compress(data, compresslevel=GZIP_LEVEL, mtime=0)
        return self.packed[tag]


class SiteServer:
    """A :class:`SiteHandler` host on a free port of 127.0.0.1, in a background thread.

    ``url`` is the address of ``prefix``; ``log`` lists every request answered."""

    def __init__(self, dist: Path, prefix: str = "/", inject: str = RECORDER, compress: bool = False,
                 link: Link | None = None) -> None:
        self.log: list[Request] = []
        handler = type("BoundSiteHandler", (SiteHandler,), {
            "root": str(dist), "prefix": prefix, "quiet": True, "log": self.log, "inject": inject,
            "compress": compress, "link": link, "packed": {}})
        self.server, self.url = build.start_server(dist, prefix, handler=handler)
        self.running = True

    def requests_since(self, moment: float, until: float | None = None) -> list[Request]:
        """The requests that came from ``moment`` (``time.time()``) on, and before ``until``."""
        return [r for r in list(self.log) if r.start >= moment and (until is None or r.start < until)]

    def stop(self) -> None:
        """Stop answering (later requests are refused). Safe to call twice."""
        if self.running:
            self.server.shutdown()
            self.server.server_close()
            self.running = False


# --- the engines ------------------------------------------------------------------------------------------


class EngineError(AssertionError):
    """A page did not get where a test or the bench waited for it to get."""


class Engine:
    """One browser with one page: the methods every engine has. Scripts are bodies of a
    JavaScript function (``return ...``; a returned promise is awaited), given ``args``."""

    name: ClassVar[str]

    def open(self, url: str) -> None:
        """Navigate the page to ``url`` and return at once."""
        raise NotImplementedError

    def run(self, script: str, *args: Any) -> Any:
        """The value of the function body ``script`` run in the page with ``args``."""
        raise NotImplementedError

    def pointer_click(self, x: float, y: float) -> None:
        """Move the pointer to ``(x, y)`` (CSS pixels in the viewport), press and release it."""
        raise NotImplementedError

    def new_tab(self) -> None:
        """Open a new, empty tab and close the one shown (its page and memory gone, as when a
        person comes back later), keeping the browser's data."""
        raise NotImplementedError

    def set_window(self, width: int, height: int) -> None:
        """Make the browser's window ``width`` x ``height`` (its frame included)."""
        raise NotImplementedError

    def screenshot(self, path: Path) -> None:
        """Save what the page shows as a PNG file."""
        raise NotImplementedError

    def browser_messages(self) -> list[str]:
        """Errors and warnings the browser itself logged for the pages since the last call
        (beyond what :data:`RECORDER` keeps inside a page); none where it cannot be read."""
        return []

    def close(self) -> None:
        """Quit the browser."""
        raise NotImplementedError

    # -- built on those --

    def wait(self, script: str, *args: Any, timeout: float = START_TIMEOUT_S) -> Any:
        """The first truthy value of ``script`` (polled), or :class:`EngineError` after ``timeout`` s."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.run(script, *args)
            except Exception:  # noqa: BLE001 - a page between two documents answers nothing
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise EngineError(f"{self.name}: still not true after {timeout} s: {script}")
            time.sleep(POLL_S)

    def visit(self, url: str) -> None:
        """Open ``url`` and wait until its document has replaced the one shown before."""
        with contextlib.suppress(Exception):  # (no document yet)
            self.run("window.__left = true")
        self.open(url)
        self.wait("return window.__left === undefined")

    def wait_ready(self, timeout: float = START_TIMEOUT_S) -> None:
        """Wait until the page is ready (``<html data-ready="1">``)."""
        self.wait("return document.readyState !== 'loading' && document.documentElement.dataset.ready === '1'",
                  timeout=timeout)

    def viewport(self, width: int, height: int) -> None:
        """Make the page's viewport ``width`` x ``height`` CSS pixels: the window that size with
        its frame (measured) added."""
        self.set_window(width, height)
        inner = self.run("return [innerWidth, innerHeight]")
        self.set_window(2 * width - inner[0], 2 * height - inner[1])
        self.wait("return innerWidth === arguments[0] && innerHeight === arguments[1]", width, height, timeout=10)

    def click(self, selector: str) -> None:
        """Click the element ``selector`` finds (the first) at its centre with the pointer, as a
        person would, once it is drawn, enabled, still (its box the same in two polls in a row)
        and nothing covers its centre (as Playwright waits for an element to be enabled, stable
        and to receive the pointer: a button that just appeared where another was pressed is
        disabled for a moment, catan_web.game.fresh); scrolled into view first."""
        box = self.wait("""const node = document.querySelector(arguments[0]);
            if (!node || node.disabled) return null;
            node.scrollIntoView({ block: "center", inline: "center" });
            const box = node.getBoundingClientRect();
            const where = [box.left, box.top, box.width, box.height].join();
            const still = window.__clickBox === where;
            window.__clickBox = where;
            if (!still) return null;
            const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
            const top = document.elementFromPoint(x, y);
            return box.width && box.height && top && (top === node || node.contains(top)) ? [x, y] : null;""",
                        selector, timeout=20)
        self.pointer_click(box[0], box[1])

    def recorded(self) -> list[str]:
        """What :data:`RECORDER` kept in the page so far (emptied on each read), and what the
        browser logged (:meth:`browser_messages`)."""
        kept = self.run("const kept = window.__recorded || []; window.__recorded = []; return kept;") or []
        return [*kept, *self.browser_messages()]


class Chromium(Engine):
    """Debian's Chromium through Playwright, with the flags the e2e tests use (build.CHROMIUM_ARGS)."""

    name = "chromium"

    def __init__(self, profile: Path | None = None) -> None:
        from playwright.sync_api import sync_playwright

        self.playwright = sync_playwright().start()
        self.context = self.playwright.chromium.launch_persistent_context(
            str(profile or tempfile.mkdtemp(prefix="chromium-")), executable_path=str(build.CHROMIUM),
            args=build.CHROMIUM_ARGS, viewport={"width": WINDOW[0], "height": WINDOW[1]})
        self.logged: list[str] = []
        self.watch(self.context.pages[0] if self.context.pages else self.context.new_page())

    def watch(self, page: Page) -> None:
        """Show ``page`` from now on, keeping what it and the browser log for it."""
        self.page = page
        page.on("console", lambda message: self.logged.append(f"{message.type}: {message.text}")
                if message.type in ("error", "warning") else None)
        session = self.context.new_cdp_session(page)
        session.on("Log.entryAdded", lambda event: self.logged.append(
            f"{event['entry']['level']}: {event['entry']['text']}") if event["entry"]["level"] in ("error", "warning") else None)
        session.send("Log.enable")

    def new_tab(self) -> None:
        old = self.page
        self.watch(self.context.new_page())
        old.close()

    def open(self, url: str) -> None:
        self.page.goto(url, wait_until="commit")

    def run(self, script: str, *args: Any) -> Any:
        return self.page.evaluate("([body, args]) => new Function(body).apply(null, args)", [script, list(args)])

    def pointer_click(self, x: float, y: float) -> None:
        self.page.mouse.click(x, y)

    def set_window(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path=str(path))

    def browser_messages(self) -> list[str]:
        found, self.logged[:] = list(self.logged), []
        return found

    def close(self) -> None:
        self.context.close()
        self.playwright.stop()


FIREFOX_PREFS: dict[str, object] = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.aboutwelcome.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    "app.normandy.enabled": False,
    # Nothing leaves the machine: every request but the local host's goes to a closed port.
    "network.proxy.type": 1,
    "network.proxy.http": "127.0.0.1", "network.proxy.http_port": 9,
    "network.proxy.ssl": "127.0.0.1", "network.proxy.ssl_port": 9,
    "network.proxy.no_proxies_on": "127.0.0.1",
    # WebRTC between pages on one machine: host candidates with their addresses (no mDNS names).
    "media.peerconnection.ice.obfuscate_host_addresses": False,
}
"""The profile's settings (user.js) beside ``marionette.port``: no first-run pages, telemetry
or updates."""
FIREFOX_MESSAGES = """
const out = [];
const pages = (source) => String(source || "").startsWith(arguments[0]);
for (const message of Services.console.getMessageArray() || []) {
  if (message instanceof Ci.nsIScriptError && !(message.flags & Ci.nsIScriptError.infoFlag)
      && (pages(message.sourceName) || message.innerWindowID && !message.isFromChromeContext)) {
    out.push(`${message.flags & Ci.nsIScriptError.warningFlag ? "warning" : "error"}: ${message.errorMessage}`);
  }
}
Services.console.reset();
return out;"""
"""Run in Firefox's chrome context: the errors and warnings the browser logged for pages of
the site (``arguments[0]``, its URL) or any other content window, then forgets them. (The
pages' own console calls are kept by :data:`RECORDER`.)"""


class Firefox(Engine):
    """Debian's Firefox ESR, headless, through Marionette, on a fresh profile."""

    name = "firefox"

    def __init__(self, site: str = "http://127.0.0.1:", profile: Path | None = None) -> None:
        from marionette_driver.marionette import Marionette  # type: ignore[import-untyped]

        self.site = site
        self.profile = profile or Path(tempfile.mkdtemp(prefix="firefox-"))
        port = free_port()
        prefs = {**FIREFOX_PREFS, "marionette.port": port}
        (self.profile / "user.js").write_text("".join(f'user_pref("{k}", {json.dumps(v)});\n' for k, v in prefs.items()),
                                              encoding="utf-8")
        env = {**os.environ, "MOZ_HEADLESS_WIDTH": str(WINDOW[0]), "MOZ_HEADLESS_HEIGHT": str(WINDOW[1])}
        self.process = subprocess.Popen(
            [str(FIREFOX), "--headless", "--marionette", "-remote-allow-system-access", "--no-remote",
             "--profile", str(self.profile)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.driver = Marionette(host="127.0.0.1", port=port)
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                self.driver.start_session({"pageLoadStrategy": "none"})
                break
            except Exception:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.process.kill()
                    raise
                time.sleep(0.2)
        self.browser_messages()  # the browser's own start-up messages

    def open(self, url: str) -> None:
        self.driver.navigate(url)

    def run(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, script_args=list(args), sandbox=None)

    def pointer_click(self, x: float, y: float) -> None:
        self.driver.actions.sequence("pointer", "mouse", {"pointerType": "mouse"}).pointer_move(
            round(x), round(y)).pointer_down().pointer_up().perform()

    def set_window(self, width: int, height: int) -> None:
        self.driver.set_window_rect(width=width, height=height)

    def new_tab(self) -> None:
        tab = self.driver.open(type="tab", focus=True)["handle"]
        self.driver.close()
        self.driver.switch_to_window(tab)

    def screenshot(self, path: Path) -> None:
        path.write_bytes(self.driver.screenshot(format="binary"))

    def browser_messages(self) -> list[str]:
        with self.driver.using_context("chrome"):
            found: list[str] = self.driver.execute_script(FIREFOX_MESSAGES, script_args=[self.site])
        return found

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.driver.delete_session()
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


@contextlib.contextmanager
def x_display() -> Iterator[str]:
    """An X display (Xvfb) for as long as the block runs: its name, such as ``:1``."""
    read, write = os.pipe()
    process = subprocess.Popen([str(XVFB), "-displayfd", str(write), "-screen", "0", f"{WINDOW[0]}x{WINDOW[1] + 200}x24",
                                "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as lines:
            yield ":" + lines.readline().strip()
    finally:
        process.terminate()
        process.wait()


class WebKit(Engine):
    """WebKitGTK's MiniBrowser in automation mode through WebKitWebDriver, on an Xvfb display
    of its own. Its data (caches, service workers) lasts as long as the browser. In automation
    mode MiniBrowser ignores its command-line settings, so WebRTC stays off (real Safari has it)."""

    name = "webkit"

    def __init__(self) -> None:
        from selenium import webdriver

        self.display = x_display()
        env = {**os.environ, "DISPLAY": self.display.__enter__()}
        options = webdriver.WebKitGTKOptions()
        options.binary_location = str(MINIBROWSER)
        options.add_argument("--automation")
        options.page_load_strategy = "none"
        options.overlay_scrollbars_enabled = False  # drawn scroll bars, as with a mouse: overflow shows
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=webdriver.WebKitGTKService(
                executable_path=str(WEBKIT_DRIVER), env=env))
            self.driver.set_window_rect(0, 0, *WINDOW)
        except BaseException:
            self.display.__exit__(None, None, None)
            raise

    def open(self, url: str) -> None:
        self.driver.get(url)

    def run(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def pointer_click(self, x: float, y: float) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(round(x), round(y)).pointer_down().pointer_up()  # type: ignore[no-untyped-call]
        actions.perform()

    def set_window(self, width: int, height: int) -> None:
        self.driver.set_window_rect(0, 0, width, height)

    def new_tab(self) -> None:
        old = self.driver.current_window_handle
        self.driver.switch_to.new_window("tab")
        tab = self.driver.current_window_handle
        self.driver.switch_to.window(old)
        self.driver.close()
        self.driver.switch_to.window(tab)

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.display.__exit__(None, None, None)


ENGINES: dict[str, type[Engine]] = {"chromium": Chromium, "firefox": Firefox, "webkit": WebKit}
"""Each engine by name."""
NEEDS: dict[str, Sequence[Path]] = {
    "chromium": (build.CHROMIUM,), "firefox": (FIREFOX,), "webkit": (WEBKIT_DRIVER, MINIBROWSER, XVFB),
}
"""What each engine needs installed (tests/run.sh installs them)."""


def missing(name: str) -> list[str]:
    """The programs engine ``name`` needs that are not installed."""
    return [str(path) for path in NEEDS[name] if not path.exists()]
