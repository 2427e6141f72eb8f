"""`pairings explain`: questions asked on the floor during the rounds (issue 34)."""

from __future__ import annotations

import argparse

from organizer.cli import arg_types
from organizer.cli.context import Context
from organizer.cli.options import json_flag, round_option
from organizer.services.rounds import explain


def _table_or_bye(text: str) -> int | None:
    if text.strip().lower() == "bye":
        return None
    return arg_types.table(text)


_table_or_bye.__name__ = "a table number or 'bye'"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    group = sub.add_parser("pairings", help="why a table was paired as it was").add_subparsers(
        dest="pairings_command", required=True, metavar="{explain}"
    )
    p = group.add_parser("explain", help="the reasons for a table's pairing, or for the bye")
    p.add_argument("table", type=_table_or_bye, metavar="TABLE|bye")
    round_option(p)
    json_flag(p)
    p.set_defaults(handler=explain_pairing)


def explain_pairing(ctx: Context) -> int:
    a = ctx.args
    found = explain.explain_table(
        ctx.db, event_id=ctx.event_id(), table=a.table, round_number=a.round
    )
    if a.json:
        docs = [explain.explanation_document(f) for f in found]
        ctx.print_json(docs[0] if len(docs) == 1 else {"byes": docs})
        return 0
    for f in found:
        where = "Bye" if f.table is None else f"Table {f.table}"
        ctx.print(f"Round {f.round}, {where}: {' vs '.join(f.names)}")
        for reason in f.reasons:
            ctx.print(f"  - {reason}")
    return 0
