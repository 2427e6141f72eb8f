"""The "Why this pairing" line under the Rounds tab's table: the reasons for the selected
table (or bye) of the round shown, from `core.pairing.explain` over the event the tab has
already read, so selecting a table reads nothing from the database."""

from __future__ import annotations

from organizer.core.event import EventData, Round
from organizer.core.pairing.explain import ExplainError, explain
from organizer.core.pairing.history import PairingError


def why_text(event: EventData, rnd: Round | None, table: int | None, bye: bool) -> str:
    """ "Why table 4: …" with one reason a line; "" for no selection or a playoff round."""
    if rnd is None or rnd.stage != "swiss" or (table is None and not bye):
        return ""
    try:
        found = explain(event, rnd, None if bye else table)
    except (ExplainError, PairingError, KeyError):
        return ""
    lines = []
    for f in found:
        where = "the bye" if f.table is None else f"table {f.table}"
        lines.append(f"Why {where} ({' vs '.join(f.names)}):")
        lines += [f"•  {r}" for r in f.reasons]
    return "\n".join(lines)
