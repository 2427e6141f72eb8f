"""Columns of a list sheet: placing them across the page and drawing one row of cells.

Holds `Type` (type sizes, normal or large), `Column` (title, fixed or shared width, alignment,
font), `place` (x and width of each column between two margins) and `draw_titles` /
`draw_cells` / `shade`, which pairings, standings and the deck sheets use for their rows.
Every cell is fitted to its column (`text_runs.fit`): a 40-character name never runs into the
next.

Must not import Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from reportlab.pdfgen.canvas import Canvas

from organizer.printing.fonts import BOLD, SANS
from organizer.printing.ink import SHADE, TITLE
from organizer.printing.text_runs import draw_string, fit

GAP: Final = 8.0


@dataclass(frozen=True, slots=True)
class Column:
    title: str
    width: float | None = None
    """Points; None shares the room the fixed columns leave with the other such columns."""
    align: Literal["left", "right", "center"] = "left"
    font: str = SANS
    share: float = 1.0
    """A column without a width gets this part of the room, relative to the others."""
    space: float = 0.0
    """Extra room before the column, to set it apart from the one before."""


@dataclass(frozen=True, slots=True)
class Placed:
    column: Column
    x: float
    width: float


def place(columns: Sequence[Column], left: float, right: float, gap: float = GAP) -> list[Placed]:
    """Lay the columns out from `left` to `right` with `gap` between them."""
    fixed = sum(c.width for c in columns if c.width is not None)
    shares = sum(c.share for c in columns if c.width is None)
    room = right - left - fixed - gap * (len(columns) - 1) - sum(c.space for c in columns)
    unit = room / shares if shares else 0.0
    placed: list[Placed] = []
    x = left
    for column in columns:
        x += column.space
        w = column.width if column.width is not None else unit * column.share
        placed.append(Placed(column, x, w))
        x += w + gap
    return placed


def draw_text(
    c: Canvas, text: str, x: float, y: float, room: float, font: str, size: float, align: str
) -> None:
    """Draw `text` fitted into `room` points starting at `x`, aligned in that room."""
    if not text:
        return
    shown, used = fit(text, font, size, room)
    if align == "right":
        draw_string(c, x + room, y, shown, font, used, "right")
    elif align == "center":
        draw_string(c, x + room / 2, y, shown, font, used, "center")
    else:
        draw_string(c, x, y, shown, font, used)


def draw_cells(
    c: Canvas,
    placed: Sequence[Placed],
    y: float,
    texts: Sequence[str],
    size: float,
    *,
    fonts: Sequence[str | None] = (),
) -> None:
    """One row: `texts[i]` in column i at baseline `y`; `fonts[i]` overrides the column font."""
    for i, (p, text) in enumerate(zip(placed, texts, strict=False)):
        font = (fonts[i] if i < len(fonts) else None) or p.column.font
        draw_text(c, text, p.x, y, p.width, font, size, p.column.align)


def draw_titles(c: Canvas, placed: Sequence[Placed], y: float, size: float) -> None:
    """The column titles at baseline `y`, grey and bold, with a rule under them."""
    c.setFillGray(TITLE)
    for p in placed:
        draw_text(c, p.column.title, p.x, y, p.width, BOLD, size, p.column.align)
    c.setFillGray(0)
    c.setLineWidth(0.6)
    c.line(placed[0].x, y - size * 0.45, placed[-1].x + placed[-1].width, y - size * 0.45)


def shade(c: Canvas, left: float, right: float, bottom: float, height: float) -> None:
    """A light grey band behind a row, so eyes can follow it across a wide sheet."""
    c.setFillGray(SHADE)
    c.rect(left, bottom, right - left, height, stroke=0, fill=1)
    c.setFillGray(0)


@dataclass(frozen=True, slots=True)
class Type:
    """Type sizes of a list sheet: normal, or large for reading from a distance."""

    size: float
    row: float
    title: float

    @staticmethod
    def of(large_type: bool) -> Type:
        return Type(16.0, 24.0, 11.0) if large_type else Type(10.0, 15.0, 8.0)
