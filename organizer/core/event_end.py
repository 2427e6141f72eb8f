"""When an event is over: what prizes and published results wait for.

An event is over when the TO closed it (`organizer finish`), or when every planned Swiss
round has all its results and, if a top cut was started, its final has a winner. Prizes,
the published results and forgetting a player all ask here. Until
then `still_playing` says, in the TO's words, what is still being played, so a refusal
names it ("round 4 of 5 has 3 results missing").

Why here: prizes, the printed prize sheet and the published site all refuse before the
end, with the same reason. Pure Python: no Qt, no SQL.
"""

from __future__ import annotations

from organizer.core.event import EventData, Match


def _decided(match: Match) -> bool:
    if not match.reported:
        return False
    if match.is_bye or match.winner is not None:
        return True
    wins = match.wins or ()
    return len(wins) > 0 and wins.count(max(wins)) == 1


def still_playing(
    event: EventData,
    planned_rounds: int | None,
    *,
    closed: bool = False,
    cut_started: bool = False,
) -> str | None:
    """What keeps the event from being over, or None when it is: the TO `closed` it, or
    every planned Swiss round has its results and a top cut (`cut_started`) its final.
    With no rounds planned only the TO can say the Swiss is over."""
    if closed:
        return None
    swiss = [r for r in event.rounds if r.stage == "swiss"]
    cut = sorted((r for r in event.rounds if r.stage == "elimination"), key=lambda r: r.number)
    for rnd in sorted(swiss, key=lambda r: r.number):
        missing = sum(1 for m in rnd.matches if not m.reported)
        if missing:
            return f"round {rnd.number} has {missing} result{'s' if missing > 1 else ''} missing"
    if not cut:
        if not swiss:
            return "no round has been played"
        if planned_rounds is None:
            return "no number of rounds was planned: close the event (organizer finish)"
        if len(swiss) < planned_rounds:
            return f"{len(swiss)} of {planned_rounds} planned rounds are played"
        if cut_started:
            return "the top cut is starting"
        return None
    last = cut[-1]
    if len([m for m in last.matches if not m.is_bye]) != 1 or not all(
        _decided(m) for m in last.matches
    ):
        return f"the top cut is under way (round {last.number})"
    return None
