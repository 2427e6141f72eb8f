"""`host`: share this station's events with other stations, and `host --move-back`.

Why its own module: one group of subcommands per module; the work is
`services.stations`. `organizer host` starts the embedded PostgreSQL server
(moving this station's events onto it the first time), prints the join URL on
its first line and the short join code on its second, and keeps the server
running until Ctrl+C or SIGTERM, then stops it cleanly. `organizer host
--move-back` copies the host's events back into this station's SQLite file.
No Qt.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading

from organizer.cli.context import Context
from organizer.services.stations import stations


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "host",
        help="share this database's events with other stations (an embedded PostgreSQL server)",
        description=(
            "Starts the shared database and runs until stopped (Ctrl+C or SIGTERM). "
            "First line: the join URL (other stations pass it as --db); second line: "
            "the same as a short join code for the app's Join dialog."
        ),
    )
    p.add_argument("--port", type=int, help="port to listen on (default: 5433, or the last one)")
    p.add_argument(
        "--bind", default=None, metavar="ADDR",
        help="address to listen on (default: every interface, the local network)",
    )  # fmt: skip
    p.add_argument(
        "--move-back",
        action="store_true",
        help="copy the host's events back into this station's file (kept beside it), then stop",
    )
    p.set_defaults(handler=host)


def host(ctx: Context) -> int:
    if ctx.args.move_back:
        moved, kept = stations.move_back(ctx.args.db)
        ctx.print(f"moved {_events(moved)} back into this station's file")
        if kept is not None:
            ctx.print(f"the file as it was is kept as {kept}")
        return 0
    started = stations.start_hosting(ctx.args.db, bind=ctx.args.bind, port=ctx.args.port)
    ctx.print(started.hosted.url)
    ctx.print(started.hosted.code or "(no short code for this address: use the URL)")
    if started.moved:
        ctx.print(f"moved {_events(started.moved)} from this station onto the host")
    ctx.print(f"{_events(started.events)} on the host; stop with Ctrl+C")
    ctx.out.flush()
    try:
        _wait_for_stop()
    finally:
        stations.stop_hosting()
        ctx.print("stopped; every result is kept on the host")
    return 0


def _events(count: int) -> str:
    return f"{count} event{'' if count == 1 else 's'}"


def _wait_for_stop() -> None:
    """Block until Ctrl+C or SIGTERM (the main thread only: that is where signals land)."""
    stop = threading.Event()

    def stopped(_signum: int, _frame: object) -> None:
        stop.set()

    previous = {s: signal.signal(s, stopped) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        while not stop.wait(0.5 if sys.platform == "win32" else 3600):
            pass
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
