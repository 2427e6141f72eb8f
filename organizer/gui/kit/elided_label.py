"""`ElidedLabel`: a one-line label that never widens the window, however long its text.

A plain QLabel asks for the width of its whole text, and a window's layout grows
the window to give it: a players' page address or a connection message of a few
hundred characters made the main window thousands of pixels wide. This label
asks for its whole text's width only as a wish (`sizeHint`); its minimum is a
couple of dozen characters, so the layout shrinks it instead, and it shows as much as fits
with "…" at the end, the whole text in its tooltip.

`ElidedStatusBar` does the same for the status bar's messages (`showMessage`): Qt cuts
a long one off mid-letter at the bar's end; here it ends in "…", whole in the tooltip.
`ElidedButton` for a button whose text says what it would do ("Undo registered Ada
Byrne as p20"): in a row of buttons too narrow for all of them, Qt cut it off at both
ends, so that "Undo" itself no longer showed; this one gives up room first and ends in "…".
Imports Qt only.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import (
    QLabel,
    QPushButton,
    QSizePolicy,
    QStatusBar,
    QStyle,
    QStyleOption,
    QStyleOptionButton,
    QWidget,
)

MIN_CHARS = 32
"""How many average characters wide the label may shrink to; a shorter text ("12
players") is never cut."""


class WholeText:
    """The whole text kept beside what the Qt widget shows, cut again (`_elide`, each
    widget's own) whenever the text or the widget's size changes.

    Mixed in before a Qt class with `text()`/`setText()` (a label, a button)."""

    _full = ""

    def text(self) -> str:
        """The whole text, as set (what shows may be cut: `shown_text`)."""
        return self._full

    def shown_text(self) -> str:
        return str(super().text())  # type: ignore[misc]

    def setText(self, text: str) -> None:
        self._full = text
        self._elide()
        self.updateGeometry()  # type: ignore[attr-defined]

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)  # type: ignore[misc]
        self._elide()

    def _elide(self) -> None:
        raise NotImplementedError

    def _show(self, shown: str) -> None:
        """What the Qt widget draws."""
        super().setText(shown)  # type: ignore[misc]


class ElidedLabel(WholeText, QLabel):
    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setText(text)

    def setText(self, text: str) -> None:
        self.setToolTip(text)
        super().setText(text)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        margins = self.contentsMargins().left() + self.contentsMargins().right()
        return QSize(self.fontMetrics().horizontalAdvance(self._full) + margins, hint.height())

    def minimumSizeHint(self) -> QSize:
        return QSize(self.fontMetrics().averageCharWidth() * MIN_CHARS, super().sizeHint().height())

    def _elide(self) -> None:
        shown = self.fontMetrics().elidedText(
            self._full, Qt.TextElideMode.ElideRight, max(0, self.contentsRect().width())
        )
        self._show(shown)


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


class ElidedButton(WholeText, QPushButton):
    """A push button that shrinks to its first word and "…" before its neighbours shrink.

    Its wish (`sizeHint`) is its whole text; its size policy lets the layout take room from
    it down to `minimumSizeHint`, and what shows is the text cut to the room, the mnemonic
    kept. `text()` is the whole text, as set (the tooltip is the caller's, as on any button).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def _advance(self, text: str) -> int:
        """The width of `text` as drawn: a mnemonic's "&" takes no room ("&&" one "&")."""
        drawn = "&".join(part.replace("&", "") for part in text.split("&&"))
        return self.fontMetrics().horizontalAdvance(drawn)

    def _frame(self) -> int:
        """What the style adds around the text (bevel, margins), asked with a text wide
        enough that no style's least button width (often 80 px) is in the answer."""
        option = QStyleOptionButton()
        self.initStyleOption(option)
        wide = 400
        room = QSize(wide, self.fontMetrics().height())
        size = self.style().sizeFromContents(QStyle.ContentsType.CT_PushButton, option, room, self)
        return size.width() - wide

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(self._frame() + self._advance(self._full), hint.height())

    def minimumSizeHint(self) -> QSize:
        first = self._full.split(" ", 1)[0]
        shortest = first if first == self._full else first + " …"
        return QSize(self._frame() + self._advance(shortest), super().sizeHint().height())

    def _elide(self) -> None:
        room = max(0, self.width() - self._frame())
        shown = self._full
        if self._advance(shown) > room:  # elidedText alone wants a pixel more (rounding)
            flags = int(Qt.TextFlag.TextShowMnemonic)
            shown = self.fontMetrics().elidedText(shown, Qt.TextElideMode.ElideRight, room, flags)
        if shown != self.shown_text():
            self._show(shown)
