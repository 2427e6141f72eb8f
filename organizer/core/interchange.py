"""The event interchange JSON (`organizer-event/1`, shared/spec/event-json.md).

Reads a document into `EventData`, reporting every problem with the line it
stands on (values outside the bounds of organizer/core/input_bounds.py, a round
number, a table or a player twice in one round included), and writes
`EventData` back so that export -> import -> export gives the same document.
Pure Python; no file access (callers pass text).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from organizer.core.event import EventData, Match, Player, PlayerId, Points, Round
from organizer.core.input_bounds import (
    BEST_OF,
    BYES,
    DROPPED_AFTER,
    GAMES,
    MISSED_ROUNDS,
    POINTS,
    ROUND,
    SEED,
    TABLE,
    Bound,
    LineProblem,
    describe_number,
    quote,
    summarized,
    text_problem,
)
from organizer.core.json_lines import (
    JsonSyntaxError,
    LineDict,
    OversizeNumber,
    loads_quickly,
    loads_with_lines,
)
from organizer.core.json_text import pretty

SCHEMA = "organizer-event/1"
MAX_PLAYERS = 20_000
"""Players in one event: the app is built for 4,000; far more is not a real event."""


Problem = LineProblem
"""A problem at one line of the file (`line N: message`)."""


class InterchangeError(ValueError):
    """The document could not be read; `problems` lists every one found."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def naming(self, source: str) -> str:
        """One line per problem, "FILE, line N: problem", the first 50 and a count of the rest:
        the same text on the command line and in the app."""
        return "\n".join(summarized([f"{source}, {p}" for p in self.problems]))


class _Reader:
    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def fail(self, obj: Any, message: str) -> None:
        self.problems.append(Problem(getattr(obj, "line", 1), message))

    def int_field(
        self, obj: LineDict, key: str, *, default: int | None, bound: Bound
    ) -> int | None:
        value = obj.get(key, default)
        if value is None:
            return None
        if isinstance(value, OversizeNumber):
            self.fail(obj, f"{key!r} must be from {bound.low} to {bound.high:,}, not {value}")
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(obj, f"{key!r} must be a whole number, not {_show(value)}")
            return default
        if not bound.low <= value <= bound.high:
            shown = describe_number(value)
            self.fail(obj, f"{key!r} must be from {bound.low} to {bound.high:,}, not {shown}")
            return default
        return value

    def str_field(self, obj: LineDict, key: str, *, required: bool) -> str | None:
        value = obj.get(key)
        if value is None:
            if required:
                self.fail(obj, f"{key!r} is missing")
            return None
        if not isinstance(value, str) or (required and not value.strip()):
            self.fail(obj, f"{key!r} must be a non-empty text, not {_show(value)}")
            return None
        problem = text_problem(repr(key), value)
        if problem is not None:
            self.fail(obj, problem)
            return None
        return value


def _show(value: Any) -> str:
    """A value as a message quotes it: short, whatever its size."""
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, OversizeNumber):
        return str(value)
    if isinstance(value, list | dict):
        return f"a {'list' if isinstance(value, list) else 'object'}"
    return quote(repr(value))


def parse_event(text: str) -> EventData:
    """Read an interchange document; raise `InterchangeError` naming every bad line.

    Read first from the quick decode; a document with any problem is decoded again,
    noting lines, so that each problem names its line (organizer/core/json_lines.py)."""
    quick = loads_quickly(text)
    if quick is not None:
        try:
            return _read_document(quick)
        except InterchangeError:
            pass
    try:
        doc = loads_with_lines(text)
    except JsonSyntaxError as exc:
        raise InterchangeError([Problem(exc.line, f"not valid JSON: {exc.problem}")]) from None
    return _read_document(doc)


def _read_document(doc: Any) -> EventData:
    reader = _Reader()
    if not isinstance(doc, LineDict):
        raise InterchangeError([Problem(1, "the document must be a JSON object")])
    schema = doc.get("schema", SCHEMA)
    if schema != SCHEMA:
        reader.fail(doc, f"schema is {_show(schema)}; this version reads {SCHEMA!r}")
    name = reader.str_field(doc, "name", required=False) or "Unnamed event"
    date = _read_date(reader, doc)
    format_id = reader.str_field(doc, "format", required=False)
    best_of = reader.int_field(doc, "best_of", default=1, bound=BEST_OF) or 1
    points = _read_points(reader, doc)
    players = _read_players(reader, doc)
    known: set[str] = {str(p.id) for p in players}
    rounds = _read_rounds(reader, doc, known)
    if reader.problems:
        raise InterchangeError(reader.problems)
    return EventData(
        name=name,
        date=date,
        format_id=format_id,
        best_of=best_of,
        points=points,
        players=tuple(players),
        rounds=tuple(rounds),
    )


def _read_date(reader: _Reader, doc: LineDict) -> dt.date | None:
    raw = doc.get("date")
    if raw is None:
        return None
    try:
        if not isinstance(raw, str) or len(raw) > 32:
            raise ValueError(raw)
        return dt.date.fromisoformat(raw)
    except ValueError:
        reader.fail(doc, f"date {_show(raw)} is not a date like 2026-11-20")
        return None


def _read_points(reader: _Reader, doc: LineDict) -> Points:
    raw = doc.get("points")
    if raw is None:
        return Points()
    if not isinstance(raw, LineDict):
        reader.fail(doc, '\'points\' must be an object like {"win": 3, "draw": 1, "loss": 0}')
        return Points()
    standard = Points()
    return Points(
        win=reader.int_field(raw, "win", default=standard.win, bound=POINTS) or 0,
        draw=reader.int_field(raw, "draw", default=standard.draw, bound=POINTS) or 0,
        loss=reader.int_field(raw, "loss", default=standard.loss, bound=POINTS) or 0,
    )


def _read_id(reader: _Reader, entry: LineDict) -> str | None:
    pid = entry.get("id")
    if isinstance(pid, int) and not isinstance(pid, bool):
        pid = str(pid)
    if not isinstance(pid, str) or not pid:
        reader.fail(entry, f"player id must be a non-empty text, not {_show(pid)}")
        return None
    problem = text_problem("the player id", pid)
    if problem is not None:
        reader.fail(entry, problem)
        return None
    return pid


def _read_players(reader: _Reader, doc: LineDict) -> list[Player]:
    raw = doc.get("players", [])
    if not isinstance(raw, list):
        reader.fail(doc, "'players' must be a list")
        return []
    if len(raw) > MAX_PLAYERS:
        reader.fail(doc, f"{len(raw):,} players; an event has at most {MAX_PLAYERS:,}")
        return []
    players: list[Player] = []
    seen: set[str] = set()
    fixed_for: dict[int, str] = {}
    for entry in raw:
        if not isinstance(entry, LineDict):
            reader.fail(doc, f"a player must be an object, not {_show(entry)}")
            continue
        pid = _read_id(reader, entry)
        if pid is None:
            continue
        if pid in seen:
            reader.fail(entry, f"player id {quote(pid)} is used twice")
            continue
        seen.add(pid)
        name = reader.str_field(entry, "name", required=True) or pid
        players.append(
            Player(
                id=PlayerId(pid),
                name=name,
                dropped_after_round=reader.int_field(
                    entry, "dropped_after_round", default=None, bound=DROPPED_AFTER
                ),
                awarded_byes=reader.int_field(entry, "awarded_byes", default=0, bound=BYES) or 0,
                email=reader.str_field(entry, "email", required=False),
                missed_round_losses=reader.int_field(
                    entry, "missed_round_losses", default=0, bound=MISSED_ROUNDS
                )
                or 0,
                fixed_table=reader.int_field(entry, "fixed_table", default=None, bound=TABLE),
            )
        )
        _check_fixed(reader, entry, players[-1], fixed_for)
    return players


def _check_fixed(
    reader: _Reader, entry: LineDict, player: Player, fixed_for: dict[int, str]
) -> None:
    """A table is fixed for one player still in the event at a time (docs/rules.md)."""
    table = player.fixed_table
    if table is None or player.dropped_after_round is not None:
        return
    if table in fixed_for:
        reader.fail(entry, f"'fixed_table' {table} is taken by player {quote(fixed_for[table])}")
    fixed_for.setdefault(table, player.id)


def _read_rounds(reader: _Reader, doc: LineDict, known: set[str]) -> list[Round]:
    raw = doc.get("rounds", [])
    if not isinstance(raw, list):
        reader.fail(doc, "'rounds' must be a list")
        return []
    if len(raw) > ROUND.high:
        reader.fail(doc, f"{len(raw):,} rounds; an event has at most {ROUND.high:,}")
        return []
    rounds: list[Round] = []
    numbers: dict[int, int] = {}
    for index, entry in enumerate(raw, start=1):
        if not isinstance(entry, LineDict):
            reader.fail(doc, f"round {index} must be an object")
            continue
        number = reader.int_field(entry, "number", default=index, bound=ROUND) or index
        if number in numbers:
            reader.fail(entry, f"round {number} is listed twice (also on line {numbers[number]})")
            continue
        numbers[number] = entry.line
        stage = entry.get("stage", "swiss")
        if stage not in ("swiss", "elimination"):
            reader.fail(entry, f"stage must be 'swiss' or 'elimination', not {_show(stage)}")
            stage = "swiss"
        seed = reader.int_field(entry, "seed", default=None, bound=SEED)
        matches_raw = entry.get("matches", [])
        if not isinstance(matches_raw, list):
            reader.fail(entry, f"round {number}: 'matches' must be a list")
            continue
        read = [(raw_m, _read_match(reader, number, raw_m, known, entry)) for raw_m in matches_raw]
        matches = [m for _, m in read if m]
        _check_each_once(reader, entry, number, [(r, m) for r, m in read if m])
        rounds.append(Round(number=number, matches=tuple(matches), stage=stage, seed=seed))
    return rounds


def _player_ref(
    reader: _Reader, obj: LineDict, value: Any, known: set[str], rnd: int
) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str) or value not in known:
        reader.fail(obj, f"round {rnd}: player {_show(value)} is not in the players list")
        return None
    return value


def _player_refs(
    reader: _Reader, obj: LineDict, values: list[Any], known: set[str], rnd: int
) -> tuple[PlayerId, ...] | None:
    """Every one of `values` as a known player, or None when any is not (each one said)."""
    refs = [_player_ref(reader, obj, value, known, rnd) for value in values]
    if any(ref is None for ref in refs):
        return None
    return tuple(PlayerId(ref) for ref in refs if ref is not None)


def _read_match(
    reader: _Reader, rnd: int, obj: Any, known: set[str], parent: LineDict
) -> Match | None:
    if not isinstance(obj, LineDict):
        reader.fail(parent, f"round {rnd}: a match must be an object, not {_show(obj)}")
        return None
    table = reader.int_field(obj, "table", default=None, bound=TABLE)
    if "seats" in obj:
        seats_raw = obj["seats"]
        if not isinstance(seats_raw, list) or not 1 <= len(seats_raw) <= 5:
            reader.fail(obj, f"round {rnd}: 'seats' must list 1 to 5 players")
            return None
        players = _player_refs(reader, obj, seats_raw, known, rnd)
        if players is None:
            return None
        if "winner" not in obj:
            return Match(table=table, players=players)
        winner = obj["winner"]
        if winner is None:
            drawn_raw = obj.get("drawn", list(players))
            if not isinstance(drawn_raw, list):
                reader.fail(obj, f"round {rnd}: 'drawn' must list players seated at the table")
                return None
            drawn = _player_refs(reader, obj, drawn_raw, known, rnd)
            if drawn is None:
                return None
            if not drawn or not set(drawn) <= set(players):
                reader.fail(obj, f"round {rnd}: 'drawn' must name players seated at the table")
                return None
            return Match(
                table=table,
                players=players,
                wins=(0,) * len(players),
                draws=1,
                drawn=drawn,
            )
        win_id = _player_ref(reader, obj, winner, known, rnd)
        if win_id is None:
            return None
        if win_id not in players:
            reader.fail(obj, f"round {rnd}: winner {quote(win_id)} is not seated at this table")
            return None
        wins = tuple(1 if p == win_id else 0 for p in players)
        return Match(table=table, players=players, wins=wins, winner=PlayerId(win_id))
    a = _player_ref(reader, obj, obj.get("a"), known, rnd)
    if a is None:
        return None
    if obj.get("b") is None:
        return Match(table=table, players=(PlayerId(a),))
    b = _player_ref(reader, obj, obj.get("b"), known, rnd)
    if b is None:
        return None
    if a == b:
        reader.fail(obj, f"round {rnd}: player {quote(a)} cannot play against themselves")
        return None
    keys = ("a_wins", "b_wins", "draws")
    if not any(k in obj for k in keys):
        return Match(table=table, players=(PlayerId(a), PlayerId(b)))
    a_wins = reader.int_field(obj, "a_wins", default=0, bound=GAMES) or 0
    b_wins = reader.int_field(obj, "b_wins", default=0, bound=GAMES) or 0
    draws = reader.int_field(obj, "draws", default=0, bound=GAMES) or 0
    return Match(
        table=table, players=(PlayerId(a), PlayerId(b)), wins=(a_wins, b_wins), draws=draws
    )


def _check_each_once(
    reader: _Reader, obj: LineDict, rnd: int, matches: list[tuple[LineDict, Match]]
) -> None:
    """No table twice in a round, no player twice in a round (event-json.md)."""
    seats: dict[str, int] = {}
    tables: dict[int, int] = {}
    for raw, m in matches:
        line = getattr(raw, "line", obj.line)
        if m.table is not None:
            if m.table in tables:
                reader.fail(
                    raw,
                    f"round {rnd}: table {m.table} is listed twice "
                    f"(also on line {tables[m.table]})",
                )
            tables.setdefault(m.table, line)
        for p in m.players:
            if p in seats:
                reader.fail(
                    raw, f"round {rnd}: player {quote(p)} is seated twice (also on line {seats[p]})"
                )
            seats.setdefault(p, line)


def event_to_dict(event: EventData) -> dict[str, Any]:
    """The interchange document for `event`, in a stable key order."""
    doc: dict[str, Any] = {"schema": SCHEMA, "name": event.name}
    if event.date is not None:
        doc["date"] = event.date.isoformat()
    if event.format_id is not None:
        doc["format"] = event.format_id
    doc["best_of"] = event.best_of
    doc["points"] = {"win": event.points.win, "draw": event.points.draw, "loss": event.points.loss}
    doc["players"] = [_player_to_dict(p) for p in event.players]
    doc["rounds"] = [_round_to_dict(r) for r in event.rounds]
    return doc


def _player_to_dict(p: Player) -> dict[str, Any]:
    out: dict[str, Any] = {"id": p.id, "name": p.name}
    if p.email:
        out["email"] = p.email
    if p.dropped_after_round is not None:
        out["dropped_after_round"] = p.dropped_after_round
    if p.awarded_byes:
        out["awarded_byes"] = p.awarded_byes
    if p.missed_round_losses:
        out["missed_round_losses"] = p.missed_round_losses
    if p.fixed_table is not None:
        out["fixed_table"] = p.fixed_table
    return out


def _round_to_dict(r: Round) -> dict[str, Any]:
    out: dict[str, Any] = {"number": r.number}
    if r.stage != "swiss":
        out["stage"] = r.stage
    if r.seed is not None:
        out["seed"] = r.seed
    out["matches"] = [match_to_dict(m) for m in r.matches]
    return out


def match_to_dict(m: Match) -> dict[str, Any]:
    if m.is_multiplayer:
        out: dict[str, Any] = {"table": m.table, "seats": list(m.players)}
        if m.wins is not None:
            out["winner"] = m.winner
            if m.winner is None and m.drawn and set(m.drawn) != set(m.players):
                out["drawn"] = list(m.drawn)
        return out
    out = {"table": m.table, "a": m.players[0], "b": m.players[1] if len(m.players) > 1 else None}
    if m.wins is not None and not m.is_bye:
        out.update(a_wins=m.wins[0], b_wins=m.wins[1], draws=m.draws)
    return out


def dumps_event(event: EventData) -> str:
    return pretty(event_to_dict(event)) + "\n"
