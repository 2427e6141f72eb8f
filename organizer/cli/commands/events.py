"""`new`, `formats`, `export`, `import`: events as a whole.

The services are imported by the handlers that use them: `formats` and `export` load no
ORM (`export` reads the file with `sqlite3`, issue 35.6)."""

from __future__ import annotations

import argparse
import datetime as dt

from organizer.cli import arg_types
from organizer.cli.context import Context
from organizer.cli.options import command, house_rule_flag, json_flag
from organizer.core.event_settings import SETTINGS
from organizer.core.formats.catalog import FORMATS
from organizer.core.interchange import InterchangeError
from organizer.services.kit.errors import InputError
from organizer.services.kit.text_files import read_text_file as read_text
from organizer.services.kit.text_files import write_text_file


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = command(sub, "new", new, help="create an event and print its id", json=True)
    p.add_argument("--name", required=True)
    p.add_argument("--format", required=True, dest="format_id", help="see 'organizer formats'")
    p.add_argument("--date", type=dt.date.fromisoformat, help="YYYY-MM-DD (default: today)")
    p.add_argument("--best-of", type=arg_types.count, choices=(1, 3, 5))
    p.add_argument("--rounds", type=arg_types.round_number, help="planned Swiss rounds")
    p.add_argument("--round-minutes", type=arg_types.count)
    house_rule_flag(p)

    command(sub, "formats", list_formats, help="list format ids with their deck rules", json=True)

    p = sub.add_parser(
        "settings",
        help="show the event's settings, or set one: KEY VALUE",
        description="Settings: " + ", ".join(SETTINGS),
    )
    p.add_argument("key", nargs="?")
    p.add_argument("value", nargs="?")
    json_flag(p)
    p.set_defaults(handler=event_settings)

    p = command(sub, "export", export, help="write the event as organizer-event/1 JSON")
    p.add_argument("-o", "--output", required=True, help="file to write ('-' for stdout)")

    p = command(
        sub, "import", import_, help="create an event from organizer-event/1 JSON", json=True
    )
    p.add_argument("file")


def new(ctx: Context) -> int:
    from organizer.services.event import events

    record = ctx.call(events.create_event, planned_rounds=ctx.args.rounds).value
    ctx.answer({"event": record.id}, str(record.id))
    return 0


def list_formats(ctx: Context) -> int:
    if ctx.args.json:
        ctx.print_json(
            {
                "formats": [
                    {
                        "id": f.id,
                        "game": f.game,
                        "title": f.title,
                        "deck_rules": f.summary,
                        "best_of": f.best_of,
                        "draws_allowed": f.draws_allowed,
                        "round_minutes": f.round_minutes,
                        "players_per_game": [f.min_players_per_game, f.max_players_per_game],
                    }
                    for f in FORMATS
                ]
            }
        )
        return 0
    width = max(len(f.id) for f in FORMATS)
    for f in FORMATS:
        ctx.print(f"{f.id:<{width}}  {f.summary}")
    return 0


def event_settings(ctx: Context) -> int:
    """`settings`: every setting as it is typed (`KEY = VALUE    # help`), after setting one."""
    from organizer.services.event import settings
    from organizer.services.players import door

    a = ctx.args
    event_id = ctx.event_id()
    if a.key is not None:
        if a.value is None:
            what = settings.setting_named(a.key).describe()  # a typo: refused by name
            raise InputError(f"give a value for {a.key}: {what}")
        saved = door.save_settings(ctx.db, event_id=event_id, values={a.key: a.value})
        ctx.warn_each(saved.warnings)
    values = settings.get_settings(ctx.db, event_id=event_id)
    if a.json:
        ctx.print_json(values.as_dict())
        return 0
    for key, setting in SETTINGS.items():
        value = setting.value_in(values)
        shown = "(the format's own)" if value is None else setting.text(value)
        ctx.print(f"{key} = {shown}    # {setting.describe()}")
    return 0


def export(ctx: Context) -> int:
    from organizer.services.event import event_read

    text = event_read.export_event(ctx.reader, event_id=ctx.event_id())
    if ctx.args.output == "-":
        ctx.out.write(text)
    else:
        write_text_file(ctx.args.output, text)  # whole or not at all
    return 0


def import_(ctx: Context) -> int:
    from organizer.services.event import interchange

    text = read_text(ctx.args.file)
    try:
        event_id = interchange.import_event(ctx.db, text=text).value
    except InterchangeError as exc:
        raise InputError(exc.naming(ctx.args.file)) from None
    ctx.answer({"event": event_id}, str(event_id))
    return 0
