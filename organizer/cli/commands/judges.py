"""`judges add|pin|list` and `judge-calls [claim|resolve]`: the judges and the queue of
calls for a judge, from the command line (issue 34).

`judges add NAME` prints the judge's PIN, the one time it can be read (a judge signs
in on the players' page at /judge with it); `judges pin NAME` makes a new one.
`judge-calls` lists the calls not resolved yet (`--all`: every one), oldest first;
`judge-calls open TABLE` is the TO's own call, for a player who asks at the counter.
"""

from __future__ import annotations

import argparse
import datetime as dt
from typing import TYPE_CHECKING

from organizer.cli import arg_types
from organizer.cli.context import Context
from organizer.cli.options import command, command_group

if TYPE_CHECKING:
    from organizer.services.judging.judge_calls import JudgeCall


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    group = command_group(sub, "judges", "the event's judges and their PINs", "{add,pin,list}")
    p = command(
        group,
        "add",
        add_judge,
        help="add a judge and print their PIN (for the judge's phone)",
        json=True,
    )
    p.add_argument("name", metavar="NAME")
    p = command(
        group, "pin", new_pin, help="a new PIN for a judge (the old one stops working)", json=True
    )
    p.add_argument("name", metavar="NAME")
    command(group, "list", list_judges, help="the event's judges", json=True)

    calls = command(
        sub,
        "judge-calls",
        list_calls,
        help="the players' calls for a judge: list, claim, resolve",
        json=True,
    )
    calls.add_argument("--all", action="store_true", help="resolved calls too")
    steps = calls.add_subparsers(dest="calls_command", metavar="{open,claim,resolve}")
    p = command(
        steps, "open", open_call, help="call a judge to a table of the latest round", json=True
    )
    p.add_argument("table", type=arg_types.table, metavar="TABLE")
    p.add_argument("--note", default="", help="what it is about")
    p = command(
        steps,
        "claim",
        claim,
        help="a judge takes a call (every screen shows who has it)",
        json=True,
    )
    p.add_argument("call", type=arg_types.call_id, metavar="ID")
    p.add_argument("--judge", required=True, metavar="NAME", help="the judge taking it")
    p = command(steps, "resolve", resolve, help="the call is answered", json=True)
    p.add_argument("call", type=arg_types.call_id, metavar="ID")


def _print_pin(ctx: Context, name: str, pin: str) -> None:
    ctx.answer({"name": name, "pin": pin}, f"{name}\t{pin}")


def add_judge(ctx: Context) -> int:
    from organizer.services.phones import judges

    made = judges.add_judge(ctx.db, event_id=ctx.event_id(), name=ctx.args.name).value
    _print_pin(ctx, made.name, made.pin)
    return 0


def new_pin(ctx: Context) -> int:
    from organizer.services.phones import judges

    made = judges.new_pin(ctx.db, event_id=ctx.event_id(), name=ctx.args.name).value
    _print_pin(ctx, made.name, made.pin)
    return 0


def list_judges(ctx: Context) -> int:
    from organizer.services.phones import judges

    found = judges.list_judges(ctx.db, event_id=ctx.event_id())
    ctx.answer({"judges": [j.name for j in found]}, "\n".join(j.name for j in found))
    return 0


def list_calls(ctx: Context) -> int:
    from organizer.services.judging import judge_calls

    found = judge_calls.list_calls(ctx.db, event_id=ctx.event_id(), resolved=ctx.args.all)
    now = dt.datetime.now(dt.UTC)
    if ctx.args.json:
        ctx.print_json({"calls": [c.as_json(now) for c in found]})
        return 0
    if not found:
        ctx.print("No call for a judge is waiting.")
    for c in found:
        ctx.print(_line(c, now))
    return 0


def _line(call: JudgeCall, now: dt.datetime) -> str:
    from organizer.core.views.times import short

    who = f" {call.player_name} ({call.player_code})" if call.player_code else ""
    has = f", {call.claimed_by} has it" if call.claimed_by and call.state == "claimed" else ""
    note = f": {call.note}" if call.note else ""
    return (
        f"{call.id}\tround {call.round}, table {call.table}{who}{note} "
        f"[{call.state}{has}, waiting {short(call.waiting_s(now))}]"
    )


def open_call(ctx: Context) -> int:
    from organizer.services.judging import judge_calls

    a = ctx.args
    done = judge_calls.call_judge(ctx.db, event_id=ctx.event_id(), table=a.table, note=a.note)
    call = done.value
    said = f"{call.id}\ta judge is called to table {call.table} (round {call.round})"
    ctx.answer(call.as_json(dt.datetime.now(dt.UTC)), said)
    return 0


def claim(ctx: Context) -> int:
    from organizer.services.judging import judge_calls

    a = ctx.args
    done = judge_calls.claim_call(ctx.db, event_id=ctx.event_id(), call_id=a.call, judge=a.judge)
    call = done.value
    ctx.answer(call.as_json(dt.datetime.now(dt.UTC)), f"{call.claimed_by} takes table {call.table}")
    return 0


def resolve(ctx: Context) -> int:
    from organizer.services.judging import judge_calls

    done = judge_calls.resolve_call(ctx.db, event_id=ctx.event_id(), call_id=ctx.args.call)
    call = done.value
    ctx.answer(call.as_json(dt.datetime.now(dt.UTC)), f"table {call.table}'s call is resolved")
    return 0
