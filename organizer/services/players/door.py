"""The door: who is here (check-in), who paid, and the waiting list when the event is full.

A store's evening starts at the counter: players register (ahead or at the door), check in
when they arrive, pay, and, past the event's `cap`, wait in order for a place. Each of
these is one write under the event's lock, journaled so undo (check-in, paid) and the
other stations follow it. A place comes free when a player drops before round 1 (or is
dropped for not checking in), or when the TO raises the cap or clears it
(`save_settings`): the first players waiting take the places at once, in the same
write, and the journal names them so the TO sees who came in.

Round 1 and the absent (setting `require_checkin`): `absent_players` says who is
registered, in the event and not checked in; the pairing service refuses round 1 while
anyone is, unless the TO drops them (`drop_absent`) or pairs anyway.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from organizer.services.event import settings
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import InputError, RefusedError
from organizer.services.kit.write_lock import write
from organizer.services.players.registration import (
    absent_players,
    fill_from_waiting,
    in_event,
    player_in_event,
    waiting_list,
    write_drop,
    write_fields,
)
from organizer.services.players.roster import paid_text
from organizer.storage import events_repo, registrations_repo
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action
from organizer.storage.records import PlayerRecord


@write
def save_settings(s: Tx, *, event_id: int, values: Mapping[str, str]) -> Done[tuple[str, ...]]:
    """The event's settings as typed (`settings.set_settings`: all or none), and when that
    raised the cap or cleared it before round 1, the first players waiting come in to the
    places it freed, in the same write (each named in a warning, as a drop does)."""
    done = settings.set_settings(s.db, event_id=event_id, values=values)
    came_in = fill_from_waiting(s, event_id=event_id) if "cap" in done.value else []
    return Done(
        done.value,
        warnings=done.warnings + tuple(f"{p.name} came in from the waiting list" for p in came_in),
    )


MAX_CENTS = 100_000_00
"""The most a paid amount may be (100,000.00)."""


def cents_of(amount: str) -> int:
    """ "5", "5.00", "5,50" -> hundredths; InputError naming the amount otherwise."""
    try:
        value = Decimal(amount.strip().replace(",", "."))
    except InvalidOperation:
        raise InputError(f"amount {amount!r} is not a number like 5.00") from None
    if not value.is_finite() or value < 0 or value * 100 != int(value * 100):
        raise InputError(f"amount {amount!r} is not a sum like 5.00")
    cents = int(value * 100)
    if cents > MAX_CENTS:
        raise InputError(f"amount {amount!r} is over {MAX_CENTS // 100:,}")
    return cents


@write
def check_in(
    s: Tx, *, event_id: int, registration_id: int, undo: bool = False, actor: str | None = None
) -> Done[PlayerRecord]:
    """Check the player in (or take it back); refused when already so, or dropped."""
    player = player_in_event(s, event_id=event_id, registration_id=registration_id)
    wanted = not undo
    if player.checked_in == wanted:
        raise RefusedError(f"{player.name} is {'already' if wanted else 'not'} checked in")
    if wanted and player.dropped:
        raise RefusedError(f"{player.name} has dropped: take the drop back first")
    write_fields(
        s,
        event_id=event_id,
        player=player,
        values={"checked_in": wanted},
        action=Action.PLAYER_CHECKIN,
        summary=f"{'checked in' if wanted else 'took back the check-in of'} {player.name}",
        actor=actor,
    )
    return Done(player_in_event(s, event_id=event_id, registration_id=registration_id))


@write
def set_paid(
    s: Tx, *, event_id: int, registration_id: int, paid: bool = True, amount: str | None = None
) -> Done[PlayerRecord]:
    """Mark the player paid (with the amount, if given) or owing."""
    player = player_in_event(s, event_id=event_id, registration_id=registration_id)
    cents = cents_of(amount) if amount is not None and paid else None
    if player.paid == paid and player.paid_cents == cents:
        raise RefusedError(
            f"{player.name} is {'already marked paid' if paid else 'not marked paid'}"
        )
    what = paid_text(paid, cents)
    write_fields(
        s,
        event_id=event_id,
        player=player,
        values={"paid": paid, "paid_cents": cents},
        action=Action.PLAYER_PAID,
        summary=f"{player.name}: {what}",
    )
    return Done(player_in_event(s, event_id=event_id, registration_id=registration_id))


def drop_absent_in(s: Tx, *, event_id: int) -> tuple[list[PlayerRecord], list[PlayerRecord]]:
    """Drop everyone absent before round 1 and let the waiting list in: (dropped, came in).

    Called inside a write (the pairing's, when the TO pairs with `--drop-absent`)."""
    absent = absent_players(registrations_repo.players(s, event_id=event_id))
    for player in absent:
        write_drop(
            s,
            event_id=event_id,
            player=player,
            after_round=0,
            action=Action.PLAYER_DROP,
            why="not checked in",
        )
    return absent, fill_from_waiting(s, event_id=event_id)


@write
def drop_absent(s: Tx, *, event_id: int) -> Done[tuple[list[PlayerRecord], list[PlayerRecord]]]:
    """`drop_absent_in` as a write of its own (the Players tab's "Drop who is not here")."""
    if events_repo.rounds_paired(s, event_id=event_id) > 0:
        raise RefusedError("round 1 is paired already: drop players one by one")
    return Done(drop_absent_in(s, event_id=event_id))


@dataclass(frozen=True, slots=True)
class DoorCounts:
    """Who holds a place, how many of them are here and paid, and how many wait."""

    holding: int
    here: int
    paid: int
    waiting: int

    def as_json(self) -> dict[str, int]:
        return {"in": self.holding, "checked_in": self.here, "paid": self.paid,
                "waiting": self.waiting}  # fmt: skip

    def words(self) -> str:
        """ ", 13 of 16 here, 11 paid, 4 waiting" (none said when zero): the Players tab's."""
        parts = [
            f"{self.here} of {self.holding} here" if self.here else "",
            f"{self.paid} paid" if self.paid else "",
            f"{self.waiting} waiting" if self.waiting else "",
        ]
        return "".join(f", {part}" for part in parts if part)


def counts_of(players: Sequence[PlayerRecord]) -> DoorCounts:
    """The door's counts of the players as read (the Players tab counts what it shows)."""
    present = in_event(list(players))
    return DoorCounts(
        len(present),
        sum(p.checked_in for p in present),
        sum(p.paid for p in present),
        len(waiting_list(list(players))),
    )


def door_counts(db: Database, *, event_id: int) -> DoorCounts:
    """The door's counts as they are now (`organizer checkin --json`)."""
    with db.reading() as s:
        return counts_of(registrations_repo.players(s, event_id=event_id))
