"""The write-in grids of a match slip: game by game, and Warcaste's sudden death.

Holds `draw_games` (a tick for the winner, or a draw, of each game of a best-of-3 or 5) and
`draw_sudden_death` (rulebook 1d, docs/rules.md: when time is called each player gets
3 more turns, turn 1 being the active player's; most damage counters placed or dealt on the
opponents' territories wins; a player whose last territory is destroyed loses at once). The grid
asks who was the active player, then has one column per sudden-death turn (1 to 6, turn 1 the
active player's turn in progress at time) and one box per player in each: the counters that player
placed during that turn, whoever's turn it was (a trap placed during the opponent's turn counts
for its owner, issue 25). Then a total per player and a "last territory destroyed" tick.

Must not import Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from reportlab.pdfgen.canvas import Canvas

from organizer.printing.columns import Column, Placed, draw_text
from organizer.printing.fonts import BOLD, SANS
from organizer.printing.ink import RULE, SMALL_PRINT

TURNS: Final = 6
"""Sudden-death turns in all, 3 each (Warcaste 1d)."""
TITLES: Final = 10.0
SD_TITLE: Final = 16.0
SD_ROW: Final = 17.0
LETTERS: Final = "ABCDEFGH"
GRID_COLUMNS: Final = (
    Column("", 14),
    Column("Counters placed during each turn", 128),
    *(Column(f"Turn {t}", 32, "center") for t in range(1, TURNS + 1)),
    Column("Total", 40, "center"),
    Column("Last territory destroyed", None, "center"),
)


def titles(c: Canvas, cols: Sequence[Placed], y: float) -> None:
    """Small grey column titles at baseline `y`."""
    c.setFillGray(SMALL_PRINT)
    for p in cols:
        draw_text(c, p.column.title, p.x, y, p.width, SANS, 7, p.column.align)
    c.setFillGray(0)


def box(c: Canvas, p: Placed, y: float, w: float, h: float) -> None:
    """A write-in box of w x h centred in column `p`, bottom at y."""
    c.rect(p.x + (p.width - w) / 2, y, w, h, stroke=1, fill=0)


def draw_games(c: Canvas, best_of: int, draws_allowed: bool, x: float, y: float) -> None:
    """Game by game: a tick for the winner (or a draw) of each game of the match."""
    c.setFont(SANS, 8)
    c.setFillGray(SMALL_PRINT)
    c.drawString(x, y - 11, "Each game:")
    c.setFillGray(0)
    x += 52
    choices = ("A", "B", "draw") if draws_allowed else ("A", "B")
    for game in range(1, best_of + 1):
        c.setFont(BOLD, 8)
        c.drawString(x, y - 11, f"Game {game}")
        x += c.stringWidth(f"Game {game}", BOLD, 8) + 6
        c.setFont(SANS, 8)
        for choice in choices:
            c.rect(x, y - 12, 9, 9, stroke=1, fill=0)
            c.drawString(x + 11, y - 11, choice)
            x += 14 + c.stringWidth(choice, SANS, 8) + 4
        x += 14


def draw_sudden_death(
    c: Canvas, seats: int, cols: Sequence[Placed], left: float, right: float, y: float
) -> None:
    """The sudden-death grid of a slip with `seats` players, its top at `y`."""
    c.setStrokeGray(RULE)
    c.setLineWidth(0.5)
    c.line(left, y - 2, right, y - 2)
    c.setStrokeGray(0)
    c.setLineWidth(0.8)
    c.setFont(BOLD, 9)
    c.drawString(left, y - 13, "Sudden death")
    x = left + c.stringWidth("Sudden death", BOLD, 9) + 12
    c.setFont(SANS, 8)
    c.drawString(x, y - 13, "Active player when time was called:")
    x += c.stringWidth("Active player when time was called:", SANS, 8) + 8
    c.setFont(BOLD, 8)
    for k in range(seats):
        c.rect(x, y - 14, 9, 9, stroke=1, fill=0)
        c.drawString(x + 12, y - 13, LETTERS[k])
        x += 28
    c.setFillGray(SMALL_PRINT)
    hint = "3 more turns each, in turn order from the active player"
    if seats == 2:
        hint = "Turn 1 = the turn in progress. A trap counts for its owner."
    draw_text(c, hint, x + 6, y - 13, right - x - 6, SANS, 7, "left")
    c.setFillGray(0)
    y -= SD_TITLE
    titles(c, cols, y - 7)
    y -= TITLES
    for k in range(seats):
        row = y - k * SD_ROW
        letter = LETTERS[k]
        c.setFont(BOLD, 10)
        c.drawString(cols[0].x, row - 11, letter)
        for turn in range(TURNS):
            cell = cols[2 + turn]
            bx = cell.x + (cell.width - 30) / 2
            c.rect(bx, row - 15, 30, 14, stroke=1, fill=0)
            c.setFont(SANS, 5.5)
            c.setFillGray(SMALL_PRINT)
            c.drawString(bx + 2, row - 6.5, f"{letter}{turn + 1}")
            c.setFillGray(0)
        box(c, cols[2 + TURNS], row - 15, 36, 14)
        box(c, cols[3 + TURNS], row - 14, 11, 11)
