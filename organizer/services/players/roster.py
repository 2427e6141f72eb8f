"""An event's players read without the ORM, for the read-only commands (`players list`).

Why apart from `registration`: that module writes, and loading what writes costs a
command about 0.3 s before it reads anything (issue 35.6). The rows are the ones
`registration.list_players` gives (one query in `storage.plain_reads`).
"""

from __future__ import annotations

from organizer.storage import plain_reads
from organizer.storage.plain_reads import PlainReader
from organizer.storage.records import PlayerRecord


def list_players(reader: PlainReader, *, event_id: int) -> list[PlayerRecord]:
    with reader.connect() as conn:
        return plain_reads.players(conn, event_id=event_id)


def amount_text(cents: int | None) -> str:
    """An amount paid in hundredths as the TO writes it: 500 is "5.00"."""
    return "" if cents is None else f"{cents // 100}.{cents % 100:02d}"


def paid_text(paid: bool, cents: int | None) -> str:
    """ "paid 5.00", "paid" (no amount noted) or "owing": the door's word for a player."""
    return f"paid {amount_text(cents)}".rstrip() if paid else "owing"
