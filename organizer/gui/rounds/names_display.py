"""Names on the projector: the current pairings by name (name → table, opponent) in a second
window, paging itself at a size a room reads from the back.

"Where do I sit?" is asked by every player at the start of every round; a sorted list
on the wall answers it. Like the room clock (gui/clock/room_display.py) it is a
separate, non-modal window, light on dark, F11 (or a double click) for full screen and
Esc to leave it. The font follows the window (a 24th of its height, never below 20 px);
as many lines as fit make a page, in two columns when the window is wide, and the
pages turn by themselves every `PAGE_MS`. Each time it comes back to the first page it
asks the event's revision (one row) and reads the latest round again only when the event
moved, so a new round appears without touching it and a 4,096-player event is not read
on the UI thread every few seconds. Names in any
script are shown as written (Qt falls back to a font that has the glyphs); long names
are cut with an ellipsis rather than wrapped.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QVBoxLayout

from organizer.core.views.round_view import NameRow, round_view
from organizer.core.views.wording import BYE
from organizer.gui.kit.room_window import EventRoomWindow
from organizer.services.event.events import revision
from organizer.services.event.interchange import load_event

PAGE_MS = 8_000
FONT_SHARE = 1 / 24
"""The names' font pixel size as a share of the window height."""
MIN_FONT_PX = 20
LINE = 1.45
"""A line's height in font sizes."""
NAME_CHARS = 28


def name_lines(rows: tuple[NameRow, ...]) -> list[tuple[str, str, str]]:
    """(name, table, opponent) for each seated player, alphabetically; a bye says so."""
    lines = []
    for row in rows:
        if row.at.is_bye:
            lines.append((row.player.name, BYE, ""))
            continue
        others = ", ".join(o.name for o in row.opponents)
        lines.append((row.player.name, str(row.table), others))
    return lines


def _cut(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[: chars - 1] + "…"


class NamesDisplay(EventRoomWindow):
    object_name = "namesDisplay"
    shows = "Pairings by name"

    def build(self) -> None:
        self.lines: list[tuple[str, str, str]] = []
        self.round_number: int | None = None
        self.read_at: int | None = None
        """The event's revision the lines were read at."""
        self.page = 0
        self.heading = self.room_label()
        self.body = self.room_label()
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 12, 24, 12)
        layout.addWidget(self.heading, 1)
        layout.addWidget(self.body, 11)
        self.timer = self.every(PAGE_MS, self.next_page)
        self.reload()

    # --- reading and paging -------------------------------------------------------

    def reload(self) -> None:
        """Back to the first page, with the latest round read again if the event moved."""
        self.page = 0
        now = revision(self.db, event_id=self.event_id)
        if now == self.read_at:
            self.redraw()
            return
        self.read_at = now
        event = load_event(self.db, event_id=self.event_id)
        if not event.rounds:
            self.lines, self.round_number = [], None
        else:
            view = round_view(event, event.rounds[-1].number)
            self.lines, self.round_number = name_lines(view.by_name()), view.number
        self.redraw()

    def font_px(self) -> int:
        return max(MIN_FONT_PX, int(self.height() * FONT_SHARE))

    def columns(self) -> int:
        return 2 if self.width() >= 1.5 * self.height() else 1

    def per_page(self) -> int:
        """Lines that fit one page at the current size (both columns)."""
        rows = max(1, int(self.height() * 11 / 12 / (self.font_px() * LINE)) - 2)
        return rows * self.columns()

    def pages(self) -> int:
        return max(1, -(-len(self.lines) // self.per_page()))

    def next_page(self) -> None:
        if self.page + 1 >= self.pages():
            self.reload()  # back to the first page: the latest round, read again
            return
        self.page += 1
        self.redraw()

    # --- drawing --------------------------------------------------------------------

    def redraw(self) -> None:
        px = self.font_px()
        font = QFont(self.font())
        font.setPixelSize(px)
        self.body.setFont(font)
        heading = QFont(font)
        heading.setBold(True)
        self.heading.setFont(heading)
        if self.round_number is None:
            self.heading.setText(f"{self.event_name}: no round paired yet")
            self.body.setText("")
            return
        page = f"  ·  page {self.page + 1} of {self.pages()}" if self.pages() > 1 else ""
        self.heading.setText(f"Round {self.round_number}: find your name{page}")
        size = self.per_page()
        shown = self.lines[self.page * size : (self.page + 1) * size]
        per_column = -(-size // self.columns())
        columns = [shown[i : i + per_column] for i in range(0, len(shown), per_column)]
        self.body.setText(self._html(columns))

    def _html(self, columns: list[list[tuple[str, str, str]]]) -> str:
        cells = []
        for column in columns:
            rows = "".join(
                "<tr>"
                f"<td style='padding-right:0.8em'>{html.escape(_cut(name, NAME_CHARS))}</td>"
                f"<td align='right' style='padding-right:0.8em; color:#ffb300'><b>"
                f"{html.escape(table)}</b></td>"
                f"<td style='color:#9e9e9e'>{html.escape(_cut(other, NAME_CHARS))}</td>"
                "</tr>"
                for name, table, other in column
            )
            head = (
                "<tr><td style='color:#9e9e9e'>Name</td>"
                "<td align='right' style='color:#9e9e9e; padding-right:0.8em'>Table</td>"
                "<td style='color:#9e9e9e'>Opponent</td></tr>"
            )
            cells.append(
                f"<td valign='top' style='padding: 0 1.2em'><table>{head}{rows}</table></td>"
            )
        return f"<table align='center'><tr>{''.join(cells)}</tr></table>"

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.page = min(self.page, self.pages() - 1)
        self.redraw()
