"""The action journal: one row per state-changing service call.

Before/after are JSON so undo, the audit of manual pairings and result
corrections can read exactly what a call changed, long after the fact.
What a row did is one of the `Action`s, stored as its text ("result.record"):
every journal ever written reads back, and a write's `Changes` are derived
from the actions it appended (`appended`, read by `services.write_lock`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sqlmodel import Session, col, select

from organizer.storage.engine import station as station  # where stations are named
from organizer.storage.tables import JournalRow


class Action(StrEnum):
    """What a journal entry did: its kind before the dot, the step after it.

    The values are what the journal stores: never change one (old journals, undo
    and other stations' watchers read them back).
    """

    EVENT_CREATE = "event.create"
    EVENT_DELETE = "event.delete"
    EVENT_IMPORT = "event.import"
    SETTINGS_SET = "settings.set"
    PLAYER_ADD = "player.add"
    PLAYER_EDIT = "player.edit"
    PLAYER_DROP = "player.drop"
    PLAYER_UNDROP = "player.undrop"
    PLAYERS_IMPORT = "players.import"
    PLAYER_CHECKIN = "player.checkin"
    PLAYER_PAID = "player.paid"
    PLAYER_FROM_WAITING = "player.from_waiting"
    """The first player on the waiting list takes a place that came free (issue 33)."""
    PLAYER_FIX_TABLE = "player.fix_table"
    """A player's fixed table set or cleared (issue 34): the next pairings seat them there."""
    UNDO = "undo"
    PIN_ISSUE = "pin.issue"
    SIGNIN_LOCK = "signin.lock"
    SIGNIN_UNLOCK = "signin.unlock"
    CARDS_IMPORT = "cards.import"
    DECK_SUBMIT = "deck.submit"
    DECK_OVERRIDE = "deck.override"
    DECK_LOCK = "deck.lock"
    DECK_UNLOCK = "deck.unlock"
    POOL_REGISTER = "pool.register"
    DECKCHECK_PICK = "deckcheck.pick"
    DECKCHECK_START = "deckcheck.start"
    DECKCHECK_RECORD = "deckcheck.record"
    PODS_SEAT = "pods.seat"
    PODS_TIMER = "pods.timer"
    ROUND_PAIR = "round.pair"
    ROUND_PAIR_PAST_DECK_GATE = "round.pair_past_deck_gate"
    ROUND_PAIR_PAST_CHECKIN = "round.pair_past_checkin"
    """Round 1 paired with players who had not checked in (`pair --allow-absent`)."""
    ROUND_DISCARD = "round.discard"
    ROUND_REPAIR = "round.repair"
    ROUND_REWIND = "round.rewind"
    """Back to before a round was paired: the later rounds, their results and later drops
    gone, the event as it was exported then in the entry's `before` (undoable)."""
    PAIRING_SWAP = "pairing.swap"
    TOPCUT_START = "topcut.start"
    TOPCUT_ROUND = "topcut.round"
    CLOCK_START = "clock.start"
    CLOCK_PAUSE = "clock.pause"
    CLOCK_RESUME = "clock.resume"
    CLOCK_FINISH = "clock.finish"
    CLOCK_ADD = "clock.add"
    CLOCK_EXTEND = "clock.extend"
    CLOCK_LENGTH = "clock.length"
    RESULT_RECORD = "result.record"
    RESULT_CORRECT = "result.correct"
    RESULT_CLEAR = "result.clear"
    RESULT_PLAYOFF_DRAWN_GAME = "result.playoff_drawn_game"
    RESULT_PLAYER_REPORT = "result.player_report"
    RESULT_PLAYERS_DISAGREE = "result.players_disagree"
    RESULT_DROP = "result.drop"
    """A slip's drop box: the player drops after the round (until issue 27 only the result's
    entry said so, and a watcher could not tell a result that dropped a player)."""
    SUDDENDEATH_STEP = "suddendeath.step"
    SUDDENDEATH_CORRECT = "suddendeath.correct"
    PENALTY_ADD = "penalty.add"
    PENALTY_DROP = "penalty.drop"
    PENALTY_UNDROP = "penalty.undrop"
    PENALTY_REMOVE = "penalty.remove"
    EVENT_FINISH = "event.finish"
    PERSON_EDIT = "person.edit"
    PERSON_MERGE = "person.merge"
    PERSON_FORGET = "person.forget"
    PEOPLE_IMPORT = "people.import"
    SEASON_NEW = "season.new"
    SEASON_CHANGE = "season.change"
    JUDGE_ADD = "judge.add"
    """A judge of the event, who signs in on a phone with the PIN printed then (issue 34)."""
    JUDGE_PIN = "judge.pin"
    JUDGE_CALL = "judgecall.open"
    """A player (or the TO) calls a judge to a table."""
    JUDGE_CLAIM = "judgecall.claim"
    JUDGE_RESOLVE = "judgecall.resolve"


@dataclass(frozen=True, slots=True)
class JournalEntry:
    id: int
    event_id: int | None
    at: str
    actor: str
    action: str
    """An `Action`'s value (compares equal to it); a newer version's station may write others."""
    summary: str
    before: Any
    after: Any
    undoes: int | None
    undone: bool


JOURNALED = "organizer_journaled"
"""Session info key: what this transaction appended, as `Appended`s, oldest first."""


@dataclass(frozen=True, slots=True)
class Appended:
    """One entry a transaction journaled: its id (a watcher skips its own) and what it did."""

    id: int
    event_id: int | None
    action: Action


def appended(session: Session) -> list[Appended]:
    """The entries the session's transaction has journaled so far, oldest first."""
    found: list[Appended] = session.info.get(JOURNALED, [])
    return found


def append(
    session: Session,
    *,
    event_id: int | None,
    action: Action,
    summary: str,
    before: Any = None,
    after: Any = None,
    actor: str | None = None,
    undoes: int | None = None,
) -> int:
    """Journal one action; `actor` defaults to this station (user@host)."""
    row = JournalRow(
        event_id=event_id,
        action=action,
        summary=summary,
        before=json.dumps(before, ensure_ascii=False, sort_keys=True),
        after=json.dumps(after, ensure_ascii=False, sort_keys=True),
        actor=actor if actor is not None else station(),
        undoes=undoes,
    )
    session.add(row)
    session.flush()
    assert row.id is not None
    # `Database` remembers it as its own; the write it belongs to reports its changes
    session.info.setdefault(JOURNALED, []).append(Appended(row.id, event_id, action))
    return row.id


def _entry(row: JournalRow) -> JournalEntry:
    assert row.id is not None
    return JournalEntry(
        id=row.id,
        event_id=row.event_id,
        at=row.at.isoformat(timespec="seconds"),
        actor=row.actor,
        action=row.action,
        summary=row.summary,
        before=json.loads(row.before),
        after=json.loads(row.after),
        undoes=row.undoes,
        undone=row.undone,
    )


def _newest(session: Session, *where: Any, limit: int) -> list[JournalEntry]:
    """The entries that meet every condition of `where`, newest first, `limit` at most."""
    rows = session.exec(
        select(JournalRow).where(*where).order_by(col(JournalRow.id).desc()).limit(limit)
    ).all()
    return [_entry(r) for r in rows]


def entries(session: Session, *, event_id: int, limit: int = 500) -> list[JournalEntry]:
    """The newest entries first."""
    return _newest(session, JournalRow.event_id == event_id, limit=limit)


def entries_without_event(session: Session, *, limit: int = 500) -> list[JournalEntry]:
    """The newest entries that name no event (people and seasons), newest first."""
    return _newest(session, col(JournalRow.event_id).is_(None), limit=limit)


def cut_tie_order(session: Session, *, event_id: int) -> tuple[str, ...]:
    """The order the TO gave a tie across the cut line, as the cut journaled it (best
    first; () when the cut had no tie): the final standings keep it (docs/rules.md)."""
    started = last_undoable(session, event_id=event_id, actions=(Action.TOPCUT_START,))
    if started is None or not isinstance(started.after, dict):
        return ()
    tie = started.after.get("cut_tie") or {}
    return tuple(str(p) for p in tie.get("order", ()))


def last_undoable(
    session: Session, *, event_id: int, actions: Sequence[Action]
) -> JournalEntry | None:
    found = _newest(
        session,
        JournalRow.event_id == event_id,
        col(JournalRow.action).in_(list(actions)),
        col(JournalRow.undone).is_(False),
        limit=1,
    )
    return found[0] if found else None


def mark_undone(session: Session, *, entry_id: int) -> None:
    row = session.get(JournalRow, entry_id)
    if row is not None:
        row.undone = True
        session.add(row)
