"""Which rows of a list sheet go on which page, and the rows drawn page after page."""

from __future__ import annotations

from organizer.printing.columns import Column, place
from organizer.printing.list_sheet import TITLE_GAP, list_rows, room_below, split_pages
from organizer.printing.page import PageSettings, Sheet
from organizer.printing.views import Heading
from tests.printing.pdf_reading import reader


def test_split_pages_fill_each_page_and_give_a_tall_row_its_own() -> None:
    assert split_pages([10, 10, 10, 10, 10], 25) == [(0, 2), (2, 4), (4, 5)]
    assert split_pages([10, 40, 10], 25) == [(0, 1), (1, 2), (2, 3)]
    assert split_pages([1.5] * 4, 6) == [(0, 4)]


def test_no_rows_still_make_one_empty_page() -> None:
    assert split_pages([], 100) == [(0, 0)]


def test_list_rows_yield_every_row_once_below_the_titles_of_its_page() -> None:
    sheet = Sheet(PageSettings(), Heading("Open"), "List")
    cols = place([Column("Name")], sheet.left, sheet.right)
    heights = [30.0] * 50
    titles_y = sheet.top - 8
    pages = split_pages(heights, room_below(titles_y, sheet.bottom))
    seen: list[int] = []
    tops: list[float] = []
    framed: list[int] = []
    for i, y in list_rows(
        sheet, cols, heights, pages, titles_y=titles_y, title_size=8, on_page=framed.append
    ):
        seen.append(i)
        tops.append(y)
    assert seen == list(range(50))
    assert framed == list(range(len(pages))) and len(pages) > 1
    firsts = [start for start, _ in pages]
    assert all(tops[i] == titles_y - TITLE_GAP for i in firsts)
    assert all(tops[i] - heights[i] >= sheet.bottom for i in seen)
    assert len(reader(sheet.pdf()).pages) == len(pages)
