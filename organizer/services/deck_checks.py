"""Deck checks during rounds: pick tables at random, record what the judge found.

Common practice is to check at least 10 % of the tables over an event; the
summary tells the TO how far along they are. The pick is drawn from a seed so
it can be shown later how it was made.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from organizer.services.changes import Changes, Done
from organizer.services.errors import InputError, RefusedError
from organizer.services.interchange import load_event
from organizer.services.seeds import new_seed
from organizer.services.write_lock import event_write
from organizer.storage import decks_repo, journal_repo
from organizer.storage.database import Database

OUTCOMES = ("ok", "problem")


@dataclass(frozen=True, slots=True)
class DeckCheck:
    round_number: int
    table: int
    outcome: str
    note: str


@dataclass(frozen=True, slots=True)
class DeckCheckSummary:
    checks: tuple[DeckCheck, ...]
    tables_played: int

    @property
    def share(self) -> float:
        return len(self.checks) / self.tables_played if self.tables_played else 0.0


@event_write
def pick(
    db: Database, *, event_id: int, share: float = 0.1, seed: int | None = None
) -> Done[list[int]]:
    """Choose tables of the latest round for a deck check (at least one)."""
    if not 0 < share <= 1:
        raise InputError(f"the share of tables must be above 0 and at most 1, not {share}")
    event = load_event(db, event_id=event_id)
    if not event.rounds:
        raise RefusedError("pair a round before picking tables for deck checks")
    rnd = event.rounds[-1]
    with db.reading() as s:
        done = {
            c.table_no
            for c in decks_repo.checks(s, event_id=event_id)
            if c.round_number == rnd.number
        }
    tables = [m.table for m in rnd.matches if m.table is not None and m.table not in done]
    if not tables:
        raise RefusedError(f"every table of round {rnd.number} has been picked already")
    count = min(len(tables), max(1, math.ceil(share * len(tables))))
    seed = seed if seed is not None else new_seed()
    chosen = sorted(random.Random(seed).sample(tables, count))
    with db.transaction() as s:
        for table in chosen:
            decks_repo.add_check(s, event_id=event_id, round_number=rnd.number, table=table)
        journal_repo.append(
            s,
            event_id=event_id,
            action="deckcheck.pick",
            summary=f"round {rnd.number}: deck checks at table(s) "
            f"{', '.join(map(str, chosen))} (seed {seed})",
            after={"round": rnd.number, "tables": chosen, "seed": seed},
        )
    return Done(chosen, Changes(decks=True, event_id=event_id))


@event_write
def record(
    db: Database, *, event_id: int, round_number: int, table: int, outcome: str, note: str = ""
) -> Done[None]:
    if outcome not in OUTCOMES:
        raise InputError(f"a deck check's outcome is 'ok' or 'problem', not {outcome!r}")
    with db.transaction() as s:
        row = decks_repo.find_check(s, event_id=event_id, round_number=round_number, table=table)
        if row is None:
            row = decks_repo.add_check(s, event_id=event_id, round_number=round_number, table=table)
        row.outcome = outcome
        row.note = note
        s.add(row)
        journal_repo.append(
            s,
            event_id=event_id,
            action="deckcheck.record",
            summary=f"round {round_number} table {table}: deck check {outcome}"
            + (f" ({note})" if note else ""),
        )
    return Done(None, Changes(decks=True, event_id=event_id))


def summary(db: Database, *, event_id: int) -> DeckCheckSummary:
    event = load_event(db, event_id=event_id)
    with db.reading() as s:
        rows = decks_repo.checks(s, event_id=event_id)
    played = sum(1 for r in event.rounds for m in r.matches if m.table is not None)
    return DeckCheckSummary(
        tuple(DeckCheck(r.round_number, r.table_no, r.outcome, r.note) for r in rows), played
    )
