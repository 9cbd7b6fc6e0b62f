"""The computer players' Web Worker as the game page sees it (browser only).

The game page starts the worker (``bots-worker.mjs``, its own Pyodide) once a game with
computer players of this page is on screen, never before the page is ready, and not at all
with ``?noworker`` in the address. Until the worker says it started, and whenever it fails,
the page's computer players think on the page's thread in slices, as before. The messages and
their checks are :mod:`catan_web.thinker`'s; here they are only sent and received.

A message from the worker that cannot be read is refused with a console error, and the worker
is then no longer asked (a worker that talks nonsense is broken): the decisions it owed are
thought out on the page.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from catan_core.errors import FormatError

from .dom import is_none, to_js, window

if TYPE_CHECKING:
    from ..thinker import Answer, Request

SCRIPT = "./bots-worker.mjs"
"""The worker's script, relative to the page (any sub-path works)."""
PATIENCE = 60.0
"""Seconds the page waits for an answer before it stops asking the worker (a decision of the
strongest level takes about its budget, 1 s; a phone's worker may be several times slower)."""
CACHE_WAIT = 30.0
"""Seconds a first visit's worker waits for the service worker's cache before it starts anyway
(from the browser's cache, or the network)."""
DISABLE = "noworker"
"""In the page's address (``?noworker``): computer players think on the page's thread."""


class BotsWorker:
    """The worker, its state (not started, starting, ready, failed) and the answers awaited.

    ``counts`` keeps what happened, for the page's test hooks: ``asked``, ``answered``,
    ``dropped`` (answers that came too late for the game on screen), ``refused`` (messages
    that could not be read) and ``failed``.
    """

    def __init__(self, enabled: bool, bind: Callable[[Any, str, Callable[[Any], None]], None]) -> None:
        self.enabled = enabled
        self._bind = bind
        self.worker: Any = None
        self.ready = False
        self.awaiting_cache = False
        """Whether the worker waits for the service worker to control the page (a first visit)."""
        self.error = ""
        """Why the worker is not used (empty while it is, or may be)."""
        self.counts: Counter[str] = Counter()
        self._next = 0
        self._waiting: dict[int, asyncio.Future[Answer | None]] = {}
        self.held: list[str] | None = None
        """Messages held back instead of read (a test's hook; None: read at once)."""

    def start(self) -> None:
        """Start the worker (once; nothing when disabled or unavailable). On a first visit,
        whose service worker is still putting every file in its cache, the worker starts once
        that is done (it then reads its files from there, downloading nothing again), or after
        :data:`CACHE_WAIT` seconds all the same."""
        if not self.enabled or self.worker is not None or self.error or self.awaiting_cache:
            return
        container: Any = getattr(window.navigator, "serviceWorker", None)
        if is_none(container) or not is_none(container.controller):
            self.launch(not is_none(container))
            return
        self.awaiting_cache = True
        self._bind(container, "controllerchange", lambda _: self.launch(True))
        asyncio.get_event_loop().call_later(CACHE_WAIT, self.launch, False)

    def launch(self, controlled: bool) -> None:
        """Start the worker now (once): ``controlled``, whether the service worker's cache
        holds the files."""
        if self.worker is not None or self.error:
            return
        try:
            self.worker = window.Worker.new(SCRIPT, to_js({"type": "module"}))
        except Exception as error:
            self.fail(f"it could not be started ({error})")
            return
        self._bind(self.worker, "message", lambda event: self.receive(str(event.data)))
        self._bind(self.worker, "error", lambda event: self.fail(f"it failed ({getattr(event, 'message', '')})"))
        self.worker.postMessage(f'{{"controlled":{"true" if controlled else "false"}}}')

    def next_id(self) -> int:
        """A number for a new request."""
        self._next += 1
        return self._next

    async def ask(self, request: Request) -> Answer | None:
        """The worker's answer to ``request`` (None: not ready, failed or too slow; think on
        the page instead)."""
        if not self.ready:
            return None
        future: asyncio.Future[Answer | None] = asyncio.get_event_loop().create_future()
        self._waiting[request.id] = future
        self.counts["asked"] += 1
        self.worker.postMessage(request.encode())
        try:
            return await asyncio.wait_for(future, PATIENCE)
        except TimeoutError:
            self.fail(f"it did not answer within {PATIENCE:.0f} s")
            return None
        finally:
            self._waiting.pop(request.id, None)

    def receive(self, text: str) -> None:
        """A message from the worker (held back while a test holds them)."""
        from ..thinker import Started, decode_from_worker  # with the engine, loaded after the first screen

        if self.held is not None:
            self.held.append(text)
            return
        try:
            message = decode_from_worker(text)
        except FormatError as error:
            self.counts["refused"] += 1
            window.console.error(f"The computer players' worker sent a message that was refused ({error}).")
            self.fail("it sent a message that could not be read")
            return
        if isinstance(message, Started):
            self.ready = not message.error
            if message.error:
                self.fail(f"its Python did not start ({message.error})")
            return
        future = self._waiting.get(message.id)
        if future is None or future.done():
            return  # an answer the page no longer waits for (it gave up on the worker)
        if message.action is None:
            window.console.error(f"The computer players' worker gave no move: {message.error}")
        else:
            self.counts["answered"] += 1
        future.set_result(message if message.action is not None else None)

    def release(self) -> None:
        """Read the messages held back (a test's hook), and read later ones at once."""
        held, self.held = self.held or [], None
        for text in held:
            self.receive(text)

    def fail(self, why: str) -> None:
        """Stop using the worker: say why, and let the page think out what was awaited."""
        if not self.error:
            window.console.warn(f"Computer players think on the page's thread: their worker is not used ({why}).")
        self.error, self.ready = why, False
        self.counts["failed"] += 1
        for future in self._waiting.values():
            if not future.done():
                future.set_result(None)
        if self.worker is not None:
            self.worker.terminate()
