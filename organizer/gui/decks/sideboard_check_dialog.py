"""A deck check between games: the player's deck as it stands now, after sideboarding.

Warcaste 1c (after sideboarding the deck is again exactly 30 cards) and the Castle
Wars side deck ("swapped in between games ... so that the deck stays at 50"): a
judge at the table types or edits the list as the player has it now (it opens
with the registered list), presses Check, and sees every finding: the deck's size,
a card not in the registered deck and sideboard, and anything the registered list
itself breaks (a ban among them). Nothing is stored; the check is
`services.decks.check_for_player`, the same as `organizer deck check-now`.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from organizer.core.views.wording import plural
from organizer.gui.decks.deck_text_edit import DeckTextEdit
from organizer.gui.decks.findings_model import FindingsModel
from organizer.gui.kit.table_views import rows_table
from organizer.services.decks.decks import DeckStatus, check_for_player
from organizer.services.kit.errors import EXPECTED, user_message
from organizer.storage.database import Database

INTRO = (
    "Type the deck as the player has it now, after sideboarding (deck and sideboard). "
    "It starts as the registered list; Check compares the two."
)


class SideboardCheckDialog(QDialog):
    def __init__(
        self,
        db: Database,
        event_id: int,
        player: DeckStatus,
        registered: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.db, self.event_id, self.player, self.registered = db, event_id, player, registered
        self.setWindowTitle(f"Deck check after sideboarding — {player.name}")
        intro = QLabel(INTRO)
        intro.setWordWrap(True)
        self.text_edit = DeckTextEdit()
        self.text_edit.setPlainText(registered)
        label = QLabel("The deck &now:")
        label.setBuddy(self.text_edit)
        self.check_button = QPushButton("C&heck")
        self.check_button.setAutoDefault(False)
        self.check_button.clicked.connect(self.check)
        self.verdict_label = QLabel()
        self.verdict_label.setWordWrap(True)
        self.findings_model = FindingsModel(self)
        self.findings_view = rows_table(self.findings_model, 3)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(label)
        layout.addWidget(self.text_edit, 3)
        layout.addWidget(self.check_button)
        layout.addWidget(self.verdict_label)
        layout.addWidget(self.findings_view, 2)
        layout.addWidget(buttons)
        self.resize(760, 620)

    def check(self) -> bool:
        """Check the deck as typed against the registered list; True when it is legal."""
        try:
            _, report = check_for_player(
                self.db,
                event_id=self.event_id,
                registration_id=self.player.registration_id,
                text=self.registered,
                after_sideboarding=self.text_edit.toPlainText(),
            )
        except EXPECTED as exc:
            self.findings_model.set_findings(())
            self.verdict_label.setText(f"Not checked: {user_message(exc)}")
            return False
        self.findings_model.set_findings(report.findings)
        errors = len(report.errors)
        self.verdict_label.setText(
            "Legal: the deck as it stands now keeps to the rules."
            if report.legal
            else f"Illegal: {plural(errors, 'finding')} (see below)."
        )
        colour = "#14461a" if report.legal else "#7a0b16"
        self.verdict_label.setStyleSheet(f"QLabel {{ color: {colour}; font-weight: bold; }}")
        return report.legal
