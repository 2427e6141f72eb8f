"""A QR code that opens the players' page, drawn on a sheet with its address beside it.

`draw_page_band` fills a band at the foot of a page: the code on the right
(segno computes the modules; they are drawn as one path of squares, so the
code stays sharp at any printer resolution) and, on the left, what it is for
and the address typed out for phones without a camera.

Must not import Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

from typing import Final

import segno
from reportlab.pdfgen.canvas import Canvas

from organizer.printing.fonts import BOLD, SANS
from organizer.printing.text_runs import fit

BAND: Final = 96.0
"""Height of the band in points, the code's quiet zone included."""
QUIET: Final = 4
"""Modules of white around the code (the QR standard's quiet zone)."""


def draw_qr(c: Canvas, text: str, x: float, y: float, size: float) -> None:
    """The QR code of `text` in the square (x, y)-(x + size, y + size), white border included."""
    code = segno.make(text, error="m")
    rows = code.matrix
    modules = len(rows) + 2 * QUIET
    unit = size / modules
    c.saveState()
    c.setFillGray(1)
    c.rect(x, y, size, size, stroke=0, fill=1)
    c.setFillGray(0)
    path = c.beginPath()
    for r, row in enumerate(rows):
        top = y + size - (r + QUIET) * unit
        for col, dark in enumerate(row):
            if dark:
                path.rect(x + (col + QUIET) * unit, top - unit, unit, unit)
    c.drawPath(path, stroke=0, fill=1)
    c.restoreState()


def draw_page_band(c: Canvas, url: str, left: float, right: float, bottom: float) -> None:
    """The players' page band: the code at the right, the words and the address at the left."""
    size = BAND - 6
    draw_qr(c, url, right - size, bottom, size)
    width = right - size - 12 - left
    c.setFillGray(0)
    title, title_size = fit("Find your table on your phone", BOLD, 15, width)
    c.setFont(BOLD, title_size)
    c.drawString(left, bottom + size - 22, title)
    c.setFont(SANS, 10.5)
    c.drawString(
        left, bottom + size - 40, "Scan the code, or open this address on the venue's network:"
    )
    address, address_size = fit(url, BOLD, 14, width)
    c.setFont(BOLD, address_size)
    c.drawString(left, bottom + size - 60, address)
    c.setFont(SANS, 9)
    c.drawString(
        left, bottom + size - 76, "Pairings, standings and the round clock. No app, no account."
    )
