"""The first steps panel: what the right half shows while the database has no events.

Why: a first-time TO otherwise meets an empty list and a blank half window. The
panel names the four things a tournament needs (create an event, register,
pair, print), where each one is in the app, and offers the demo event
(`services.demo`) to look around in. A station that is not the one keeping the
event (a second scorekeeper's laptop) joins the station that hosts it instead:
the panel says so and offers Join a hosted event…. The window owns the
commands: the panel gets the New event action (and the Join action through
`offer_join`) and says `demo_requested` when its button is pressed.
Imports Qt and our action helpers only.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from organizer.gui.kit.actions import action_button, push_button
from organizer.gui.kit.emphasis import embolden

STEPS = (
    ("Create an event", "<b>New event…</b> (Ctrl+Shift+N): its name, the format and the rounds."),
    (
        "Register players",
        "in the <b>Players</b> tab type a name and press Enter, or import a CSV; "
        "deck lists go in the <b>Decks</b> tab.",
    ),
    (
        "Pair",
        "in the <b>Rounds</b> tab, <b>Pair next round</b> (Ctrl+P); type each result "
        "from its slip. The <b>Clock</b> tab runs the round's time.",
    ),
    (
        "Print",
        "the <b>Print</b> menu: pairings, match slips, standings; <b>Preview</b> first.",
    ),
)


JOIN_TEXT = (
    "<b>Helping at an event another station keeps?</b> Don't create it again here: "
    "<b>Events → Join a hosted event…</b> and type the join code the hosting station "
    "shows (its <b>Events → Host for other stations…</b>). Both stations then work on "
    "the same event."
)


def steps_html() -> str:
    items = "".join(f"<li><b>{title}</b>: {how}</li>" for title, how in STEPS)
    return f"<ol style='margin-left: 0'>{items}</ol>"


class FirstSteps(QWidget):
    demo_requested = Signal()

    def __init__(self, new_action: QAction, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        title = QLabel("First steps")
        embolden(title, 1.6)
        intro = QLabel("There are no events yet. A tournament takes four steps:")
        intro.setWordWrap(True)
        self.steps_label = QLabel(steps_html())
        self.steps_label.setTextFormat(Qt.TextFormat.RichText)
        self.steps_label.setWordWrap(True)

        self.new_button = action_button(new_action)
        self.demo_button = push_button(
            "Create the &demo event",
            self.demo_requested.emit,
            tip="A Warcaste Skirmish in round 1 to look around in",
        )
        demo_note = QLabel(
            "Or look around first: the demo event has 12 players with decks, round 1 paired, "
            "a few results in and one table in sudden death. It is marked “Demo” and "
            "deleted like any event (Events → Delete…)."
        )
        demo_note.setWordWrap(True)
        demo_note.setStyleSheet("color: palette(placeholder-text);")
        self.join_label = QLabel(JOIN_TEXT)
        self.join_label.setTextFormat(Qt.TextFormat.RichText)
        self.join_label.setWordWrap(True)
        self.join_row = QHBoxLayout()

        buttons = QHBoxLayout()
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.demo_button)
        buttons.addStretch(1)

        column = QWidget()
        column.setMaximumWidth(620)
        layout = QVBoxLayout(column)
        layout.addWidget(title)
        layout.addWidget(intro)
        layout.addWidget(self.steps_label)
        layout.addLayout(buttons)
        layout.addSpacing(8)
        layout.addWidget(demo_note)
        layout.addSpacing(8)
        layout.addWidget(self.join_label)
        layout.addLayout(self.join_row)
        layout.addStretch(1)

        outer = QHBoxLayout(self)
        outer.addStretch(1)
        outer.addWidget(column, 4)
        outer.addStretch(1)

    def offer_join(self, join_action: QAction) -> None:
        """The button that joins a hosted event (the window makes the action later)."""
        self.join_button = action_button(join_action)
        self.join_row.addWidget(self.join_button)
        self.join_row.addStretch(1)
