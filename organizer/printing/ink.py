"""The greys every printout draws in, and the dashed line to cut along.

Why: the same grey of small print (0.4) was declared in three sheets, the cut line's style
was written out in two, and other greys stood as bare numbers; a printout now names the
role of its grey here, so two sheets that mean the same grey print the same one.

Must not import Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

from typing import Final

from reportlab.pdfgen.canvas import Canvas

SMALL_PRINT: Final = 0.4
"""Labels, field names and notes: what a reader needs but does not look for first."""
PAGE_PRINT: Final = 0.45
"""The page footer's text, and what a sheet marks as no longer in force (a removed penalty)."""
TITLE: Final = 0.35
"""Column titles and the captions of a drawing (the pods' table)."""
RULE: Final = 0.6
"""A thin rule that separates (under the page header, above a slip's sudden-death grid)."""
WRITE_LINE: Final = 0.55
"""The line a person writes on (a card name on a blank deck sheet)."""
SHADE: Final = 0.92
"""The band behind every other row of a wide list."""
FILL: Final = 0.95
"""The inside of a drawn shape (the pods' table)."""
CUT: Final = 0.5
"""The dashed line to cut along."""


def cut_line(c: Canvas, x1: float, y1: float, x2: float, y2: float) -> None:
    """A dashed line to cut along, from (x1, y1) to (x2, y2); the canvas's state is kept."""
    c.saveState()
    c.setDash(4, 3)
    c.setStrokeGray(CUT)
    c.setLineWidth(0.6)
    c.line(x1, y1, x2, y2)
    c.restoreState()
