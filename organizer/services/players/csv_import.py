"""Importing a CSV of players: every good row registered in one write, without the ORM.

Why on its own: the store imports its regulars at the counter, and the command that
does it (`players import`) should take the time of its own work, not of loading
SQLModel, pydantic and the ORM (issue 36.11). So the import is written on `Writes`
(plain statements, `storage.plain_writes`): the command runs it on a `PlainWriter`, the
app on its `Database`, the same code either way. Adding one player
(`registration.add_player`) shares its rules: the waiting list, the duplicate names,
the late entry's byes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from organizer.core.event_settings import EventSettings
from organizer.core.late_entry import late_entry_refusal, missed_round_byes, missed_round_losses
from organizer.core.names import fold
from organizer.core.players_csv import RowProblem, duplicate_names, parse_players_csv
from organizer.core.waiting_list import places as waiting_list_places
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import RefusedError
from organizer.services.kit.progress import STEP, Progress
from organizer.services.kit.write_lock import write
from organizer.storage import journal_entries, plain_reads, registration_rows
from organizer.storage.journal_entries import Action
from organizer.storage.plain_writes import Writes
from organizer.storage.records import PlayerRecord

IMPORT_CHUNK = STEP
"""Players written per statement pair of an import; progress is reported after each."""


@dataclass(frozen=True, slots=True)
class ImportReport:
    added: int
    problems: tuple[RowProblem, ...]
    registration_ids: tuple[int, ...] = ()
    """The new registrations, in the file's order (their PINs are stored in the same write)."""


def duplicate_warning(existing: list[PlayerRecord], names: list[str]) -> tuple[str, ...]:
    """A warning for each new name someone else in the event has too (folded alike)."""
    dups = duplicate_names([p.name for p in existing] + names)
    new = {fold(n) for n in names}
    return tuple(
        f"{count} players are named {name!r}: check they are different people"
        for name, count in dups.items()
        if fold(name) in new
    )


def waiting_places(
    rules: EventSettings, existing: list[PlayerRecord], newcomers: int
) -> list[int | None]:
    """Where `newcomers` players registering now go: None in the event, else their place
    waiting."""
    return waiting_list_places(
        rules.cap,
        holding=sum(p.holds_place for p in existing),
        last_waiting=max((p.waiting or 0 for p in existing), default=0),
        newcomers=newcomers,
    )


def late_byes(s: Writes, event_id: int, registration_ids: list[int], rounds: int) -> None:
    """The late entry policy's byes: one in each round the new players missed."""
    if rounds and registration_ids:
        registration_rows.add_byes(
            s, event_id=event_id, registration_ids=registration_ids, rounds=rounds
        )


def import_rows(
    s: Writes, *, event_id: int, text: str, progress: Progress | None = None
) -> Done[ImportReport]:
    """Add every good row in one transaction; report each bad row by line number.

    All-or-nothing for the good rows: a crash or kill during the import leaves
    none of them, never a part.
    """
    parsed = parse_players_csv(text)
    problems = list(parsed.problems)
    conn = s.connection()
    rules = plain_reads.event_settings(conn, event_id=event_id)
    paired = plain_reads.rounds_paired(conn, event_id=event_id)
    closed = late_entry_refusal(rules, paired)
    if closed is not None and parsed.rows:
        raise RefusedError(closed)
    late_losses = missed_round_losses(rules, paired)
    existing = plain_reads.players(conn, event_id=event_id)
    allocator = registration_rows.CodeAllocator({p.code for p in existing})
    position = plain_reads.next_position(conn, event_id=event_id)
    new_rows: list[registration_rows.NewRegistration] = []
    for row in parsed.rows:
        if row.player_id is not None and row.player_id in allocator.used:
            problems.append(
                RowProblem(row.line, f"id {row.player_id!r} is already used in this event")
            )
            continue
        new_rows.append(
            registration_rows.NewRegistration(
                code=allocator.take(row.player_id),
                name=row.name,
                position=position,
                email=row.email,
                player_number=row.player_id,
                awarded_byes=row.awarded_byes,
                missed_round_losses=late_losses,
            )
        )
        position += 1
    places = waiting_places(rules, existing, len(new_rows))
    new_rows = [replace(r, waiting=place) for r, place in zip(new_rows, places, strict=True)]
    added_ids: list[int] = []
    known: dict[str, int] = {}
    for start in range(0, len(new_rows), IMPORT_CHUNK):
        chunk = new_rows[start : start + IMPORT_CHUNK]
        numbers = [r.player_number for r in chunk if r.player_number]
        known.update(registration_rows.people_by_number(s, numbers))
        chunk_ids = registration_rows.insert_many(s, event_id=event_id, rows=chunk, known=known)
        in_event = [i for i, r in zip(chunk_ids, chunk, strict=True) if r.waiting is None]
        late_byes(s, event_id, in_event, missed_round_byes(rules, paired))
        added_ids += chunk_ids
        if progress is not None:
            progress(start + len(chunk), len(new_rows))
    journal_entries.append(
        s,
        event_id=event_id,
        action=Action.PLAYERS_IMPORT,
        summary=f"imported {len(added_ids)} players from a CSV",
        after={"registration_ids": added_ids},
    )
    problems.sort(key=lambda p: p.line)
    warnings = duplicate_warning(existing, [r.name for r in new_rows])
    waiting = sum(place is not None for place in places)
    if waiting:
        warnings += (f"the event is full: {waiting} of them are on the waiting list",)
    return Done(
        ImportReport(
            added=len(added_ids), problems=tuple(problems), registration_ids=tuple(added_ids)
        ),
        warnings=warnings,
    )


import_players_csv = write(import_rows)
"""`import_rows` as one write of its own, on a `Database` or a `PlainWriter`."""
