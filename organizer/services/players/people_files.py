"""The store's people to and from a CSV, in the players CSV dialect (name, id, email).

`id` is the person's player number. An import is all or nothing: every bad
row is named by its line and nothing is stored until none is left; a row
whose number is already someone's is that person and is skipped, as is a
row without a number whose name a known person already has (no guessing
beyond the same folded name). The export lists everyone by name, in the
collation order, and imports back as the same people.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from organizer.core.input_bounds import LineProblem
from organizer.core.names import fold, sort_key
from organizer.core.players_csv import parse_players_csv
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import InputError
from organizer.services.kit.write_lock import write
from organizer.storage import journal_repo, people_repo
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action

SHOWN_PROBLEMS = 20


@dataclass(frozen=True, slots=True)
class PeopleImport:
    added: int
    known: int
    """Rows that were already someone (same number, or same name and no number)."""


@write
def import_people_csv(s: Tx, *, text: str) -> Done[PeopleImport]:
    parsed = parse_players_csv(text)
    problems = list(parsed.problems)
    problems += [
        LineProblem(r.line, "a person has no byes (byes are an event's)")
        for r in parsed.rows
        if r.awarded_byes
    ]
    problems.sort(key=lambda p: p.line)
    if problems:
        shown = "; ".join(str(p) for p in problems[:SHOWN_PROBLEMS])
        more = (
            f" (and {len(problems) - SHOWN_PROBLEMS} more)"
            if len(problems) > SHOWN_PROBLEMS
            else ""
        )
        raise InputError(f"nothing imported: {shown}{more}")
    everyone = people_repo.people(s)
    numbers = {p.number for p in everyone if p.number}
    names = {fold(p.name) for p in everyone if not p.number}
    added = known = 0
    for row in parsed.rows:
        if (row.player_id and row.player_id in numbers) or (
            not row.player_id and fold(row.name) in names
        ):
            known += 1
            continue
        people_repo.insert(s, name=row.name, number=row.player_id, email=row.email, note="")
        if row.player_id:
            numbers.add(row.player_id)
        else:
            names.add(fold(row.name))
        added += 1
    journal_repo.append(
        s,
        event_id=None,
        action=Action.PEOPLE_IMPORT,
        summary=f"imported {added} people ({known} already known)",
    )
    return Done(PeopleImport(added, known))


def export_people_csv(db: Database) -> str:
    with db.reading() as s:
        everyone = people_repo.people(s)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["name", "id", "email"])
    for p in sorted(everyone, key=lambda p: (sort_key(p.name), p.id)):
        writer.writerow([p.name, p.number or "", p.email or ""])
    return out.getvalue()
