"""Publishing a finished event's results as a static site (`organizer publish -o FOLDER`).

Gathers what the site shows from the same views the players' page and the printouts read
(`core.views`), with names as the `publish_names` setting says and deck lists only as
`publish_decklists` allows, and writes the folder whole or not at all
(`core.whole_file.write_folder_whole`). Refused before the event is over
(`core.event_end`), and into a folder that holds anything but an earlier publish, so a
TO who picks the wrong folder loses nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from organizer.core.decklist import Part, parse_deck
from organizer.core.event import EventData, PlayerId
from organizer.core.formats.catalog import format_or_unknown
from organizer.core.interchange_output import standings_document
from organizer.core.season.leaderboard import LeaderRow
from organizer.core.views.round_view import round_view
from organizer.core.views.standings_lines import final_lines
from organizer.core.views.wording import first_initial
from organizer.core.whole_file import write_folder_whole
from organizer.publishing.site import MARKER, DeckList, SiteView, build_site
from organizer.services.decks import decks
from organizer.services.event.events import get_event
from organizer.services.event.finish import still_played
from organizer.services.event.interchange import load_event
from organizer.services.kit.errors import RefusedError
from organizer.services.players import seasons
from organizer.services.rounds.standings import final_rows, standings_of
from organizer.storage.database import Database

TOP = 8
"""How many deck lists `publish_decklists = top8` publishes."""


def _published_names(event: EventData, style: str) -> EventData:
    if style != "first-initial":
        return event
    players = tuple(replace(p, name=first_initial(p.name)) for p in event.players)
    return replace(event, players=players)


def _deck_lists(
    db: Database,
    event_id: int,
    places: Mapping[PlayerId, str],
    names: Mapping[PlayerId, str],
    limit: int | None,
) -> tuple[DeckList, ...]:
    chosen = list(places)[:limit] if limit else list(places)
    found: list[DeckList] = []
    statuses = {s.code: s for s in decks.deck_statuses(db, event_id=event_id)}
    for code in chosen:
        status = statuses.get(code)
        if status is None:
            continue
        text = decks.deck_text(db, registration_id=status.registration_id)
        if text is None:
            continue
        parsed = parse_deck(text)
        lines = tuple(
            f"{e.count} {e.display_name}" + ("" if e.part is Part.DECK else f" ({e.part.value})")
            for e in parsed.entries
        )
        found.append(DeckList(places[code], names[code], lines))
    return tuple(found)


def site_view(
    db: Database,
    *,
    event_id: int,
    season: str = "",
    season_lines: tuple[LeaderRow, ...] = (),
) -> SiteView:
    """What the site shows; RefusedError while the event is still being played."""
    record = get_event(db, event_id)
    stored = load_event(db, event_id=event_id)
    playing = still_played(record, stored)
    if playing is not None:
        raise RefusedError(f"results are published when the event is over: {playing}")
    settings = record.settings
    event = _published_names(stored, settings.publish_names)
    final = final_lines(event, final_rows(db, event_id=event_id, event=event, settings=settings))
    rounds = tuple(round_view(event, r.number) for r in event.rounds)
    names = {p.id: p.name for p in event.players}
    places = {line.player: line.rank for line in final}
    limit = {"none": 0, "top8": TOP, "all": None}[settings.publish_decklists]
    deck_lists = () if limit == 0 else _deck_lists(db, event_id, places, names, limit)
    return SiteView(
        event=event.name,
        date=event.date.isoformat() if event.date else "",
        format_name=format_or_unknown(record.format_id).title,
        final=final,
        rounds=rounds,
        round_stages={r.number: r.stage for r in event.rounds},
        standings_rows=tuple(standings_document(standings_of(event, settings))["standings"]),
        decks=deck_lists,
        season=season,
        season_lines=season_lines,
    )


def season_of(db: Database, *, event_id: int, season_id: int | None) -> tuple[str, int] | None:
    """The season whose leaderboard the site shows: `season_id`, else the newest season the
    event belongs to; None when it is in none. (name, id)."""
    if season_id is not None:
        return seasons.get_season(db, season_id).record.name, season_id
    holding = [
        r for r in seasons.list_seasons(db) if event_id in dict(seasons.get_season(db, r.id).events)
    ]
    newest = max(holding, key=lambda r: (r.date_from, r.id), default=None)
    return None if newest is None else (newest.name, newest.id)


def season_lines(db: Database, *, season_id: int, style: str) -> tuple[LeaderRow, ...]:
    """The leaderboard, names as the event's `publish_names` says."""
    shown = first_initial if style == "first-initial" else str
    return tuple(replace(r, name=shown(r.name)) for r in seasons.standings(db, season_id=season_id))


def publish(
    db: Database, *, event_id: int, folder: str | Path, season_id: int | None = None
) -> Path:
    """Write the site into `folder`, replacing an earlier publish there; the folder written.
    The season's leaderboard comes along when the event is in one (or `season_id` says)."""
    target = Path(folder)
    if target.exists():
        if not target.is_dir():
            raise RefusedError(f"{target} is a file, not a folder: nothing was written")
        if any(target.iterdir()) and not (target / MARKER).exists():
            raise RefusedError(
                f"{target} holds other files and no earlier publish: choose an empty or new "
                "folder (nothing was written)"
            )
    season = season_of(db, event_id=event_id, season_id=season_id)
    view = site_view(db, event_id=event_id)
    if season is not None:
        style = get_event(db, event_id).settings.publish_names
        lines = season_lines(db, season_id=season[1], style=style)
        view = replace(view, season=season[0], season_lines=lines)
    return write_folder_whole(target, build_site(view))
