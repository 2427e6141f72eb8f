"""Why a table (or the bye) of a round was paired as it was: the service over
`core.pairing.explain`, which reads the reasons back from the stored round and the
points before it, so every pairing keeps its reasons without storing them twice."""

from __future__ import annotations

from collections.abc import Iterable

from organizer.core.pairing.explain import ExplainError, Explanation, explain_tables
from organizer.core.pairing.explain import explain as core_explain
from organizer.services.event.interchange import load_event, round_of
from organizer.services.kit.errors import RefusedError, refused_on
from organizer.storage.database import Database


def explain_table(
    db: Database, *, event_id: int, table: int | None, round_number: int | None = None
) -> tuple[Explanation, ...]:
    """Reasons for `table` (None: the round's byes) of round `round_number` (default: the
    latest); refused with the reason when there is no such round or table."""
    event = load_event(db, event_id=event_id)
    with refused_on(ExplainError):
        return core_explain(event, round_of(event, round_number), table)


def explanation_document(found: Explanation) -> dict[str, object]:
    """One table's `pairings explain --json` document (docs/json.md)."""
    return {
        "round": found.round,
        "table": found.table,
        "players": [{"id": p, "name": n} for p, n in zip(found.players, found.names, strict=True)],
        "reasons": list(found.reasons),
    }


def reasons_at(
    db: Database, *, event_id: int, tables: Iterable[tuple[int, int]]
) -> dict[tuple[int, int], tuple[str, ...]]:
    """The reasons for each (round, table) of `tables`, the event read once and each
    round's history worked out once (a judge's queue asks for the tables that called); a
    table that has none to give (a playoff round, a round since rewound) is left out."""
    event = load_event(db, event_id=event_id)
    by_round: dict[int, set[int]] = {}
    for number, table in tables:
        by_round.setdefault(number, set()).add(table)
    found: dict[tuple[int, int], tuple[str, ...]] = {}
    for number, wanted in by_round.items():
        try:
            explained = explain_tables(event, round_of(event, number), wanted)
        except (ExplainError, RefusedError):
            continue
        found.update({(number, t): e.reasons for t, e in explained.items()})
    return found
