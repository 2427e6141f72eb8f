"""`repair-duplicates`: make a database from an older version whole before it is upgraded."""

from __future__ import annotations

import argparse

from organizer.cli.context import Context
from organizer.services.stations.maintenance import repair_duplicates


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "repair-duplicates",
        help="remove rounds and tables an older version stored twice, then upgrade the database",
    )
    p.set_defaults(handler=repair)


def repair(ctx: Context) -> int:
    done = repair_duplicates(ctx.args.db, confirmed=ctx.args.confirm_migration)
    for line in done:
        ctx.print(line)
    ctx.print("repaired and upgraded" if done else "nothing to repair; the database is up to date")
    return 0
