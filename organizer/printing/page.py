"""Pages: size (A4 or Letter), margins, and the header and footer every sheet shares.

Holds `PageSettings` (paper size and large type, chosen by the TO), and `Sheet`: a reportlab
canvas with the page box and `pages(n)`, which draws the common header (event name, round,
date, "Page x of y") and footer on each of n pages. Sheets lay out their rows first and so
know their page count before drawing; nothing is drawn twice.

Must not import Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from reportlab import rl_config
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfgen.canvas import Canvas

from organizer.core.event_settings import Paper
from organizer.printing.fonts import BOLD, SANS, register_fonts
from organizer.printing.ink import PAGE_PRINT, RULE
from organizer.printing.text_runs import draw_string, fit
from organizer.printing.views import Heading

PAPER: Final[dict[Paper, tuple[float, float]]] = {"A4": A4, "Letter": LETTER}
MARGIN: Final = 36.0
HEADER_HEIGHT: Final = 40.0
FOOTER_HEIGHT: Final = 18.0


@dataclass(frozen=True, slots=True)
class PageSettings:
    """How the TO prints: paper size and large type (for sheets posted on a wall)."""

    size: Paper = "A4"
    large_type: bool = False

    @property
    def pagesize(self) -> tuple[float, float]:
        try:
            return PAPER[self.size]
        except KeyError:
            raise ValueError(f"unknown paper size {self.size!r}; use A4 or Letter") from None


class Sheet:
    """One PDF document being drawn; `pages(n)` frames each page, `pdf()` finishes it."""

    def __init__(
        self,
        settings: PageSettings,
        heading: Heading,
        title: str,
        *,
        margin: float = MARGIN,
        framed: bool = True,
    ) -> None:
        register_fonts()
        self.settings = settings
        self.heading = heading
        self.title = title
        self.framed = framed
        self._buffer = io.BytesIO()
        self.width, self.height = settings.pagesize
        self.canvas = Canvas(
            self._buffer,
            pagesize=settings.pagesize,
            invariant=1,
            initialFontName=SANS,
            initialFontSize=10,
        )
        doc_title = f"{heading.event} \u2013 {title}"
        if heading.round_label:
            doc_title += f" \u2013 {heading.round_label}"
        self.canvas.setTitle(doc_title)
        self.canvas.setAuthor("Organizer")
        self.canvas.setCreator("Organizer")
        self.left = margin
        self.right = self.width - margin
        self.top = self.height - margin - (HEADER_HEIGHT if framed else 0.0)
        self.bottom = margin + (FOOTER_HEIGHT if framed else 0.0)

    @property
    def content_width(self) -> float:
        return self.right - self.left

    def pages(self, count: int) -> Iterator[int]:
        """Yield 0 .. count-1 (at least one page), each framed and ended after the caller drew."""
        total = max(count, 1)
        for index in range(total):
            if self.framed:
                self._header(index + 1, total)
                self._footer()
            yield index
            self.canvas.showPage()

    def pdf(self) -> bytes:
        """Finish the document: streams compressed, but not ASCII85-encoded (a third smaller)."""
        a85 = rl_config.useA85
        rl_config.useA85 = 0
        try:
            self.canvas.save()
        finally:
            rl_config.useA85 = a85
        return self._buffer.getvalue()

    def _header(self, page: int, total: int) -> None:
        c = self.canvas
        top = self.height - MARGIN
        right_top = self.heading.date.isoformat() if self.heading.date else ""
        page_text = f"Page {page} of {total}"
        c.setFont(SANS, 10)
        c.drawRightString(self.right, top - 12, right_top)
        date_room = c.stringWidth(right_top, SANS, 10) + 12
        event, size = fit(self.heading.event, BOLD, 13, self.content_width - date_room)
        draw_string(c, self.left, top - 12, event, BOLD, size)
        line = self.title + (f" \u2013 {self.heading.round_label}" if self.heading.round else "")
        c.setFont(SANS, 10)
        c.drawRightString(self.right, top - 28, page_text)
        room = self.content_width - c.stringWidth(page_text, SANS, 10) - 12
        text, size = fit(line, BOLD, 11, room)
        draw_string(c, self.left, top - 28, text, BOLD, size)
        c.setStrokeGray(RULE)
        c.setLineWidth(0.8)
        c.line(self.left, top - 34, self.right, top - 34)
        c.setStrokeGray(0)

    def _footer(self) -> None:
        c = self.canvas
        y = MARGIN
        c.setStrokeGray(RULE)
        c.setLineWidth(0.5)
        c.line(self.left, y + 11, self.right, y + 11)
        c.setStrokeGray(0)
        c.setFillGray(PAGE_PRINT)
        c.setFont(SANS, 7.5)
        parts = [self.heading.event, self.title, self.heading.round_label]
        text = " \u00b7 ".join(p for p in parts if p)
        text, size = fit(text, SANS, 7.5, self.content_width - 80)
        draw_string(c, self.left, y + 2, text, SANS, size)
        c.setFont(SANS, 7.5)
        c.drawRightString(self.right, y + 2, "Printed by Organizer")
        c.setFillGray(0)
