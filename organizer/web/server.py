"""Serving the players' page with waitress from a background thread.

`PageServer(app, host, port)` binds at once (so a port in use is reported to
the caller, not lost in a thread), then `start()` runs waitress's loop in a
daemon thread: the command line waits for Ctrl+C, the GUI's event loop never
waits at all. `stop()` closes the listening socket and the open connections
from inside the loop's own thread and joins it. Port 0 picks a free port;
`url` is the address that phones open.

Sized for a full room (`SETTINGS`): waitress's defaults take 100 connections
and keep an idle keep-alive connection two minutes, so 300 phones (a browser
keeps one or two connections each) and a few slow senders left a normal request
waiting 40 s. Here the limit is in the thousands (as many as the process may
open files, which is raised to its hard limit where the system has one), an
idle connection is closed after `IDLE_S`, the loop uses poll() where the
platform has it (select() stops at 1,024 sockets on Linux; Windows has no
poll() and keeps select(), whose limit there is 512 sockets), and requests are
answered by `THREADS` threads (each answer is a cached page: milliseconds). The
headers of a request are read by the loop, not a thread, so a slow sender holds
a connection slot and nothing else. waitress's "Task queue depth" warnings are
summed up once a minute (`busy_log`).

Bodies are capped by the server itself at `MAX_BODY` (a deck list is about
1.5 KB): waitress's default let each request buffer up to 1 GiB, to its temp
folder past `inbuf_overflow` (512 KB), before the page answered 413, and
held-open bodies filled the disk. Below `INBUF_OVERFLOW` a body never leaves
memory; the page itself refuses bodies over `site.MAX_BODY` with its own words.
"""

from __future__ import annotations

import logging
import select
import threading
from collections.abc import Callable
from typing import Any

from waitress import wasyncore
from waitress.server import create_server

from organizer.web import busy_log
from organizer.web.address import page_url

THREADS = 16
STOP_TIMEOUT_S = 5.0
IDLE_S = 20
"""An idle connection (a phone between two polls, or one that went quiet) is closed after this."""
CLEANUP_S = 5
"""How often the idle connections are looked for."""
MAX_CONNECTIONS = 4000
SELECT_CONNECTIONS = 480
"""Where only select() exists (Windows: 512 sockets at most), a little below its limit."""
MAX_BODY = 256 * 1024
"""The longest request body the server reads (a 413 beyond, before any of it is kept)."""
INBUF_OVERFLOW = 512 * 1024
"""Where waitress moves a body to a temporary file: above `MAX_BODY`, so none ever is."""
SPARE_FILES = 64
"""Files kept free for the database, templates and logs when the connection limit is sized."""


def open_files_limit() -> int | None:
    """The process's limit of open files, raised to its hard limit first (None: no such limit)."""
    try:
        import resource
    except ImportError:  # Windows: no per-process file limit of that kind
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MAX_CONNECTIONS + SPARE_FILES
    if hard == resource.RLIM_INFINITY or hard >= wanted:
        target = max(soft, wanted) if soft != resource.RLIM_INFINITY else soft
    else:
        target = max(soft, hard)
    if target != soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return None if soft == resource.RLIM_INFINITY else int(soft)


def connection_limit() -> int:
    """How many connections the page keeps open at once on this platform."""
    if not hasattr(select, "poll"):
        return SELECT_CONNECTIONS
    files = open_files_limit()
    if files is None:
        return MAX_CONNECTIONS
    return max(100, min(MAX_CONNECTIONS, files - SPARE_FILES))


SETTINGS: dict[str, Any] = {
    "threads": THREADS,
    "channel_timeout": IDLE_S,
    "cleanup_interval": CLEANUP_S,
    "asyncore_use_poll": True,
    # Whole seconds: waitress reads it as an int, and 0.5 became 0, a loop that polled
    # without waiting and kept a core busy while the page was served. A stop does not
    # wait for it (it wakes the loop through waitress's trigger).
    "asyncore_loop_timeout": 1,
    "backlog": 2048,
    "max_request_body_size": MAX_BODY,
    "inbuf_overflow": INBUF_OVERFLOW,
}


class PageServerError(OSError):
    """The page could not listen (the port is in use, the address is not this computer's)."""


class PageServer:
    def __init__(self, app: Callable[..., Any], host: str, port: int) -> None:
        try:
            self._server: Any = create_server(
                app,
                host=host,
                port=port,
                ident="Organizer",
                clear_untrusted_proxy_headers=True,
                connection_limit=connection_limit(),
                **SETTINGS,
            )
        except OSError as exc:
            raise PageServerError(
                f"cannot serve the players' page on {host}:{port}: {exc.strerror or exc}"
            ) from None
        self.busy = busy_log.install()
        self.host = host
        self.port = int(self._server.effective_port)
        self._thread = threading.Thread(target=self._run, name="players-page", daemon=True)

    @property
    def url(self) -> str:
        return page_url(self.host, self.port)

    def start(self) -> PageServer:
        self._thread.start()
        return self

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def _run(self) -> None:
        self._server.run()

    def stop(self) -> None:
        """Stop listening and answering; returns once the serving thread has ended."""
        logger = logging.getLogger("waitress")
        logger.disabled = True  # no tracebacks for connections cut short by the stop
        try:
            if self._thread.is_alive():
                try:
                    # Closed from inside the loop: waitress's trigger runs the call in its thread.
                    self._server.trigger.pull_trigger(self._close_in_loop)
                except OSError:
                    self._close_in_loop()  # the trigger is gone already: close from here
                self._thread.join(STOP_TIMEOUT_S)
            if self._server._map:
                self._close_in_loop()
        finally:
            logger.disabled = False
            self.busy.report(force=True)

    def _close_in_loop(self) -> None:
        self._server.task_dispatcher.shutdown(cancel_pending=True, timeout=1)
        wasyncore.close_all(self._server._map, ignore_all=True)
