"""The penalty report: the judge log of an event on paper, for the head judge and the records.

Holds `PenaltyReportView` (built by the penalties service from the log) and
`draw_penalty_report`: one row per penalty in the order given (time, round,
table, player, category, penalty, judge), and under it, smaller, the note, what
the penalty did to the match and an upgrade ("2nd Warning for Slow Play"). A
removed penalty is printed struck through with the reason, so the paper shows
what the log holds. Then each penalized player's count by penalty. Never for
the players' page.

Must not import Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

from reportlab.pdfgen.canvas import Canvas

from organizer.core.penalties import penalty_details
from organizer.printing.columns import Column, Placed, Type, draw_cells, place
from organizer.printing.fonts import BOLD, SANS
from organizer.printing.ink import PAGE_PRINT
from organizer.printing.list_sheet import TITLE_GAP, list_rows, room_below, split_pages
from organizer.printing.page import PageSettings, Sheet
from organizer.printing.text_runs import draw_string, fit
from organizer.printing.views import Heading

DETAIL: Final = 0.8
"""The detail line's type size, as a share of the row's."""


@dataclass(frozen=True, slots=True)
class PenaltyLine:
    given_at: str
    """Local time, "20:14"."""
    round: int | None
    table: int | None
    player: str
    """Name and id: "Ada Byrne (p1)"."""
    category: str
    penalty: str
    judge: str
    note: str = ""
    effect: str = ""
    """What it did to the match; a removed penalty's is printed as what it "had"."""
    upgrade: str = ""
    removed: str | None = None
    """Why it was removed; None for a penalty that stands."""


@dataclass(frozen=True, slots=True)
class PenaltyReportView:
    heading: Heading
    lines: tuple[PenaltyLine, ...]


def details(line: PenaltyLine) -> str:
    """The second line of a row: note, effect, upgrade, removal, worded as the command
    line words them (`core.penalties.penalty_details`)."""
    return penalty_details(
        note=line.note, effect=line.effect, upgrade=line.upgrade, removed=line.removed
    )


def draw_penalty_report(view: PenaltyReportView, settings: PageSettings) -> bytes:
    sheet = Sheet(settings, view.heading, "Penalty report")
    t = Type.of(settings.large_type)
    columns = [
        Column("Time", 3.4 * t.size),
        Column("Rd", 2.2 * t.size, "right"),
        Column("Table", 3.2 * t.size, "right"),
        Column("Player", None, "left", BOLD, share=1.6),
        Column("Category", None, share=1.3),
        Column("Penalty", 8.6 * t.size, "left", BOLD),
        Column("Judge", None, share=0.9),
    ]
    cols = place(columns, sheet.left + 4, sheet.right - 4)
    height = t.row * 1.9
    titles_y = sheet.top - t.title
    room = room_below(titles_y, sheet.bottom)
    heights = [height] * len(view.lines)
    pages = split_pages(heights, room)
    summary = _summary(view.lines)
    start, end = pages[-1]
    below_rows = titles_y - TITLE_GAP - (end - start) * height
    if summary and below_rows - (len(summary) + 2) * t.row < sheet.bottom:
        pages.append((end, end))  # the summary on a page of its own
    last = len(pages) - 1
    c = sheet.canvas

    def page_top(index: int) -> None:
        """What a page has besides its rows: "No penalties given.", the summary under them."""
        y = titles_y - TITLE_GAP
        if not view.lines:
            draw_string(c, sheet.left + 4, y - t.row, "No penalties given.", SANS, t.size)
            y -= t.row * 1.5
        first, stop = pages[index]
        if index == last and summary:
            _draw_summary(c, sheet, y - (stop - first) * height - t.row, summary, t)

    rows = list_rows(
        sheet, cols, heights, pages, titles_y=titles_y, title_size=t.title, on_page=page_top
    )
    for i, y in rows:
        _row(c, cols, y, view.lines[i], t)
    return sheet.pdf()


def _row(c: Canvas, cols: list[Placed], y: float, line: PenaltyLine, t: Type) -> None:
    baseline = y - t.row * 0.7
    cells = [
        line.given_at,
        "" if line.round is None else str(line.round),
        "" if line.table is None else str(line.table),
        line.player,
        line.category,
        line.penalty,
        line.judge,
    ]
    if line.removed is not None:
        c.setFillGray(PAGE_PRINT)
    draw_cells(c, cols, baseline, cells, t.size)
    if line.removed is not None:
        c.setStrokeGray(PAGE_PRINT)
        c.setLineWidth(0.7)
        middle = baseline + t.size * 0.3
        c.line(cols[0].x, middle, cols[-1].x + cols[-1].width, middle)
        c.setStrokeGray(0)
    text = details(line)
    if text:
        size = t.size * DETAIL
        room = cols[-1].x + cols[-1].width - cols[3].x
        shown, used = fit(text, SANS, size, room)
        if line.removed is None:
            c.setFillGray(PAGE_PRINT)
        draw_string(c, cols[3].x, baseline - t.row * 0.85, shown, SANS, used)
    c.setFillGray(0)


def _summary(lines: tuple[PenaltyLine, ...]) -> list[str]:
    """One line per penalized player: "Ada Byrne (p1): 2 Warning, 1 Game Loss"."""
    counts: dict[str, Counter[str]] = {}
    for line in lines:
        if line.removed is None:
            counts.setdefault(line.player, Counter())[line.penalty] += 1
    return [
        f"{player}: " + ", ".join(f"{n} {penalty}" for penalty, n in sorted(c.items()))
        for player, c in sorted(counts.items())
    ]


def _draw_summary(c: Canvas, sheet: Sheet, y: float, summary: list[str], t: Type) -> None:
    draw_string(c, sheet.left + 4, y, "Penalties by player", BOLD, t.size)
    for k, text in enumerate(summary, start=1):
        shown, used = fit(text, SANS, t.size, sheet.content_width - 8)
        draw_string(c, sheet.left + 4, y - k * t.row, shown, SANS, used)
