"""What each page lists, as plain rows for the templates: by table, by name, standings, pods.

The templates only lay these out; every value is text or a number that
Jinja2's autoescaping writes as text. The tables and standings lines are
`core.views`' (the words and numbers of the paper and the screen: "55.56" and
the page's "%"); what is the page's own is the folded names its search compares.
Every list is built once per snapshot of the event and searched by the folded
names kept beside it (`search.fold`), so a search of 4,096 names folds none.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from organizer.core.pairing.standings import StandingRow
from organizer.core.views import wording
from organizer.core.views.round_view import RoundProgress, by_name
from organizer.core.views.standings_lines import standing_lines
from organizer.core.views.wording import BYE, counted, table_label
from organizer.services.phones.players_page import PageFacts
from organizer.web.search import fold, needle

__all__ = [
    "NameLine",
    "PodLine",
    "StandingEntry",
    "counted",
    "found",
    "found_standings",
    "name_lines",
    "pod_lines",
    "points",
    "progress_words",
    "results_in",
    "standing_entries",
    "standing_lines",
    "standings_heading",
    "table_label",
]


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
class StandingEntry:
    """One row of the standings as the search and the pager need it (no breakdown yet)."""

    position: int
    """0-based place in the standings."""
    row: StandingRow
    key: str


@dataclass(frozen=True, slots=True)
class PodLine:
    pod: int
    seat: int
    name: str
    passes: str


def points(count: int) -> str:
    return counted(count, "pt", "pts")


def name_lines(facts: PageFacts) -> tuple[NameLine, ...]:
    """Every seated player of the latest round by name (`RoundView.by_name`'s order)."""
    lines = (
        NameLine(
            name=line.player.name,
            key=fold(line.player.name),
            table=BYE if line.at.is_bye else line.at.label,
            seat="" if line.at.is_bye else str(line.seat),
            opponents=tuple(o.name for o in line.opponents),
            result=line.at.reported_text() or "",
        )
        for line in by_name(facts.tables)
    )
    return tuple(lines)


def found(lines: tuple[NameLine, ...], query: str) -> tuple[NameLine, ...]:
    q = needle(query)
    return tuple(line for line in lines if q and q in line.key)


def standing_entries(rows: tuple[StandingRow, ...]) -> tuple[StandingEntry, ...]:
    return tuple(StandingEntry(i, row, fold(row.name)) for i, row in enumerate(rows))


def found_standings(entries: tuple[StandingEntry, ...], query: str) -> tuple[StandingEntry, ...]:
    q = needle(query)
    return tuple(e for e in entries if q and q in e.key)


def standings_heading(facts: PageFacts) -> str:
    """ "Standings after round 3", or what stands in for them before a round is complete."""
    if facts.standings_round is None:
        return "Standings"
    return f"Standings after round {facts.standings_round}"


def progress_words(progress: RoundProgress | None) -> str:
    """ "Round 4 in progress: 37 of 64 results in." (nothing once every result is in)."""
    if progress is None:
        return ""
    label = wording.round_label(progress.round, progress.stage)
    return f"{label} in progress: {results_in(progress)}."


def results_in(progress: RoundProgress | None) -> str:
    """ "37 of 64 results in" for the header (the round is named beside it)."""
    if progress is None:
        return ""
    return f"{progress.results} of {counted(progress.tables, 'result', 'results')} in"


def pod_lines(facts: PageFacts) -> tuple[PodLine, ...]:
    """Every seat of the latest draft's pods, by pod and seat, with the player's name."""
    names = {p.id: p.name for p in facts.event.players} if facts.event else {}
    return tuple(
        PodLine(pod.number, seat.number, names.get(seat.player, seat.player), ", ".join(pod.passes))
        for pod in sorted(facts.pods, key=attrgetter("number"))
        for seat in sorted(pod.seats, key=attrgetter("number"))
    )
