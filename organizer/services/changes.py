"""`Changes`: what one service call changed, so screens refresh only that.

Every write returns one; the GUI's models look at its flags, the command line
ignores it. Combine two with `|`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True, slots=True)
class Changes:
    events: bool = False
    players: bool = False
    decks: bool = False
    pairings: bool = False
    results: bool = False
    clock: bool = False
    seating: bool = False
    event_id: int | None = None

    def __or__(self, other: Changes) -> Changes:
        merged = {
            f.name: getattr(self, f.name) or getattr(other, f.name)
            for f in fields(self)
            if f.name != "event_id"
        }
        return Changes(**merged, event_id=self.event_id or other.event_id)

    def __bool__(self) -> bool:
        return any(getattr(self, f.name) for f in fields(self) if f.name != "event_id")
