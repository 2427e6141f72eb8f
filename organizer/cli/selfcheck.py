"""`organizer --self-check`: prove an installed copy works, without touching real data.

Run by the installer check on the built bundle: it opens a fresh database in a
temporary folder (migrations run), loads every shipped sample card pool,
pairs and scores a tiny event, renders one PDF, folds and orders names (data
files of anyascii and pyuca) and loads every command the command line imports
by name, printing each step: what a bundle can lose, it would lose there.
"""

from __future__ import annotations

import sys
import tempfile
from importlib import import_module
from pathlib import Path
from typing import TextIO

from organizer import __version__
from organizer.cli.commands import GROUPS
from organizer.core.names import fold, sort_key
from organizer.core.results import Score
from organizer.printing.render import render
from organizer.printing.views import standings_view
from organizer.services.decks import cardpools
from organizer.services.event import events, interchange
from organizer.services.kit.resources import resources_dir
from organizer.services.players import registration
from organizer.services.rounds import standings
from organizer.services.rounds.pairing import pair_next
from organizer.services.rounds.results import record_result
from organizer.storage.database import Database
from organizer.storage.migrate import head_revision


def self_check(out: TextIO = sys.stdout) -> int:
    def say(text: str) -> None:
        print(f"self-check: {text}", file=out, flush=True)

    say(f"organizer {__version__}, Python {sys.version.split()[0]}, resources in {resources_dir()}")
    with tempfile.TemporaryDirectory(prefix="organizer-self-check-") as folder:
        db = Database(f"sqlite:///{Path(folder) / 'check.sqlite3'}")
        try:
            say(f"opened a new database ({db.location}) at schema {head_revision()}")
            pools = sorted((resources_dir() / "cardpools").glob("sample-*.csv"))
            if not pools:
                say("FAILED: no sample card pools found")
                return 1
            for path in pools:
                results = cardpools.import_pool(
                    db, text=path.read_text(encoding="utf-8"), source=path.name
                ).value
                counts = ", ".join(f"{r.game} {r.cards} cards" for r in results)
                say(f"loaded {path.name}: {counts}")
            event_id = events.create_event(db, name="Self-check", format_id="castle-wars").value.id
            registration.import_players_csv(
                db, event_id=event_id, text="name\nAda Łukasiewicz\nBo Őry\nCy Nguyễn\nDi\n"
            )
            round_ = pair_next(db, event_id=event_id, seed=1, allow_missing_decks=True).value
            for m in round_.matches:
                if m.table is not None:
                    record_result(db, event_id=event_id, table=m.table, score=Score(2, 1))
            rows = standings.standings(db, event_id=event_id)
            say(f"paired and scored round 1: {rows[0].name} leads with {rows[0].points} points")
            event = interchange.load_event(db, event_id=event_id)
            pdf = render("standings", standings_view(event, rows))
            target = Path(folder) / "standings.pdf"
            target.write_bytes(pdf)
            if not pdf.startswith(b"%PDF"):
                say("FAILED: the standings printout is not a PDF")
                return 1
            say(f"rendered a standings PDF ({len(pdf):,} bytes)")
        finally:
            db.close()
    names = sorted(["Zoë Adams", "Łukasz Żółkiewski", "Lukas Adler"], key=sort_key)
    if fold("Łukasz") != "lukasz" or names[-1] != "Zoë Adams":
        say(f"FAILED: names fold and sort wrongly ({fold('Łukasz')!r}, {names})")
        return 1
    say(f"folded and ordered names: {', '.join(names)}")
    for group in GROUPS:
        import_module(f"organizer.cli.commands.{group}")
    say(f"loaded the {len(GROUPS)} groups of commands")
    say("all good")
    return 0
