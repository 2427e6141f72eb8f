"""One event holding every shape of table storage must keep, for round-trip tests.

Two-player tables pending, won and drawn, a bye, and Conquest tables with a
winner, with some players drawing, and with everyone drawing (named in full:
storage reads "everyone drew" back that way, which `Match.drew` reads the same
as an empty `drawn`), in rounds whose tables are not stored in table order.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from organizer.core.event import EventData, Match, Player, PlayerId, Points, Round


def every_table_shape() -> EventData:
    p = [PlayerId(f"p{i}") for i in range(1, 10)]
    players = tuple(
        Player(
            id=pid,
            name=f"Player {i}",
            dropped_after_round=2 if i == 9 else None,
            awarded_byes=1 if i == 8 else 0,
            email=f"p{i}@example.org" if i % 2 else None,
            missed_round_losses=1 if i == 7 else 0,
        )
        for i, pid in enumerate(p, start=1)
    )
    swiss = Round(
        number=1,
        seed=11,
        matches=(
            Match(3, (p[4], p[5]), (1, 1), 1),
            Match(1, (p[0], p[1]), (2, 1), 0, p[0]),
            Match(2, (p[2], p[3]), (0, 2), 0, p[3]),
            Match(4, (p[6], p[7])),
            Match(None, (p[8],)),
        ),
    )
    conquest = Round(
        number=2,
        seed=None,
        matches=(
            Match(1, (p[0], p[1], p[2]), (1, 0, 0), 0, p[0]),
            Match(2, (p[3], p[4], p[5]), (0, 0, 0), 1, drawn=(p[3], p[5])),
            Match(3, (p[6], p[7], p[8]), (0, 0, 0), 1, drawn=(p[6], p[7], p[8])),
        ),
    )
    pending = Round(number=3, stage="elimination", seed=5, matches=(Match(1, (p[0], p[3])),))
    return EventData(
        name="Every shape",
        players=players,
        rounds=(swiss, conquest, pending),
        date=dt.date(2026, 11, 24),
        format_id="warcaste-standard",
        best_of=3,
        points=Points(3, 1, 0),
    )


def in_table_order(event: EventData) -> EventData:
    """The event as a load returns it: each round's tables in order, byes last."""
    return replace(
        event,
        rounds=tuple(
            replace(
                r, matches=tuple(sorted(r.matches, key=lambda m: (m.table is None, m.table or 0)))
            )
            for r in event.rounds
        ),
    )
