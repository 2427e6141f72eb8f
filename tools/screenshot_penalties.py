"""Screenshots of the judge's tools: the Penalties tab, the penalty report, timed deck checks.

Builds a throwaway database with a Warcaste Skirmish of 12 players in round 2,
gives penalties through the services as a judge would (a warning and its
upgrade, a game loss that ends a one-game match, a tardiness warning, a match
loss removed as entered by mistake), then saves to OUT_DIR:

- penalties-tab.png: the Penalties tab, the whole log with removed penalties shown;
- penalties-history.png: a player typed in the entry, the log showing their history;
- penalty-report.png: page 1 of the printed penalty report (drawn by QtPdf);
- deck-checks-timed.png: the Deck checks dialog with a check running and one timed.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshot_penalties.py [OUT_DIR]
"""

from __future__ import annotations

import datetime as dt
import sys

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtPdf import QPdfDocument
from PySide6.QtWidgets import QApplication, QSplitter
from screenshot_support import NAMES, Session, new_event, session, show_tab

from organizer.core.results import Score
from organizer.gui.decks.deck_checks_dialog import DeckChecksDialog
from organizer.gui.penalties.penalties_tab import PenaltiesTab
from organizer.services.judging import deck_checks, penalties
from organizer.services.printouts import printouts
from organizer.services.rounds import pairing, results
from organizer.storage.database import Database

NOW = dt.datetime.now(dt.UTC)


def fill_database(db: Database) -> int:
    event_id = new_event(
        db,
        name="Friday Night Skirmish",
        format_id="warcaste-skirmish-constructed",
        date=dt.date(2026, 11, 27),
        players=NAMES[:12],
    )
    first = pairing.pair_next(db, event_id=event_id, seed=11).value
    for m in first.matches:
        if m.table is not None:
            results.record_result(
                db, event_id=event_id, table=m.table, score=Score(m.table % 2, 1 - m.table % 2)
            )
    penalties.add_penalty(
        db, event_id=event_id, player="p3", category="Slow Play", penalty="Warning",
        note="three minutes on one attack", judge="Ana Ruiz",
    )  # fmt: skip
    pairing.pair_next(db, event_id=event_id, seed=12)
    penalties.add_penalty(
        db, event_id=event_id, player="p8", category="Tardiness", penalty="Warning",
        note="seated 2 minutes late", judge="Bo Lind",
    )  # fmt: skip
    penalties.add_penalty(
        db, event_id=event_id, player="p5", category="Deck/Decklist Problem",
        penalty="Game Loss", note="31 cards in the deck, 30 on the list", judge="Ana Ruiz",
    )  # fmt: skip
    wrong = penalties.add_penalty(
        db, event_id=event_id, player="p9", category="Unsporting Conduct", penalty="Match Loss",
        judge="Bo Lind",
    ).value  # fmt: skip
    penalties.remove_penalty(
        db, event_id=event_id, penalty_id=wrong.record.id, reason="wrong player: it was p10"
    )
    penalties.add_penalty(
        db, event_id=event_id, player="p3", category="Slow Play", penalty="Warning",
        note="again, after the first warning", judge="Ana Ruiz",
    )  # fmt: skip
    picked = deck_checks.pick(db, event_id=event_id, share=0.34, seed=5).value.tables
    deck_checks.start(db, event_id=event_id, table=picked[0], now=NOW - dt.timedelta(minutes=9))
    deck_checks.record(
        db, event_id=event_id, round_number=2, table=picked[0], outcome="ok",
        now=NOW - dt.timedelta(seconds=30),
    )  # fmt: skip
    deck_checks.start(db, event_id=event_id, table=picked[1], now=NOW - dt.timedelta(minutes=3))
    return event_id


def pdf_page_png(pdf: bytes, out: str) -> None:
    """Page 1 of `pdf` as a PNG on white, at 110 dpi, as the app's preview draws it."""
    data = QByteArray(pdf)
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    document = QPdfDocument()
    document.load(buffer)
    points = document.pagePointSize(0)
    size = QSize(int(points.width() * 110 / 72), int(points.height() * 110 / 72))
    page = document.render(0, size)
    white = QImage(size, QImage.Format.Format_RGB32)
    white.fill(QColor("white"))
    painter = QPainter(white)
    painter.drawImage(0, 0, page)
    painter.end()
    if not white.save(out):
        raise SystemExit(f"could not write {out}")
    print(out)


def shoot(shots: Session, event_id: int) -> None:
    window = shots.open_window(event_id)
    splitter = window.centralWidget()
    if isinstance(splitter, QSplitter):
        splitter.setSizes([250, 1030])
    tab = show_tab(window, "Penalties", PenaltiesTab)
    tab.removed_box.setChecked(True)
    tab.entry.judge_edit.setText("Ana Ruiz")
    QApplication.processEvents()
    shots.save(window, "penalties-tab.png")
    tab.entry.player_edit.setText("p3")
    tab.entry.category_box.setCurrentText("Slow Play")
    QApplication.processEvents()
    shots.save(window, "penalties-history.png")
    pdf = printouts.printout(shots.db, event_id=event_id, kind="penalties")
    pdf_page_png(pdf, str(shots.out / "penalty-report.png"))
    dialog = DeckChecksDialog(shots.db, event_id, window.prompts, window)
    shots.save_dialog(dialog, "deck-checks-timed.png", size=(760, 420))


def main(argv: list[str]) -> int:
    with session(argv) as shots:
        shoot(shots, fill_database(shots.db))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
