"""`clock ...` and `sudden-death ...`: the round clock and the judge's walk-through."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from organizer.cli import arg_types
from organizer.cli.context import Context
from organizer.cli.options import command, command_group, house_rule_flag, json_flag, round_option
from organizer.core.clock.round_clock import reasons_text
from organizer.core.clock.sudden_death import KEEP, TURNS, Keep, totals
from organizer.core.views.times import short
from organizer.services.clock import clock, sudden_death
from organizer.services.clock.sudden_death import SuddenDeathState
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import InputError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    c = command_group(
        sub, "clock", "the round clock", "{start,pause,resume,status,extend,add,length,finish}"
    )
    for name in ("start", "pause", "resume", "finish"):
        c.add_parser(name, help=f"{name} the clock of the latest round").set_defaults(
            handler=simple, step=name
        )
    command(c, "status", show_status, help="remaining time, phase, open tables", json=True)
    p = command(c, "extend", extend, help="extra time for one table (e.g. after a deck check)")
    p.add_argument("table", type=arg_types.table)
    p.add_argument("minutes", type=arg_types.minutes)
    p = command(c, "add", add, help="add (or with a minus, take) time for the whole room")
    p.add_argument("minutes", type=arg_types.minutes)
    p = command(c, "length", length, help="set this round's length in minutes")
    p.add_argument("minutes", type=arg_types.count)
    house_rule_flag(p)

    p = sub.add_parser("sudden-death", help="Warcaste sudden death at a table (rulebook 1d)")
    p.add_argument("table", type=arg_types.table)
    round_option(p)
    json_flag(p)
    steps = p.add_subparsers(
        dest="sd_command", required=True, metavar="{show,active,turn,correct,undo}"
    )
    steps.add_parser("show", help="the record so far").set_defaults(handler=sd_show)
    q = command(steps, "active", sd_active, help="who was the active player when time was called")
    q.add_argument("player_id")
    q.add_argument(
        "--early",
        action="store_true",
        help="the judge calls sudden death before time is up at the table (recorded)",
    )
    q = steps.add_parser(
        "turn",
        help="record the next turn's damage counters: the active player's, and with --other "
        "the other player's during that turn (a trap)",
    )
    _add_counters(q, "this turn")
    q.set_defaults(handler=sd_turn)
    q = steps.add_parser(
        "correct",
        help="correct turn N's counters; --other and --lost change only when given",
    )
    q.add_argument("number", type=arg_types.count)
    _add_counters(q, "that turn", correcting=True)
    q.set_defaults(handler=sd_correct)
    command(steps, "undo", sd_undo, help="take back the last turn")
    for name in ("active", "turn", "correct", "undo"):
        steps.choices[name].add_argument(
            "--correct",
            action="store_true",
            dest="replace_result",
            help="the table already has a result (sudden death's own too): replace it "
            "(journaled as a correction)",
        )


def _add_counters(q: argparse.ArgumentParser, turn: str, *, correcting: bool = False) -> None:
    """A turn's counters, as `turn` (the next turn) and `correct` (turn N) take them; a
    correction keeps what it is not given (the recorded --other and --lost)."""
    q.add_argument("counters", type=arg_types.count)
    q.add_argument(
        "--other",
        type=arg_types.count,
        default=None if correcting else 0,
        metavar="M",
        help=f"counters the other player placed during {turn} "
        + ("(default: as recorded)" if correcting else "(default 0)"),
    )
    lost = q.add_mutually_exclusive_group() if correcting else q
    lost.add_argument(
        "--lost",
        metavar="PLAYER_ID",
        help=f"that player's last territory was destroyed {turn}"
        + (" (default: as recorded)" if correcting else ""),
    )
    if correcting:
        lost.add_argument(
            "--no-lost",
            action="store_true",
            help="no last territory was destroyed that turn (clears a recorded --lost)",
        )


def _seconds(minutes: float) -> int:
    seconds = round(minutes * 60)
    if seconds == 0:
        raise InputError("give a number of minutes other than 0")
    return seconds


def simple(ctx: Context) -> int:
    getattr(clock, ctx.args.step)(ctx.db, event_id=ctx.event_id())
    return show_status(ctx)


def show_status(ctx: Context) -> int:
    st = clock.status(ctx.db, event_id=ctx.event_id())
    if getattr(ctx.args, "json", False):
        ctx.print_json(st.as_dict())
        return 0
    v = st.view
    line = f"round {st.round}: {v.state}, {v.phase.replace('_', ' ')}, {short(v.remaining_s)} left"
    if v.overtime_s:
        line += f" ({short(v.overtime_s)} over)"
    ctx.print(line)
    if st.house_rule:
        ctx.print(st.house_rule)
    if st.tables_open and v.state in ("time", "finished"):
        ctx.print("tables still playing: " + ", ".join(map(str, st.tables_open)))
    why = dict(st.facts.extension_reasons)
    for t, s in st.facts.extensions_s:
        ctx.print(f"table {t}: +{short(s)}" + (f" ({reasons_text(why[t])})" if t in why else ""))
    return 0


def extend(ctx: Context) -> int:
    clock.extend_table(
        ctx.db, event_id=ctx.event_id(), table=ctx.args.table, seconds=_seconds(ctx.args.minutes)
    )
    return show_status(ctx)


def add(ctx: Context) -> int:
    clock.add_time(ctx.db, event_id=ctx.event_id(), seconds=_seconds(ctx.args.minutes))
    return show_status(ctx)


def length(ctx: Context) -> int:
    clock.set_length(
        ctx.db, event_id=ctx.event_id(), minutes=ctx.args.minutes, house_rule=ctx.args.house_rule
    )
    return show_status(ctx)


def _show(ctx: Context, st: SuddenDeathState) -> int:
    r = st.record
    counted = totals(r)
    if ctx.args.json:
        ctx.print_json(
            {
                "round": st.round,
                "table": r.table,
                "players": list(r.players),
                "active": r.first,
                "playoff": r.playoff,
                "called_early": r.called_early,
                "turns": [
                    {
                        "number": n,
                        "player": t.player,
                        "counters": t.counters,
                        "other_player": r.opponent(t.player),
                        "other": t.other,
                        "last_territory_lost_by": t.last_territory_lost_by,
                    }
                    for n, t in enumerate(r.turns, 1)
                ],
                "totals": dict(counted),
                "next": None
                if r.next_turn is None
                else {"number": r.next_turn.number, "player": r.next_turn.player},
                "outcome": None
                if st.outcome is None
                else {
                    "winner": st.outcome.winner,
                    "reason": st.outcome.reason,
                    "totals": dict(st.outcome.totals),
                },
            }
        )
        return 0
    ctx.print(
        f"round {st.round} table {r.table}: "
        + " vs ".join(f"{st.names[p]} ({p})" for p in r.players)
        + (" (playoff: no draw)" if r.playoff else "")
    )
    if r.called_early:
        ctx.print("  called early by the judge, before time was up at the table")
    if st.stored_result is not None and st.outcome is not None:
        ctx.print(
            f"  the table's result is {st.stored_result}, not what sudden death decided: it was "
            "replaced since (a penalty or a correction); steps need --correct"
        )
    elif st.stored_result is not None:
        ctx.print(f"  the table has a result ({st.stored_result}): steps need --correct")
    elif st.outcome is not None:
        ctx.print("  sudden death wrote the table's result: correct and undo need --correct")
    for n, t in enumerate(r.turns, 1):
        lost = (
            f", last territory of {t.last_territory_lost_by} destroyed"
            if (t.last_territory_lost_by)
            else ""
        )
        extra = " (extra turn: level after 6)" if n > TURNS else ""
        active, other = st.names[t.player], st.names[r.opponent(t.player)]
        ctx.print(
            f"  turn {n}, {active}'s turn: {active} placed {t.counters}, "
            f"{other} placed {t.other}{lost}{extra}"
        )
    (a, total_a), (b, total_b) = counted
    ctx.print(f"  counters so far: {st.names[a]} {total_a}, {st.names[b]} {total_b}")
    if r.first is None:
        ctx.print("  next: who was the active player when time was called?")
    elif r.next_turn is not None:
        ctx.print(f"  next: turn {r.next_turn.number}, {st.names[r.next_turn.player]}")
    ctx.print(f"  {st.describe()}")
    return 0


def sd_show(ctx: Context) -> int:
    return _show(ctx, ctx.call(sudden_death.load))


def _step(ctx: Context, step: Callable[..., Done[SuddenDeathState]], **details: object) -> int:
    """Take one sudden-death step at the table (and round) the command names, then show it."""
    done = ctx.call(step, correct=ctx.args.replace_result, **details)
    return _show(ctx, done.value)


def sd_active(ctx: Context) -> int:
    return _step(ctx, sudden_death.set_active_player, player=ctx.args.player_id)


def sd_turn(ctx: Context) -> int:
    return _step(ctx, sudden_death.record_turn, last_territory_lost_by=ctx.args.lost)


def sd_correct(ctx: Context) -> int:
    a = ctx.args
    lost: str | Keep | None = None if a.no_lost else KEEP if a.lost is None else a.lost
    return _step(
        ctx,
        sudden_death.correct_turn,
        other=KEEP if a.other is None else a.other,
        last_territory_lost_by=lost,
    )


def sd_undo(ctx: Context) -> int:
    return _step(ctx, sudden_death.undo_last_turn)
