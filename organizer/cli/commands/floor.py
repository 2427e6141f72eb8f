"""`pairings explain`, `rounds history`, `rewind`, `undo`: questions asked on the floor
during the rounds ("why am I paired down?", "can you undo that?"; issue 34)."""

from __future__ import annotations

import argparse

from organizer.cli import arg_types
from organizer.cli.context import Context
from organizer.cli.options import command, command_group, round_option
from organizer.services.rounds import explain, rewind


def _table_or_bye(text: str) -> int | None:
    if text.strip().lower() == "bye":
        return None
    return arg_types.table(text)


_table_or_bye.__name__ = "a table number or 'bye'"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    group = command_group(sub, "pairings", "why a table was paired as it was", "{explain}")
    p = command(
        group,
        "explain",
        explain_pairing,
        help="the reasons for a table's pairing, or for the bye",
        json=True,
    )
    p.add_argument("table", type=_table_or_bye, metavar="TABLE|bye")
    round_option(p)

    rounds = command_group(sub, "rounds", "the rounds an event can go back to", "{history}")
    command(
        rounds,
        "history",
        show_history,
        help="each round: before its pairing is a point to go back to",
        json=True,
    )

    p = command(
        sub,
        "rewind",
        rewind_to,
        help="go back to just before a round was paired (shows what goes first)",
        json=True,
    )
    p.add_argument("round", type=arg_types.round_number, metavar="ROUND")
    p.add_argument("--yes", action="store_true", help="go back without asking")

    command(sub, "undo", undo, help="take back the last registration change or rewind", json=True)


def explain_pairing(ctx: Context) -> int:
    a = ctx.args
    found = ctx.call(explain.explain_table)
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


def show_history(ctx: Context) -> int:
    points = rewind.history(ctx.db, event_id=ctx.event_id())
    rounds = [
        {"round": p.round, "stage": p.stage, "tables": p.tables, "results": p.results}
        for p in points
    ]
    ctx.answer_lines(
        {"rounds": rounds},
        (
            f"Round {p.round} ({p.stage}): {p.results} of {p.tables} results; "
            f"`organizer rewind {p.round}` goes back to before it was paired"
            for p in points
        ),
    )
    return 0


def _plan_document(plan: rewind.RewindPlan, done: bool) -> dict[str, object]:
    return {
        "round": plan.round,
        "rounds": list(plan.rounds),
        "results": plan.results,
        "drops": list(plan.drops),
        "penalties": list(plan.penalties),
        "done": done,
    }


def rewind_to(ctx: Context) -> int:
    a = ctx.args
    event_id = ctx.event_id()
    if not a.yes:
        plan = rewind.plan(ctx.db, event_id=event_id, round_number=a.round)
        if a.json:
            ctx.print_json(_plan_document(plan, False))
        else:
            for line in plan.describe():
                ctx.print(line)
        ctx.warn(f"nothing changed: run `organizer rewind {a.round} --yes` to go back")
        return 1
    outcome = rewind.rewind(ctx.db, event_id=event_id, round_number=a.round)
    if a.json:
        ctx.print_json(_plan_document(outcome.value, True))
    else:
        for line in outcome.value.describe():
            ctx.print(line)
    return 0


def undo(ctx: Context) -> int:
    outcome = rewind.undo_last(ctx.db, event_id=ctx.event_id())
    ctx.answer({"undone": outcome.value}, outcome.value)
    return 0
