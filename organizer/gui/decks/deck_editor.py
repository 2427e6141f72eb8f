"""`DeckEditor`: one player's deck list, pasted or loaded, checked and submitted.

The right half of the Decks tab. Paste the list (or Load file…), Check
(Ctrl+Enter; also run by itself a moment after typing stops) lists every
finding with its line, and the lines with findings are underlined in the
editor with their messages beside them; choosing a finding moves the cursor to
its line. Submit (Ctrl+S) stores the list whatever its status, so an illegal
list is kept for chasing the player; "Accept despite findings…" stores it as
accepted with a judge's reason. Once round 1 is paired the editor says
"Locked since round 1" and every change asks for a judge's override reason.

Every check and store is one call into `services.decks` (a check through
`Prompts.attempt`, a store through the one write runner, `EventWork.write`); the
rules live in core. The automatic check is quiet: what
stops it (no card pool yet) is shown in the findings line, not in a box.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, Qt, QTimer
from PySide6.QtWidgets import (
    QLabel,
    QSplitter,
    QWidget,
)

from organizer.core.decklist import DeckList
from organizer.core.formats.report import Finding, LegalityReport
from organizer.core.views.wording import plural
from organizer.gui.decks.deck_status_model import STATUS_COLOURS, STATUS_TEXT
from organizer.gui.decks.deck_text_edit import DeckTextEdit, LineMark
from organizer.gui.decks.findings_model import FindingsModel
from organizer.gui.decks.sideboard_check_dialog import SideboardCheckDialog
from organizer.gui.kit.actions import command
from organizer.gui.kit.elided_label import ElidedLabel
from organizer.gui.kit.emphasis import embolden
from organizer.gui.kit.event_screen import EventPanel
from organizer.gui.kit.layouts import STRETCH, column, row
from organizer.gui.kit.table_views import rows_table
from organizer.services.decks.decks import DeckOutcome, DeckStatus, check_for_player, submit_deck
from organizer.services.kit.errors import EXPECTED, user_message

DECK_FILTER = "Deck lists (*.txt *.csv);;All files (*)"
LIVE_CHECK_MS = 700
PLACEHOLDER = (
    "Paste the player's deck list here, or Load file…\n\n"
    "Doctrine:\n1 Doctrine of …\n\nDeck:\n3 Card name\n3x Card name\nCard name x2\n\nSideboard:\n…"
)
LOCK_NOTE = "🔒 Locked since round 1: a change needs a judge's override with a reason."


def line_marks(findings: tuple[Finding, ...]) -> dict[int, LineMark]:
    """The findings that name a line, gathered per line; errors outrank warnings."""
    marks: dict[int, LineMark] = {}
    for f in findings:
        if f.line is None:
            continue
        old = marks.get(f.line)
        if old is None:
            marks[f.line] = LineMark(f.severity, (f.message,))
        else:
            severity = "error" if "error" in (old.severity, f.severity) else "warning"
            marks[f.line] = LineMark(severity, (*old.messages, f.message))
    return marks


def findings_summary(report: LegalityReport) -> str:
    errors, warnings = len(report.errors), len(report.warnings)
    if not errors and not warnings:
        return "✔ No findings: the list is legal."
    parts = []
    if errors:
        parts.append(plural(errors, "error"))
    if warnings:
        parts.append(plural(warnings, "warning"))
    verdict = "illegal" if errors else "legal"
    return f"{' and '.join(parts)}: the list is {verdict}."


class DeckEditor(EventPanel):
    """Its `changes_applied` carries the Changes of a stored list."""

    def build(self) -> None:
        self.player: DeckStatus | None = None
        self.locked = False
        self._saved_text = ""
        self._report: LegalityReport | None = None
        self.live_timer = QTimer(self)
        self.live_timer.setSingleShot(True)
        self.live_timer.setInterval(LIVE_CHECK_MS)
        self.live_timer.timeout.connect(self.check_quietly)

        self.findings_model = FindingsModel(self)
        self._make_widgets()
        self._layout()
        self._connect()
        self.show_player(None, locked=False)

    # --- building -----------------------------------------------------------

    def _make_widgets(self) -> None:
        self.player_label = ElidedLabel()
        embolden(self.player_label, 1.15)
        self.player_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status_badge = QLabel()

        self.lock_label = QLabel(LOCK_NOTE)
        self.lock_label.setWordWrap(True)
        self.lock_label.setStyleSheet(
            "QLabel { background: #fff4ce; color: #5c4300; border: 1px solid #e0c060;"
            " border-radius: 3px; padding: 4px 8px; }"
        )

        self.text_edit = DeckTextEdit()
        self.text_edit.setPlaceholderText(PLACEHOLDER)
        self.text_label = QLabel("&Deck list:")
        self.text_label.setBuddy(self.text_edit)

        self.findings_view = rows_table(self.findings_model, 3)
        self.findings_label = QLabel("Findin&gs:")
        self.findings_label.setBuddy(self.findings_view)
        self.summary_label = QLabel()
        self.summary_label.setWordWrap(True)

    def _layout(self) -> None:
        buttons = row(
            self.load_file.button,
            self.check_after_sideboarding.button,
            STRETCH,
            self.check.button,
            self.submit.button,
            self.accept_despite_findings.button,
        )
        top = QWidget()
        column(self.text_label, (self.text_edit, 1), buttons, parent=top, flush=True)
        bottom = QWidget()
        findings_heading = row(self.findings_label, (self.summary_label, 1))
        column(findings_heading, (self.findings_view, 1), parent=bottom, flush=True)

        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(top)
        self.splitter.addWidget(bottom)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setChildrenCollapsible(False)

        heading = row(self.player_label, self.status_badge, STRETCH)
        column(heading, self.lock_label, (self.splitter, 1), parent=self, flush=True)

    def tab_order(self) -> list[QWidget]:
        """The editor's widgets in the order Tab visits them: the list, its commands, findings."""
        return [
            self.text_edit,
            self.load_file.button,
            self.check_after_sideboarding.button,
            self.check.button,
            self.submit.button,
            self.accept_despite_findings.button,
            self.findings_view,
        ]

    def _connect(self) -> None:
        self.text_edit.textChanged.connect(self._text_changed)
        selection = self.findings_view.selectionModel()
        selection.selectionChanged.connect(self._finding_selected)
        self.findings_view.activated.connect(lambda _index: self.text_edit.setFocus())

    # --- which player -------------------------------------------------------

    @property
    def registration_id(self) -> int | None:
        return self.player.registration_id if self.player else None

    def is_dirty(self) -> bool:
        """Whether the text differs from the list stored for the player."""
        return self.player is not None and self.text_edit.toPlainText() != self._saved_text

    def show_player(self, player: DeckStatus | None, *, locked: bool, text: str = "") -> None:
        """Show `player`'s stored list (`text`) and check it; None leaves the editor empty."""
        self.player = player
        self._saved_text = text
        self.text_edit.blockSignals(True)
        self.text_edit.setPlainText(text)
        self.text_edit.blockSignals(False)
        self.text_edit.clear_focus_line()
        self._show_report(None)
        self.update_player(player, locked=locked)
        if player is not None and text.strip():
            self.check_quietly()

    def update_player(self, player: DeckStatus | None, *, locked: bool) -> None:
        """New facts about the player shown (status, lock), keeping the text being edited."""
        self.player = player
        self.locked = locked
        enabled = player is not None
        self.text_edit.setEnabled(enabled)
        self.findings_view.setEnabled(enabled)
        self.lock_label.setVisible(enabled and locked)
        if player is None:
            self.player_label.setText("No player selected")
            self.status_badge.clear()
            self.status_badge.setStyleSheet("")
            self.summary_label.setText("Choose a player on the left to enter their list.")
        else:
            self.player_label.setText(f"{player.name} ({player.code})")
            background, colour = STATUS_COLOURS.get(player.status, ("#e4e4e4", "#404040"))
            self.status_badge.setText(STATUS_TEXT.get(player.status, player.status))
            self.status_badge.setStyleSheet(
                f"QLabel {{ background: {background}; color: {colour};"
                " border-radius: 3px; padding: 1px 8px; }"
            )
            self.status_badge.setToolTip(
                f"Accepted by a judge: {player.reason}" if player.reason else ""
            )
        self.submit.action.setText("Su&bmit with override…" if locked else "Su&bmit")
        self._refresh_actions()

    # --- commands -----------------------------------------------------------

    @command("Load &file…", "Ctrl+L", tip="Read the list from a text or CSV file")
    def load_file(self) -> None:
        if self.player is None:
            return
        opened = self.prompts.open_text("Load deck list", DECK_FILTER)
        if opened is None:
            return
        self.text_edit.setPlainText(opened.text)
        self.check()
        self.status_reported.emit(f"Loaded {opened.path}; submit it to store it.")

    def _check_call(self) -> tuple[DeckList, LegalityReport]:
        assert self.player is not None
        return check_for_player(
            self.db,
            event_id=self.event_id,
            registration_id=self.player.registration_id,
            text=self.text_edit.toPlainText(),
        )

    @command(
        "C&heck", "Ctrl+Return", "Ctrl+Enter", tip="List every finding without storing the list"
    )
    def check(self) -> None:
        """Check the text as it stands and list every finding (nothing is stored)."""
        self.live_timer.stop()
        if self.player is None:
            return
        result = self.prompts.attempt("Check deck", self._check_call)
        if result is not None:
            self._show_report(result[1])
            self.status_reported.emit(f"{self.player.name}: {findings_summary(result[1])}")

    def check_quietly(self) -> None:
        """Check after typing stops: what stops the check is shown in place, not in a box."""
        self.live_timer.stop()
        if self.player is None:
            return
        if not self.text_edit.toPlainText().strip():
            self._show_report(None)
            return
        try:
            _, report = self._check_call()
        except EXPECTED as exc:
            self._show_report(None)
            self.summary_label.setText(f"Not checked: {user_message(exc)}")
            return
        self._show_report(report)

    @command("Su&bmit", "Ctrl+S", tip="Store the list, legal or not")
    def submit(self) -> None:
        self._store(accept_reason=None)

    @command("&Accept despite findings…", tip="A judge lets the list stand; asks for the reason")
    def accept_despite_findings(self) -> None:
        if self.player is None:
            return
        errors = self.findings_model.error_count()
        reason = self.prompts.ask_text(
            "Accept despite findings",
            f"{self.player.name}'s list has {plural(errors, 'error')}. "
            "A judge accepts it as it is because:",
        )
        if reason:
            self._store(accept_reason=reason)

    def _store(self, *, accept_reason: str | None) -> None:
        player = self.player
        if player is None:
            return
        text = self.text_edit.toPlainText()
        if not text.strip():
            self.prompts.warn(
                "Submit deck", f"Nothing to submit: paste or load {player.name}'s list first."
            )
            return
        override = None
        if self.locked:
            override = self.prompts.ask_text(
                "Judge override",
                f"Deck lists are locked since round 1. Why may {player.name}'s list change?",
            )
            if not override:
                return
        self.write(
            "Submit deck",
            lambda: submit_deck(
                self.db,
                event_id=self.event_id,
                registration_id=player.registration_id,
                text=text,
                accept_reason=accept_reason,
                override_reason=override,
                store_illegal=True,
                source=f"{player.name}'s list",
            ),
            lambda done: self._stored(player, text, done.value),
        )

    def _stored(self, player: DeckStatus, text: str, outcome: DeckOutcome) -> str:
        """The stored list's findings on screen; the sentence for the status bar."""
        self._saved_text = text
        self._show_report(outcome.report)
        note = {
            "legal": "stored, legal",
            "illegal": "stored as illegal: the player must fix it before round 1",
            "accepted": "accepted by a judge despite its findings",
            "pool-not-registered": "stored; not legal yet: register the drafted pool to check it",
        }.get(outcome.status, outcome.status)
        return f"{player.name}'s deck {note}."

    # --- showing findings ---------------------------------------------------

    @command(
        "After side&boarding…",
        tip="A deck check between games: the deck as it stands now against the stored list",
    )
    def check_after_sideboarding(self) -> None:
        """Open the deck check between games for the stored list (nothing is stored)."""
        if self.player is None or not self._saved_text:
            return
        dialog = SideboardCheckDialog(self.db, self.event_id, self.player, self._saved_text, self)
        self.prompts.run_dialog(dialog)

    def _show_report(self, report: LegalityReport | None) -> None:
        self._report = report
        findings = report.findings if report else ()
        self.findings_model.set_findings(findings)
        self.text_edit.set_marks(line_marks(findings))
        self.summary_label.setText(findings_summary(report) if report else "")
        self._refresh_actions()

    def report(self) -> LegalityReport | None:
        return self._report

    def _finding_selected(self, selected: QItemSelection, _deselected: QItemSelection) -> None:
        indexes = selected.indexes()
        if not indexes:
            return
        finding = self.findings_model.finding_at(indexes[0].row())
        if finding.line is not None:
            self.text_edit.go_to_line(finding.line)
        else:
            self.text_edit.clear_focus_line()

    def _text_changed(self) -> None:
        self.text_edit.clear_focus_line()
        self.live_timer.start()
        self._refresh_actions()

    def _refresh_actions(self) -> None:
        has_player = self.player is not None
        self.load_file.action.setEnabled(has_player)
        self.check.action.setEnabled(has_player)
        self.submit.action.setEnabled(has_player)
        has_errors = self._report is not None and not self._report.legal
        self.accept_despite_findings.action.setEnabled(has_player and has_errors)
        self.check_after_sideboarding.action.setEnabled(has_player and bool(self._saved_text))
