"""`publish -o FOLDER`: the finished event's results as a static site to post.

The same service as the app's Events → Publish results… (services.printouts.publish).
"""

from __future__ import annotations

import argparse

from organizer.cli.context import Context
from organizer.services.printouts import publish as publishing


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "publish",
        help="write the finished event's results as a static site (index.html, a page per "
        "round, standings.csv, pairings.csv) into FOLDER",
    )
    p.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="FOLDER",
        help="a new or empty folder, or an earlier publish to write over",
    )
    p.add_argument(
        "--season",
        type=int,
        metavar="ID",
        help="the season whose leaderboard goes with it (default: the newest holding the event)",
    )
    p.set_defaults(handler=publish)


def publish(ctx: Context) -> int:
    folder = publishing.publish(
        ctx.db, event_id=ctx.event_id(), folder=ctx.args.output, season_id=ctx.args.season
    )
    ctx.print(f"published {folder} (open {folder / 'index.html'})")
    return 0
