"""The rows of a list sheet, page by page: which rows fit on a page, titles and shading.

Holds `split_pages` (rows [start, end) per page, filling each page) and `list_rows`,
which frames each page of a `Sheet`, draws the column titles, shades every other row
and yields where each row goes; the pairings, standings and penalty report sheets draw only
their own cells. Must not import Qt, sqlmodel/sqlalchemy, organizer.services or
organizer.storage.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from organizer.printing.columns import Placed, draw_titles, shade
from organizer.printing.page import Sheet

TITLE_GAP = 8.0
"""Points between the column titles' baseline and the first row."""


def split_pages(heights: Sequence[float], room: float) -> list[tuple[int, int]]:
    """Rows [start, end) of each page, filling each page with as many rows as fit in `room`
    (a row taller than a page gets a page of its own); at least one page, empty for no rows."""
    pages: list[tuple[int, int]] = []
    start, used = 0, 0.0
    for i, h in enumerate(heights):
        if i > start and used + h > room:
            pages.append((start, i))
            start, used = i, 0.0
        used += h
    if start < len(heights) or not pages:
        pages.append((start, len(heights)))
    return pages


def room_below(titles_y: float, bottom: float) -> float:
    """The height rows have on a page whose column titles stand at `titles_y`."""
    return titles_y - TITLE_GAP - bottom


def list_rows(
    sheet: Sheet,
    cols: Sequence[Placed],
    heights: Sequence[float],
    pages: Sequence[tuple[int, int]],
    *,
    titles_y: float,
    title_size: float,
    on_page: Callable[[int], None] | None = None,
) -> Iterator[tuple[int, float]]:
    """(row index, top of the row) for every row, page after page (`split_pages`).

    Each page is framed by `sheet`, `on_page(page index)` draws what the page has of its
    own (a name range, a QR band), then come the column titles at `titles_y`; rows start
    `TITLE_GAP` below them, every other row shaded.
    """
    for index in sheet.pages(len(pages)):
        start, end = pages[index]
        if on_page is not None:
            on_page(index)
        draw_titles(sheet.canvas, cols, titles_y, title_size)
        y = titles_y - TITLE_GAP
        for i in range(start, end):
            if (i - start) % 2:
                shade(sheet.canvas, sheet.left, sheet.right, y - heights[i], heights[i])
            yield i, y
            y -= heights[i]
