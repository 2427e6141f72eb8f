"""Appending to the action journal, and what one write appended: without the ORM.

Every write journals what it did (`journal_repo` reads the journal back); both kinds of
write (`Database`'s ORM session and `plain_writes.PlainTx`) append here, so an entry is
written one way whichever path a command takes, and a write's `Changes` are derived
from the actions it appended (`appended`, read by `services.write_lock`).
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sqlalchemy import insert

from organizer.storage.engine import station
from organizer.storage.plain_tables import journal
from organizer.storage.plain_writes import Writes


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


JOURNALED = "organizer_journaled"
"""Write info key: what this transaction appended, as `Appended`s, oldest first."""


@dataclass(frozen=True, slots=True)
class Appended:
    """One entry a transaction journaled: its id (a watcher skips its own) and what it did."""

    id: int
    event_id: int | None
    action: Action


def appended(s: Writes) -> list[Appended]:
    """The entries the write has journaled so far, oldest first."""
    found: list[Appended] = s.info.get(JOURNALED, [])
    return found


def append(
    s: Writes,
    *,
    event_id: int | None,
    action: Action,
    summary: str,
    before: Any = None,
    after: Any = None,
    actor: str | None = None,
    undoes: int | None = None,
) -> int:
    """Journal one action; `actor` defaults to this station (user@host).

    What the write has pending is written first, so the entry comes after what it
    describes, as it did when the entry was an ORM object flushed with the rest."""
    s.flush()
    entry_id: int = (
        s.connection()
        .execute(
            insert(journal).returning(journal.c.id),
            {
                "event_id": event_id,
                "at": dt.datetime.now(dt.UTC),
                "actor": actor if actor is not None else station(),
                "action": str(action),
                "summary": summary,
                "before": json.dumps(before, ensure_ascii=False, sort_keys=True),
                "after": json.dumps(after, ensure_ascii=False, sort_keys=True),
                "undoes": undoes,
                "undone": False,
            },
        )
        .scalar_one()
    )
    # `Database` remembers it as its own; the write it belongs to reports its changes
    s.info.setdefault(JOURNALED, []).append(Appended(entry_id, event_id, action))
    return entry_id
