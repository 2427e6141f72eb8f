"""`print KIND -o FILE.pdf`: pairings, standings, slips, pods and deck sheets as PDF;
`print season-standings --season ID`: a season's leaderboard."""

from __future__ import annotations

import argparse

from organizer.cli.context import Context
from organizer.cli.options import command, paper_option, round_option
from organizer.printing.render import save
from organizer.services.kit.errors import InputError
from organizer.services.printouts import printouts
from organizer.services.printouts.season_printout import season_standings_pdf

SEASON_STANDINGS = "season-standings"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = command(sub, "print", print_kind, help="write a printout as PDF")
    p.add_argument("kind", choices=(*printouts.KINDS, SEASON_STANDINGS))
    p.add_argument("--season", type=int, help="season-standings: the season's id")
    round_option(p)
    p.add_argument("-o", "--output", required=True, help="the PDF file to write")
    paper_option(p)
    p.add_argument("--large", action="store_true", help="large type, for a wall")
    p.add_argument("--blank", action="store_true", help="decklists: empty forms to fill in")
    p.add_argument(
        "--page-url",
        metavar="URL",
        help="pairings: print a QR code of the players' page (the URL 'organizer serve' printed)",
    )


def print_kind(ctx: Context) -> int:
    a = ctx.args
    if a.kind == SEASON_STANDINGS:
        return print_season(ctx)
    pdf = ctx.call(printouts.printout)
    path = save(pdf, a.output)
    ctx.print(f"wrote {path} ({len(pdf):,} bytes)")
    return 0


def print_season(ctx: Context) -> int:
    a = ctx.args
    if a.season is None:
        raise InputError("season-standings: give --season ID (organizer season list)")
    pdf = season_standings_pdf(ctx.db, season_id=a.season, paper=a.paper, large=a.large)
    path = save(pdf, a.output)
    ctx.print(f"wrote {path} ({len(pdf):,} bytes)")
    return 0
