"""`PenaltyEntry`: a penalty typed from the keyboard, the way a result slip is.

The player first (their id, or a few letters of the name: a completer offers
"Name (id)"), Enter or Tab moves on; then the category and the penalty (type
its first letters: W, G, M, D), the note and the judge's name (kept for the
next penalty), then Enter. While the player is typed the line under the
fields says who it is, where they sit this round and what they already have,
so the judge sees a second Warning of a kind before giving it. Mistakes are
said in red under the fields, never in a modal box; only a Disqualification
asks first. `services.penalties.add_penalty` does the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import NamedTuple

from PySide6.QtCore import QStringListModel, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
)

from organizer.core.penalties import DISQUALIFICATION, PENALTIES
from organizer.core.views.round_view import round_view
from organizer.gui.kit.entry_labels import error_line, focus_selected, sentence, slip_check_label
from organizer.gui.kit.event_screen import EventPanel
from organizer.services.event.interchange import load_event
from organizer.services.judging import penalties
from organizer.services.judging.penalties import LogLine
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import EXPECTED, user_message


@dataclass(frozen=True, slots=True)
class Seated:
    """A player as the entry shows them: name, and where they sit in the latest round."""

    code: str
    name: str
    where: str


def _choice(text: str) -> str:
    """The id in a completer's "Name (id)", or the text as typed."""
    text = text.strip()
    if text.endswith(")") and " (" in text:
        return text.rsplit(" (", 1)[1][:-1]
    return text


class EntryRead(NamedTuple):
    """What the entry offers: the players (where each sits) and the categories."""

    players: dict[str, Seated]
    categories: tuple[str, ...]


class PenaltyEntry(EventPanel):
    penalty_recorded = Signal(object)  # the service's Done[LogLine], after it saved it
    player_chosen = Signal(object)  # str | None: the player typed, for their history

    empty_slip = "Type the player's id or name, then the category, the penalty, and Enter."

    def build(self) -> None:
        self.players: dict[str, Seated] = {}
        self._make_widgets()
        self._layout()
        self.player_edit.textChanged.connect(self._player_typed)
        self.player_edit.returnPressed.connect(self._player_entered)
        self.note_edit.returnPressed.connect(self.record)
        self.judge_edit.returnPressed.connect(self.record)
        self.record_button.clicked.connect(self.record)
        # Not read here: the tab reads it when first shown (opening an event stays quick).

    # --- building -------------------------------------------------------------

    def _make_widgets(self) -> None:
        self.player_edit = QLineEdit()
        self.player_edit.setPlaceholderText("p12 or a name")
        self.player_edit.setMaximumWidth(self.fontMetrics().horizontalAdvance("0") * 26)
        self.completer_model = QStringListModel(self)
        completer = QCompleter(self.completer_model, self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.player_edit.setCompleter(completer)
        self.category_box = QComboBox()
        self.penalty_box = QComboBox()
        self.penalty_box.addItems(list(PENALTIES))
        self.note_edit = QLineEdit()
        self.note_edit.setPlaceholderText("what happened")
        self.judge_edit = QLineEdit()
        self.judge_edit.setPlaceholderText("judge's name")
        self.judge_edit.setMaximumWidth(self.fontMetrics().horizontalAdvance("0") * 18)
        self.record_button = QPushButton("Re&cord")
        self.record_button.setToolTip("Record this penalty (Enter)")
        self.slip_label = slip_check_label(self.empty_slip)
        self.error_label = error_line()

    def _layout(self) -> None:
        """Two rows: who and what (player, category, penalty), then note, judge, Record."""
        rows = [QHBoxLayout(), QHBoxLayout()]
        for row, text, widget in (
            (0, "&Player:", self.player_edit),
            (0, "C&ategory:", self.category_box),
            (0, "Pe&nalty:", self.penalty_box),
            (1, "N&ote:", self.note_edit),
            (1, "&Judge:", self.judge_edit),
        ):
            label = QLabel(text)
            label.setBuddy(widget)
            rows[row].addWidget(label)
            rows[row].addWidget(widget, 1 if widget is self.note_edit else 0)
            rows[row].addSpacing(6)
        rows[0].addStretch(1)
        rows[1].addWidget(self.record_button)
        self.category_box.setMinimumContentsLength(22)
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(rows[0], 0, 0)
        layout.addLayout(rows[1], 1, 0)
        layout.addWidget(self.slip_label, 2, 0)
        layout.addWidget(self.error_label, 3, 0)
        order = [self.player_edit, self.category_box, self.penalty_box, self.note_edit,
                 self.judge_edit, self.record_button]  # fmt: skip
        for first, second in pairwise(order):
            self.setTabOrder(first, second)

    # --- reading --------------------------------------------------------------

    def read(self) -> EntryRead:
        """The players, where they sit and the categories: services only (any thread)."""
        event = load_event(self.db, event_id=self.event_id)
        names = {str(p.id): p.name for p in event.players}
        seated = round_view(event, event.rounds[-1].number).where_seated() if event.rounds else {}
        where = {str(code): text for code, text in seated.items()}
        dropped = {str(p.id) for p in event.players if p.dropped_after_round is not None}
        players = {
            code: Seated(
                code,
                name,
                where.get(code, "not seated this round") + (", dropped" if code in dropped else ""),
            )
            for code, name in names.items()
        }
        return EntryRead(players, tuple(penalties.categories(self.db, event_id=self.event_id)))

    def show_read(self, read: EntryRead) -> None:
        """Show what `read` read (on the UI thread)."""
        self.players = read.players
        self.completer_model.setStringList([f"{s.name} ({s.code})" for s in self.players.values()])
        keep = self.category_box.currentText()
        self.category_box.clear()
        self.category_box.addItems(list(read.categories))
        if keep:
            self.category_box.setCurrentIndex(max(0, self.category_box.findText(keep)))
        if self.player_edit.text().strip():  # else keep what the last penalty said
            self._show_slip()

    def player_code(self) -> str | None:
        """The player typed: an id, "Name (id)", or a name only one player has."""
        text = _choice(self.player_edit.text())
        if not text:
            return None
        if text in self.players:
            return text
        folded = " ".join(text.casefold().split())
        named = [s.code for s in self.players.values() if s.name.casefold() == folded]
        return named[0] if len(named) == 1 else None

    # --- commands -------------------------------------------------------------

    def focus_player(self) -> None:
        focus_selected(self.player_edit)

    def show_error(self, text: str) -> None:
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))

    def record(self) -> None:
        code = self.player_code()
        if code is None:
            typed = self.player_edit.text().strip()
            self.show_error(
                f"No player {typed!r} in this event." if typed else "Type the player first."
            )
            self.focus_player()
            return
        penalty = self.penalty_box.currentText()
        who = self.players[code]
        if penalty == DISQUALIFICATION and not self.prompts.confirm(
            "Disqualification",
            f"Disqualify {who.name}? They are dropped from the event, and an open match "
            "of theirs is lost.",
        ):
            return
        try:
            done: Done[LogLine] = penalties.add_penalty(
                self.db,
                event_id=self.event_id,
                player=code,
                category=self.category_box.currentText(),
                penalty=penalty,
                note=self.note_edit.text(),
                judge=self.judge_edit.text(),
            )
        except EXPECTED as exc:
            self.show_error(sentence(user_message(exc)))
            return
        self.show_error("")
        r = done.value.record
        said = f"Recorded #{r.id}: {r.penalty} for {r.name} ({r.category})"
        if done.value.effect_text:
            said += f"; {done.value.effect_text}"
        said = sentence(said) + "".join(f"\n{sentence(w)}" for w in done.warnings)
        self.player_edit.clear()
        self.note_edit.clear()
        self.penalty_box.setCurrentIndex(0)
        self.slip_label.setText(said)
        self.penalty_recorded.emit(done)
        self.focus_player()

    # --- showing --------------------------------------------------------------

    def _player_entered(self) -> None:
        if self.player_code() is None:
            self.record()  # says what is wrong
            return
        self.category_box.setFocus(Qt.FocusReason.OtherFocusReason)

    def _player_typed(self, _text: str) -> None:
        self.show_error("")
        self._show_slip()
        self.player_chosen.emit(self.player_code())

    def _show_slip(self) -> None:
        code = self.player_code()
        typed = self.player_edit.text().strip()
        if not typed:
            self.slip_label.setText(self.empty_slip)
        elif code is None:
            self.slip_label.setText(f"No player {typed!r} yet: keep typing, or pick from the list.")
        else:
            who = self.players[code]
            self.slip_label.setText(f"{who.name} ({code}): {who.where}.")
