"""the judge's rules: sudden-death turns with both players' counters; Conquest at time

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26

Two data changes, no schema change (issue 25):

- A Warcaste sudden-death record (kept in its match's `extra` JSON) becomes
  version 2, where each turn holds the counters the active player placed
  (`counters`) and those the other player placed during that turn (`other`).
  A version 1 turn's one number was the active player's: it stays `counters`,
  and `other` is 0, which is all the record knew.
- The default for "who draws when time ends a Conquest game" becomes the
  rulebook's reading (everyone at the table). A Conquest event that already has
  a round and never chose keeps the rule it was played under ("still-in"),
  written into its settings, so no event changes its rules half-way.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"


def _turns_to_v2(record: dict[str, object]) -> bool:
    if record.get("version") != 1 or not isinstance(record.get("turns"), list):
        return False
    for turn in record["turns"]:  # type: ignore[union-attr]
        if isinstance(turn, dict):
            turn.setdefault("other", 0)
    record["version"] = 2
    return True


def _turns_to_v1(record: dict[str, object]) -> bool:
    if record.get("version") != 2:
        return False
    record["version"] = 1
    for turn in record.get("turns", []):  # type: ignore[attr-defined]
        if isinstance(turn, dict):
            turn.pop("other", None)
    return True


def _rewrite_sudden_death_records(change: Callable[[dict[str, object]], bool]) -> None:
    """Pass each match's sudden-death record to `change`; store those it says it changed."""
    conn = op.get_bind()
    rows = conn.execute(
        sa.text("SELECT id, extra FROM match WHERE extra LIKE :x"), {"x": "%sudden_death%"}
    )
    for match_id, extra in rows.all():
        values = json.loads(extra or "{}")
        record = values.get("sudden_death")
        if isinstance(record, dict) and change(record):
            conn.execute(
                sa.text("UPDATE match SET extra = :e WHERE id = :id"),
                {"e": json.dumps(values, sort_keys=True), "id": match_id},
            )


def upgrade() -> None:
    _rewrite_sudden_death_records(_turns_to_v2)
    conn = op.get_bind()
    under_way = conn.execute(
        sa.text(
            "SELECT event.id, event.settings FROM event WHERE event.format_id = :f "
            "AND EXISTS (SELECT 1 FROM round WHERE round.event_id = event.id)"
        ),
        {"f": "warcaste-conquest"},
    )
    for event_id, settings in under_way.all():
        values = json.loads(settings or "{}")
        if "conquest_time_draw" in values:
            continue
        values["conquest_time_draw"] = "still-in"
        conn.execute(
            sa.text("UPDATE event SET settings = :s WHERE id = :id"),
            {"s": json.dumps(values, sort_keys=True), "id": event_id},
        )


def downgrade() -> None:
    """Back to version 1 records: the other player's counters cannot be kept there and are
    dropped. The settings keep their value (an older version reads it as it is)."""
    _rewrite_sudden_death_records(_turns_to_v1)
