"""Reading a players CSV for registration (shared/spec/cli.md, last paragraph).

A header row with at least `name`; `id`, `email` and `awarded_byes` are
optional. Every bad row is reported with its line number and the good rows are
kept: a TO importing 300 players fixes the 3 broken ones afterwards instead of
retyping the file. Values are checked against organizer/core/input_bounds.py
(awarded_byes 0 to 99, a name at most 1,000 characters, rows at most 4,000
characters) before they are used. Spaces, tabs and line breaks inside a name
become one space (NAME_SPACING says so to the TO). Pure Python: the caller
passes the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from organizer.core.input_bounds import (
    BYES,
    LineProblem,
    open_csv,
    quote,
    read_whole,
    text_problem,
)
from organizer.core.names import fold

KNOWN_COLUMNS = ("name", "id", "email", "awarded_byes")
NAME_SPACING = (
    "Spaces, tabs and line breaks at either end of a name are removed, "
    "and any run of them inside a name becomes one space."
)
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


@dataclass(frozen=True, slots=True)
class PlayerRow:
    line: int
    name: str
    player_id: str | None = None
    email: str | None = None
    awarded_byes: int = 0


RowProblem = LineProblem
"""A problem at one line of the file (`line N: message`)."""


@dataclass(frozen=True, slots=True)
class PlayersCsv:
    rows: tuple[PlayerRow, ...]
    problems: tuple[RowProblem, ...]


class PlayersCsvError(ValueError):
    """The file as a whole cannot be read (no header, no `name` column)."""


def parse_players_csv(text: str) -> PlayersCsv:
    table = open_csv(text, PlayersCsvError, "a header row with 'name'")
    header = table.header
    columns = [h.strip().lower() for h in header]
    if "name" not in columns:
        raise PlayersCsvError(
            f"line 1: the header {quote(','.join(header))} has no 'name' column "
            f"(columns read: {', '.join(KNOWN_COLUMNS)})"
        )
    rows: list[PlayerRow] = []
    problems: list[RowProblem] = []
    ids_seen: dict[str, int] = {}
    for line, values in table.rows("a players CSV", problems):
        row, problem = _read_row(line, columns, values, ids_seen)
        if problem is not None:
            problems.append(problem)
        elif row is not None:
            rows.append(row)
    return PlayersCsv(tuple(rows), tuple(problems))


def _read_row(
    line: int, columns: list[str], values: list[str], ids_seen: dict[str, int]
) -> tuple[PlayerRow | None, RowProblem | None]:
    if len(values) > len(columns):
        return None, RowProblem(
            line, f"{len(values)} values but the header has {len(columns)} columns"
        )
    cell = {c: (values[i].strip() if i < len(values) else "") for i, c in enumerate(columns)}
    for what, value in cell.items():
        problem = text_problem(f"the {what}", value)
        if problem is not None:
            return None, RowProblem(line, problem)
    name = " ".join(cell.get("name", "").split())
    if not name:
        return None, RowProblem(line, "the name is empty")
    player_id = cell.get("id") or None
    if player_id is not None:
        if player_id in ids_seen:
            return None, RowProblem(
                line, f"id {quote(player_id)} is already used on line {ids_seen[player_id]}"
            )
        ids_seen[player_id] = line
    email = cell.get("email") or None
    if email is not None and not _EMAIL.match(email):
        return None, RowProblem(line, f"{quote(email)} is not an e-mail address")
    byes = read_whole(cell.get("awarded_byes") or "0", BYES)
    if isinstance(byes, str):
        return None, RowProblem(line, byes)
    return PlayerRow(line, name, player_id, email, byes), None


def duplicate_names(names: list[str]) -> dict[str, int]:
    """Names that occur more than once (as search folds them: case, accents, spacing and
    script aside, so "Łukasz" and "lukasz" are one name), with how often.

    Keyed by the first spelling seen, so a warning shows the name as typed.
    """
    counts: dict[str, int] = {}
    spelling: dict[str, str] = {}
    for n in names:
        key = fold(n)
        spelling.setdefault(key, " ".join(n.split()))
        counts[key] = counts.get(key, 0) + 1
    return {spelling[k]: v for k, v in counts.items() if v > 1}
