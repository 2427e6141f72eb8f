"""Swiss rounds kept inside draft pods (an event setting), for Warcaste Skirmish Draft.

Each pod is paired as its own small Swiss event (same rules as the whole
event), then the tables are numbered pod by pod. Pure Python: no Qt, no SQL.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from organizer.core.event import EventData, Match, PlayerId, Round
from organizer.core.pairing.swiss import pair_next_round
from organizer.core.seating.pods import Pod, Seating


def only_active(seating: Seating, active: Collection[PlayerId]) -> Seating:
    """The seating without players who have dropped (empty pods left out)."""
    pods = tuple(
        Pod(pod.number, tuple(s for s in pod.seats if s.player in active), pod.passes)
        for pod in seating.pods
    )
    return Seating(tuple(p for p in pods if p.seats), seating.seed)


def pair_inside_pods(event: EventData, seating: Seating, *, seed: int) -> Round:
    """The next round, every pod paired on its own; byes (table None) last."""
    number = len(event.rounds) + 1
    tables: list[Match] = []
    byes: list[Match] = []
    for pod in seating.pods:
        members = set(pod.players)
        sub = replace(
            event,
            players=tuple(p for p in event.players if p.id in members),
            rounds=tuple(
                replace(r, matches=tuple(m for m in r.matches if set(m.players) <= members))
                for r in event.rounds
            ),
        )
        for m in pair_next_round(sub, seed=seed + pod.number).matches:
            (byes if m.table is None else tables).append(m)
    numbered = [replace(m, table=i) for i, m in enumerate(tables, 1)]
    return Round(number=number, matches=tuple(numbered + byes), seed=seed)
