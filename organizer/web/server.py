"""Serving the players' page with waitress from a background thread.

`PageServer(app, host, port)` binds at once (so a port in use is reported to
the caller, not lost in a thread), then `start()` runs waitress's loop in a
daemon thread: the command line waits for Ctrl+C, the GUI's event loop never
waits at all. `stop()` closes the listening socket and the open connections
from inside the loop's own thread and joins it. Port 0 picks a free port;
`url` is the address that phones open.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from waitress import wasyncore
from waitress.server import create_server

from organizer.web.address import page_url

THREADS = 8
STOP_TIMEOUT_S = 5.0


class PageServerError(OSError):
    """The page could not listen (the port is in use, the address is not this computer's)."""


class PageServer:
    def __init__(self, app: Callable[..., Any], host: str, port: int) -> None:
        try:
            self._server: Any = create_server(
                app,
                host=host,
                port=port,
                threads=THREADS,
                ident="Organizer",
                clear_untrusted_proxy_headers=True,
                channel_timeout=30,
                asyncore_loop_timeout=0.5,
            )
        except OSError as exc:
            raise PageServerError(
                f"cannot serve the players' page on {host}:{port}: {exc.strerror or exc}"
            ) from None
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

    def _close_in_loop(self) -> None:
        self._server.task_dispatcher.shutdown(cancel_pending=True, timeout=1)
        wasyncore.close_all(self._server._map, ignore_all=True)
