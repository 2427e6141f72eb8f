"""Storing PIN digests and lifting sign-in locks, without the ORM.

Why apart from `pins_repo`: registering players issues their PINs in the same write
(`players import` runs without SQLModel and the ORM: `plain_writes`), and every other
PIN write goes through the same functions on its session, so a digest is stored one way.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence

from sqlalchemy import delete, insert, select, update

from organizer.core.views.times import as_utc
from organizer.storage.plain_tables import player_pin, player_session, signin_guard
from organizer.storage.plain_writes import Writes

CHUNK = 10_000
"""Registrations per statement: below SQLite's limit on a statement's parameters."""


def save_digests(s: Writes, *, digests: Mapping[int, str]) -> None:
    """Set each registration's PIN digest (replacing the old one) and end its sessions:
    a few statements however many players (an import of 100,000 issues them all)."""
    if not digests:
        return
    s.flush()
    conn = s.connection()
    ids = list(digests)
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        conn.execute(delete(player_pin).where(player_pin.c.registration_id.in_(chunk)))
        conn.execute(delete(player_session).where(player_session.c.registration_id.in_(chunk)))
    now = dt.datetime.now(dt.UTC)
    conn.execute(
        insert(player_pin),
        [{"registration_id": rid, "digest": d, "issued_at": now} for rid, d in digests.items()],
    )


def lift_locks(
    s: Writes, *, event_id: int, subjects: Sequence[str] | None, now: dt.datetime
) -> int:
    """Clear these subjects' counters and locks (None: every one of the event); how many
    were locked at `now`."""
    s.flush()
    conn = s.connection()
    g = signin_guard.c
    rows = conn.execute(select(g.id, g.subject, g.locked_until).where(g.event_id == event_id))
    wanted = None if subjects is None else set(subjects)  # a few counters: matched here
    cleared = [r for r in rows if wanted is None or r.subject in wanted]
    if cleared:
        conn.execute(
            update(signin_guard)
            .where(g.id.in_([r.id for r in cleared]))
            .values(failures=0, locked_until=None)
        )
    return sum(r.locked_until is not None and as_utc(r.locked_until) > now for r in cleared)
