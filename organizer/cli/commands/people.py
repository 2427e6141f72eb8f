"""`people list|show|edit|merge|forget|import|export`: the store's people across events.

Every command takes `--json` (docs/json.md). `edit`, `merge` and `forget`
take `--revision` (the person's revision as `show` printed it): a change made
from that copy is refused if another station changed the person meanwhile.
"""

from __future__ import annotations

import argparse

from organizer.cli.context import Context
from organizer.cli.options import command, command_group
from organizer.services.kit.text_files import read_text_file, write_text_file
from organizer.services.players import people, people_files
from organizer.storage.people_repo import PersonRecord

SUBCOMMANDS = "{list,show,edit,merge,forget,import,export}"

EDITABLE = ("name", "number", "email", "note")
"""What `people edit` changes: each an option `--FIELD` and the service's keyword of that name."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cmds = command_group(sub, "people", "the store's people, kept across events", SUBCOMMANDS)
    p = command(cmds, "list", list_people, help="everyone, or those a search finds", json=True)
    p.add_argument("--search", metavar="TEXT", help="a few letters of a name, or a number")

    p = command(cmds, "show", show, help="a person and their events", json=True)
    p.add_argument("person", type=int)
    p.add_argument("--judge", action="store_true", help="with the penalties of each event")

    p = command(cmds, "edit", edit, help="change a person's name, number, email or note", json=True)
    p.add_argument("person", type=int)
    for field in EDITABLE:
        p.add_argument(f"--{field}", help=f'the new {field} ("" clears it)')
    p.add_argument("--revision", type=int, help="the revision you changed (see show --json)")

    joined = "KEEP and OTHER are one person: OTHER's events join KEEP"
    p = command(cmds, "merge", merge, help=joined, json=True)
    p.add_argument("keep", type=int)
    p.add_argument("other", type=int)
    p.add_argument("--keep-revision", type=int, help="KEEP's revision as you read it")
    p.add_argument("--other-revision", type=int, help="OTHER's revision as you read it")

    p = command(
        cmds, "forget", forget, help="a player who asks to be forgotten (events stay)", json=True
    )
    p.add_argument("person", type=int)
    p.add_argument("--revision", type=int, help="the revision you read (see show --json)")

    p = command(
        cmds, "import", import_csv, help="add people from a players CSV (name,id,email)", json=True
    )
    p.add_argument("file")

    p = command(cmds, "export", export_csv, help="everyone to a players CSV", json=True)
    p.add_argument("-o", "--output", required=True, help="the CSV file to write")


def person_json(p: PersonRecord) -> dict[str, object]:
    return {
        "id": p.id,
        "name": p.name,
        "number": p.number,
        "email": p.email,
        "events": p.events,
        "last_seen": p.last_seen.isoformat() if p.last_seen else None,
    }


def _line(p: PersonRecord) -> str:
    seen = p.last_seen.isoformat() if p.last_seen else "never"
    return f"{p.id}\t{p.name}\t{p.number or ''}\t{p.events} events\tlast {seen}"


def list_people(ctx: Context) -> int:
    found = people.list_people(ctx.db, query=ctx.args.search)
    if ctx.args.json:
        ctx.print_json({"people": [person_json(p) for p in found]})
        return 0
    for p in found:
        ctx.print(_line(p))
    return 0


def show(ctx: Context) -> int:
    a = ctx.args
    person = people.get_person(ctx.db, a.person)
    history = people.history(ctx.db, a.person, judge=a.judge)
    if a.json:
        document = person_json(person) | {
            "note": person.note,
            "revision": person.revision,
            "first_seen": person.first_seen.isoformat() if person.first_seen else None,
            "history": [h.as_json(judge=a.judge) for h in history],
        }
        ctx.print_json(document)
        return 0
    ctx.print(_line(person) + (f"\n{person.note}" if person.note else ""))
    for h in history:
        place = f"#{h.place}" if h.place is not None else "-"
        dropped = " (dropped)" if h.dropped else ""
        ctx.print(
            f"{h.date or ''}\t{h.event} (event {h.event_id})\t{place}\t"
            f"{h.wins}-{h.losses}-{h.draws}{dropped}\tdeck: {h.deck_status or 'none'}"
        )
        for penalty in h.penalties:
            ctx.print(f"\t{penalty}")
    return 0


def _answer_person(ctx: Context, person: PersonRecord) -> None:
    """A person as `edit` and `merge` leave them: their JSON, or their line."""
    ctx.answer(person_json(person), _line(person))


def edit(ctx: Context) -> int:
    done = ctx.call(people.edit_person, person_id=ctx.args.person)
    _answer_person(ctx, done.value)
    return 0


def merge(ctx: Context) -> int:
    done = ctx.call(people.merge_people)
    _answer_person(ctx, done.value)
    return 0


def forget(ctx: Context) -> int:
    done = people.forget_person(ctx.db, person_id=ctx.args.person, revision=ctx.args.revision)
    ctx.answer(person_json(done.value), f"person {done.value.id} is now {done.value.name}")
    return 0


def import_csv(ctx: Context) -> int:
    done = people_files.import_people_csv(ctx.db, text=read_text_file(ctx.args.file)).value
    ctx.answer(
        {"added": done.added, "known": done.known},
        f"{done.added} people added; {done.known} already known",
    )
    return 0


def export_csv(ctx: Context) -> int:
    text = people_files.export_people_csv(ctx.db)
    write_text_file(ctx.args.output, text)
    count = text.count("\n") - 1
    ctx.answer(
        {"people": count, "file": ctx.args.output}, f"wrote {count} people to {ctx.args.output}"
    )
    return 0
