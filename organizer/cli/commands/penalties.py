"""`penalty add|list|history|remove|categories`: the judge log from the command line.

The same services as the GUI's Penalties tab (organizer.services.judging.penalties); the
printed report is `organizer print penalties -o FILE.pdf`.
"""

from __future__ import annotations

import argparse

from organizer.cli import arg_types
from organizer.cli.context import Context
from organizer.cli.options import command, command_group, round_option
from organizer.core.penalties import PENALTIES
from organizer.services.judging import penalties
from organizer.services.judging.penalties import LogLine


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    group = command_group(
        sub, "penalty", "penalties and the judge log", "{add,list,history,remove,categories}"
    )
    p = command(
        group,
        "add",
        add,
        help="record a penalty; a Game Loss or Match Loss changes the player's match, "
        "a Disqualification drops the player",
        json=True,
    )
    p.add_argument("player_id")
    p.add_argument("category", help="one of the event's categories (organizer penalty categories)")
    p.add_argument("penalty", help=", ".join(PENALTIES))
    round_option(p)
    p.add_argument("--table", type=arg_types.table, help="default: the player's table")
    p.add_argument("--note", default="", help="what happened")
    p.add_argument("--judge", default="", metavar="NAME", help="the judge who gave it")
    p = command(group, "list", list_log, help="every penalty given, in order", json=True)
    p.add_argument("--all", action="store_true", help="removed penalties too")
    p = command(
        group, "history", player_history, help="one player's penalties, upgrades marked", json=True
    )
    p.add_argument("player_id")
    p = command(
        group,
        "remove",
        remove,
        help="take back a penalty entered by mistake (it stays on the log, removed)",
    )
    p.add_argument("penalty_id", type=arg_types.penalty_id)
    p.add_argument("--reason", default="", help="why (default: entered by mistake)")
    command(group, "categories", list_categories, help="the event's infraction categories")


def _line(line: LogLine) -> str:
    r = line.record
    where = " ".join(
        part
        for part in (
            f"round {r.round_number}" if r.round_number is not None else "",
            f"table {r.table}" if r.table is not None else "",
        )
        if part
    )
    judge = r.judge or "-"
    text = f"#{r.id}\t{r.code}\t{r.name}\t{where or '-'}\t{r.category}\t{r.penalty}\t{judge}"
    details = line.details_text  # the printed report's words (core.penalties.penalty_details)
    return f"{text}\t{details}" if details else text


def add(ctx: Context) -> int:
    done = ctx.call(penalties.add_penalty, player=ctx.args.player_id)
    ctx.warn_each(done.warnings)
    ctx.answer(done.value.as_dict(), _line(done.value))
    return 0


def _print_lines(ctx: Context, lines: list[LogLine]) -> None:
    if ctx.args.json:
        ctx.print_json({"penalties": [line.as_dict() for line in lines]})
        return
    for line in lines:
        ctx.print(_line(line))
    if not lines:
        ctx.print("no penalties")


def list_log(ctx: Context) -> int:
    _print_lines(ctx, penalties.log(ctx.db, event_id=ctx.event_id(), include_removed=ctx.args.all))
    return 0


def player_history(ctx: Context) -> int:
    _print_lines(ctx, penalties.history(ctx.db, event_id=ctx.event_id(), code=ctx.args.player_id))
    return 0


def remove(ctx: Context) -> int:
    done = penalties.remove_penalty(
        ctx.db, event_id=ctx.event_id(), penalty_id=ctx.args.penalty_id, reason=ctx.args.reason
    )
    ctx.warn_each(done.warnings)
    r = done.value
    ctx.print(f"removed #{r.id}: {r.penalty} for {r.name} ({r.category})")
    return 0


def list_categories(ctx: Context) -> int:
    for category in penalties.categories(ctx.db, event_id=ctx.event_id()):
        ctx.print(category)
    return 0
