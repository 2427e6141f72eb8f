"""Loading the real-event oracle files (tests/data/oracle/FORMAT.md) for tests.

Holds `ORACLE_DIR` (tests/data/oracle, found from this file, never from the working
directory; tests/data/README.md names each file's source), `oracle_event_files()` and
`load_oracle()`, which turns a `tcg-oracle/1` document into `EventData` (player ids
become strings; a bye keeps its published 2-0). Test helper only: no Qt, no SQL, not
imported by the app.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from organizer.core.event import EventData, Match, Player, PlayerId, Round

ORACLE_DIR = Path(__file__).resolve().parent / "data" / "oracle"


def oracle_event_files() -> list[Path]:
    files = sorted((ORACLE_DIR / "events").glob("*.json"))
    if not files:
        raise FileNotFoundError(f"no oracle events in {ORACLE_DIR / 'events'}")
    return files


@dataclass(frozen=True)
class OracleEvent:
    doc: dict[str, Any]
    event: EventData

    @property
    def standings(self) -> dict[str, Any]:
        return self.doc["standings"]

    @property
    def oracle(self) -> dict[str, Any]:
        return self.doc["oracle"]


def _pid(value: int) -> PlayerId:
    return PlayerId(str(value))


def _match(m: dict[str, Any]) -> Match:
    if m["b"] is None:
        return Match(table=None, players=(_pid(m["a"]),), wins=(m["a_wins"],))
    return Match(
        table=None,
        players=(_pid(m["a"]), _pid(m["b"])),
        wins=(m["a_wins"], m["b_wins"]),
        draws=m["draws"],
    )


def load_oracle(path: Path) -> OracleEvent:
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == "tcg-oracle/1", path
    event = EventData(
        name=doc["event"]["name"],
        players=tuple(Player(_pid(p["id"]), p["name"]) for p in doc["players"]),
        rounds=tuple(
            Round(
                number=r["number"],
                matches=tuple(_match(m) for m in r["matches"]),
                stage=r["stage"],
            )
            for r in doc["rounds"]
        ),
        best_of=3,
    )
    return OracleEvent(doc, event)
