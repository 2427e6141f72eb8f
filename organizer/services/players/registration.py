"""Registering players: add, edit, drop, undrop, import a CSV.

Each call is one transaction with one journal entry holding what undo needs
(see `services.undo`). A duplicate name is allowed (two people can share one)
but comes back as a warning for the TO to look at.
"""

from __future__ import annotations

from typing import Required, TypedDict

from organizer.core.late_entry import (
    late_entry_refusal,
    missed_round_byes,
    missed_round_losses,
)
from organizer.core.waiting_list import free_places
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import InputError, NotFoundError, RefusedError
from organizer.services.kit.write_lock import write
from organizer.services.players.csv_import import ImportReport as ImportReport
from organizer.services.players.csv_import import duplicate_warning, late_byes, waiting_places
from organizer.services.players.csv_import import import_players_csv as import_players_csv
from organizer.storage import (
    events_repo,
    journal_repo,
    people_repo,
    plain_reads,
    registrations_repo,
)
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action
from organizer.storage.records import PlayerRecord


def _snapshot(p: PlayerRecord) -> dict[str, object]:
    return {
        "registration_id": p.registration_id,
        "code": p.code,
        "name": p.name,
        "email": p.email,
        "player_number": p.player_number,
        "dropped_after_round": p.dropped_after_round,
        "awarded_byes": p.awarded_byes,
    }


def _clean_name(name: str) -> str:
    cleaned = " ".join(name.split())
    if not cleaned:
        raise InputError("a player needs a name")
    return cleaned


def list_players(db: Database, *, event_id: int) -> list[PlayerRecord]:
    with db.reading() as s:
        return registrations_repo.players(s, event_id=event_id)


def find_player(db: Database, *, event_id: int, code: str) -> PlayerRecord:
    with db.reading() as s:
        found = registrations_repo.find_by_code(s, event_id=event_id, code=code)
    if found is None:
        raise NotFoundError(f"no player with id {code!r} in event {event_id}")
    return found


def in_event(players: list[PlayerRecord]) -> list[PlayerRecord]:
    """Who holds a place: in the event (not waiting) and not dropped."""
    return [p for p in players if p.holds_place]


def waiting_list(players: list[PlayerRecord]) -> list[PlayerRecord]:
    """The waiting list in order."""
    return sorted(
        (p for p in players if p.waiting is not None and not p.dropped),
        key=lambda p: p.waiting or 0,
    )


def absent_players(players: list[PlayerRecord]) -> list[PlayerRecord]:
    """In the event, not dropped, not checked in: who round 1 waits for."""
    return [p for p in in_event(players) if not p.checked_in]


def fill_from_waiting(s: Tx, *, event_id: int) -> list[PlayerRecord]:
    """Move the first waiting players into the places the cap has free, before round 1;
    each is journaled, so the TO sees who came in. Who came in, in order."""
    if events_repo.rounds_paired(s, event_id=event_id) > 0:
        return []
    row = events_repo.get_row(s, event_id)
    assert row is not None
    players = registrations_repo.players(s, event_id=event_id)
    waiting = waiting_list(players)
    room = free_places(
        events_repo.settings_of(row).cap, holding=len(in_event(players)), waiting=len(waiting)
    )
    for player in waiting[:room]:
        write_fields(
            s,
            event_id=event_id,
            player=player,
            values={"waiting": None},
            action=Action.PLAYER_FROM_WAITING,
            summary=f"{player.name} came in from the waiting list",
        )
    return waiting[:room]


def write_fields(
    s: Tx,
    *,
    event_id: int,
    player: PlayerRecord,
    values: dict[str, object],
    action: Action,
    summary: str,
    actor: str | None = None,
) -> None:
    """Set some of `player`'s registration fields and journal them before and after, which
    is what undo restores: the door's check-in, paid and waiting list write through here."""
    registrations_repo.update(s, registration_id=player.registration_id, values=values)
    key = {"registration_id": player.registration_id}
    journal_repo.append(
        s,
        event_id=event_id,
        action=action,
        summary=summary,
        before=key | {field: getattr(player, field) for field in values},
        after=key | values,
        actor=actor,
    )


def player_in_event(s: Tx, *, event_id: int, registration_id: int) -> PlayerRecord:
    """The registration as stored, refused unless it is one of the event whose lock the
    write holds (a station or a player's page can only change its own event's players):
    every write naming a registration reads it here."""
    player = registrations_repo.get_in_event(s, event_id=event_id, registration_id=registration_id)
    if player is None:
        raise NotFoundError(f"no registration {registration_id} in event {event_id}")
    return player


class NewPlayer(TypedDict, total=False):
    """Who `add_player` registers, as keywords: for a caller that adds to the same write
    (a PIN with `pinned_registration`) and passes them on without restating them."""

    name: Required[str]
    player_id: str | None
    email: str | None
    awarded_byes: int
    number: str | None
    person_id: int | None


@write
def add_player(
    s: Tx,
    *,
    event_id: int,
    name: str,
    player_id: str | None = None,
    email: str | None = None,
    awarded_byes: int = 0,
    number: str | None = None,
    person_id: int | None = None,
) -> Done[PlayerRecord]:
    """Register a player. `number`: the person's player number (else `player_id` is it);
    a known number, or `person_id`, registers that known person (issue 32)."""
    if person_id is not None:
        known_person = people_repo.get(s, person_id)
        if known_person is None:
            raise NotFoundError(f"there is no person {person_id}")
        name, email, number = known_person.name, known_person.email, known_person.number
    number = number or player_id
    name = _clean_name(name)
    if awarded_byes < 0:
        raise InputError("awarded byes cannot be negative")
    existing = registrations_repo.players(s, event_id=event_id)
    codes = {p.code for p in existing}
    if player_id is not None and player_id in codes:
        raise RefusedError(f"id {player_id!r} is already used in this event")
    code = registrations_repo.CodeAllocator(codes).take(player_id)
    rules = plain_reads.event_settings(s.connection(), event_id=event_id)
    paired = plain_reads.rounds_paired(s.connection(), event_id=event_id)
    closed = late_entry_refusal(rules, paired)
    if closed is not None:
        raise RefusedError(closed)
    late_losses = missed_round_losses(rules, paired)
    new = registrations_repo.NewRegistration(
        code=code,
        name=name,
        position=registrations_repo.next_position(s, event_id=event_id),
        email=email or None,
        player_number=number,
        awarded_byes=awarded_byes,
        missed_round_losses=late_losses,
        waiting=waiting_places(rules, existing, 1)[0],
        person_id=person_id,
    )
    known = registrations_repo.people_by_number(s, [number] if number else [])
    again = person_id or known.get(number or "")
    if again and people_repo.registered_in(s, event_id=event_id, person_id=again):
        raise RefusedError(f"{name} is already registered in this event")
    [registration_id] = registrations_repo.insert_many(
        s, event_id=event_id, rows=[new], known=known
    )
    if new.waiting is None:
        late_byes(s, event_id, [registration_id], missed_round_byes(rules, paired))
    record = registrations_repo.get(s, registration_id=registration_id)
    assert record is not None
    waits = "" if record.waiting is None else f" (waiting list, {record.waiting})"
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.PLAYER_ADD,
        summary=f"registered {name}{waits}",
        after=_snapshot(record),
    )
    warnings = duplicate_warning(existing, [name])
    if record.waiting is not None:
        warnings += (f"the event is full: {name} is number {record.waiting} on the waiting list",)
    return Done(record, warnings=warnings)


@write
def edit_player(
    s: Tx,
    *,
    event_id: int,
    registration_id: int,
    name: str | None = None,
    email: str | None = None,
    awarded_byes: int | None = None,
) -> Done[PlayerRecord]:
    before = player_in_event(s, event_id=event_id, registration_id=registration_id)
    values: dict[str, object] = {}
    if name is not None:
        values["name"] = _clean_name(name)
    if email is not None:
        values["email"] = email.strip() or None
    if awarded_byes is not None:
        if awarded_byes < 0:
            raise InputError("awarded byes cannot be negative")
        values["awarded_byes"] = awarded_byes
    registrations_repo.update(s, registration_id=registration_id, values=values)
    after = registrations_repo.get(s, registration_id=registration_id)
    assert after is not None
    others = [
        p
        for p in registrations_repo.players(s, event_id=event_id)
        if p.registration_id != registration_id
    ]
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.PLAYER_EDIT,
        summary=f"edited {before.name}",
        before=_snapshot(before),
        after=_snapshot(after),
    )
    return Done(after, warnings=duplicate_warning(others, [after.name]))


@write
def set_dropped(
    s: Tx, *, event_id: int, registration_id: int, dropped: bool, actor: str | None = None
) -> Done[None]:
    """Drop a player after the latest paired round, or take the drop back.

    `actor` is who the journal names (default: this station; the players' page names
    the player)."""
    before = player_in_event(s, event_id=event_id, registration_id=registration_id)
    if before.dropped == dropped:
        state = "already dropped" if dropped else "not dropped"
        raise RefusedError(f"{before.name} is {state}")
    write_drop(
        s,
        event_id=event_id,
        player=before,
        after_round=events_repo.rounds_paired(s, event_id=event_id) if dropped else None,
        action=Action.PLAYER_DROP if dropped else Action.PLAYER_UNDROP,
        actor=actor,
    )
    came_in = fill_from_waiting(s, event_id=event_id) if dropped else []
    return Done(None, warnings=tuple(f"{p.name} came in from the waiting list" for p in came_in))


def write_drop(
    s: Tx,
    *,
    event_id: int,
    player: PlayerRecord,
    after_round: int | None,
    action: Action,
    why: str = "",
    actor: str | None = None,
) -> None:
    """Drop `player` after `after_round` (None: take the drop back) and journal it as `action`.

    Every drop is written here: the TO's drop and its taking back, a slip's drop box, a
    disqualification and its removal. The summary says what and `why` ("dropped Ada Byrne
    (Disqualification)"); the entry keeps the player before and after, which undo restores."""
    registrations_repo.update(
        s, registration_id=player.registration_id, values={"dropped_after_round": after_round}
    )
    verb = "dropped" if after_round is not None else "took back the drop of"
    journal_repo.append(
        s,
        event_id=event_id,
        action=action,
        summary=f"{verb} {player.name}" + (f" ({why})" if why else ""),
        before=_snapshot(player),
        after=_snapshot(player) | {"dropped_after_round": after_round},
        actor=actor,
    )


__all__ = [
    "ImportReport",
    "add_player",
    "edit_player",
    "find_player",
    "import_players_csv",
    "list_players",
    "set_dropped",
]
