"""The lines every keyboard-first entry shows: the slip check and the red error line.

The result slips (Rounds) and the penalty slip (Penalties) are typed the same
way and answer the same way: a bold line that says what the typed slip is
about, and mistakes said in red under the fields, never in a modal box, as
sentences. Those two labels and that wording live here once, so every entry
looks and reads alike; so does how the cursor goes back into a field
(`focus_selected`: its text selected, so what is typed next replaces it).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractSpinBox, QLabel, QLineEdit

from organizer.gui.kit.emphasis import embolden

ERROR_STYLE = "QLabel { color: #c00000; font-weight: bold; }"


def focus_selected(
    field: QLineEdit | QAbstractSpinBox,
    reason: Qt.FocusReason = Qt.FocusReason.OtherFocusReason,
) -> None:
    """The cursor in `field`, its text selected: what the TO types next replaces it."""
    field.setFocus(reason)
    field.selectAll()


def sentence(text: str) -> str:
    """A service message as a sentence: capital first letter, final full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "?", "!")) else text + "."


def slip_check_label(text: str = "") -> QLabel:
    """The bold, slightly larger line that shows the slip's players as it is typed."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)  # five long names must not widen the window
    embolden(label, 1.15)
    return label


def error_line() -> QLabel:
    """The red line under the fields that says what is wrong; hidden until it is."""
    label = QLabel()
    label.setStyleSheet(ERROR_STYLE)
    label.setWordWrap(True)
    label.hide()
    return label
