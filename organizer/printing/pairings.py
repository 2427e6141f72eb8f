"""The pairings sheets of a round: by table, and by name for the walls.

Holds `draw_pairings_by_table` (table, player and points before the round, opponent and
points; byes last as "bye"; a Conquest table takes one line per two seats) and
`draw_pairings_by_name` (every player alphabetically with table, opponent and points; each
page headed by its name range, e.g. "A - F", so the sheets can hang in several places).
Both honour `PageSettings.large_type`. With `PairingsView.page_url` set (the players' page is
served) every page ends in a band with the page's QR code and address (`printing.qr`).
Drawn on reportlab's canvas directly: the lists run to thousands of lines and must print in
well under a second.

Must not import Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from organizer.core.names import fold
from organizer.core.views.round_view import NameRow, Seat, TableView
from organizer.core.views.wording import BYE, DASH, table_label
from organizer.printing.columns import Column, Placed, Type, draw_cells, place
from organizer.printing.fonts import BOLD
from organizer.printing.list_sheet import list_rows, room_below, split_pages
from organizer.printing.page import PageSettings, Sheet
from organizer.printing.qr import BAND, draw_page_band
from organizer.printing.text_runs import draw_string, fit
from organizer.printing.views import PairingsView


def _seat_cells(seat: Seat | None) -> tuple[str, str]:
    if seat is None:
        return ("", "")
    return (seat.name, str(seat.points))


def _bottom(sheet: Sheet, view: PairingsView) -> float:
    """Where the rows end: above the QR band when the sheet carries one."""
    return sheet.bottom + (BAND + 12 if view.page_url else 0.0)


def _band(sheet: Sheet, view: PairingsView) -> None:
    if view.page_url:
        draw_page_band(sheet.canvas, view.page_url, sheet.left, sheet.right, sheet.bottom + 4)


def _table_lines(row: TableView) -> int:
    return 1 if len(row.seats) <= 2 else (len(row.seats) + 1) // 2


def draw_pairings_by_table(view: PairingsView, settings: PageSettings) -> bytes:
    sheet = Sheet(settings, view.heading, "Pairings by table")
    t = Type.of(settings.large_type)
    cols = place(
        [
            Column("Table", 3.4 * t.size, "right", BOLD),
            Column("Player"),
            Column("Pts", 2.4 * t.size, "right"),
            Column("Opponent", space=t.size),
            Column("Pts", 2.4 * t.size, "right"),
        ],
        sheet.left + 4,
        sheet.right - 4,
    )
    titles_y = sheet.top - t.title
    heights = [_table_lines(r) * t.row for r in view.tables]
    pages = split_pages(heights, room_below(titles_y, _bottom(sheet, view)))
    rows = list_rows(
        sheet,
        cols,
        heights,
        pages,
        titles_y=titles_y,
        title_size=t.title,
        on_page=lambda _: _band(sheet, view),
    )
    for i, y in rows:
        _draw_table(sheet.canvas, cols, view.tables[i], y - t.row * 0.7, t)
    return sheet.pdf()


def _draw_table(c: Canvas, cols: list[Placed], row: TableView, baseline: float, t: Type) -> None:
    table = row.label
    if row.is_bye:
        name, points = _seat_cells(row.seats[0])
        draw_cells(
            c, cols, baseline, (table, name, points, BYE, ""), t.size, fonts=(None,) * 3 + (BOLD,)
        )
        return
    seats = list(row.seats)
    for line in range(_table_lines(row)):
        a = seats[2 * line]
        b = seats[2 * line + 1] if 2 * line + 1 < len(seats) else None
        cells = (table if line == 0 else "", *_seat_cells(a), *_seat_cells(b))
        draw_cells(c, cols, baseline - line * t.row, cells, t.size)


LONGEST = 16
"""The longest bound of a name range: "Mar" - "Mat", "Player 10" - "Player 14"."""


def range_labels(keys: Sequence[tuple[str, str]]) -> list[str]:
    """A label such as "A - F" (en dash) per page, long enough to tell neighbouring pages apart.

    `keys` holds (first, last) name keys per page; a bound is lengthened (up to `LONGEST`
    letters) while it equals the neighbouring page's bound at that length.
    """
    labels: list[str] = []
    for i, (first, last) in enumerate(keys):
        before = keys[i - 1][1] if i > 0 else ""
        after = keys[i + 1][0] if i + 1 < len(keys) else ""
        labels.append(f"{_bound(first, before)} {DASH} {_bound(last, after)}")
    return labels


def _bound(key: str, neighbour: str) -> str:
    n = 1
    while n < LONGEST and n < len(key) and key[:n] == neighbour[:n]:
        n += 1
    return (key[:n].strip() or "?").capitalize()


def draw_pairings_by_name(view: PairingsView, settings: PageSettings) -> bytes:
    sheet = Sheet(settings, view.heading, "Pairings by name")
    t = Type.of(settings.large_type)
    band = t.size * 2.6
    cols = place(
        [
            Column("Name", share=1.2),
            Column("Pts", 2.4 * t.size, "right"),
            Column("Table", 3.4 * t.size, "right", BOLD),
            Column("Opponent", share=0.8, space=t.size * 0.6),
            Column("Pts", 2.4 * t.size, "right"),
        ],
        sheet.left + 4,
        sheet.right - 4,
    )
    titles_y = sheet.top - band - t.title
    heights = [t.row] * len(view.names)
    pages = split_pages(heights, room_below(titles_y, _bottom(sheet, view)))
    keys = [
        (fold(view.names[s].player.name), fold(view.names[e - 1].player.name))
        for s, e in pages
        if e > s
    ]
    labels = range_labels(keys) if keys else [""]

    def page_top(index: int) -> None:
        _band(sheet, view)
        label, size = fit(labels[index], BOLD, band * 0.8, sheet.content_width)
        draw_string(sheet.canvas, sheet.left, sheet.top - band * 0.85, label, BOLD, size)

    rows = list_rows(
        sheet, cols, heights, pages, titles_y=titles_y, title_size=t.title, on_page=page_top
    )
    for i, y in rows:
        line = view.names[i]
        fonts = _NAME_FONTS[line.at.is_bye]
        draw_cells(sheet.canvas, cols, y - t.row * 0.7, _name_cells(line), t.size, fonts=fonts)
    return sheet.pdf()


_NAME_FONTS: dict[bool, tuple[str | None, ...]] = {False: (BOLD,), True: (BOLD, None, None, BOLD)}


def _name_cells(line: NameRow) -> tuple[str, ...]:
    own = (line.player.name, str(line.player.points))
    table = table_label(line.table)
    if line.at.is_bye:
        return (*own, table, BYE, "")
    if len(line.opponents) == 1:
        return (*own, table, *_seat_cells(line.opponents[0]))
    return (*own, table, ", ".join(o.name for o in line.opponents), "")
