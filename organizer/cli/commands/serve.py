"""`serve`: the players' page of the event on the local network until Ctrl+C or SIGTERM.

The first line printed is the page's URL (shared/spec/cli.md), so a script can
read it; the next lines say what the address exposes. The default address is
this computer's LAN address; `--bind 127.0.0.1` keeps the page on this
computer, `--port 0` picks a free port. What the page logs (a busy minute,
summed up in one line; waitress's own warnings) goes to stderr with the time,
so stdout keeps only what a script reads.
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
import threading
from types import FrameType

from organizer.cli.context import Context
from organizer.services.kit.errors import RefusedError
from organizer.web.host import (
    DEFAULT_PORT,
    PageServerError,
    lan_address,
    note_for,
    start_players_page,
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "serve",
        help="serve the players' page (pairings, standings, clock) on the local network",
    )
    p.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"default {DEFAULT_PORT}; 0 picks a free one"
    )
    p.add_argument(
        "--bind",
        metavar="ADDR",
        help="the address to listen on (default: this computer's LAN address; "
        "127.0.0.1: this computer only)",
    )
    p.set_defaults(handler=serve)


def log_to_stderr() -> None:
    """The page's log lines (INFO and up) and waitress's warnings on stderr, with the time."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%H:%M:%S"))
    for name, level in (("organizer", logging.INFO), ("waitress", logging.WARNING)):
        logger = logging.getLogger(name)
        if not logger.handlers:
            logger.addHandler(handler)
            logger.setLevel(level)
            logger.propagate = False


def serve(ctx: Context) -> int:
    log_to_stderr()
    host = ctx.args.bind or lan_address()
    event_id = ctx.event_id()
    try:
        server = start_players_page(ctx.db, event_id=event_id, host=host, port=ctx.args.port)
    except PageServerError as exc:
        raise RefusedError(str(exc)) from None
    stopped = threading.Event()

    def stop(_signum: int, _frame: FrameType | None) -> None:
        stopped.set()

    previous = signal.signal(signal.SIGTERM, stop)
    ctx.print(server.url)
    ctx.print(note_for(host))
    ctx.print("Serving until Ctrl+C.")
    ctx.out.flush()
    try:
        while not stopped.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
        signal.signal(signal.SIGTERM, previous)
    ctx.print("stopped")
    return 0
