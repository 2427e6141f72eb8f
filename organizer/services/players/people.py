"""People kept across events: find, show, edit, merge and forget them.

A person is who registers, event after event; their registrations are the
history. Every change here is one `@write` naming no event (a person spans
events), journaled with the person's id, and guarded by the person's
revision: a station changing a person from an older copy (another station
edited or merged them meanwhile) is told and changes nothing
(`people_repo.change`). Forgetting keeps every result and standing as it was
and journals no name.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass

from organizer.core.event import EventData
from organizer.core.pairing.standings import FinalRow
from organizer.core.people.search import Duplicate, Known, likely_duplicates, search
from organizer.services.event.finish import final_rows_in, still_played
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import InputError, NotFoundError, RefusedError
from organizer.services.kit.write_lock import write
from organizer.storage import events_repo, journal_repo, penalties_repo, people_repo, snapshot_repo
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action
from organizer.storage.people_repo import Attendance, PersonRecord, StalePersonError
from organizer.storage.plain_writes import lock_every_event

FORGOTTEN = "Forgotten player {id}"


def list_people(db: Database, *, query: str | None = None) -> list[PersonRecord]:
    """Everyone, by id; with `query`, those it finds, most recently seen first."""
    with db.reading() as s:
        everyone = people_repo.people(s)
    if not query:
        return everyone
    by_id = {p.id: p for p in everyone}
    return [by_id[k.id] for k in search(query, map(as_known, everyone))]


def as_known(p: PersonRecord) -> Known:
    return Known(p.id, p.name, p.number, p.email, p.last_seen)


def known_people(db: Database) -> list[Known]:
    """Everyone as the registration search sees them (read once, searched per keystroke)."""
    with db.reading() as s:
        return [as_known(p) for p in people_repo.people(s)]


def duplicates_of(
    db: Database, *, name: str, email: str | None = None, today: dt.date | None = None
) -> list[Duplicate]:
    """Who a new `name` may already be (shown before a new person is created)."""
    return likely_duplicates(
        name, email, known_people(db), today=today or dt.datetime.now(dt.UTC).date()
    )


def get_person(db: Database, person_id: int) -> PersonRecord:
    with db.reading() as s:
        found = people_repo.get(s, person_id)
    if found is None:
        raise NotFoundError(f"there is no person {person_id}")
    return found


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    event_id: int
    event: str
    date: dt.date | None
    format_id: str
    wins: int
    losses: int
    draws: int
    place: int | None
    dropped: bool
    deck_name: str | None
    deck_status: str | None
    penalties: tuple[str, ...] = ()
    """Only for a judge: "round 3: Warning (Tardiness)"."""

    def as_json(self, *, judge: bool) -> dict[str, object]:
        out: dict[str, object] = {
            "event_id": self.event_id,
            "event": self.event,
            "date": self.date.isoformat() if self.date else None,
            "format": self.format_id,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "place": self.place,
            "dropped": self.dropped,
            "deck": {"name": self.deck_name, "status": self.deck_status},
        }
        if judge:
            out["penalties"] = list(self.penalties)
        return out


def final_places(s: Tx, event_id: int, event: EventData) -> dict[str, FinalRow]:
    """Each player code's final row (place and Swiss record), as the final standings give
    them: the event's tiebreakers and the TO's order of a tie across the cut line."""
    return {r.player: r for r in final_rows_in(s, event_id=event_id, event=event)}


def _deck_name(text: str | None) -> str | None:
    """A list's name: its first line when that is a title ("# Mono-red"), else none."""
    first = (text or "").strip().splitlines()[:1]
    return first[0].lstrip("#").strip() or None if first and first[0].startswith("#") else None


def history(db: Database, person_id: int, *, judge: bool = False) -> list[HistoryEntry]:
    """One entry per event the person played, oldest first; see `HistoryEntry`."""
    entries = []
    with db.reading() as s:
        for a in people_repo.attendance(s, person_id):
            entries.append(_entry(s, a, judge=judge))
    return entries


def _entry(s: Tx, a: Attendance, *, judge: bool) -> HistoryEntry:
    event = snapshot_repo.load(s, event_id=a.event_id)
    final = final_places(s, a.event_id, event).get(a.code)
    wins = losses = draws = 0
    place = None
    if final is not None and event.rounds:
        place = final.rank
        wins, losses, draws = final.swiss.wins, final.swiss.losses, final.swiss.draws
    given: tuple[str, ...] = ()
    if judge:
        given = tuple(
            f"round {p.round_number}: {p.penalty} ({p.category})"
            + (" (removed)" if p.removed else "")
            for p in penalties_repo.of_event(s, event_id=a.event_id)
            if p.registration_id == a.registration_id
        )
    return HistoryEntry(
        a.event_id,
        a.event,
        a.date,
        a.format_id,
        wins,
        losses,
        draws,
        place,
        a.dropped_after_round is not None,
        _deck_name(a.deck_text),
        a.deck_status,
        given,
    )


def _clean(name: str) -> str:
    cleaned = " ".join(name.split())
    if not cleaned:
        raise InputError("a person needs a name")
    return cleaned


def _person(s: Tx, person_id: int) -> PersonRecord:
    found = people_repo.get(s, person_id)
    if found is None:
        raise NotFoundError(f"there is no person {person_id} (merged or removed?)")
    return found


def _stale(person: PersonRecord) -> RefusedError:
    return RefusedError(
        f"{person.name} (person {person.id}) was changed at another station meanwhile: "
        "nothing was saved; look again and retry"
    )


def _changed(s: Tx, p: PersonRecord, revision: int | None, values: Mapping[str, object]) -> int:
    try:
        return people_repo.change(s, p.id, revision=revision, values=values)
    except StalePersonError:
        raise _stale(p) from None


@write
def edit_person(
    s: Tx,
    *,
    person_id: int,
    revision: int | None = None,
    name: str | None = None,
    number: str | None = None,
    email: str | None = None,
    note: str | None = None,
) -> Done[PersonRecord]:
    """Change what is given ("" clears the number, email or note). `revision`: the copy the
    change was made from; a person changed since is refused (see the module)."""
    before = _person(s, person_id)
    values: dict[str, object] = {}
    if name is not None:
        values["name"] = _clean(name)
    if number is not None:
        number = number.strip() or None
        holder = people_repo.by_number(s, number) if number else None
        if holder is not None and holder != person_id:
            raise RefusedError(f"number {number} is already person {holder}'s")
        values["player_number"] = number
    if email is not None:
        values["email"] = email.strip() or None
    if note is not None:
        values["note"] = note.strip()
    _changed(s, before, revision, values)
    after = _person(s, person_id)
    _journal(s, Action.PERSON_EDIT, f"edited person {person_id}", _snapshot(before), after)
    return Done(after)


def _journal(
    s: Tx,
    action: Action,
    summary: str,
    before: Mapping[str, object] | None = None,
    after: PersonRecord | None = None,
) -> None:
    """Journal a change to a person: the store's, not an event's (no event id), with
    the person as the change left them."""
    after_json = None if after is None else _snapshot(after)
    journal_repo.append(
        s, event_id=None, action=action, summary=summary, before=before, after=after_json
    )


def _snapshot(p: PersonRecord) -> dict[str, object]:
    return {"id": p.id, "name": p.name, "number": p.number, "email": p.email, "note": p.note}


@write
def merge_people(
    s: Tx,
    *,
    keep: int,
    other: int,
    keep_revision: int | None = None,
    other_revision: int | None = None,
) -> Done[PersonRecord]:
    """OTHER's registrations move to KEEP and OTHER goes (their number, email and note fill
    KEEP's where KEEP has none). Refused when both played the same event."""
    if keep == other:
        raise InputError("a person cannot be merged with themselves")
    lock_every_event(s.connection())  # a registration of either waits: never one person twice
    kept, gone = _person(s, keep), _person(s, other)
    shared = people_repo.shared_events(s, keep, other)
    if shared:
        listed = ", ".join(str(e) for e in shared)
        raise RefusedError(
            f"{kept.name} and {gone.name} both play in event {listed}: they are two people"
        )
    _changed(s, gone, other_revision, {})
    people_repo.move_registrations(s, from_person=other, to_person=keep)
    people_repo.delete(s, other)
    filled = {
        key: value
        for key, mine, value in (
            ("player_number", kept.number, gone.number),
            ("email", kept.email, gone.email),
            ("note", kept.note, gone.note),
        )
        if not mine and value
    }
    _changed(s, kept, keep_revision, filled)
    after = _person(s, keep)
    before = {"keep": _snapshot(kept), "other": _snapshot(gone)}
    _journal(s, Action.PERSON_MERGE, f"merged person {other} into person {keep}", before, after)
    return Done(after)


def _unfinished(s: Tx, person_id: int) -> list[str]:
    open_events = []
    for a in people_repo.attendance(s, person_id):
        row = events_repo.get_row(s, a.event_id)
        assert row is not None
        event = snapshot_repo.load(s, event_id=a.event_id)
        if still_played(events_repo.to_record(row), event) is not None:
            open_events.append(f"{a.event} (event {a.event_id})")
    return open_events


@write
def forget_person(s: Tx, *, person_id: int, revision: int | None = None) -> Done[PersonRecord]:
    """The person asked to be forgotten: see the module. Refused while they play in an
    event that is not finished."""
    lock_every_event(s.connection())  # what is read of their events stays so until it is done
    before = _person(s, person_id)
    unfinished = _unfinished(s, person_id)
    if unfinished:
        raise RefusedError(
            f"person {person_id} plays in {', '.join(unfinished)}, not finished: "
            "forget them once it is (or the TO closes it: organizer finish)"
        )
    _changed(
        s,
        before,
        revision,
        {"name": FORGOTTEN.format(id=person_id), "player_number": None, "email": None, "note": ""},
    )
    _journal(s, Action.PERSON_FORGET, f"forgot person {person_id}")
    return Done(_person(s, person_id))
