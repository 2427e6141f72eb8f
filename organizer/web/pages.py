"""What each page lists, as plain rows for the templates: by table, by name, standings, pods.

The templates only lay these out; every value is text or a number that
Jinja2's autoescaping writes as text. Percentages are shown as "55.6%".
Every list is built once per snapshot of the event and searched by the folded
names kept beside it (`search.fold`), so a search of 4,096 names folds none.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from organizer.core.names import sort_key
from organizer.core.pairing.standings import StandingRow
from organizer.services.players_page import PageFacts, PagePlayer, PodSeat, Progress
from organizer.web.search import fold, needle

DASH = "\u2013"


@dataclass(frozen=True, slots=True)
class NameLine:
    """One player's line on the pairings by name."""

    name: str
    key: str
    """The folded name the search compares with (`search.fold`)."""
    table: str
    seat: str
    opponents: tuple[str, ...]
    """The other players at the table; empty for a bye."""
    result: str


@dataclass(frozen=True, slots=True)
class OpponentLine:
    round: int
    name: str
    mwp: str
    gwp: str


@dataclass(frozen=True, slots=True)
class StandingEntry:
    """One row of the standings as the search and the pager need it (no breakdown yet)."""

    position: int
    """0-based place in the standings."""
    row: StandingRow
    key: str


@dataclass(frozen=True, slots=True)
class StandingLine:
    player: str
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
    dropped: bool


@dataclass(frozen=True, slots=True)
class PodLine:
    pod: int
    seat: int
    name: str
    key: str
    passes: str


def percent(value: Fraction) -> str:
    return f"{float(value) * 100:.1f}%"


def counted(count: int, one: str, many: str) -> str:
    """ "1 point", "3 points", "0 points": the number with the word it takes."""
    return f"{count} {one if count == 1 else many}"


def points(count: int) -> str:
    return counted(count, "pt", "pts")


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
                    opponents=tuple(o.name for o in others),
                    result=t.result or "",
                )
            )
    lines.sort(key=lambda line: (sort_key(line.name), line.name))
    return tuple(lines)


def found(lines: tuple[NameLine, ...], query: str) -> tuple[NameLine, ...]:
    q = needle(query)
    return tuple(line for line in lines if q and q in line.key)


def standing_entries(rows: tuple[StandingRow, ...]) -> tuple[StandingEntry, ...]:
    return tuple(StandingEntry(i, row, fold(row.name)) for i, row in enumerate(rows))


def found_standings(entries: tuple[StandingEntry, ...], query: str) -> tuple[StandingEntry, ...]:
    q = needle(query)
    return tuple(e for e in entries if q and q in e.key)


def _rank(row: StandingRow) -> str:
    return f"{row.tie_range[0]}{DASH}{row.tie_range[1]}" if row.tied else str(row.rank)


def standing_lines(
    rows: tuple[StandingRow, ...], dropped: frozenset[str] = frozenset()
) -> tuple[StandingLine, ...]:
    """The rows shown, with their breakdowns (worked out only for these rows)."""
    return tuple(
        StandingLine(
            player=r.player,
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
            dropped=r.player in dropped,
        )
        for r in rows
    )


def standings_heading(facts: PageFacts) -> str:
    """ "Standings after round 3", or what stands in for them before a round is complete."""
    if facts.standings_round is None:
        return "Standings"
    return f"Standings after round {facts.standings_round}"


def progress_words(progress: Progress | None) -> str:
    """ "Round 4 in progress: 37 of 64 results in." (nothing once every result is in)."""
    if progress is None:
        return ""
    kind = "Playoff round" if progress.stage == "elimination" else "Round"
    return f"{kind} {progress.round} in progress: {results_in(progress)}."


def results_in(progress: Progress | None) -> str:
    """ "37 of 64 results in" for the header (the round is named beside it)."""
    if progress is None:
        return ""
    return f"{progress.reported} of {counted(progress.total, 'result', 'results')} in"


def pod_lines(seats: tuple[PodSeat, ...]) -> tuple[PodLine, ...]:
    return tuple(
        PodLine(s.pod, s.seat, s.player.name, fold(s.player.name), ", ".join(s.passes))
        for s in sorted(seats, key=lambda s: (s.pod, s.seat))
    )
