"""`result` and `standings`: results from slips, and standings from a file or the database."""

from __future__ import annotations

import argparse

from organizer.cli.context import Context, read_text
from organizer.core.interchange import InterchangeError, parse_event
from organizer.core.interchange_output import standings_document
from organizer.core.pairing.standings import StandingRow
from organizer.core.results import ResultError, parse_score
from organizer.services import results, standings
from organizer.services.errors import InputError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("result", help="record a result: TABLE A_WINS-B_WINS[-DRAWS]")
    p.add_argument("table", type=int)
    p.add_argument("score", help="games won by A, by B, then drawn games: 2-1, 1-1-1, 0-0-3")
    p.add_argument("--round", type=int, help="round number (default: the latest)")
    p.add_argument(
        "--tiebreak",
        choices=("a", "b"),
        help="who won the tie breaker (formats without drawn games, e.g. WARS)",
    )
    p.add_argument("--drop", choices=("a", "b", "both"), help="the slip's drop boxes")
    p.set_defaults(handler=record)

    p = sub.add_parser("standings", help="standings with tiebreakers")
    p.add_argument("file", nargs="?", help="an organizer-event/1 JSON file (default: the database)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=show_standings)


def record(ctx: Context) -> int:
    a = ctx.args
    try:
        score = parse_score(a.score)
    except ResultError as exc:
        raise InputError(str(exc)) from None
    drop = (a.drop in ("a", "both"), a.drop in ("b", "both"))
    outcome = results.record_result(
        ctx.db,
        event_id=ctx.event_id(),
        table=a.table,
        score=score,
        round_number=a.round,
        tiebreak_winner={"a": 0, "b": 1}.get(a.tiebreak or ""),
        drop=drop,
    )
    for w in outcome.warnings:
        ctx.warn(f"warning: {w}")
    verb = f"corrected from {outcome.corrected_from} to" if outcome.corrected_from else "recorded"
    ctx.print(f"round {outcome.round_number} table {outcome.table}: {verb} {outcome.recorded}")
    return 0


def _load_file(path: str) -> tuple[StandingRow, ...]:
    try:
        event = parse_event(read_text(path))
    except InterchangeError as exc:
        raise InputError("\n".join(f"{path}, {p}" for p in exc.problems)) from None
    return standings.standings_of(event)


def show_standings(ctx: Context) -> int:
    if ctx.args.file:
        rows = _load_file(ctx.args.file)
    else:
        rows = standings.standings(ctx.db, event_id=ctx.event_id())
    if ctx.args.json:
        ctx.print_json(standings_document(rows))
        return 0
    ctx.print(f"{'Rank':>4}  {'Name':<28} {'Pts':>3}  {'W-L-D':<8} {'OMW':>7} {'GW':>7} {'OGW':>7}")
    for r in rows:
        rank = f"{r.rank}" if not r.tied else f"{r.tie_range[0]}-{r.tie_range[1]}"
        ctx.print(
            f"{rank:>4}  {r.name[:28]:<28} {r.points:>3}  {f'{r.wins}-{r.losses}-{r.draws}':<8}"
            f" {float(r.omw):>7.2%} {float(r.gwp):>7.2%} {float(r.ogw):>7.2%}"
        )
    return 0
