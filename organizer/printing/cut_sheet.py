"""Sheets of small cards to cut apart: ten a page, two columns of five, dashed cut lines.

Why a module: the draft seat slips and the player cards are both cut from
such sheets. Where each cell sits, how a page is filled and where the cut
lines go is one layout; each printout only draws what is inside a cell.

Must not import Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, TypeVar

from organizer.printing.columns import draw_text
from organizer.printing.fonts import SANS
from organizer.printing.ink import SMALL_PRINT, cut_line
from organizer.printing.page import PageSettings, Sheet
from organizer.printing.views import Heading

COLUMNS: Final = 2
ROWS: Final = 5
MARGIN: Final = 20.0
PAD: Final = 12.0
"""Space between a cell's edge and what is drawn in it."""

T = TypeVar("T")


class CutSheet:
    """A PDF of `COLUMNS` x `ROWS` cells a page; `cells` places the items, `pdf` ends it."""

    def __init__(self, settings: PageSettings, heading: Heading, title: str) -> None:
        self.sheet = Sheet(settings, heading, title, margin=MARGIN, framed=False)
        self.canvas = self.sheet.canvas
        self.width = self.sheet.content_width / COLUMNS
        """A cell's width."""
        self.height = (self.sheet.top - self.sheet.bottom) / ROWS
        """A cell's height."""

    def cells(self, items: Sequence[T]) -> Iterator[tuple[T, float, float]]:
        """Each item with its cell's left edge and top, page after page; a page's cut
        lines are drawn once its cells are."""
        per_page = COLUMNS * ROWS
        for index in self.sheet.pages((len(items) + per_page - 1) // per_page):
            chunk = items[index * per_page : (index + 1) * per_page]
            for k, item in enumerate(chunk):
                row, col = divmod(k, COLUMNS)
                yield item, self.sheet.left + col * self.width, self.sheet.top - row * self.height
            self._cut_lines(len(chunk))

    def event_name(self, x: float, top: float) -> None:
        """The event's name in small print along the top of the cell at (`x`, `top`): what
        every card cut from the sheet carries above its own lines."""
        c = self.canvas
        c.setFillGray(SMALL_PRINT)
        event, room = self.sheet.heading.event, self.width - 2 * PAD
        draw_text(c, event, x + PAD, top - PAD - 7, room, SANS, 7.5, "left")
        c.setFillGray(0)

    def pdf(self) -> bytes:
        return self.sheet.pdf()

    def _cut_lines(self, used: int) -> None:
        if not used:
            return
        sheet, c = self.sheet, self.canvas
        rows = (used + COLUMNS - 1) // COLUMNS
        for r in range(1, min(rows + 1, ROWS)):
            y = sheet.top - r * self.height
            cut_line(c, sheet.left, y, sheet.right, y)
        x = sheet.left + self.width
        cut_line(c, x, sheet.top, x, sheet.top - rows * self.height)
