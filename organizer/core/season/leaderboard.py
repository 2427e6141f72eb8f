"""The season's leaderboard, computed from each event's final standings.

A pure function of what the events say now, so a result corrected in a past
event changes the leaderboard the next time it is read, and a dropped player
keeps what they played (their Swiss matches and their final place).

An event's points for a player: `participation`, plus `win` per Swiss match
won (byes included) and `draw` per Swiss match drawn, plus the `placement`
table's points for their final place (top cut included), all times the
event's multiplier. With `best` N, only a player's N highest events count.
Players with fewer than `minimum` events are listed unranked, after the rest.

Ties: more counted points, then more events played, then the best single
placing; players equal on all three share the rank (listed by name).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from organizer.core.names import sort_key
from organizer.core.season.settings import SeasonSettings


@dataclass(frozen=True, slots=True)
class Entry:
    """One person's part in one event."""

    person: int
    name: str
    place: int
    """Their final place, 1 for the champion."""
    wins: int
    """Swiss matches won, byes included."""
    draws: int


@dataclass(frozen=True, slots=True)
class EventResult:
    event_id: int
    entries: tuple[Entry, ...]
    multiplier: int = 1


@dataclass(frozen=True, slots=True)
class LeaderRow:
    rank: int | None
    """None: fewer events than the season's minimum."""
    person: int
    name: str
    points: int
    events: int
    counted: int
    best_place: int


def event_points(entry: Entry, settings: SeasonSettings, multiplier: int = 1) -> int:
    placing = settings.placement
    placed = placing[entry.place - 1] if 0 < entry.place <= len(placing) else 0
    earned = settings.participation + settings.win * entry.wins + settings.draw * entry.draws
    return (earned + placed) * multiplier


def leaderboard(events: Iterable[EventResult], settings: SeasonSettings) -> tuple[LeaderRow, ...]:
    """Every person who played an event of the season, ranked; see the module."""
    scored: dict[int, list[int]] = {}
    names: dict[int, str] = {}
    best: dict[int, int] = {}
    for event in events:
        for e in event.entries:
            scored.setdefault(e.person, []).append(event_points(e, settings, event.multiplier))
            names[e.person] = e.name
            best[e.person] = min(best.get(e.person, e.place), e.place)
    rows = []
    for person, points in scored.items():
        counted = sorted(points, reverse=True)[: settings.best or None]
        rows.append(
            LeaderRow(
                None, person, names[person], sum(counted), len(points), len(counted), best[person]
            )
        )
    ranked = [r for r in rows if r.events >= settings.minimum]
    unranked = [r for r in rows if r.events < settings.minimum]
    return (*_ranked(ranked), *sorted(unranked, key=_listed))


def _merit(r: LeaderRow) -> tuple[int, int, int]:
    return (-r.points, -r.events, r.best_place)


def _listed(r: LeaderRow) -> tuple[tuple[int, int, int], str, int]:
    return (_merit(r), sort_key(r.name), r.person)


def _ranked(rows: Sequence[LeaderRow]) -> list[LeaderRow]:
    out: list[LeaderRow] = []
    for i, r in enumerate(sorted(rows, key=_listed)):
        shared = out and _merit(out[-1]) == _merit(r)
        rank = out[-1].rank if shared else i + 1
        out.append(LeaderRow(rank, r.person, r.name, r.points, r.events, r.counted, r.best_place))
    return out
