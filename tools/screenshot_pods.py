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

from PySide6.QtWidgets import QApplication
from screenshot_support import NAMES, event_view, new_event, session, show_tab

from organizer.core.results import Score
from organizer.gui.pods.pods_tab import PodsTab
from organizer.services.rounds import pairing, pods, results, topcut
from organizer.storage.database import Database

SCORES = [Score(2, 0), Score(2, 1), Score(1, 2), Score(0, 2)]


def draft_event(db: Database) -> int:
    return new_event(
        db,
        name="Ember Gate Draft Weekend",
        format_id="warcaste-skirmish-draft",
        date=dt.date(2025, 6, 14),
        players=NAMES[:20],
    )


def cut_event(db: Database) -> int:
    event_id = new_event(
        db,
        name="Castle Wars Regional Qualifier",
        format_id="castle-wars",
        date=dt.date(2025, 5, 24),
        planned_rounds=5,
        players=NAMES,
    )
    rng = random.Random(11)
    for seed in range(201, 206):
        round_ = pairing.pair_next(db, event_id=event_id, seed=seed).value
        for m in round_.matches:
            if m.table is not None:
                score = rng.choice(SCORES)
                results.record_result(db, event_id=event_id, table=m.table, score=score)
    topcut.start(db, event_id=event_id, size=8)
    for table, score in ((1, Score(2, 0)), (2, Score(1, 2)), (3, Score(2, 1)), (4, Score(0, 2))):
        results.record_result(db, event_id=event_id, table=table, score=score)
    pairing.pair_next(db, event_id=event_id)  # the semifinals
    results.record_result(db, event_id=event_id, table=1, score=Score(2, 1))
    return event_id


def main(argv: list[str]) -> int:
    with session(argv) as shots:
        draft_id = draft_event(shots.db)
        window = shots.open_window(draft_id)
        QApplication.processEvents()
        tab = show_tab(window, "Pods", PodsTab)
        tab.pins = {"p12": (1, 1)}  # Liam uses a wheelchair: the seat by the aisle
        tab.seed_edit.setText("2025")
        tab.seat_pods.button.click()
        started = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=12, seconds=19)
        pods.timer_start(shots.db, event_id=draft_id, minutes=40, label="draft", now=started)
        tab.timer_panel.timer_label = "draft"
        tab.timer_panel.redraw()
        tab.select_player("p7")
        shots.save(window, "pods-tab.png")
        window.close()

        window = shots.open_window(cut_event(shots.db))
        QApplication.processEvents()
        view = event_view(window)
        view.tabs.setCurrentWidget(view.standings_tab)
        shots.save(window, "bracket.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
