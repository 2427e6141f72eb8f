"""`pair`, `swap`, `result`, `standings`: rounds from a file or from the database."""

from __future__ import annotations

import argparse
import re

from organizer.cli import arg_types
from organizer.cli.context import Context
from organizer.cli.options import command, json_flag, round_option
from organizer.core.event import EventData
from organizer.core.formats.catalog import format_or_unknown
from organizer.core.interchange import InterchangeError, parse_event
from organizer.core.interchange_output import pairings_document, standings_document
from organizer.core.pairing.event_standings import standings_of
from organizer.core.pairing.standings import StandingRow
from organizer.core.pairing.swiss import PairingError, pair_next_round
from organizer.core.results import ResultError, parse_score
from organizer.core.seating.fixed_tables import with_fixed_tables
from organizer.core.views.round_view import RoundView, new_round_view
from organizer.core.views.standings_lines import standing_lines
from organizer.core.views.wording import BYE, round_label
from organizer.services.kit.errors import InputError, RefusedError
from organizer.services.kit.seeds import new_seed
from organizer.services.kit.text_files import read_text_file as read_text


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("pair", help="pair the next round (from a file: print it, store nothing)")
    p.add_argument("file", nargs="?", help="an organizer-event/1 JSON file (default: the database)")
    p.add_argument("--seed", type=arg_types.seed, help="random seed (stored with the round)")
    p.add_argument("--again", action="store_true", help="pair the latest round again")
    p.add_argument("--yes", action="store_true", help="with --again: even if results exist")
    p.add_argument(
        "--allow-missing-decks",
        action="store_true",
        help="pair round 1 even though deck lists are missing or illegal (journaled)",
    )
    absent = p.add_mutually_exclusive_group()
    absent.add_argument(
        "--drop-absent",
        action="store_true",
        help="round 1 with require_checkin: drop who has not checked in (the waiting list "
        "comes in), then pair",
    )
    absent.add_argument(
        "--allow-absent",
        action="store_true",
        help="round 1 with require_checkin: pair those not checked in anyway (journaled)",
    )
    json_flag(p)
    p.set_defaults(handler=pair)

    p = command(sub, "swap", swap, help="swap two players' seats in the latest round")
    p.add_argument("player_a")
    p.add_argument("player_b")

    p = sub.add_parser(
        "result",
        help="record a result: TABLE A_WINS-B_WINS[-DRAWS] (Conquest: TABLE WINNER_ID|draw)",
    )
    p.add_argument("table", type=arg_types.table)
    p.add_argument(
        "score",
        nargs="?",
        help="games won by A, by B, then drawn games: 2-1, 1-1-1, 0-0-3; "
        "at a Conquest table the winner's id, or 'draw'",
    )
    p.add_argument(
        "--loser",
        metavar="ID",
        help="Conquest: the game ended with one loser (a concession or a destroyed last "
        "territory, 1d); everyone else at the table draws",
    )
    p.add_argument(
        "--drawn",
        metavar="ID,ID",
        help="Conquest draw: only these players drew, still in at time "
        "(the house option conquest_time_draw = still-in)",
    )
    round_option(p)
    p.add_argument(
        "--tiebreak",
        choices=("a", "b"),
        help="who won the tie breaker (formats without drawn games, e.g. WARS)",
    )
    p.add_argument("--drop", choices=("a", "b", "both"), help="the slip's drop boxes")
    p.add_argument(
        "--correct",
        action="store_true",
        help="replace the table's stored result (journaled as a correction)",
    )
    p.add_argument(
        "--confirm",
        action="store_true",
        help="Conquest: record it even though it names a player penalized at the table "
        "the winner or among those who drew",
    )
    p.set_defaults(handler=record)

    p = sub.add_parser("topcut", help="start single-elimination playoffs seeded from standings")
    p.add_argument(
        "size",
        type=arg_types.count,
        nargs="?",
        help="2, 4, 8, 16 or 32; Conquest: 3, 4 or 5 at one final table (without: show advice)",
    )
    p.add_argument(
        "--break-ties",
        choices=("random", "name"),
        help="a tie across the cut line: a recorded random draw, or the order listed (by name)",
    )
    p.add_argument(
        "--order",
        type=arg_types.player_ids,
        metavar="ID,ID,...",
        help="a tie across the cut line: every tied player, best first",
    )
    p.add_argument("--seed", type=arg_types.seed, help="with --break-ties random: replay a draw")
    json_flag(p)
    p.set_defaults(handler=start_topcut)

    p = command(sub, "standings", show_standings, help="standings with tiebreakers", json=True)
    p.add_argument("--final", action="store_true", help="final standings after the top cut")
    p.add_argument(
        "--can-draw",
        action="store_true",
        help="for each table of the round being played: can a draw reach the cut?",
    )
    p.add_argument("--cut", type=arg_types.count, default=8, help="with --can-draw: the top N (8)")
    p.add_argument("file", nargs="?", help="an organizer-event/1 JSON file (default: the database)")


def _print_round(ctx: Context, view: RoundView) -> None:
    """A round as every client shows it: by table, byes last, each player with their id."""
    if ctx.args.json:
        ctx.print_json(pairings_document(view.round))
        return
    seed = view.round.seed  # a playoff round is not drawn: it has no seed to replay
    drawn_by = f" (seed {seed})" if seed is not None else ""
    ctx.print(round_label(view.number, view.round.stage) + drawn_by)
    for t in view.tables:
        table = BYE if t.table is None else f"{t.table:>3}"
        ctx.print(f"{table}  " + "  vs  ".join(f"{s.name} ({s.id})" for s in t.seats))


def pair(ctx: Context) -> int:
    a = ctx.args
    if a.file:
        event = _parse_file(a.file)
        _refuse_open_tables(a.file, event)
        try:
            round_ = pair_next_round(event, seed=a.seed if a.seed is not None else new_seed())
            round_ = with_fixed_tables(event, round_)
        except PairingError as exc:  # a fixed-table clash too (FixedTableError)
            raise RefusedError(f"{a.file}: {exc}") from None
        _print_round(ctx, new_round_view(event, round_))
        return 0
    from organizer.services.rounds import pairing

    event_id = ctx.event_id()
    if a.again:
        outcome = pairing.repair_current(ctx.db, event_id=event_id, seed=a.seed, confirmed=a.yes)
    else:
        outcome = ctx.call(pairing.pair_next)
        ctx.warn_each(outcome.warnings)
    split = pairing.table_split(ctx.db, event_id=event_id)
    if split and not a.json:
        ctx.print(split)
    _print_round(ctx, outcome.value)
    return 0


def _refuse_open_tables(path: str, event: EventData) -> None:
    """A mid-round export cannot be paired: name the tables that still lack results."""

    for rnd in event.rounds:
        open_ = [m for m in rnd.matches if not m.reported]
        if open_:
            where = ", ".join(
                str(m.table) if m.table is not None else " vs ".join(m.players) for m in open_
            )
            tables = "table" if len(open_) == 1 else "tables"
            raise RefusedError(
                f"{path}: round {rnd.number} still lacks results at {tables} {where}; "
                "enter them before pairing the next round"
            )


def swap(ctx: Context) -> int:
    from organizer.services.rounds import pairing

    outcome = pairing.swap_players(
        ctx.db, event_id=ctx.event_id(), player_a=ctx.args.player_a, player_b=ctx.args.player_b
    )
    ctx.warn_each(outcome.warnings)
    return 0


def _conquest(ctx: Context, event_id: int) -> bool:
    """The event plays multiplayer (Conquest) tables: a winner or a draw, OMW and OOMW."""
    from organizer.services.event import events
    from organizer.services.rounds import pairing

    return pairing.multiplayer(events.get_event(ctx.db, event_id).format_id)


SCORE_LIKE = re.compile(r"^\s*\d+\s*[-/:]\s*\d+")
"""What a two-player score looks like (2-1, 1-0-1), to explain the Conquest form."""


def record(ctx: Context) -> int:
    from organizer.services.rounds import results

    a = ctx.args
    event_id = ctx.event_id()
    if a.score is None and a.loser is None:
        raise InputError(
            f"result {a.table}: say the result: a score (2-1), or at a Conquest table the "
            "winner's id, 'draw', or --loser ID"
        )
    if a.loser is not None and not _conquest(ctx, event_id):
        raise InputError("--loser is for a Conquest table; a two-player match takes a score")
    if _conquest(ctx, event_id):
        if a.loser is not None and a.score is not None:
            raise InputError(
                f"result {a.table} --loser {a.loser} names the game's result on its own: "
                "everyone else draws; leave out the winner or 'draw'"
            )
        if a.score is not None and SCORE_LIKE.match(a.score):  # a two-player score (issue 25)
            raise InputError(
                f"{a.score!r} is a two-player score; a Conquest game has a winner or a draw: "
                f"result {a.table} WINNER_ID, or result {a.table} draw "
                "(--drawn ID,ID for the players still in, where the event allows it)"
            )
        winner = None if a.score is None or a.score.lower() == "draw" else a.score
        drawn = arg_types.player_ids(a.drawn) if a.drawn else None
        outcome = ctx.call(results.record_table_result, winner=winner, drawn=drawn)
        ctx.warn_each(outcome.warnings)
        ctx.print(
            f"round {outcome.value.round_number} table {a.table}: "
            + (
                f"{winner} wins"
                if winner
                else f"{a.loser} lost, the others draw"
                if a.loser
                else "draw"
            )
        )
        return 0
    try:
        score = parse_score(a.score)
    except ResultError as exc:
        raise InputError(str(exc)) from None
    drop = (a.drop in ("a", "both"), a.drop in ("b", "both"))
    outcome = ctx.call(
        results.record_result,
        score=score,
        tiebreak_winner={"a": 0, "b": 1}.get(a.tiebreak or ""),
        drop=drop,
    )
    ctx.warn_each(outcome.warnings)
    verb = (
        f"corrected from {outcome.value.corrected_from} to"
        if outcome.value.corrected_from
        else "recorded"
    )
    done = outcome.value
    ctx.print(f"round {done.round_number} table {done.table}: {verb} {done.recorded}")
    return 0


def start_topcut(ctx: Context) -> int:
    from organizer.services.rounds import topcut

    event_id = ctx.event_id()
    if ctx.args.size is None:
        advice = topcut.recommended(ctx.db, event_id=event_id)
        conquest = _conquest(ctx, event_id)
        cut = (
            ("a final table of " if conquest else "top ") + str(advice.top_cut)
            if advice.top_cut
            else "no top cut"
        )
        ctx.print(f"recommended: {advice.swiss_rounds} Swiss rounds, {cut}")
        return 0
    started = ctx.call(topcut.start).value
    _print_round(ctx, started)  # as stored under the lock: the event is not read again
    return 0


def _parse_file(path: str) -> EventData:
    try:
        return parse_event(read_text(path))
    except InterchangeError as exc:
        raise InputError(exc.naming(path)) from None


def _load_file(path: str) -> tuple[tuple[StandingRow, ...], bool]:
    """The file's standings, and whether its format plays multiplayer (Conquest) tables."""
    event = _parse_file(path)
    return standings_of(event), format_or_unknown(event.format_id).multiplayer


def show_can_draw(ctx: Context) -> int:
    from organizer.services.rounds import standings

    result = standings.can_draw(ctx.db, event_id=ctx.event_id(), cut=ctx.args.cut)
    if ctx.args.json:
        ctx.print_json(standings.can_draw_document(result))
        return 0
    ctx.print(f"Round {result.round}: can a draw reach the top {result.cut}?")
    for t in result.tables:
        names = " vs ".join(p.name for p in t.players)
        ctx.print(f"{t.table if t.table is not None else '-':>4}  {t.verdict:<5}  {names}")
        if t.verdict != "safe":
            ctx.print(f"            {t.why}")
    return 0


def show_standings(ctx: Context) -> int:
    if ctx.args.can_draw and not ctx.args.file:
        return show_can_draw(ctx)
    if ctx.args.final and not ctx.args.file:
        return _show_final(ctx)
    if ctx.args.file:
        rows, conquest = _load_file(ctx.args.file)
    else:
        from organizer.services.rounds import standings_read

        read = standings_read.standings(ctx.reader, event_id=ctx.event_id())
        rows, conquest = read.rows, read.multiplayer
    if ctx.args.json:
        ctx.print_json(standings_document(rows))
        return 0
    columns = ("OMW %", "OOMW %") if conquest else ("OMW %", "GW %", "OGW %")
    ctx.print(
        f"{'Rank':>5}  {'Name':<28} {'Pts':>3}  {'W-L-D':<8}" + "".join(f" {c:>7}" for c in columns)
    )
    for line in standing_lines(rows):
        values = (line.omw, line.oomw) if conquest else (line.omw, line.gw, line.ogw)
        ctx.print(
            f"{line.rank:>5}  {line.name[:28]:<28} {line.points:>3}  {line.record:<8}"
            + "".join(f" {v:>7}" for v in values)
        )
    return 0


def _show_final(ctx: Context) -> int:
    from organizer.services.rounds import standings

    if ctx.args.json:
        rows = standings.final(ctx.db, event_id=ctx.event_id())
        ctx.print_json(
            {
                "standings": [
                    {"rank": r.rank, "id": r.player, "name": r.name}  # shared across a tie
                    for r in rows
                ]
            }
        )
        return 0
    for line in standings.final_lines(ctx.db, event_id=ctx.event_id()):
        reached = f"  ({line.playoff})" if line.playoff else ""
        ctx.print(f"{line.rank:>4}  {line.name}{reached}")
    return 0
