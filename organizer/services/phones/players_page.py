"""What the players' page may show of an event, read through the existing services.

The players' page (`organizer.web`) is a read-only client: it asks this module
for one `PageFacts` (the event now: round, tables with names and results,
standings with their breakdown, pods) and for the clock document, and turns
them into HTML and JSON. Only what is public in the room goes in: names,
tables, results, standings and seats. Deck lists and e-mail addresses are
never read here, so no page can show them; of the journal only the newest
entry's id is read (`revision`), to tell whether anything changed.

The tables are `core.views.round_view`'s and their words `core.views.wording`'s, the
same the screen, the paper and the command line show.

The JSON documents are those of the command line (shared/spec/cli.md):
`standings --json` comes from the same core builder, `clock status --json`
from `ClockStatus.as_dict`, and `/api/pairings.json` is built here.

Writes nothing. Must not import Qt or SQL (storage is reached through services).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from typing import Any

from organizer.core.clock import round_clock as rc
from organizer.core.event import EventData
from organizer.core.formats import round_length
from organizer.core.formats.catalog import format_or_unknown
from organizer.core.interchange_output import standings_document
from organizer.core.pairing.standings import StandingRow, compute_standings
from organizer.core.season.leaderboard import LeaderRow
from organizer.core.seating.pods import Pod
from organizer.core.views.round_view import (
    RoundProgress,
    Seat,
    TableView,
    round_progress,
    round_view,
)
from organizer.core.views.standings_lines import standings_round
from organizer.services.clock import clock
from organizer.services.event.events import get_event
from organizer.services.event.interchange import load_event
from organizer.services.kit.errors import RefusedError
from organizer.services.players import seasons
from organizer.services.rounds.standings import tiebreaker_order
from organizer.storage import seating_repo
from organizer.storage.database import Database


@dataclass(frozen=True, slots=True)
class PageFacts:
    """The public picture of one event at one moment."""

    event_id: int
    event_name: str
    format_title: str
    round: int | None
    stage: str
    tables: tuple[TableView, ...]
    """The latest round's tables (`core.views.round_view`: as on paper and the screen)."""
    standings: tuple[StandingRow, ...]
    """The swiss standings after the last swiss round whose results are all in
    (`standings_round`): a round being played does not move anyone yet."""
    pods: tuple[Pod, ...]
    """The latest draft's pods as stored (`core.seating.pods`: seats hold player ids)."""
    draft: int | None
    standings_round: int | None = None
    """The swiss round the standings are after (None: no swiss round complete yet)."""
    in_progress: RoundProgress | None = None
    """The latest round while results are still out, else None."""
    dropped: frozenset[str] = frozenset()
    """The ids of the players who dropped."""
    event: EventData | None = None
    """The whole event as read, for the JSON documents built from it on request."""
    tiebreakers: tuple[str, ...] = ()
    house_rule: str = ""
    """The round-length house rule in words ("" without one; docs/rules.md)."""
    season: SeasonBoard | None = None
    """The store's current season and its leaderboard (its own tab), None without one."""


@dataclass(frozen=True, slots=True)
class SeasonBoard:
    name: str
    rows: tuple[LeaderRow, ...]


def season_board(db: Database) -> SeasonBoard | None:
    """The current season's leaderboard as `season standings` gives it (issue 32)."""
    current = seasons.current_season(db)
    if current is None:
        return None
    return SeasonBoard(current.name, seasons.standings(db, season_id=current.id))


def _format_title(format_id: str | None) -> str:
    return format_or_unknown(format_id).title or format_id or ""


def _pods(db: Database, event_id: int) -> tuple[int | None, tuple[Pod, ...]]:
    """The latest draft's number and pods (as `pods.view`, without loading the event again)."""
    with db.reading() as s:
        stored = seating_repo.latest_seating(s, event_id=event_id)
    if stored is None:
        return None, ()
    return stored.draft, stored.seating.pods


def page_facts(db: Database, *, event_id: int) -> PageFacts:
    """Everything the pages show except the clock, read in one go.

    The standings are those after the last complete swiss round: while round N is
    played they are the standings after round N-1 and `in_progress` says how many of
    round N's results are in (a player 9-0 after one early result is not first yet).
    """
    record = get_event(db, event_id)
    event = load_event(db, event_id=event_id)
    last = event.rounds[-1] if event.rounds else None
    draft, seated = _pods(db, event_id)
    after = standings_round(event)
    order = tiebreaker_order(event.format_id, record.settings)
    table = compute_standings(event, tiebreakers=order, through_round=after) if after else ()
    return PageFacts(
        event_id=event_id,
        event_name=record.name,
        format_title=_format_title(record.format_id),
        round=last.number if last else None,
        stage=last.stage if last else "swiss",
        tables=round_view(event, last.number).tables if last else (),
        standings=table,
        pods=seated,
        draft=draft,
        standings_round=after,
        in_progress=round_progress(last) if last is not None and not last.complete else None,
        dropped=frozenset(p.id for p in event.players if p.dropped_after_round is not None),
        event=event,
        tiebreakers=tuple(order),
        house_rule=round_length.house_rule_text(
            format_or_unknown(record.format_id), record.settings.house_round_minutes
        ),
        season=season_board(db),
    )


WAITING: dict[str, Any] = {
    "round": None,
    "state": "waiting",
    "phase": None,
    "remaining_s": None,
    "tables_open": [],
    "extensions": {},
}
"""The clock document before round 1 is paired (there is no clock yet)."""


def clock_status(db: Database, *, event_id: int) -> clock.ClockStatus | None:
    """The stored clock of the latest round (None before round 1 is paired)."""
    try:
        return clock.status(db, event_id=event_id)
    except RefusedError:
        return None


def clock_document(status: clock.ClockStatus | None, now: dt.datetime) -> dict[str, Any]:
    """`clock status --json` at `now`, from stored facts read earlier (no database read)."""
    if status is None:
        return dict(WAITING)
    view = rc.clock_view(status.facts, now, open_tables=status.tables_open)
    return replace(status, view=view).as_dict()


def _player(p: Seat) -> dict[str, str]:
    return {"id": p.id, "name": p.name}


def pairings_document(facts: PageFacts) -> dict[str, Any]:
    """`/api/pairings.json` (shared/spec/cli.md, `organizer serve`)."""
    pairings: list[dict[str, Any]] = []
    for t in facts.tables:
        if len(t.seats) > 2:
            entry: dict[str, Any] = {"table": t.table, "seats": [_player(p) for p in t.seats]}
        else:
            entry = {
                "table": t.table,
                "a": _player(t.seats[0]),
                "b": _player(t.seats[1]) if len(t.seats) > 1 else None,
            }
        entry["result"] = t.reported_text()
        pairings.append(entry)
    return {"round": facts.round, "pairings": pairings}


def standings_json(facts: PageFacts) -> dict[str, Any]:
    """`/api/standings.json`: the same document as `standings --json` (every result so far)."""
    if facts.event is None or not facts.event.rounds:
        return standings_document(())
    return standings_document(compute_standings(facts.event, tiebreakers=facts.tiebreakers))
