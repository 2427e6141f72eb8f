"""The prize sheet: who gets what at the end of the evening, with a line to sign for it.

Holds `PrizeSheetView` (built by the prizes service from the final standings and the
event's prize table) and `draw_prize_sheet`: one row per player in final order (place,
player, Swiss record, prize) and a signature line, so the store keeps proof of what it
handed out. Under the rows, what the table said: by record or by placing, the
participation prize and how level players were treated.

Must not import Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

from dataclasses import dataclass

from organizer.printing.columns import Column, Type, draw_cells, place
from organizer.printing.fonts import BOLD, SANS
from organizer.printing.ink import PAGE_PRINT
from organizer.printing.list_sheet import TITLE_GAP, list_rows, room_below, split_pages
from organizer.printing.page import PageSettings, Sheet
from organizer.printing.text_runs import draw_string, fit
from organizer.printing.views import Heading


@dataclass(frozen=True, slots=True)
class PrizeLine:
    place: str
    """"3", or "3-4" when level players shared their places."""
    player: str
    """Name and id: "Ada Byrne (p1)"."""
    record: str
    """Swiss W-L-D: "2-1-0"."""
    prize: str


@dataclass(frozen=True, slots=True)
class PrizeSheetView:
    heading: Heading
    lines: tuple[PrizeLine, ...]
    terms: str
    """What the table said, in a sentence: "By record; participation: 1 promo card."."""


def draw_prize_sheet(view: PrizeSheetView, settings: PageSettings) -> bytes:
    sheet = Sheet(settings, view.heading, "Prizes")
    t = Type.of(settings.large_type)
    columns = [
        Column("Place", 3.6 * t.size, "right"),
        Column("Player", None, "left", BOLD, share=1.2),
        Column("Record", 4.6 * t.size),
        Column("Prize", None, "left", BOLD, share=2.2),
        Column("Signature", None, share=0.9),
    ]
    cols = place(columns, sheet.left + 4, sheet.right - 4)
    height = t.row * 1.6
    titles_y = sheet.top - t.title
    heights = [height] * len(view.lines)
    pages = split_pages(heights, room_below(titles_y, sheet.bottom + 2 * t.row))
    c = sheet.canvas
    last = len(pages) - 1

    def page_foot(index: int) -> None:
        if index == last:
            shown, used = fit(view.terms, SANS, t.size * 0.85, sheet.content_width - 8)
            c.setFillGray(PAGE_PRINT)
            draw_string(c, sheet.left + 4, sheet.bottom + t.row * 0.5, shown, SANS, used)
            c.setFillGray(0)
        if not view.lines:
            y = titles_y - TITLE_GAP - t.row
            draw_string(c, sheet.left + 4, y, "Nobody played.", SANS, t.size)

    rows = list_rows(
        sheet, cols, heights, pages, titles_y=titles_y, title_size=t.title, on_page=page_foot
    )
    sign = cols[-1]
    for i, y in rows:
        line = view.lines[i]
        baseline = y - t.row * 0.9
        cells = [line.place, line.player, line.record, line.prize]
        draw_cells(c, cols[:-1], baseline, cells, t.size)
        c.setLineWidth(0.5)
        c.line(sign.x + 4, baseline - 2, sign.x + sign.width - 4, baseline - 2)
    return sheet.pdf()
