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
    return {
        "standings": [
            {
                "rank": r.rank,
                "id": r.player,
                "name": r.name,
                "points": r.points,
                "wins": r.wins,
                "losses": r.losses,
                "draws": r.draws,
                "omw": round(float(r.omw), 4),
                "gw": round(float(r.gwp), 4),
                "ogw": round(float(r.ogw), 4),
                "oomw": round(float(r.oomw), 4),
            }
            for r in rows
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
