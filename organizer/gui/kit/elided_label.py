"""`ElidedLabel`: a one-line label that never widens the window, however long its text.

A plain QLabel asks for the width of its whole text, and a window's layout grows
the window to give it: a players' page address or a connection message of a few
hundred characters made the main window thousands of pixels wide. This label
asks for its whole text's width only as a wish (`sizeHint`); its minimum is a
couple of dozen characters, so the layout shrinks it instead, and it shows as much as fits
with "…" at the end, the whole text in its tooltip. Imports Qt only.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

MIN_CHARS = 32
"""How many average characters wide the label may shrink to; a shorter text ("12
players") is never cut."""


class ElidedLabel(QLabel):
    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setText(text)

    def text(self) -> str:
        """The whole text, as set (what shows may be cut: `shown_text`)."""
        return self._full

    def shown_text(self) -> str:
        return super().text()

    def setText(self, text: str) -> None:
        self._full = text
        self.setToolTip(text)
        self._elide()
        self.updateGeometry()

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        margins = self.contentsMargins().left() + self.contentsMargins().right()
        return QSize(self.fontMetrics().horizontalAdvance(self._full) + margins, hint.height())

    def minimumSizeHint(self) -> QSize:
        return QSize(self.fontMetrics().averageCharWidth() * MIN_CHARS, super().sizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        shown = self.fontMetrics().elidedText(
            self._full, Qt.TextElideMode.ElideRight, max(0, self.contentsRect().width())
        )
        super().setText(shown)
