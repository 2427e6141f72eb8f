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

One client address holds at most `per_address_limit()` connections (a quarter of
the limit): the next ones are closed as they arrive. Before, 4,100 slow
connections from one machine filled every slot and waitress stopped accepting,
so no phone got the page. A quarter still serves a whole room behind one address
(a store's Wi-Fi access point that translates addresses: 300 phones keep 300 to
600 connections). waitress has no such setting; its channel factory
(`channel_class`) is where a connection is first known with its address.

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
from waitress.channel import HTTPChannel
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


ADDRESS_SHARE = 4
"""One client address may hold at most this share (a quarter) of the connections."""


def per_address_limit(limit: int) -> int:
    """How many connections one client address may hold when the page keeps `limit`."""
    return max(1, limit // ADDRESS_SHARE)


def peer_of(addr: Any) -> str:
    """The client's address without its port (IPv4 and IPv6 alike)."""
    return str(addr[0]) if isinstance(addr, tuple) else str(addr)


class PerAddress:
    """The connections open per client address; a connection past `cap` is closed at once.

    Counted in the loop's thread (accepts) and given back wherever a connection
    closes, hence the lock.
    """

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.open: dict[str, int] = {}
        self._lock = threading.Lock()

    def channel(self, server: Any, sock: Any, addr: Any, adj: Any, map: Any = None) -> Any:
        """waitress's `channel_class`: a counted channel, or None for one too many."""
        peer = peer_of(addr)
        with self._lock:
            held = self.open.get(peer, 0)
            if held < self.cap:
                self.open[peer] = held + 1
        if held >= self.cap:
            sock.close()
            return None
        try:
            return CountedChannel(self, peer, server, sock, addr, adj, map=map)
        except BaseException:
            self.give_back(peer)
            raise

    def give_back(self, peer: str) -> None:
        with self._lock:
            left = self.open.get(peer, 0) - 1
            if left > 0:
                self.open[peer] = left
            else:
                self.open.pop(peer, None)


class CountedChannel(HTTPChannel):  # type: ignore[misc]  # waitress has no type hints
    """waitress's channel, giving its address's place back once when it closes."""

    def __init__(self, peers: PerAddress, peer: str, *args: Any, **kw: Any) -> None:
        self._peers, self._peer, self._counted = peers, peer, True
        super().__init__(*args, **kw)

    def del_channel(self, map: Any = None) -> None:
        super().del_channel(map)
        if self._counted:
            self._counted = False
            self._peers.give_back(self._peer)


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
        limit = connection_limit()
        try:
            self._server: Any = create_server(
                app,
                host=host,
                port=port,
                ident="Organizer",
                clear_untrusted_proxy_headers=True,
                connection_limit=limit,
                **SETTINGS,
            )
        except OSError as exc:
            raise PageServerError(
                f"cannot serve the players' page on {host}:{port}: {exc.strerror or exc}"
            ) from None
        self.per_address = PerAddress(per_address_limit(limit))
        self._server.channel_class = self.per_address.channel
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
