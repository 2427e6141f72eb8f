"""`DeckTextEdit`: a plain-text editor for a pasted deck list that shows where the findings are.

Line numbers in a gutter (the numbers the checker's findings name), each line
with a finding underlined in red (error) or amber (warning) with its message
written after the line's text, and `go_to_line` to move the cursor to a line
and highlight it. Tab moves the focus on (deck lists need no tab characters),
so the editor is no keyboard trap.

Only Qt: the marks are handed in as plain (line, severity, message) values;
what is wrong with a list is decided in core, asked for through services.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QRect, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFontDatabase,
    QHelpEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QTextCharFormat,
    QTextCursor,
    QTextFormat,
)
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QToolTip, QWidget

from organizer.gui.kit.plain_tips import plain_tip

SEVERITY_COLOURS = {"error": QColor("#c62828"), "warning": QColor("#b26a00")}
FOCUS_BACKGROUND = QColor("#fff3b0")
GUTTER_PADDING = 6
MESSAGE_GAP = 24


@dataclass(frozen=True, slots=True)
class LineMark:
    """What is wrong on one line: the worst severity and every message, in order."""

    severity: str
    messages: tuple[str, ...]

    @property
    def text(self) -> str:
        return "; ".join(self.messages)


class _Gutter(QWidget):
    def __init__(self, editor: DeckTextEdit) -> None:
        super().__init__(editor)
        self.editor = editor

    def sizeHint(self) -> QSize:
        return QSize(self.editor.gutter_width(), 0)

    def paintEvent(self, event: QPaintEvent) -> None:
        self.editor.paint_gutter(event)


class DeckTextEdit(QPlainTextEdit):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._marks: dict[int, LineMark] = {}
        self._focus_line: int | None = None
        self._gutter = _Gutter(self)
        self.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.setTabChangesFocus(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.blockCountChanged.connect(self._update_gutter_width)
        self.updateRequest.connect(self._update_gutter)
        self._update_gutter_width()

    # --- marks and focus --------------------------------------------------------

    def set_marks(self, marks: dict[int, LineMark]) -> None:
        """The lines (numbered from 1) to underline, replacing earlier marks."""
        self._marks = dict(marks)
        self._apply_selections()

    def marks(self) -> dict[int, LineMark]:
        return dict(self._marks)

    def current_line(self) -> int:
        return self.textCursor().blockNumber() + 1

    def go_to_line(self, line: int) -> None:
        """Put the cursor at the start of `line` (from 1), scroll to it and highlight it."""
        block = self.document().findBlockByNumber(line - 1)
        if not block.isValid():
            return
        cursor = QTextCursor(block)
        self.setTextCursor(cursor)
        self.centerCursor()
        self._focus_line = line
        self._apply_selections()

    def clear_focus_line(self) -> None:
        self._focus_line = None
        self._apply_selections()

    def highlighted_line(self) -> int | None:
        return self._focus_line

    def _apply_selections(self) -> None:
        selections = []
        if self._focus_line is not None:
            block = self.document().findBlockByNumber(self._focus_line - 1)
            if block.isValid():
                focus = QTextEdit.ExtraSelection()
                focus.format.setBackground(FOCUS_BACKGROUND)
                focus.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
                focus.cursor = QTextCursor(block)
                selections.append(focus)
        for line, mark in sorted(self._marks.items()):
            block = self.document().findBlockByNumber(line - 1)
            if not block.isValid():
                continue
            cursor = QTextCursor(block)
            cursor.movePosition(
                QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor
            )
            underline = QTextEdit.ExtraSelection()
            fmt = QTextCharFormat()
            fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
            fmt.setUnderlineColor(SEVERITY_COLOURS.get(mark.severity, SEVERITY_COLOURS["error"]))
            underline.format = fmt
            underline.cursor = cursor
            selections.append(underline)
        self.setExtraSelections(selections)
        self.viewport().update()
        self._gutter.update()

    # --- the gutter -----------------------------------------------------------------

    def gutter_width(self) -> int:
        digits = len(str(max(1, self.blockCount())))
        return GUTTER_PADDING * 2 + self.fontMetrics().horizontalAdvance("9") * max(2, digits)

    def _update_gutter_width(self, _count: int = 0) -> None:
        self.setViewportMargins(self.gutter_width(), 0, 0, 0)

    def _update_gutter(self, rect: QRect, dy: int) -> None:
        if dy:
            self._gutter.scroll(0, dy)
        else:
            self._gutter.update(0, rect.y(), self._gutter.width(), rect.height())
        if rect.contains(self.viewport().rect()):
            self._update_gutter_width()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        contents = self.contentsRect()
        self._gutter.setGeometry(
            QRect(contents.left(), contents.top(), self.gutter_width(), contents.height())
        )

    def paint_gutter(self, event: QPaintEvent) -> None:
        painter = QPainter(self._gutter)
        palette = self.palette()
        painter.fillRect(event.rect(), palette.alternateBase())
        width = self._gutter.width() - GUTTER_PADDING
        height = self.fontMetrics().height()
        block = self.firstVisibleBlock()
        top = round(self.blockBoundingGeometry(block).translated(self.contentOffset()).top())
        while block.isValid() and top <= event.rect().bottom():
            bottom = top + round(self.blockBoundingRect(block).height())
            if block.isVisible() and bottom >= event.rect().top():
                line = block.blockNumber() + 1
                mark = self._marks.get(line)
                font = painter.font()
                font.setBold(mark is not None)
                painter.setFont(font)
                colour = (
                    SEVERITY_COLOURS.get(mark.severity, SEVERITY_COLOURS["error"])
                    if mark
                    else palette.placeholderText().color()
                )
                painter.setPen(colour)
                painter.drawText(0, top, width, height, Qt.AlignmentFlag.AlignRight, str(line))
            block = block.next()
            top = bottom
        painter.end()

    # --- messages after the lines ---------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self._marks:
            return
        painter = QPainter(self.viewport())
        font = self.font()
        font.setItalic(True)
        painter.setFont(font)
        metrics = painter.fontMetrics()
        right = self.viewport().width() - GUTTER_PADDING
        offset = self.contentOffset()
        margin = self.document().documentMargin()
        block = self.firstVisibleBlock()
        while block.isValid():
            geometry = self.blockBoundingGeometry(block).translated(offset)
            if geometry.top() > event.rect().bottom():
                break
            mark = self._marks.get(block.blockNumber() + 1)
            layout = block.layout()
            if mark is not None and layout is not None and layout.lineCount():
                last = layout.lineAt(layout.lineCount() - 1)
                x = round(geometry.left() + margin + last.naturalTextWidth()) + MESSAGE_GAP
                y = round(geometry.top() + last.y())
                available = right - x
                if available > metrics.horizontalAdvance("…") * 4:
                    text = metrics.elidedText(
                        "◀ " + mark.text, Qt.TextElideMode.ElideRight, available
                    )
                    painter.setPen(SEVERITY_COLOURS.get(mark.severity, SEVERITY_COLOURS["error"]))
                    painter.drawText(
                        x, y, available, round(last.height()), Qt.AlignmentFlag.AlignLeft, text
                    )
            block = block.next()
        painter.end()

    def tooltip_at(self, line: int) -> str:
        """The tooltip over `line` (1-based): its marks' messages, shown as plain text."""
        mark = self._marks.get(line)
        if mark is None:
            return ""
        return plain_tip("\n".join(f"Line {line}: {m}" for m in mark.messages))

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            line = self.cursorForPosition(event.pos()).blockNumber() + 1
            text = self.tooltip_at(line)
            if text:
                QToolTip.showText(event.globalPos(), text, self.viewport())
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)
