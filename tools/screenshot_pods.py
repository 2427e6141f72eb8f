"""Screenshots of the Pods tab and of a top-cut bracket, for the docs and for review.

Builds a throwaway database with two events and opens the main window at
1280x800, saving PNGs made with `QWidget.grab()`:

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshot_pods.py [OUT_DIR]
    xvfb-run -a .venv/bin/python tools/screenshot_pods.py [OUT_DIR]

pods-tab.png: a 20-player Warcaste Skirmish Draft seated in 3 pods (7, 7, 6)
with one player pinned, the draft timer running (started 12 minutes 19
seconds ago). bracket.png: the Standings tab of a 24-player Castle Wars event
after 5 Swiss rounds and a top 8 half played (quarterfinals done, one
semifinal reported). OUT_DIR defaults to docs/screenshots. Everything goes
through the services and the tabs' own widgets, as a TO would do it.
"""

from __future__ import annotations

import datetime as dt
import random
import sys
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget

from organizer.core.results import Score
from organizer.gui.app import create_main_window
from organizer.gui.main_window import MainWindow
from organizer.gui.pods_tab import PodsTab
from organizer.services import events, pairing, pods, registration, results, topcut
from organizer.storage.database import Database

ROOT = Path(__file__).resolve().parents[1]

NAMES = [
    "Ada Byrne",
    "Bo Chen",
    "Cyrus Dorn",
    "Dana Ek",
    "Emeka Fofana",
    "Fatima Ghazali",
    "Gus Halvorsen",
    "Hana Ito",
    "Ivan Jovanović",
    "Jo Kim",
    "Kasia Lewandowska",
    "Liam Murphy",
    "Mei Nakamura",
    "Nils Olsen",
    "Olu Adeyemi",
    "Priya Raman",
    "Quinn Sato",
    "Rosa Torres",
    "Sven Ulrich",
    "Tess Vale",
    "Uma Wolfe",
    "Vic Xu",
    "Wren Young",
    "Xavier Zamora",
]
SCORES = [Score(2, 0), Score(2, 1), Score(1, 2), Score(0, 2)]


def draft_event(db: Database) -> int:
    record, _ = events.create_event(
        db,
        name="Ember Gate Draft Weekend",
        format_id="warcaste-skirmish-draft",
        date=dt.date(2025, 6, 14),
    )
    text = "name\n" + "".join(f"{name}\n" for name in NAMES[:20])
    registration.import_players_csv(db, event_id=record.id, text=text)
    return record.id


def cut_event(db: Database) -> int:
    record, _ = events.create_event(
        db,
        name="Castle Wars Regional Qualifier",
        format_id="castle-wars",
        date=dt.date(2025, 5, 24),
        planned_rounds=5,
    )
    text = "name\n" + "".join(f"{name}\n" for name in NAMES)
    registration.import_players_csv(db, event_id=record.id, text=text)
    rng = random.Random(11)
    for seed in range(201, 206):
        round_ = pairing.pair_next(db, event_id=record.id, seed=seed).round
        for m in round_.matches:
            if m.table is not None:
                score = rng.choice(SCORES)
                results.record_result(db, event_id=record.id, table=m.table, score=score)
    topcut.start(db, event_id=record.id, size=8)
    for table, score in ((1, Score(2, 0)), (2, Score(1, 2)), (3, Score(2, 1)), (4, Score(0, 2))):
        results.record_result(db, event_id=record.id, table=table, score=score)
    pairing.pair_next(db, event_id=record.id)  # the semifinals
    results.record_result(db, event_id=record.id, table=1, score=Score(2, 1))
    return record.id


def save(widget: QWidget, path: Path) -> None:
    QApplication.processEvents()
    if not widget.grab().save(str(path)):
        raise SystemExit(f"could not write {path}")
    print(path)


def open_window(db: Database, event_id: int) -> MainWindow:
    window = create_main_window(db, event_id=event_id)
    window.resize(1280, 800)
    window.show()
    QApplication.processEvents()
    return window


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(argv)
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite:///{Path(tmp) / 'organizer.sqlite3'}")

        draft_id = draft_event(db)
        window = open_window(db, draft_id)
        view = window.event_view
        assert view is not None
        tab = view.tab("Pods")
        assert isinstance(tab, PodsTab)
        view.tabs.setCurrentWidget(tab)
        tab.pins = {"p12": (1, 1)}  # Liam uses a wheelchair: the seat by the aisle
        tab.seed_edit.setText("2025")
        tab.seat_button.click()
        started = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=12, seconds=19)
        pods.timer_start(db, event_id=draft_id, minutes=40, label="draft", now=started)
        tab.timer_panel.timer_label = "draft"
        tab.timer_panel.redraw()
        tab.select_player("p7")
        save(window, out / "pods-tab.png")
        window.close()

        cut_id = cut_event(db)
        window = open_window(db, cut_id)
        view = window.event_view
        assert view is not None
        view.tabs.setCurrentWidget(view.standings_tab)
        save(window, out / "bracket.png")
        window.close()
        db.close()
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
