"""Whether an event is over, for what may only happen once it is (forgetting a player).

An event is finished when the TO closed it (`organizer finish`), or when its
planned Swiss rounds have all been played with every result in and, if it
has a top cut, the cut's final has a result.
"""

from __future__ import annotations

from organizer.core.event import EventData


def event_finished(
    event: EventData, *, planned_rounds: int | None, cut_started: bool, closed: bool
) -> bool:
    if closed:
        return True
    if not event.rounds or not all(r.complete for r in event.rounds):
        return False
    swiss = [r for r in event.rounds if r.stage == "swiss"]
    if not planned_rounds or len(swiss) < planned_rounds:
        return False
    cut = [r for r in event.rounds if r.stage != "swiss"]
    if not cut:
        return not cut_started
    final = [m for m in cut[-1].matches if not m.is_bye]
    return len(final) == 1
