"""What each page lists, as plain rows for the templates: by table, by name, standings, pods.

The templates only lay these out; every value is text or a number that
Jinja2's autoescaping writes as text. Percentages are shown as "55.6%".
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from organizer.core.names import sort_key
from organizer.core.pairing.standings import StandingRow
from organizer.services.players_page import PageFacts, PagePlayer, PodSeat
from organizer.web.search import fold, matches

DASH = "\u2013"


@dataclass(frozen=True, slots=True)
class NameLine:
    """One player's line on the pairings by name."""

    name: str
    key: str
    """The folded name the search compares with (`search.fold`)."""
    table: str
    seat: str
    opponents: str
    result: str


@dataclass(frozen=True, slots=True)
class OpponentLine:
    round: int
    name: str
    mwp: str
    gwp: str


@dataclass(frozen=True, slots=True)
class StandingLine:
    rank: str
    name: str
    points: int
    record: str
    byes: int
    mwp: str
    omw: str
    gwp: str
    ogw: str
    opponents: tuple[OpponentLine, ...]


@dataclass(frozen=True, slots=True)
class PodLine:
    pod: int
    seat: int
    name: str
    key: str
    passes: str


def percent(value: Fraction) -> str:
    return f"{float(value) * 100:.1f}%"


def table_label(table: int | None) -> str:
    return DASH if table is None else str(table)


def name_lines(facts: PageFacts) -> tuple[NameLine, ...]:
    lines: list[NameLine] = []
    for t in facts.tables:
        for index, player in enumerate(t.seats):
            others: tuple[PagePlayer, ...] = t.seats[:index] + t.seats[index + 1 :]
            lines.append(
                NameLine(
                    name=player.name,
                    key=fold(player.name),
                    table="bye" if t.is_bye else table_label(t.table),
                    seat="" if t.is_bye else str(index + 1),
                    opponents=", ".join(o.name for o in others) if others else "BYE",
                    result=t.result or "",
                )
            )
    lines.sort(key=lambda line: (sort_key(line.name), line.name))
    return tuple(lines)


def found(lines: tuple[NameLine, ...], query: str) -> tuple[NameLine, ...]:
    return tuple(line for line in lines if matches(query, line.name))


def _rank(row: StandingRow) -> str:
    return f"{row.tie_range[0]}{DASH}{row.tie_range[1]}" if row.tied else str(row.rank)


def standing_lines(rows: tuple[StandingRow, ...]) -> tuple[StandingLine, ...]:
    return tuple(
        StandingLine(
            rank=_rank(r),
            name=r.name,
            points=r.points,
            record=f"{r.wins}-{r.losses}-{r.draws}",
            byes=r.byes,
            mwp=percent(r.mwp),
            omw=percent(r.omw),
            gwp=percent(r.gwp),
            ogw=percent(r.ogw),
            opponents=tuple(
                OpponentLine(o.round, o.name, percent(o.mwp), percent(o.gwp)) for o in r.opponents
            ),
        )
        for r in rows
    )


def pod_lines(seats: tuple[PodSeat, ...]) -> tuple[PodLine, ...]:
    return tuple(
        PodLine(s.pod, s.seat, s.player.name, fold(s.player.name), ", ".join(s.passes))
        for s in sorted(seats, key=lambda s: (s.pod, s.seat))
    )
