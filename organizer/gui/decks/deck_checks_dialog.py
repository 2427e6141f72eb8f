"""`DeckChecksDialog`: pick tables of the current round for deck checks and record the outcome.

Common practice is to check at least 10 % of the tables over an event. The TO
sets the share (10 % by default), Pick tables draws them at random from the
latest round's tables not picked yet (`services.deck_checks.pick`), and for
each picked table records "OK" or "Problem found…" with the judge's note
(`services.deck_checks.record`). Start check, pressed when the judge takes
the decks, times the check: when its outcome is recorded, the minutes it took
are added to that table's clock. The headline says how far along the event
is: "Checked 3 of 28 tables (11 %)", and the line under it how many players'
decks were seen.

Every change is one service call through the dialog's `write` (`EventWork`).
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QSpinBox,
)

from organizer.gui.decks.deck_checks_model import CheckRow, DeckChecksModel, checked_text
from organizer.gui.kit.entry_labels import sentence
from organizer.gui.kit.event_screen import EventWork
from organizer.gui.kit.layouts import STRETCH, column, row
from organizer.gui.kit.table_views import rows_table, select_row_at, selected_item
from organizer.services.judging.deck_checks import Picked, pick, record, start
from organizer.services.kit.changes import Done

DEFAULT_SHARE = 10


class DeckChecksDialog(EventWork, QDialog):
    def build(self) -> None:
        self.setWindowTitle("Deck checks")
        self.resize(680, 420)
        self.model = DeckChecksModel(self.db, self.event_id, self)

        self.headline = QLabel()
        self.coverage_label = QLabel()
        self.share_spin = QSpinBox()
        self.share_spin.setRange(1, 100)
        self.share_spin.setValue(DEFAULT_SHARE)
        self.share_spin.setSuffix(" %")
        self.share_spin.setToolTip("The share of the latest round's tables to pick")
        share_label = QLabel("&Share of tables:")
        share_label.setBuddy(self.share_spin)
        self.pick_button = QPushButton("&Pick tables")
        self.pick_button.setToolTip("Draw tables of the latest round at random")

        self.table = rows_table(self.model, 2)
        table_label = QLabel("Picked &tables:")
        table_label.setBuddy(self.table)

        self.start_button = QPushButton("&Start check")
        self.start_button.setToolTip(
            "The judge takes the decks now: the minutes until the outcome is recorded "
            "are added to the table's clock"
        )
        self.ok_button = QPushButton("Checked, &OK")
        self.problem_button = QPushButton("P&roblem found…")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)

        column(
            self.headline,
            self.coverage_label,
            row(share_label, self.share_spin, self.pick_button, STRETCH),
            table_label,
            (self.table, 1),
            row(self.start_button, self.ok_button, self.problem_button, STRETCH, buttons),
            parent=self,
        )

        self.pick_button.clicked.connect(self.pick_tables)
        self.start_button.clicked.connect(self.start_selected)
        self.ok_button.clicked.connect(lambda: self.record_selected("ok"))
        self.problem_button.clicked.connect(lambda: self.record_selected("problem"))
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._refresh_buttons())
        self._refresh()
        self.share_spin.setFocus()

    def selected_check(self) -> CheckRow | None:
        return selected_item(self.table, self.model.row_at)

    def select_check(self, round_number: int, table: int) -> None:
        select_row_at(self.table, self.model.row_of(round_number, table))

    def pick_tables(self) -> None:
        share = self.share_spin.value() / 100

        def shown(picked: Done[Picked]) -> str:
            tables = picked.value.tables
            self._refresh()
            latest = max(c.round_number for c in self.model.summary().checks)
            self.select_check(latest, tables[0])
            self.table.setFocus()
            listed = ", ".join(str(t) for t in tables)
            return (
                f"Round {latest}: deck checks at table(s) {listed} ({picked.value.fresh} seat "
                f"nobody checked before). Checked so far: {picked.value.coverage.coverage}."
            )

        self.write("Pick tables", lambda: pick(self.db, event_id=self.event_id, share=share), shown)

    def start_selected(self) -> None:
        check = self.selected_check()
        if check is None:
            return
        self.write(
            "Start deck check",
            lambda: start(self.db, event_id=self.event_id, table=check.table),
            lambda _done: self._redrawn(
                check,
                f"Table {check.table}: deck check started; its time goes back on the table's "
                "clock.",
            ),
        )

    def record_selected(self, outcome: str) -> None:
        check = self.selected_check()
        if check is None:
            return
        note = ""
        if outcome == "problem":
            answer = self.prompts.ask_text(
                "Deck check problem",
                f"Round {check.round_number}, table {check.table}: what did the judge find?",
            )
            if not answer:
                return
            note = answer

        def shown(done: Done[int]) -> str:
            word = "OK" if outcome == "ok" else f"problem ({note})"
            said = f"Round {check.round_number}, table {check.table}: deck check {word}."
            if done.value:
                said += f" {done.value // 60:+d} min on the table's clock."
            return self._redrawn(check, said + "".join(f" {sentence(w)}" for w in done.warnings))

        self.write(
            "Record deck check",
            lambda: record(
                self.db,
                event_id=self.event_id,
                round_number=check.round_number,
                table=check.table,
                outcome=outcome,
                note=note,
            ),
            shown,
        )

    def _redrawn(self, check: CheckRow, said: str) -> str:
        """The checks read again, `check` still selected; `said` is passed on."""
        self._refresh()
        self.select_check(check.round_number, check.table)
        return said

    def _refresh(self) -> None:
        keep = self.selected_check()
        self.model.refresh()
        if keep is not None:
            self.select_check(keep.round_number, keep.table)
        self.headline.setText(checked_text(self.model.summary()))
        found = self.model.summary()
        share = round(100 * found.players_checked / found.players) if found.players else 0
        self.coverage_label.setText(
            f"Players picked for a check so far: {found.players_checked} of {found.players} "
            f"({share} %). Pick prefers tables where nobody was picked yet."
        )
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        check = self.selected_check()
        chosen = check is not None
        self.start_button.setEnabled(
            check is not None and check.outcome == "pending" and not check.started
        )
        self.ok_button.setEnabled(chosen)
        self.problem_button.setEnabled(chosen)
