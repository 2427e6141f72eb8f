"""`season new|list|show|add-event|remove-event|settings|event-multiplier|standings`.

A season's events are those of its dates and formats; `add-event` and
`remove-event` adjust that by hand. `settings ID` lists the points scheme,
`settings ID KEY VALUE` sets one (each as `core.season.settings` declares it).
`standings` prints the leaderboard, `--json` or `--csv` (docs/json.md).
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import io

from organizer.cli.context import Context
from organizer.cli.options import command, command_group
from organizer.core.season.settings import SEASON_SETTINGS
from organizer.services.kit.errors import InputError
from organizer.services.players import seasons

SUBCOMMANDS = "{new,list,show,add-event,remove-event,settings,event-multiplier,standings}"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cmds = command_group(
        sub, "season", "a store's season: its events, points and leaderboard", SUBCOMMANDS
    )
    p = command(cmds, "new", new, help="a new season; prints its id", json=True)
    p.add_argument("name")
    p.add_argument("--from", dest="date_from", required=True, type=dt.date.fromisoformat)
    p.add_argument("--to", dest="date_to", required=True, type=dt.date.fromisoformat)
    p.add_argument(
        "--format", dest="formats", action="append", default=[], help="repeat for each format"
    )

    command(cmds, "list", list_seasons, help="every season", json=True)

    p = command(cmds, "show", show, help="a season's dates, formats, events and points", json=True)
    p.add_argument("season", type=int)

    for name, included in (("add-event", True), ("remove-event", False)):
        p = cmds.add_parser(name, help=f"{name.split('-')[0]} an event by hand")
        p.add_argument("season", type=int)
        p.add_argument("event", type=int)
        p.set_defaults(handler=include, included=included)

    p = command(
        cmds, "settings", settings, help="the points scheme, or set one of its settings", json=True
    )
    p.add_argument("season", type=int)
    p.add_argument("key", nargs="?", choices=list(SEASON_SETTINGS), metavar="KEY")
    p.add_argument("value", nargs="?")
    p.epilog = "; ".join(f"{k}: {s.describe()}" for k, s in SEASON_SETTINGS.items())

    p = command(cmds, "event-multiplier", multiplier, help="an event's points count N times")
    p.add_argument("season", type=int)
    p.add_argument("event", type=int)
    p.add_argument("multiplier", type=int)

    p = command(cmds, "standings", standings, help="the leaderboard", json=True)
    p.add_argument("season", type=int)
    p.add_argument("--csv", action="store_true", help="as CSV: rank,person,name,points,...")


def new(ctx: Context) -> int:
    a = ctx.args
    season_id = seasons.new_season(
        ctx.db, name=a.name, date_from=a.date_from, date_to=a.date_to, formats=tuple(a.formats)
    ).value
    ctx.answer({"id": season_id}, str(season_id))
    return 0


def list_seasons(ctx: Context) -> int:
    found = seasons.list_seasons(ctx.db)
    if ctx.args.json:
        ctx.print_json({"seasons": [seasons.get_season(ctx.db, r.id).as_json() for r in found]})
        return 0
    for r in found:
        ctx.print(f"{r.id}\t{r.name}\t{r.date_from} to {r.date_to}\t{', '.join(r.formats)}")
    return 0


def show(ctx: Context) -> int:
    season = seasons.get_season(ctx.db, ctx.args.season)
    document = season.as_json()
    if ctx.args.json:
        ctx.print_json(document)
        return 0
    r = season.record
    ctx.print(f"{r.name}: {r.date_from} to {r.date_to} ({', '.join(r.formats) or 'any format'})")
    for event_id, times in season.events:
        ctx.print(f"event {event_id}" + (f" x{times}" if times != 1 else ""))
    return 0


def include(ctx: Context) -> int:
    a = ctx.args
    seasons.include_event(ctx.db, season_id=a.season, event=a.event, included=a.included)
    return 0


def settings(ctx: Context) -> int:
    a = ctx.args
    if a.key is not None and a.value is None:
        raise InputError(f"give {a.key} a value: {SEASON_SETTINGS[a.key].describe()}")
    if a.key is not None:
        current = seasons.set_setting(ctx.db, season_id=a.season, key=a.key, value=a.value).value
    else:
        current = seasons.get_season(ctx.db, a.season).settings
    values = current.as_dict()
    if a.json:
        ctx.print_json(values)
        return 0
    for key, s in SEASON_SETTINGS.items():
        ctx.print(f"{key}\t{s.text(s.value_in(current)) or '-'}")
    return 0


def multiplier(ctx: Context) -> int:
    a = ctx.args
    seasons.set_multiplier(ctx.db, season_id=a.season, event=a.event, multiplier=a.multiplier)
    return 0


def standings(ctx: Context) -> int:
    rows = seasons.standings(ctx.db, season_id=ctx.args.season)
    if ctx.args.json:
        ctx.print_json(seasons.leaderboard_json(rows))
        return 0
    if ctx.args.csv:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["rank", "person", "name", "points", "events", "counted"])
        for r in rows:
            writer.writerow(
                [
                    r.rank if r.rank is not None else "",
                    r.person,
                    r.name,
                    r.points,
                    r.events,
                    r.counted,
                ]
            )
        ctx.out.write(out.getvalue())
        return 0
    for r in rows:
        rank = str(r.rank) if r.rank is not None else "-"
        ctx.print(f"{rank}\t{r.name}\t{r.points}\t{r.events} events ({r.counted} counted)")
    return 0
