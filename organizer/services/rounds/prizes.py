"""Prizes: the event's prize table set as the TO types it, and who gets what at the end.

The table is four settings of the event (`prizes`, `prize_by`, `prize_participation`,
`prize_split`), set here together so that the lines are checked against how they are read
(by record or by placing) before anything is written. The award is read off the final
standings (the top cut included) once the event is over (`core.event_end`), so the command
line, the printed prize sheet and the published results agree.
"""

from __future__ import annotations

from dataclasses import dataclass

from organizer.core.event_settings import EventSettings
from organizer.core.prizes import (
    Award,
    PrizeBy,
    PrizeSplit,
    PrizeTable,
    PrizeTableError,
    award_prizes,
    parse_prize_table,
)
from organizer.core.setting_readers import shown
from organizer.printing.prize_sheet import PrizeLine as PrizeSheetLine
from organizer.printing.prize_sheet import PrizeSheetView
from organizer.printing.views import heading
from organizer.services.event import settings
from organizer.services.event.events import get_event
from organizer.services.event.finish import still_played
from organizer.services.event.interchange import load_event
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import InputError, RefusedError
from organizer.services.rounds.standings import final_rows
from organizer.storage.database import Database


@dataclass(frozen=True, slots=True)
class PrizeList:
    """Who gets what, with the table it was read from (for the sheet's header)."""

    event: str
    table: PrizeTable
    awards: tuple[Award, ...]


def table_of(event_settings: EventSettings) -> PrizeTable:
    """The event's prize table as its settings hold it; InputError names a line that no
    longer reads (prize_by changed in the settings dialog after the lines were typed)."""
    try:
        return parse_prize_table(
            event_settings.prizes,
            by=event_settings.prize_by,
            participation=event_settings.prize_participation,
            split=event_settings.prize_split,
        )
    except PrizeTableError as exc:
        raise InputError(str(exc)) from exc


def set_table(
    db: Database,
    *,
    event_id: int,
    lines: list[str],
    by: PrizeBy | None = None,
    participation: str | None = None,
    split: PrizeSplit | None = None,
) -> Done[PrizeTable]:
    """Check the lines as a table (`by` None: guessed from them), then store it in one write.

    A participation prize or split left out keeps the one set before."""
    old = get_event(db, event_id).settings
    try:
        table = parse_prize_table(
            [" ".join(line.split()) for line in lines if line.strip()],
            by=by,
            participation=old.prize_participation if participation is None else participation,
            split=split or old.prize_split,
        )
    except PrizeTableError as exc:
        raise InputError(str(exc)) from exc
    values = {
        "prizes": shown(tuple(f"{line.key}:{line.prize}" for line in table.lines), "; "),
        "prize_by": table.by,
        "prize_participation": table.participation,
        "prize_split": table.split,
    }
    done = settings.set_settings(db, event_id=event_id, values=values)
    return Done(table, done.changes, done.warnings)


def prize_list(db: Database, *, event_id: int) -> PrizeList:
    """Who gets what; RefusedError while the event is still being played, or with no table."""
    record = get_event(db, event_id)
    table = table_of(record.settings)
    if not table.lines and not table.participation:
        raise RefusedError(
            "no prize table yet: set it in the event's settings (prizes) or with "
            '`organizer prizes set "3-0:4 packs" "2-1:2 packs"`'
        )
    event = load_event(db, event_id=event_id)
    playing = still_played(record, event)
    if playing is not None:
        raise RefusedError(f"prizes are given when the event is over: {playing}")
    final = final_rows(db, event_id=event_id, event=event, settings=record.settings)
    awards = award_prizes(table, final)
    return PrizeList(record.name, table, awards)


def terms(table: PrizeTable) -> str:
    """The table in a sentence, for the foot of the prize sheet."""
    parts = ["By record" if table.by == "record" else "By placing"]
    if table.participation:
        parts.append(f"participation: {table.participation}")
    parts.append(
        "level players share their places' prizes equally"
        if table.split == "equal"
        else "level players are placed by the tiebreakers"
    )
    return "; ".join(parts) + "."


def sheet_view(db: Database, *, event_id: int) -> PrizeSheetView:
    """The printed prize sheet's view (`organizer print prizes`)."""
    listed = prize_list(db, event_id=event_id)
    event = load_event(db, event_id=event_id)
    lines = tuple(
        PrizeSheetLine(a.place_label, f"{a.name} ({a.player})", a.record_text, a.prize)
        for a in listed.awards
    )
    return PrizeSheetView(heading(event), lines, terms(listed.table))
