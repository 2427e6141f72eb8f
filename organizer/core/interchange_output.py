"""The JSON that `standings --json`, `pair --json` print (shared/spec/event-json.md).

Percentages are rounded to 4 decimals for people and scripts; the exact
fractions stay in core for ranking.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from organizer.core.event import Round
from organizer.core.pairing.standings import StandingRow


def standings_document(rows: Sequence[StandingRow]) -> dict[str, Any]:
    """The rows as JSON-ready dicts.

    The percentages are divided from the integers behind them (`TiebreakValues`, over
    `Scale`) without building a `Fraction` each: int / int is correctly rounded, so it
    is the float of the exact fraction, the same float `float(row.values.omw)` gives.
    """
    return {
        "standings": [
            {
                "rank": r.tie_range[0],  # shared across an exact tie (docs/json.md)
                "id": r.player,
                "name": r.name,
                "points": r.points,
                "wins": r.wins,
                "losses": r.losses,
                "draws": r.draws,
                "omw": round(v.omw_n / v.scale.omw, 4),
                "gw": round(v.gw_n / v.scale.gw, 4),
                "ogw": round(v.ogw_n / v.scale.ogw, 4),
                "oomw": round(v.oomw_n / v.scale.oomw, 4),
            }
            for r in rows
            for v in (r.values,)
        ]
    }


def pairings_document(round_: Round) -> dict[str, Any]:
    pairings: list[dict[str, Any]] = []
    for m in round_.matches:
        if m.is_multiplayer:
            pairings.append({"table": m.table, "seats": list(m.players)})
        else:
            pairings.append(
                {
                    "table": m.table,
                    "a": m.players[0],
                    "b": m.players[1] if len(m.players) > 1 else None,
                }
            )
    return {"round": round_.number, "pairings": pairings}
