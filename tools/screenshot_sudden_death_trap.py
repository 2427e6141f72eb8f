"""Screenshots of sudden death with a trap (issue 25: rule 1d counts both players' counters).

Builds a throwaway database with a 4-player Warcaste Skirmish whose round-1 clock
started 61 minutes ago. At P1's table, P1 is active at time and places 1 counter
on each of his turns; P4's trap places 2 during his first and third turns:

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshot_sudden_death_trap.py [OUT_DIR]

sudden-death-trap.png: the dialog with both boxes on every turn, P4 winning 4-3.
slips-sudden-death.png: page 1 of the round's match slips (a box per player per
turn), rendered with `pdftoppm -png` (poppler-utils; this script installs nothing:
`apt-get install poppler-utils` if it is missing). OUT_DIR defaults to docs/screenshots.
"""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from screenshot_support import new_event, session

from organizer.gui.rounds.sudden_death_dialog import SuddenDeathDialog
from organizer.services.clock import clock, sudden_death
from organizer.services.printouts import printouts
from organizer.services.rounds import pairing
from organizer.storage.database import Database

STARTED = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=61)
TRAP_NIGHT = ((1, 2), (0, 0), (1, 2), (0, 0), (1, 0), (0, 0))


def fill_database(db: Database) -> tuple[int, int]:
    event_id = new_event(
        db,
        name="Thursday Skirmish",
        format_id="warcaste-skirmish-constructed",
        date=dt.date(2026, 11, 26),
        players=["P1 Piotr Zieliński", "P2 Aoife O'Brien", "P3 Chidi Okafor", "P4 Zoë Castellanos"],
    )
    matches = pairing.pair_next(db, event_id=event_id, seed=1).value.matches
    clock.start(db, event_id=event_id, now=STARTED)
    table = next(m.table for m in matches if m.table is not None)
    fresh = sudden_death.load(db, event_id=event_id, table=table).record
    record = sudden_death.set_active_player(
        db, event_id=event_id, table=table, player=fresh.players[0]
    ).value.record
    for number, (counters, other) in enumerate(TRAP_NIGHT, start=1):
        sudden_death.record_turn(
            db,
            event_id=event_id,
            table=table,
            number=number,
            player=record.player_of(number),
            counters=counters,
            other=other,
        )
    return event_id, table


def slips_png(db: Database, event_id: int, out: Path) -> None:
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm is None:
        raise SystemExit("pdftoppm is missing: apt-get install poppler-utils")
    pdf = printouts.printout(db, event_id=event_id, kind="slips")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "slips.pdf"
        path.write_bytes(pdf)
        stem = Path(tmp) / "page"
        subprocess.run(
            [pdftoppm, "-png", "-r", "110", "-f", "1", "-l", "1", path, stem], check=True
        )
        target = out / "slips-sudden-death.png"
        shutil.copy(next(Path(tmp).glob("page*.png")), target)
    print(target)


def main(argv: list[str]) -> int:
    with session(argv) as shots:
        event_id, table = fill_database(shots.db)
        window = shots.open_window(event_id)
        state = sudden_death.load(shots.db, event_id=event_id, table=table)
        shots.save_dialog(
            SuddenDeathDialog(shots.db, event_id, state, window), "sudden-death-trap.png"
        )
        slips_png(shots.db, event_id, shots.out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
