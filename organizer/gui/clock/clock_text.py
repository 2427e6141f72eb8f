"""How the round clock reads on screen: times, phases, alerts and tables still playing.

The Clock tab, the room display and the table-times model all show the same
`services.clock.ClockStatus`; this module is the one place that turns it into
words, so the judge's screen and the projector never disagree. Pure
formatting of what the service computed: nothing here decides the time.
Imports the clock's data types only; no Qt, no storage.
"""

from __future__ import annotations

from dataclasses import dataclass

from organizer.core.clock.round_clock import ClockView, TableTime, reasons_text
from organizer.core.views.times import short
from organizer.core.views.wording import plural
from organizer.services.clock.clock import ClockStatus

PHASES = {
    "not_started": "Not started",
    "playing": "Playing",
    "time_called": "Time called",
    "sudden_death": "Sudden death",
    "games_end": "Time: Conquest games end",
    "finished": "Finished",
}


def signed(seconds: int) -> str:
    """An added or removed duration: "+3:00", or "-5:00" with a true minus sign."""
    return ("+" if seconds >= 0 else "\u2212") + short(abs(seconds))


def phase_text(view: ClockView) -> str:
    """ "Sideboarding: 4:12 left", "Playing", "Extra turns: 5", "Paused · Playing" …"""
    if view.phase == "sideboarding":
        text = f"Sideboarding: {short(view.sideboarding_remaining_s)} left"
    elif view.phase == "extra_turns":
        text = f"Extra turns: {view.extra_turns}"
    else:
        text = PHASES.get(view.phase, view.phase.replace("_", " ").capitalize())
    return f"Paused · {text}" if view.state == "paused" else text


def at_time(status: ClockStatus) -> bool:
    """Whether the room's time is up (the round's own time, extensions aside)."""
    return status.view.state != "not_started" and status.view.remaining_s == 0


def still_playing(status: ClockStatus) -> tuple[TableTime, ...]:
    """At time, the tables without a result, with their own time; before time, none."""
    if not at_time(status):
        return ()
    return tuple(status.view.table(t) for t in status.tables_open)


def table_note(t: TableTime) -> str:
    """A table still playing, for the room: "7 (+3:00, 1:12 left)" or "12"."""
    if t.extension_s == 0:
        return str(t.table)
    left = f", {short(t.remaining_s)} left" if t.remaining_s > 0 else ""
    return f"{t.table} ({signed(t.extension_s)}{left})"


def length_text(status: ClockStatus) -> str:
    """ "Round of 60:00, +5:00 added to the room" (added time shown only if any)."""
    facts = status.facts
    text = f"Round of {short(facts.length_s)}"
    added = sum(facts.additions_s)
    if added:
        text += f", {signed(added)} for the whole room"
    if status.house_rule:  # "House rule: 50-minute rounds (Warcaste 1d: 1 hour)"
        text += f"  ·  {status.house_rule}"
    return text


def alert_text(mark_s: int, status: ClockStatus) -> str:
    """What a crossed alert mark says, on the banner and in the status bar."""
    round_no = status.round
    if mark_s > 0:
        minutes, rest = divmod(mark_s, 60)
        amount = plural(minutes, "minute") if not rest else short(mark_s)
        return f"{amount} left in round {round_no}"
    playing = len(status.tables_open)
    if not playing:
        return f"Time in round {round_no}: every table has its result"
    return f"Time in round {round_no}: {plural(playing, 'table')} still playing"


@dataclass(frozen=True, slots=True)
class TableRow:
    """One row of the Clock tab's tables list, as text-ready values."""

    table: int
    extension_s: int
    remaining_s: int
    overtime_s: int
    playing: bool
    status: str


def table_rows(status: ClockStatus) -> list[TableRow]:
    """Every extended table, and at time every table still playing, in table order."""
    open_tables = set(status.tables_open)
    shown = at_time(status)
    end = {"sudden_death": "Sudden death", "games_end": "Game ends"}.get(
        status.facts.end_of_round, "Extra turns"
    )
    rows = []
    for t in status.view.tables:
        playing = t.table in open_tables
        if t.extension_s == 0 and not (shown and playing):
            continue
        if not playing:
            word = "Result in"
        elif t.remaining_s > 0:
            word = "Playing (extension)" if shown else "Extended"
            if t.why:  # "Extended: deck check", "Playing (extension: deck check)"
                why = reasons_text(t.why)
                word = f"Playing (extension: {why})" if shown else f"Extended: {why}"
        elif status.view.state == "finished":
            word = "Round ended"
        else:
            word = end
        rows.append(TableRow(t.table, t.extension_s, t.remaining_s, t.overtime_s, playing, word))
    return rows
