"""The round clock: stored facts, pure transitions, and the view computed from them.

Implements Warcaste rulebook 1c (5 minutes of sideboarding inside the round) and
1d (one hour, then sudden death), Conquest's end at time ("games_end": the
rulebook writes sudden death for two players; decided in formats.md), and the
"extra turns" of other formats. The
clock is only facts; all it shows comes from `clock_view(facts, now)` (`now` a
timezone-aware datetime), so a restart shows the same second. Elapsed time is
rounded down to whole seconds, remaining time up: `remaining_s == total_s -
elapsed_s`, and time is called exactly when `remaining_s` reaches 0.
Must not import Qt, SQL libraries or any organizer layer above core.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal, cast, get_args

from organizer.core.formats.catalog import FormatInfo
from organizer.core.views.wording import plural

EndOfRound = Literal["sudden_death", "games_end", "extra_turns"]
ClockState = Literal["not_started", "running", "paused", "time", "finished"]
ClockPhase = (
    Literal["not_started", "sideboarding", "playing", "time_called", "finished"] | EndOfRound
)

DEFAULT_ALERTS_S: tuple[int, ...] = (600, 300, 0)  # 10 and 5 minutes left, and time

_SECOND = dt.timedelta(seconds=1)


class ClockError(ValueError):
    """A clock operation that is not possible now; the message says why."""


@dataclass(frozen=True, slots=True)
class ClockFacts:
    """Everything stored about one round's clock. Build with `facts_for_format`."""

    length_s: int
    sideboarding_s: int = 0
    end_of_round: EndOfRound = "extra_turns"
    extra_turns: int = 5
    alerts_s: tuple[int, ...] = DEFAULT_ALERTS_S
    started_at: dt.datetime | None = None
    pauses: tuple[tuple[dt.datetime, dt.datetime | None], ...] = ()
    """(start, end), end None while paused."""
    additions_s: tuple[int, ...] = ()
    extensions_s: tuple[tuple[int, int], ...] = ()  # (table, seconds > 0) in table order
    finished_at: dt.datetime | None = None
    extension_reasons: tuple[tuple[int, tuple[str, ...]], ...] = ()
    """(table, why) for extensions given with a reason ("deck check"), in table order:
    the clock says why a table plays on."""

    def __post_init__(self) -> None:
        _validate(self)

    @property
    def total_s(self) -> int:
        """The round's length with every room-wide addition."""
        return self.length_s + sum(self.additions_s)

    @property
    def paused(self) -> bool:
        return bool(self.pauses) and self.pauses[-1][1] is None


@dataclass(frozen=True, slots=True)
class TableTime:
    table: int
    extension_s: int
    remaining_s: int
    overtime_s: int
    why: tuple[str, ...] = ()
    """Why the table has an extension ("deck check"), each reason once, where given;
    joined only where shown (`reasons_text`)."""


@dataclass(frozen=True, slots=True)
class ClockView:
    """What the clock shows at one instant; computed, never stored."""

    state: ClockState
    phase: ClockPhase
    total_s: int
    elapsed_s: int
    remaining_s: int
    overtime_s: int
    sideboarding_remaining_s: int
    tables: tuple[TableTime, ...]
    """Every extended table and every open table, in table order."""
    alerts_crossed: tuple[int, ...]
    """Alert marks at or above `remaining_s` once started, largest first."""
    extra_turns: int

    def table(self, number: int) -> TableTime:
        found = [t for t in self.tables if t.table == number]
        return found[0] if found else TableTime(number, 0, self.remaining_s, self.overtime_s)


def facts_for_format(
    info: FormatInfo, *, round_minutes: int | None = None, alerts_s: Iterable[int] | None = None
) -> ClockFacts:
    """A clock not yet started for a round of `info` (or of `round_minutes`).

    The format's sideboarding time never outlasts the round: a 1-minute round (a
    test run, a demo) sideboards for that minute at most."""
    length_s = (info.round_minutes if round_minutes is None else round_minutes) * 60
    return ClockFacts(
        length_s=length_s,
        sideboarding_s=min(info.sideboarding_minutes * 60, max(length_s, 0)),
        end_of_round=cast(
            EndOfRound,
            info.end_of_round if info.end_of_round in get_args(EndOfRound) else "extra_turns",
        ),
        extra_turns=info.extra_turns,
        alerts_s=DEFAULT_ALERTS_S if alerts_s is None else tuple(alerts_s),
    )


def start(facts: ClockFacts, now: dt.datetime) -> ClockFacts:
    _require(facts, "start the clock", started=False)
    if facts.started_at is not None:
        raise ClockError("the clock has already started")
    return replace(facts, started_at=now)


def pause(facts: ClockFacts, now: dt.datetime) -> ClockFacts:
    _require(facts, "pause")
    if facts.paused:
        raise ClockError("the clock is already paused")
    return replace(facts, pauses=(*facts.pauses, (now, None)))


def resume(facts: ClockFacts, now: dt.datetime) -> ClockFacts:
    _require(facts, "resume")
    if not facts.paused:
        raise ClockError("the clock is not paused; nothing to resume")
    return replace(facts, pauses=(*facts.pauses[:-1], (facts.pauses[-1][0], now)))


def add_time(facts: ClockFacts, seconds: int) -> ClockFacts:
    """Adds `seconds` for the whole room (negative takes time away)."""
    _require(facts, "add time", started=False)
    if seconds == 0:
        raise ClockError("adding 0 seconds changes nothing")
    if facts.total_s + seconds < 0:
        raise ClockError(f"cannot take away {-seconds} s: the round has only {facts.total_s} s")
    return replace(facts, additions_s=(*facts.additions_s, seconds))


def extend_table(facts: ClockFacts, table: int, seconds: int, why: str = "") -> ClockFacts:
    """Adds `seconds` to one table's time (a judge's time extension); negative corrects it.

    `why` ("deck check") is kept with the table's extension, each reason once, while the
    table has extension time."""
    _require(facts, "extend a table", started=False)
    if table < 1:
        raise ClockError(f"there is no table {table}; tables are numbered from 1")
    if seconds == 0:
        raise ClockError("extending by 0 seconds changes nothing")
    extensions = dict(facts.extensions_s)
    had = extensions.get(table, 0)
    if had + seconds < 0:
        raise ClockError(f"table {table} has only {had} s of extension")
    extensions[table] = had + seconds
    reasons = dict(facts.extension_reasons)
    given = reasons.get(table, ())
    if why and why not in given:
        reasons[table] = (*given, why)
    return replace(
        facts,
        extensions_s=tuple(sorted((t, s) for t, s in extensions.items() if s)),
        extension_reasons=tuple(sorted((t, w) for t, w in reasons.items() if extensions.get(t))),
    )


def finish(facts: ClockFacts, now: dt.datetime) -> ClockFacts:
    """Ends the round: the view stays as it was at `now`."""
    _require(facts, "finish the round")
    return replace(facts, finished_at=now)


def clock_view(
    facts: ClockFacts, now: dt.datetime, *, open_tables: Collection[int] = ()
) -> ClockView:
    """The clock at `now`; `open_tables` are the tables whose match has no result yet.

    After time the phase is `end_of_round` ("sudden_death" or "extra_turns") while
    an open table is past its own time (extension included), else "time_called".
    """
    _aware(now)
    total = facts.total_s
    elapsed = _elapsed(facts, now) // _SECOND
    remaining = max(0, total - elapsed)
    ext, why = dict(facts.extensions_s), dict(facts.extension_reasons)
    ends = {t: total + ext.get(t, 0) for t in sorted(set(ext) | set(open_tables))}
    tables = tuple(
        TableTime(t, e - total, max(0, e - elapsed), max(0, elapsed - e), why.get(t, ()))
        for t, e in ends.items()
    )
    state: ClockState
    phase: ClockPhase
    if facts.started_at is None:
        state = phase = "not_started"
    elif facts.finished_at is not None:
        state = phase = "finished"
    else:
        state = "paused" if facts.paused else "running" if remaining > 0 else "time"
        if remaining > 0:
            phase = "sideboarding" if elapsed < facts.sideboarding_s else "playing"
        elif any(t.remaining_s == 0 for t in tables if t.table in open_tables):
            phase = facts.end_of_round
        else:
            phase = "time_called"
    marks = {m for m in facts.alerts_s if remaining <= m and facts.started_at is not None}
    return ClockView(
        state, phase, total, elapsed, remaining, max(0, elapsed - total),
        max(0, min(facts.sideboarding_s, total) - elapsed), tables,
        tuple(sorted(marks, reverse=True)), facts.extra_turns,
    )  # fmt: skip


def time_up_at(facts: ClockFacts, now: dt.datetime, table: int) -> bool:
    """Whether the round's time plus `table`'s own extension is over at `now`.

    A clock never started has not run out; a finished round has.
    """
    if facts.started_at is None:
        return False
    if facts.finished_at is not None:
        return True
    view = clock_view(facts, now, open_tables=(table,))
    return view.table(table).remaining_s == 0


def crossed_alerts(
    previous_s: int | None, current_s: int, marks_s: Iterable[int] = DEFAULT_ALERTS_S
) -> tuple[int, ...]:
    """Marks crossed from `previous_s` to `current_s` remaining seconds (`current_s <= m <
    previous_s`), largest first: a GUI polling the view beeps once per mark. No previous
    value (first tick after a restart) crosses nothing; added time can make a mark cross again.
    """
    if previous_s is None:
        return ()
    return tuple(sorted({m for m in marks_s if current_s <= m < previous_s}, reverse=True))


def facts_to_dict(facts: ClockFacts) -> dict[str, object]:
    """A JSON-able dict: times as UTC ISO 8601 text, extensions as {"7": 180}."""
    return {
        "version": 1, "length_s": facts.length_s, "sideboarding_s": facts.sideboarding_s,
        "end_of_round": facts.end_of_round, "extra_turns": facts.extra_turns,
        "alerts_s": list(facts.alerts_s), "started_at": _iso(facts.started_at),
        "pauses": [[_iso(start), _iso(end)] for start, end in facts.pauses],
        "additions_s": list(facts.additions_s),
        "extensions_s": {str(t): s for t, s in facts.extensions_s},
        "finished_at": _iso(facts.finished_at),
        "extension_reasons": {str(t): list(w) for t, w in facts.extension_reasons},
    }  # fmt: skip


def facts_from_dict(data: Mapping[str, object]) -> ClockFacts:
    """The facts `facts_to_dict` wrote; `ClockError` naming the problem otherwise."""
    d = cast(Mapping[str, Any], data)
    try:
        if d.get("version") != 1:
            raise ClockError(f"unknown version {d.get('version')!r}")
        return ClockFacts(
            d["length_s"], d["sideboarding_s"], d["end_of_round"], d["extra_turns"],
            tuple(d["alerts_s"]), _time(d["started_at"]),
            tuple((_time(s), _time(e)) for s, e in d["pauses"]),
            tuple(d["additions_s"]),
            tuple(sorted((int(t), s) for t, s in d["extensions_s"].items())),
            _time(d["finished_at"]),
            # absent from clocks stored before reasons were kept; one text before they were a list
            tuple(sorted((int(t), _reasons(w)) for t, w in d.get("extension_reasons", {}).items())),
        )  # fmt: skip
    except (AttributeError, KeyError, TypeError, ValueError) as e:  # ClockError is a ValueError
        raise ClockError(f"stored clock is unreadable: {type(e).__name__} {e}") from None


def _reasons(stored: object) -> tuple[str, ...]:
    """A table's stored reasons: a list, or (stored before) one ", "-joined text."""
    if isinstance(stored, str):
        return tuple(stored.split(", "))
    if not isinstance(stored, list) or not all(isinstance(w, str) for w in stored):
        raise ValueError(f"extension reasons must be a list of texts, not {stored!r}")
    return tuple(stored)


def reasons_text(why: tuple[str, ...]) -> str:
    """A table's reasons as the clock shows them: "deck check, judge call"."""
    return ", ".join(why)


def _elapsed(facts: ClockFacts, now: dt.datetime) -> dt.timedelta:
    zero = dt.timedelta()
    if facts.started_at is None:
        return zero
    end = facts.finished_at or now
    paused = sum((max(zero, min(e or end, end) - s) for s, e in facts.pauses), zero)
    return max(zero, end - facts.started_at - paused)


def _instants(facts: ClockFacts) -> list[dt.datetime]:
    points = [facts.started_at] + [t for pause in facts.pauses for t in pause]
    return [t for t in (*points, facts.finished_at) if t is not None]


def _require(facts: ClockFacts, doing: str, started: bool = True) -> None:
    if started and facts.started_at is None:
        raise ClockError(f"cannot {doing}: the clock has not started")
    if facts.finished_at is not None:
        raise ClockError(f"cannot {doing}: the round is finished")


def _minutes(seconds: int) -> str:
    """ "5 minutes", "1 minute", "90 seconds": a time as a TO says it."""
    if seconds % 60:
        return plural(seconds, "second")
    return plural(seconds // 60, "minute")


def _validate(f: ClockFacts) -> None:
    numbers = (f.length_s, f.sideboarding_s, f.extra_turns, *f.alerts_s, *f.additions_s)
    if not all(type(n) is int for n in (*numbers, *(n for e in f.extensions_s for n in e))):
        raise ClockError("times, marks, tables and turns must be whole numbers")
    if f.end_of_round not in get_args(EndOfRound):
        raise ClockError(f"unknown end of round {f.end_of_round!r}")
    if f.sideboarding_s > f.length_s:
        raise ClockError(
            f"the sideboarding time ({_minutes(f.sideboarding_s)}) is longer than the round"
            f" ({_minutes(f.length_s)}): make the round longer or the sideboarding shorter"
        )
    if f.sideboarding_s < 0 or f.total_s < 0:
        raise ClockError("a round cannot have less than no time left")
    if min(f.extra_turns, *f.alerts_s) < 0:
        raise ClockError("extra turns and alert marks cannot be negative")
    for t in _instants(f):
        _aware(t)
    missing = [s for s, _ in f.pauses] + [e for _, e in f.pauses[:-1]]
    if (
        (f.started_at is None and (f.pauses or f.finished_at))
        or None in missing
        or _instants(f) != sorted(_instants(f))
    ):
        raise ClockError(
            "start, pauses and finish must follow one another in time "
            "(an earlier time than the clock's last event: is the computer's clock right?)"
        )
    tables = [t for t, _ in f.extensions_s]
    if tables != sorted(set(tables)) or any(t < 1 or s <= 0 for t, s in f.extensions_s):
        raise ClockError("table extensions must be positive, once per table, in table order")
    if not {t for t, _ in f.extension_reasons} <= set(tables):
        raise ClockError("a reason for a table's extension needs that table's extension")


def _aware(t: dt.datetime) -> dt.datetime:
    if not isinstance(t, dt.datetime) or t.utcoffset() is None:
        raise ClockError(f"{t!r} is not a datetime with a time zone; pass one in UTC")
    return t


def _iso(t: dt.datetime | None) -> str | None:
    return None if t is None else t.astimezone(dt.UTC).isoformat()


def _time(value: str | None) -> Any:
    return None if value is None else _aware(dt.datetime.fromisoformat(value))
