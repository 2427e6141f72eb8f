"""Deck registration sheets: blank forms per format and filled sheets per submitted deck.

Holds `draw_deck_sheets`: for each `DeckSheetView` the player fields (name, id, event, format,
signature) and the deck's sections flowing down two columns, each with its rule ("exactly 30
cards"), one line per card (a count box and a name line on a blank form; count and card name
on a filled one) and a total. A section too long for a column continues in the next, and on a
new page if need be.

Must not import Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from reportlab.pdfgen.canvas import Canvas

from organizer.printing.columns import GAP, draw_text
from organizer.printing.deck_views import DeckSection, DeckSheetView
from organizer.printing.fonts import BOLD, SANS
from organizer.printing.ink import SMALL_PRINT, WRITE_LINE
from organizer.printing.page import PageSettings, Sheet
from organizer.printing.views import Heading

FIELDS: Final = 64.0
HEAD: Final = 22.0
LINE: Final = 15.0
TOTAL: Final = 20.0
NOTE: Final = 13.0
"""One line of notes under the fields (banned cards, deck check errors)."""
COUNT_W: Final = 26.0
COLUMNS: Final = 2


@dataclass(frozen=True, slots=True)
class _Item:
    kind: str  # "head", "line" or "total"
    section: DeckSection
    index: int = 0
    continued: bool = False

    @property
    def height(self) -> float:
        return {"head": HEAD, "line": LINE, "total": TOTAL}[self.kind]


_Page = tuple[DeckSheetView, tuple[tuple[_Item, ...], ...]]


def _layout(view: DeckSheetView, room: float) -> list[_Page]:
    """The deck's items in columns of at most `room` points, two columns to a page."""
    columns: list[list[_Item]] = [[]]
    used = 0.0
    for section in view.sections:
        items = [_Item("line", section, i) for i in range(section.lines)]
        items.append(_Item("total", section))
        whole = HEAD + sum(item.height for item in items)
        fits_fresh = whole <= room
        if columns[-1] and (used + HEAD + LINE > room or (fits_fresh and used + whole > room)):
            columns.append([])
            used = 0.0
        columns[-1].append(_Item("head", section))
        used += HEAD
        for item in items:
            if used + item.height > room:
                columns.append([_Item("head", section, continued=True)])
                used = HEAD
            columns[-1].append(item)
            used += item.height
    pages = [columns[i : i + COLUMNS] for i in range(0, len(columns), COLUMNS)]
    return [(view, tuple(tuple(col) for col in page)) for page in pages]


def draw_deck_sheets(views: Sequence[DeckSheetView], settings: PageSettings) -> bytes:
    """One sheet (a page, or more for a long list) per view, in one PDF."""
    first = views[0].heading if views else Heading("")
    title = "Deck registration" if not views or views[0].filled else "Deck registration form"
    sheet = Sheet(settings, first, title)
    room = sheet.top - FIELDS - sheet.bottom
    pages = [page for view in views for page in _layout(view, room - NOTE * len(view.notes))]
    width = (sheet.content_width - GAP * 2 * (COLUMNS - 1)) / COLUMNS
    c = sheet.canvas
    for index in sheet.pages(len(pages)):
        if not pages:
            continue
        view, columns = pages[index]
        _fields(c, sheet, view)
        _notes(c, sheet, view.notes)
        for k, column in enumerate(columns):
            x = sheet.left + k * (width + 2 * GAP)
            y = sheet.top - FIELDS - NOTE * len(view.notes)
            for item in column:
                _item(c, item, x, y, width, view.filled)
                y -= item.height
    return sheet.pdf()


def _field(c: Canvas, label: str, value: str, x: float, y: float, w: float, size: float) -> None:
    c.setFillGray(SMALL_PRINT)
    c.setFont(SANS, 7.5)
    c.drawString(x, y + size + 3, label)
    c.setFillGray(0)
    draw_text(c, value, x + 2, y + 3, w - 4, BOLD, size, "left")
    c.setLineWidth(0.6)
    c.line(x, y, x + w, y)


def _fields(c: Canvas, sheet: Sheet, view: DeckSheetView) -> None:
    left, w = sheet.left, sheet.content_width
    y = sheet.top - 24
    _field(c, "Player name", view.player_name, left, y, w * 0.66, 13)
    _field(c, "Player ID", view.player_id, left + w * 0.7, y, w * 0.3, 13)
    y -= 28
    _field(c, "Event", view.heading.event, left, y, w * 0.36, 10)
    _field(c, "Format", view.format_title, left + w * 0.39, y, w * 0.34, 10)
    _field(c, "Signature", "", left + w * 0.76, y, w * 0.24, 10)


def _notes(c: Canvas, sheet: Sheet, notes: Sequence[str]) -> None:
    """Banned cards (blank form) or the deck check's errors (filled sheet), in dark red."""
    y = sheet.top - FIELDS - NOTE + 4
    c.setFillColorRGB(0.55, 0.05, 0.1)
    for note in notes:
        draw_text(c, note, sheet.left, y, sheet.content_width, BOLD, 8.5, "left")
        y -= NOTE
    c.setFillGray(0)


def _item(c: Canvas, item: _Item, x: float, y: float, w: float, filled: bool) -> None:
    section = item.section
    if item.kind == "head":
        label = section.label + (" (continued)" if item.continued else "")
        c.setFont(BOLD, 10.5)
        c.drawString(x, y - 14, label)
        lw = c.stringWidth(label, BOLD, 10.5) + 8
        c.setFillGray(SMALL_PRINT)
        if not item.continued:
            draw_text(c, section.rule, x + lw, y - 14, w - lw, SANS, 8.5, "left")
        c.setFillGray(0)
        c.setLineWidth(0.9)
        c.line(x, y - 18, x + w, y - 18)
    elif item.kind == "line":
        base = y - LINE + 4
        if filled and item.index < len(section.entries):
            count, name = section.entries[item.index]
            draw_text(c, str(count), x, base, COUNT_W - 4, BOLD, 10, "right")
            draw_text(c, name, x + COUNT_W + 4, base, w - COUNT_W - 4, SANS, 10, "left")
        elif filled:
            c.setFillGray(SMALL_PRINT)
            draw_text(c, "none", x + COUNT_W + 4, base, w - COUNT_W - 4, SANS, 9, "left")
            c.setFillGray(0)
        else:
            c.setLineWidth(0.5)
            c.rect(x, base - 2, COUNT_W - 4, LINE - 3, stroke=1, fill=0)
            c.setStrokeGray(WRITE_LINE)
            c.line(x + COUNT_W + 2, base - 2, x + w, base - 2)
            c.setStrokeGray(0)
    else:
        _total(c, section, x, y, w, filled)


def _total(c: Canvas, section: DeckSection, x: float, y: float, w: float, filled: bool) -> None:
    base = y - 14
    c.setFont(BOLD, 9.5)
    c.drawString(x + COUNT_W + 4, base, "Total")
    if section.target is not None:
        c.setFont(SANS, 9.5)
        c.drawString(x + COUNT_W + 72, base, f"/ {section.target}")
    elif section.rule:
        c.setFillGray(SMALL_PRINT)
        draw_text(
            c, f"({section.rule})", x + COUNT_W + 72, base, w - COUNT_W - 72, SANS, 8.5, "left"
        )
        c.setFillGray(0)
    c.setLineWidth(0.8)
    c.rect(x + COUNT_W + 36, base - 4, 30, 15, stroke=1, fill=0)
    if filled:
        c.setFont(BOLD, 10)
        c.drawCentredString(x + COUNT_W + 51, base, str(section.total))
