"""`prizes [--json]` and `prizes set LINE…`: the prize table and who gets what at the end.

The same services as the printed prize sheet (`organizer print prizes -o FILE.pdf`):
organizer.services.rounds.prizes.
"""

from __future__ import annotations

import argparse

from organizer.cli.context import Context
from organizer.cli.options import json_flag
from organizer.services.rounds import prizes


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "prizes", help="who gets which prize once the event is over; 'prizes set' sets the table"
    )
    json_flag(p)
    p.set_defaults(handler=show)
    group = p.add_subparsers(dest="prizes_command", metavar="{set}")
    s = group.add_parser(
        "set",
        help='the prize table: by record ("3-0:4 packs" "2-1:2 packs") or by placing '
        '("1:12 packs" "2:8 packs" "3-4:4 packs")',
    )
    s.add_argument("lines", nargs="*", metavar="KEY:PRIZE", help="nothing: no prizes by result")
    s.add_argument(
        "--by", choices=("record", "place"), help="default: placing when a key is a bare place"
    )
    s.add_argument("--participation", metavar="PRIZE", help="for everyone who played")
    s.add_argument(
        "--split",
        choices=("standings", "equal"),
        help="level players: placed by the tiebreakers (standings) or share their places' "
        "prizes (equal)",
    )
    json_flag(s)
    s.set_defaults(handler=set_table)


def show(ctx: Context) -> int:
    listed = prizes.prize_list(ctx.db, event_id=ctx.event_id())
    document = {
        "prizes": [
            {
                "id": a.player,
                "name": a.name,
                "record": a.record_text,
                "place": a.place_label,
                "prize": a.prize,
            }
            for a in listed.awards
        ]
    }
    lines = [
        f"{a.place_label}\t{a.player}\t{a.name}\t{a.record_text}\t{a.prize or '-'}"
        for a in listed.awards
    ]
    ctx.answer_lines(document, [*lines, prizes.terms(listed.table)])
    return 0


def set_table(ctx: Context) -> int:
    table = ctx.call(prizes.set_table).value
    lines = [f"{line.key}: {line.prize}" for line in table.lines]
    document = {
        "by": table.by,
        "lines": [{"key": line.key, "prize": line.prize} for line in table.lines],
        "participation": table.participation,
        "split": table.split,
    }
    ctx.answer(document, "\n".join([*lines, prizes.terms(table)]))
    return 0
