"""Match slips: one per table, up to four to a page, with dashed cut lines between them.

Holds `draw_slips`. A slip names the event, round and table, each player (name, id, points)
with boxes for games won, a drop box and a signature line, and a box for drawn games (left out
when the format allows no drawn game). A Conquest table (3 to 5 seats) lists every seat with a
winner box, and one box for a game without a winner, and says that at time Conquest games
end (formats.md, decided here: no sudden death for more than two players). A best-of-3 slip
adds a tick row per game; Warcaste formats (end of round "sudden death") add the
sudden-death grid (both in `slip_grids`). Byes get no slip. The part that is the same on
every slip of a round is drawn once, as a PDF form, so 1,000 slips print in well under a
second.

Must not import Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

from typing import Final

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from organizer.core.views.wording import plural
from organizer.printing.columns import Column, draw_text, place
from organizer.printing.fonts import BOLD, MONO, SANS
from organizer.printing.ink import SMALL_PRINT, cut_line
from organizer.printing.page import PageSettings, Sheet
from organizer.printing.slip_grids import (
    GRID_COLUMNS,
    LETTERS,
    SD_ROW,
    SD_TITLE,
    TITLES,
    box,
    draw_games,
    draw_sudden_death,
    titles,
)
from organizer.printing.views import Slip, SlipsView

PAGE_MARGIN: Final = 20.0
PAD: Final = 9.0
MAX_PER_PAGE: Final = 4
HEAD: Final = 30.0
SEAT_ROW: Final = 24.0
DRAW_LINE: Final = 18.0
GAMES_LINE: Final = 18.0
SCISSORS: Final = "\u2702"
TABLE_SIZE: Final = 18.0


def games_height(view: SlipsView, seats: int) -> float:
    """The game-by-game row: on two-player slips of a best-of-3 (or 5) match."""
    return GAMES_LINE if seats == 2 and view.best_of > 1 else 0.0


def slip_height(view: SlipsView, seats: int) -> float:
    """Points a slip with `seats` players needs, padding included."""
    height = 2 * PAD + HEAD + TITLES + seats * SEAT_ROW + DRAW_LINE + games_height(view, seats)
    if view.sudden_death:
        height += SD_TITLE + TITLES + seats * SD_ROW
    return height


def draw_slips(view: SlipsView, settings: PageSettings) -> bytes:
    sheet = Sheet(settings, view.heading, "Match slips", margin=PAGE_MARGIN, framed=False)
    usable = sheet.top - sheet.bottom
    need = max((slip_height(view, len(s.seats)) for s in view.slips), default=1.0)
    per_page = max(1, min(MAX_PER_PAGE, int(usable // need)))
    slot = usable / per_page
    pages = (len(view.slips) + per_page - 1) // per_page
    layout = _Layout(sheet.left, sheet.right, view)
    c = sheet.canvas
    forms = {n: _form(c, view, layout, n, slot) for n in sorted({len(s.seats) for s in view.slips})}
    for index in sheet.pages(pages):
        chunk = view.slips[index * per_page : (index + 1) * per_page]
        if not chunk:
            c.setFont(SANS, 12)
            c.drawString(sheet.left, sheet.top - 20, "No match slips: this round has only byes.")
        for i, slip in enumerate(chunk):
            c.saveState()
            c.translate(0, sheet.top - i * slot)
            c.doForm(forms[len(slip.seats)])
            _draw_players(c, view, slip, layout)
            c.restoreState()
        for i in range(1, min(len(chunk) + 1, per_page)):
            _cut_line(c, sheet.width, sheet.top - i * slot)
    return sheet.pdf()


def _form(c: Canvas, view: SlipsView, lay: _Layout, seats: int, slot: float) -> str:
    """The printed-once part of a slip with `seats` players, drawn below y = 0, as a form."""
    name = f"slip{seats}"
    c.beginForm(name, lowerx=0, lowery=-slot, upperx=lay.right + PAGE_MARGIN, uppery=0)
    _draw_frame(c, view, seats, lay)
    c.endForm()
    return name


def _seat_columns(answer: str) -> list[Column]:
    """A slip's seat rows: mark, player, the answer ("Games won", or "Winner" at a
    Conquest table), drop and signature."""
    return [
        Column("", 14),
        Column("Player"),
        Column(answer, 52, "center"),
        Column("Drop", 30, "center"),
        Column("Signature", 150),
    ]


class _Layout:
    """Column positions shared by every slip of a sheet (two-player and Conquest)."""

    def __init__(self, left: float, right: float, view: SlipsView) -> None:
        self.left, self.right = left, right
        widest = max((s.table or 0 for s in view.slips), default=0)
        self.table_room = stringWidth(f"Table {widest}", BOLD, TABLE_SIZE) + 4
        self.two = place(_seat_columns("Games won"), left, right)
        self.multi = place(_seat_columns("Winner"), left, right)
        self.grid = place(GRID_COLUMNS, left, right)


def _draw_frame(c: Canvas, view: SlipsView, seats: int, lay: _Layout) -> None:
    """Everything but the table number and the players: the same on every slip of a round."""
    left, right = lay.left, lay.right
    y = -PAD
    used = lay.table_room + 14
    round_label = view.heading.round_label
    c.setFont(BOLD, 11)
    c.drawRightString(right - used, y - 16, round_label)
    used += c.stringWidth(round_label, BOLD, 11) + 16
    draw_text(c, view.heading.event, left, y - 11, right - left - used, BOLD, 11, "left")
    info = [view.format_title] if view.format_title else []
    info.append(f"best of {view.best_of}" if view.best_of > 1 else "one game")
    if view.heading.date:
        info.append(view.heading.date.isoformat())
    if view.house_rule:
        info.append(view.house_rule)
    c.setFillGray(SMALL_PRINT)
    draw_text(c, " \u00b7 ".join(info), left, y - 23, right - left - used, SANS, 8, "left")
    c.setFillGray(0)
    y -= HEAD
    multi = seats > 2
    cols = lay.multi if multi else lay.two
    titles(c, cols, y - 7)
    y -= TITLES
    c.setLineWidth(0.8)
    for k in range(seats):
        row = y - k * SEAT_ROW
        c.setFont(BOLD, 12)
        c.drawString(cols[0].x, row - 15, LETTERS[k])
        if multi:
            box(c, cols[2], row - 19, 13, 13)
        else:
            box(c, cols[2], row - 20, 30, 17)
        box(c, cols[3], row - 18, 11, 11)
        c.line(cols[4].x, row - 19, cols[4].x + cols[4].width, row - 19)
    y -= seats * SEAT_ROW
    if view.draws_allowed or multi:
        label = "No winner (drawn game)" if multi else "Drawn games"
        draw_text(c, label, cols[1].x, y - 12, cols[1].width, BOLD, 9, "right")
        if multi:
            box(c, cols[2], y - 15, 13, 13)
        else:
            box(c, cols[2], y - 16, 30, 15)
    c.setFillGray(SMALL_PRINT)
    hint = (
        "Tick the winner. Time: Conquest games end (no sudden death)."
        if multi
        else "Write the games each player won."
    )
    draw_text(c, hint, cols[3].x, y - 12, cols[4].x + cols[4].width - cols[3].x, SANS, 7, "left")
    c.setFillGray(0)
    y -= DRAW_LINE
    if games_height(view, seats):
        draw_games(c, view.best_of, view.draws_allowed, cols[1].x, y)
        y -= games_height(view, seats)
    if view.sudden_death:
        draw_sudden_death(c, seats, lay.grid, lay.left, lay.right, y)


def _draw_players(c: Canvas, view: SlipsView, slip: Slip, lay: _Layout) -> None:
    """The table number and the players of one slip, over its frame (top at y = 0)."""
    table = f"Table {slip.label}"
    c.setFont(BOLD, TABLE_SIZE)
    c.drawRightString(lay.right, -PAD - 18, table)
    cols = lay.multi if len(slip.seats) > 2 else lay.two
    y = -PAD - HEAD - TITLES
    for k, seat in enumerate(slip.seats):
        row = y - k * SEAT_ROW
        draw_text(c, seat.name, cols[1].x, row - 11, cols[1].width, BOLD, 10.5, "left")
        c.setFillGray(SMALL_PRINT)
        points = plural(seat.points, "point")
        ident = f"ID {seat.id} \u00b7 {points} before the round"
        draw_text(c, ident, cols[1].x, row - 20.5, cols[1].width, MONO, 7, "left")
        c.setFillGray(0)
    if view.sudden_death:
        grid = lay.grid[1]
        y -= len(slip.seats) * SEAT_ROW + DRAW_LINE + games_height(view, len(slip.seats))
        y -= SD_TITLE + TITLES
        for k, seat in enumerate(slip.seats):
            draw_text(c, seat.name, grid.x, y - k * SD_ROW - 11, grid.width, SANS, 8, "left")


def _cut_line(c: Canvas, page_width: float, y: float) -> None:
    cut_line(c, 18, y, page_width - 6, y)
    c.setFont(SANS, 10)
    c.drawString(4, y - 3.5, SCISSORS)
