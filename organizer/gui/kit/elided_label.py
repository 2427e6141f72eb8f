"""`ElidedLabel`: a one-line label that never widens the window, however long its text.

A plain QLabel asks for the width of its whole text, and a window's layout grows
the window to give it: a players' page address or a connection message of a few
hundred characters made the main window thousands of pixels wide. This label
asks for its whole text's width only as a wish (`sizeHint`); its minimum is a
couple of dozen characters, so the layout shrinks it instead, and it shows as much as fits
with "…" at the end, the whole text in its tooltip.

`ElidedStatusBar` does the same for the status bar's messages (`showMessage`): Qt cuts
a long one off mid-letter at the bar's end; here it ends in "…", whole in the tooltip.
Imports Qt only.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QStatusBar, QStyle, QStyleOption, QWidget

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


class ElidedStatusBar(QStatusBar):
    """A status bar whose message ends in "…" where the bar is too narrow for it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.messageChanged.connect(self.setToolTip)

    def message_room(self) -> QRect:
        """Where Qt draws the message: from the left edge to the first widget still shown
        (while a message shows, only the permanent widgets and the size grip are)."""
        right = self.width() - 12
        for child in self.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly):
            if child.isVisible():
                right = min(right, child.x() - 2)
        return QRect(6, 0, max(0, right - 6), self.height())

    def shown_message(self) -> str:
        """The message as it shows: whole if it fits, else cut with "…"."""
        return self.fontMetrics().elidedText(
            self.currentMessage(), Qt.TextElideMode.ElideRight, self.message_room().width()
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        """Qt's painting, then a message too long for the room drawn again, elided."""
        super().paintEvent(event)
        shown = self.shown_message()
        if shown == self.currentMessage():
            return
        room = self.message_room()
        painter = QPainter(self)
        painter.setClipRect(room)
        painter.fillRect(room, self.palette().window())
        option = QStyleOption()
        option.initFrom(self)
        self.style().drawPrimitive(QStyle.PrimitiveElement.PE_PanelStatusBar, option, painter, self)
        painter.setPen(self.palette().windowText().color())
        flags = Qt.AlignmentFlag.AlignLeading | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(room, int(flags) | int(Qt.TextFlag.TextSingleLine), shown)
