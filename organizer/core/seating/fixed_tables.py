"""Fixed seats: a player who always sits at the same table (accessibility), the round's
other tables numbered around it.

A player in a wheelchair, or one who cannot walk the hall, keeps one table all day
(EventLink locks tables the same way). The pairing itself is not changed: who plays
whom is the pairer's; only the table numbers move. Decided here (issue 34):

- a table with a fixed player takes that player's number; two fixed players paired
  together sit at the lower of their two numbers (the other number stays free);
- every other table keeps the pairer's order (highest scores first) and takes the
  lowest number no fixed table uses, so numbering flows around the fixed ones;
- a fixed number beyond the round's table count stays as it is (table 40 in a round of
  12 tables: tables 1-12 but one, and 40);
- byes keep no table.

Pure Python: must not import Qt, SQL or any other organizer layer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from organizer.core.event import EventData, Match, PlayerId, Round
from organizer.core.pairing.history import PairingError


class FixedTableError(PairingError):
    """Two tables of a round would have to be one number: two players fixed there play
    different opponents."""


def fixed_of(event: EventData) -> dict[PlayerId, int]:
    """Each player's fixed table, for those who have one."""
    return {p.id: p.fixed_table for p in event.players if p.fixed_table is not None}


def with_fixed_tables(event: EventData, rnd: Round) -> Round:
    """`rnd`, a round of `event`, with each of its players' fixed tables (`fix_tables`)."""
    return fix_tables(rnd, fixed_of(event))


def fix_tables(rnd: Round, fixed: Mapping[PlayerId, int]) -> Round:
    """`rnd` with its tables renumbered so that each fixed player sits at their table."""
    if not fixed:
        return rnd
    wanted: dict[int, int] = {}
    for i, m in enumerate(rnd.matches):
        numbers = [fixed[p] for p in m.players if p in fixed]
        if numbers and not m.is_bye:
            wanted[i] = min(numbers)
    taken = set(wanted.values())
    if len(taken) < len(wanted):
        clash = sorted(n for n in taken if list(wanted.values()).count(n) > 1)
        raise FixedTableError(f"two tables of round {rnd.number} are fixed at table {clash[0]}")
    free = (n for n in range(1, 100_000) if n not in taken)
    matches: list[Match] = []
    for i, m in enumerate(rnd.matches):
        if m.is_bye:
            matches.append(m)
        elif i in wanted:
            matches.append(replace(m, table=wanted[i]))
        else:
            matches.append(replace(m, table=next(free)))
    tables = sorted((m for m in matches if not m.is_bye), key=lambda m: m.table or 0)
    return replace(rnd, matches=(*tables, *(m for m in matches if m.is_bye)))
