"""What one write did: `Done[T]`, the one shape every service write returns.

`Done.value` is what the write made (a round, a recorded result, a new
event's record; None when it only changed things), `Done.changes` names what
changed so screens refresh only that (combine two with `|`), and
`Done.warnings` is what the TO should read (a rematch, a result that later
rounds were paired from). The command line prints the warnings and ignores
the changes; the GUI broadcasts the changes. Anki's `OpChanges` is the model.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Changes:
    events: bool = False
    players: bool = False
    decks: bool = False
    pairings: bool = False
    results: bool = False
    clock: bool = False
    seating: bool = False
    penalties: bool = False
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


@dataclass(frozen=True, slots=True)
class Done(Generic[T]):
    value: T
    changes: Changes
    warnings: tuple[str, ...] = ()
