"""`demo`: make the demo event from the command line, as the app's first steps panel does.

Why its own module: one group of subcommands per module; the work itself is
`services.demo`. No Qt.
"""

from __future__ import annotations

import argparse

from organizer.cli.context import Context
from organizer.cli.options import json_flag
from organizer.services.demo import demo


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "demo",
        help="create a demo event to look around in (players, decks, round 1 under way)",
    )
    json_flag(p)
    p.set_defaults(handler=create)


def create(ctx: Context) -> int:
    made = demo.create_demo(ctx.db).value
    if ctx.args.json:
        ctx.print_json(
            {
                "event": made.event_id,
                "name": made.name,
                "round": made.round_number,
                "tables": made.tables,
                "results_in": made.results_in,
                "sudden_death_table": made.sudden_death_table,
                "sample_pool_imported": made.pool_imported,
            }
        )
        return 0
    ctx.print(f"{made.event_id}: {made.name}")
    ctx.print(
        f"12 players with decks (one list a card short, kept as illegal); round "
        f"{made.round_number} paired at {made.tables} tables, time called, results in at "
        f"{made.results_in}, table {made.sudden_death_table} in sudden death."
    )
    if made.pool_imported:
        ctx.print("The sample Warcaste card pool was imported (there was none).")
    ctx.print("It is an ordinary event: delete it in the app (Events → Delete…) when done.")
    return 0
