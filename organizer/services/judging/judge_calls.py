"""Calls for a judge: a player asks from their phone, judges claim and resolve (issue 34).

Why a queue of its own: "a judge, please!" across a hall of 40 tables is lost or
answered twice. A call belongs to a table in a round: the caller's table in the
latest round, or one the TO names. One call per table may be open (not resolved) at
a time; a second is refused, and two phones at the same moment are decided by the
unique index (`storage.judges_repo.open_call`), so the loser is told the same. A
judge claims a call (every screen shows who has it), then resolves it. Each step is
one write journaled under the event's lock; the TO's station rings on a new call it
learns of from the journal (`services.stations.live`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from organizer.core.views.times import as_utc
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import InputError, NotFoundError, RefusedError
from organizer.services.kit.write_lock import write
from organizer.services.players.registration import player_in_event
from organizer.storage import journal_repo, judges_repo, rounds_repo
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action
from organizer.storage.judges_repo import CallRecord, JudgeRecord
from organizer.storage.records import PlayerRecord

MAX_NOTE = 200
"""A note is a line for the judge ("rules question", "we need a deck check")."""


class TableHasOpenCallError(RefusedError):
    """The table's call is still open: a judge is on the way (HTTP 409)."""


class NoTableError(RefusedError):
    """The caller has no table in the current round to send a judge to."""


@dataclass(frozen=True, slots=True)
class JudgeCall:
    """A call as the queues show it."""

    id: int
    round: int
    table: int
    player_code: str | None
    player_name: str | None
    note: str
    state: str
    """"open", "claimed" or "resolved"."""
    claimed_by: str | None
    created_at: dt.datetime
    resolved_at: dt.datetime | None

    def waiting_s(self, now: dt.datetime) -> int:
        """Seconds since the call, until it was resolved (or until now)."""
        end = self.resolved_at or now
        return max(0, int((as_utc(end) - as_utc(self.created_at)).total_seconds()))

    def as_json(self, now: dt.datetime) -> dict[str, Any]:
        player = (
            {"id": self.player_code, "name": self.player_name}
            if self.player_code is not None
            else None
        )
        return {
            "id": self.id,
            "table": self.table,
            "round": self.round,
            "player": player,
            "note": self.note,
            "state": self.state,
            "claimed_by": self.claimed_by,
            "waiting_s": self.waiting_s(now),
        }


def _shown(s: Tx, rows: list[CallRecord]) -> list[JudgeCall]:
    who = judges_repo.callers(
        s, registration_ids=[r.registration_id for r in rows if r.registration_id]
    )
    shown = []
    for r in rows:
        code, name = who.get(r.registration_id, (None, None)) if r.registration_id else (None, None)
        shown.append(
            JudgeCall(
                r.id,
                r.round_number,
                r.table_number,
                code,
                name,
                r.note,
                r.state,
                r.claimed_by,
                r.created_at,
                r.resolved_at,
            )
        )
    return shown


def clean_note(note: str) -> str:
    """The note on one line, at most `MAX_NOTE` characters (longer is refused, naming it)."""
    one_line = " ".join(note.split())
    if len(one_line) > MAX_NOTE:
        raise InputError(f"the note is {len(one_line)} characters long: at most {MAX_NOTE}")
    return one_line


def list_calls(db: Database, *, event_id: int, resolved: bool = False) -> list[JudgeCall]:
    """The event's calls oldest first: the open and claimed ones (`resolved`: every one)."""
    with db.reading() as s:
        return _shown(s, judges_repo.calls(s, event_id=event_id, resolved=resolved))


def table_call(db: Database, *, event_id: int, player: PlayerRecord) -> JudgeCall | None:
    """The call not resolved yet at the player's table in the latest round, if any (what
    the player's page shows instead of the button)."""
    with db.reading() as s:
        try:
            round_number, table_number = _players_table(s, event_id, player)
        except NoTableError:
            return None
        found = judges_repo.open_call_at(
            s, event_id=event_id, round_number=round_number, table_number=table_number
        )
        return _shown(s, [found])[0] if found is not None else None


def _players_table(s: Tx, event_id: int, player: PlayerRecord) -> tuple[int, int]:
    latest = rounds_repo.latest_round(s, event_id=event_id)
    if latest is None or latest.id is None:
        raise NoTableError("no round is paired yet: there is no table to send a judge to")
    match = rounds_repo.match_of_player(
        s, round_id=latest.id, registration_id=player.registration_id
    )
    if match is None or match.table_no is None:
        why = "you have a bye" if match is not None else "you are not seated"
        raise NoTableError(
            f"{why} in round {latest.number}: there is no table to send a judge to; "
            "ask at the organizer's desk"
        )
    return latest.number, match.table_no


@write
def call_judge(
    s: Tx,
    *,
    event_id: int,
    player: PlayerRecord | None = None,
    table: int | None = None,
    note: str = "",
    now: dt.datetime | None = None,
    actor: str | None = None,
) -> Done[JudgeCall]:
    """Open a call for the player's table in the latest round (or, from the TO, for
    `table`). Refused with `TableHasOpenCallError` while the table has one open.
    `actor` is who the journal names (default: this station)."""
    text = clean_note(note)
    when = now or dt.datetime.now(dt.UTC)
    if player is not None:  # as stored now, not as the phone's session read it
        player = player_in_event(s, event_id=event_id, registration_id=player.registration_id)
        if player.dropped:
            raise RefusedError(f"{player.name} has dropped: there is no table to call a judge to")
        round_number, table_number = _players_table(s, event_id, player)
    else:
        latest = rounds_repo.latest_round(s, event_id=event_id)
        if latest is None or latest.id is None or table is None:
            raise NoTableError("no round is paired yet: there is no table to send a judge to")
        if rounds_repo.match_at_table(s, round_id=latest.id, table=table) is None:
            raise NoTableError(f"round {latest.number} has no table {table}")
        round_number, table_number = latest.number, table
    made = judges_repo.open_call(
        s,
        event_id=event_id,
        round_number=round_number,
        table_number=table_number,
        registration_id=player.registration_id if player is not None else None,
        note=text,
        now=when,
    )
    if made is None:
        raise _already(s, event_id, round_number, table_number)
    caller = f" by {player.name} ({player.code})" if player is not None else ""
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.JUDGE_CALL,
        summary=f"judge called to table {table_number}, round {round_number}{caller}",
        after={"call": made.id, "table": table_number, "round": round_number, "note": text},
        actor=actor,
    )
    return Done(_shown(s, [made])[0])


def _already(s: Tx, event_id: int, round_number: int, table_number: int) -> RefusedError:
    found = judges_repo.open_call_at(
        s, event_id=event_id, round_number=round_number, table_number=table_number
    )
    who = f": {found.claimed_by} is on the way" if found and found.claimed_by else ""
    return TableHasOpenCallError(
        f"table {table_number} has called a judge already{who}; wait for them"
    )


def _call(s: Tx, event_id: int, call_id: int) -> CallRecord:
    found = judges_repo.get_call(s, event_id=event_id, call_id=call_id)
    if found is None:
        raise NotFoundError(f"there is no judge call {call_id}")
    return found


def _unresolved(s: Tx, event_id: int, call_id: int) -> CallRecord:
    """The call, still to be answered: one resolved already takes no step."""
    found = _call(s, event_id, call_id)
    if found.state == "resolved":
        raise RefusedError(f"judge call {call_id} is resolved already")
    return found


def judge_named(s: Tx, event_id: int, name: str) -> JudgeRecord:
    """The event's judge of this name (matched as search folds names); refused if none."""
    found = judges_repo.find_judge(s, event_id=event_id, name=name)
    if found is None:
        raise NotFoundError(f"no judge named {name.strip()!r}: add one with `organizer judges add`")
    return found


@write
def claim_call(
    s: Tx,
    *,
    event_id: int,
    call_id: int,
    judge: str,
    now: dt.datetime | None = None,
    actor: str | None = None,
) -> Done[JudgeCall]:
    """The judge takes the call; refused when it is resolved or another judge has it."""
    name = judge_named(s, event_id, judge).name
    found = _unresolved(s, event_id, call_id)
    if found.state == "claimed" and found.claimed_by != name:
        raise RefusedError(f"judge call {call_id} is {found.claimed_by}'s already")
    when = now or dt.datetime.now(dt.UTC)
    row = judges_repo.set_state(s, call_id=call_id, state="claimed", now=when, claimed_by=name)
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.JUDGE_CLAIM,
        summary=f"{name} takes the call of table {found.table_number}",
        after={"call": call_id, "judge": name},
        actor=actor,
    )
    return Done(_shown(s, [row])[0])


@write
def resolve_call(
    s: Tx,
    *,
    event_id: int,
    call_id: int,
    now: dt.datetime | None = None,
    actor: str | None = None,
) -> Done[JudgeCall]:
    """The call is answered: the table may call again."""
    found = _unresolved(s, event_id, call_id)
    when = now or dt.datetime.now(dt.UTC)
    row = judges_repo.set_state(s, call_id=call_id, state="resolved", now=when)
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.JUDGE_RESOLVE,
        summary=f"the call of table {found.table_number} is resolved",
        after={"call": call_id},
        actor=actor,
    )
    return Done(_shown(s, [row])[0])
