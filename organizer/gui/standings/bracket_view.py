"""`BracketView`: the single-elimination top cut, drawn as a bracket.

One column per elimination round ("Quarterfinals · round 5", "Semifinals",
"Final"), each match a box with the two players as "seed  name", top seed
above; the winner in bold with a tint, the loser greyed; a seat still
waiting for an earlier match shows a dash. Lines join each pair of matches
into the one they feed; the champion sits under the final.

The bracket itself (who meets whom, who won) comes from
`services.topcut.bracket` as the frozen `core.pairing.topcut.Bracket`; this
module only lays it out (`bracket_boxes` turns it into the text to draw,
which tests read) and paints it with the widget's palette. Imports Qt and
core only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from organizer.core.pairing.topcut import Bracket, BracketMatch, Seat

BOX_WIDTH = 164
SEED_WIDTH = 24
COLUMN_GAP = 24
ROW_GAP = 14
MARGIN = 8
WAITING = "\u2014"  # an em dash: the earlier match is not decided yet
ROUND_TITLES = {1: "Final", 2: "Semifinals", 4: "Quarterfinals"}


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One player of a match box as drawn: seed, name, and how the match went for them."""

    seed: str
    name: str
    won: bool = False
    lost: bool = False

    @property
    def text(self) -> str:
        return f"{self.seed}  {self.name}" if self.seed else self.name


@dataclass(frozen=True, slots=True)
class MatchBox:
    top: SeatLine
    bottom: SeatLine

    @property
    def winner(self) -> SeatLine | None:
        return next((s for s in (self.top, self.bottom) if s.won), None)


def round_title(matches: int) -> str:
    """ "Final", "Semifinals", "Quarterfinals", else "Round of 16"."""
    return ROUND_TITLES.get(matches, f"Round of {2 * matches}")


def _seat_line(seat: Seat | None, match: BracketMatch, names: Mapping[str, str]) -> SeatLine:
    if seat is None:
        return SeatLine("", WAITING)
    decided = match.winner is not None
    won = decided and match.winner == seat
    return SeatLine(str(seat.seed), names.get(seat.player, seat.player), won, decided and not won)


def bracket_boxes(bracket: Bracket, names: Mapping[str, str]) -> tuple[tuple[MatchBox, ...], ...]:
    """The text of every match box, round by round, top of the bracket first."""
    return tuple(
        tuple(MatchBox(_seat_line(m.top, m, names), _seat_line(m.bottom, m, names)) for m in round_)
        for round_ in bracket.rounds
    )


def champion_line(bracket: Bracket, names: Mapping[str, str]) -> SeatLine | None:
    seat = bracket.champion
    if seat is None:
        return None
    return SeatLine(str(seat.seed), names.get(seat.player, seat.player), won=True)


class BracketView(QWidget):
    """Paints the bracket set by `set_bracket`; as large as the bracket needs."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.boxes: tuple[tuple[MatchBox, ...], ...] = ()
        self.champion: SeatLine | None = None
        self.titles: tuple[str, ...] = ()
        self.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Minimum)

    def set_bracket(
        self,
        bracket: Bracket | None,
        names: Mapping[str, str],
        round_numbers: Sequence[int] = (),
    ) -> None:
        """Show `bracket`; `round_numbers` are the event's numbers of the rounds paired."""
        if bracket is None:
            self.boxes, self.champion, self.titles = (), None, ()
        else:
            self.boxes = bracket_boxes(bracket, names)
            self.champion = champion_line(bracket, names)
            titles = []
            for i, round_ in enumerate(self.boxes):
                title = round_title(len(round_))
                if i < len(round_numbers):
                    title += f" · round {round_numbers[i]}"
                titles.append(title)
            self.titles = tuple(titles)
        self.setMinimumSize(self.sizeHint())
        self.updateGeometry()
        self.update()

    # --- geometry -------------------------------------------------------------------

    def _line_height(self) -> int:
        return self.fontMetrics().height() + 8

    def _box_height(self) -> int:
        return 2 * self._line_height()

    def _title_height(self) -> int:
        return self.fontMetrics().height() + 10

    def _column_x(self, column: int) -> float:
        return MARGIN + column * (BOX_WIDTH + COLUMN_GAP)

    def _center_y(self, round_index: int, match: int) -> float:
        """Vertical centre of a match box: halfway between the two matches feeding it."""
        unit = self._box_height() + ROW_GAP
        span = 1 << round_index
        return (
            MARGIN
            + self._title_height()
            + (match * span + (span - 1) / 2) * unit
            + (self._box_height() / 2)
        )

    def sizeHint(self) -> QSize:
        if not self.boxes:
            return QSize(0, 0)
        first = len(self.boxes[0])
        columns = len(self.boxes)
        width = 2 * MARGIN + columns * BOX_WIDTH + (columns - 1) * COLUMN_GAP
        unit = self._box_height() + ROW_GAP
        bracket = self._title_height() + first * unit - ROW_GAP
        champion = self._champion_rect().bottom() - MARGIN
        return QSize(int(width), int(2 * MARGIN + max(bracket, champion)))

    def _champion_rect(self) -> QRectF:
        """The champion's box: under the final, below its caption."""
        last = len(self.boxes) - 1
        top = self._center_y(last, 0) + self._box_height() / 2 + ROW_GAP + self._title_height()
        return QRectF(self._column_x(last), top, BOX_WIDTH, self._line_height())

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def box_at(self, point: QPointF) -> MatchBox | None:
        """The match box under `point` (widget coordinates), if any."""
        box_h = self._box_height()
        for r, round_ in enumerate(self.boxes):
            for m, box in enumerate(round_):
                cy = self._center_y(r, m)
                if QRectF(self._column_x(r), cy - box_h / 2, BOX_WIDTH, box_h).contains(point):
                    return box
        return None

    def event(self, event: QEvent) -> bool:
        """A tooltip with both names in full (a long name is cut short in the box)."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            box = self.box_at(QPointF(event.pos()))
            if box is None:
                QToolTip.hideText()
                event.ignore()
            else:
                QToolTip.showText(event.globalPos(), f"{box.top.text}\nvs\n{box.bottom.text}", self)
            return True
        return super().event(event)

    # --- painting ---------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.boxes:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        line_pen = QPen(palette.color(QPalette.ColorRole.Mid), 1.5)
        title_font = QFont(self.font())
        title_font.setBold(True)
        box_h = self._box_height()

        for r, round_ in enumerate(self.boxes):
            x = self._column_x(r)
            painter.setFont(title_font)
            painter.setPen(palette.color(QPalette.ColorRole.WindowText))
            painter.drawText(
                QRectF(x, MARGIN, BOX_WIDTH, self._title_height()),
                int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop),
                self.titles[r] if r < len(self.titles) else "",
            )
            for m, box in enumerate(round_):
                cy = self._center_y(r, m)
                self._draw_joint(painter, line_pen, r, m, cy)
                self._draw_box(painter, QRectF(x, cy - box_h / 2, BOX_WIDTH, box_h), box)

        champion = self._champion_rect()
        caption = QRectF(
            champion.left(), champion.top() - self._title_height(), BOX_WIDTH, self._title_height()
        )
        painter.setFont(title_font)
        painter.setPen(palette.color(QPalette.ColorRole.WindowText))
        painter.drawText(
            caption, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom), "Champion"
        )
        self._draw_champion(painter, champion)
        painter.end()

    def _draw_joint(self, painter: QPainter, pen: QPen, r: int, m: int, cy: float) -> None:
        """The line from this match to the one it feeds; none from the final."""
        if r + 1 >= len(self.boxes):
            return
        painter.setPen(pen)
        right = self._column_x(r) + BOX_WIDTH
        next_x = self._column_x(r + 1)
        mid = right + COLUMN_GAP / 2
        target = self._center_y(r + 1, m // 2)
        painter.drawLine(QPointF(right, cy), QPointF(mid, cy))
        painter.drawLine(QPointF(mid, cy), QPointF(mid, target))
        if m % 2 == 0:
            painter.drawLine(QPointF(mid, target), QPointF(next_x, target))

    def _draw_box(self, painter: QPainter, rect: QRectF, box: MatchBox) -> None:
        palette = self.palette()
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(rect, 4, 4)
        half = rect.height() / 2
        for i, seat in enumerate((box.top, box.bottom)):
            line = QRectF(rect.left(), rect.top() + i * half, rect.width(), half)
            self._draw_seat(painter, line, seat, rounded_top=i == 0)
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Midlight), 1))
        painter.drawLine(
            QPointF(rect.left() + 1, rect.top() + half),
            QPointF(rect.right() - 1, rect.top() + half),
        )

    def _draw_seat(
        self, painter: QPainter, rect: QRectF, seat: SeatLine, *, rounded_top: bool
    ) -> None:
        palette = self.palette()
        if seat.won:
            tint = QColor(palette.color(QPalette.ColorRole.Highlight))
            tint.setAlpha(45)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(tint)
            painter.drawRect(
                rect.adjusted(1, 1 if rounded_top else 0, -1, 0 if rounded_top else -1)
            )
        font = QFont(self.font())
        font.setBold(seat.won)
        font.setItalic(not seat.seed)
        painter.setFont(font)
        quiet = palette.color(QPalette.ColorRole.PlaceholderText)
        text_color = palette.color(QPalette.ColorRole.Text)
        seed_rect = QRectF(rect.left() + 4, rect.top(), SEED_WIDTH - 8, rect.height())
        name_rect = QRectF(
            rect.left() + SEED_WIDTH, rect.top(), rect.width() - SEED_WIDTH - 6, rect.height()
        )
        right = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        painter.setPen(quiet)
        painter.drawText(seed_rect, right, seat.seed)
        painter.setPen(quiet if seat.lost or not seat.seed else text_color)
        name = QFontMetrics(font).elidedText(
            seat.name, Qt.TextElideMode.ElideRight, int(name_rect.width())
        )
        painter.drawText(
            name_rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), name
        )

    def _draw_champion(self, painter: QPainter, rect: QRectF) -> None:
        palette = self.palette()
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1))
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(rect, 4, 4)
        seat = self.champion or SeatLine("", "to be decided")
        self._draw_seat(painter, rect, seat, rounded_top=True)
