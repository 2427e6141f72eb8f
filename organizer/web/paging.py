"""Cutting a long list into pages, so no page of a 4,096-player event grows past 300 KB.

A phone on the store's Wi-Fi should never download the whole room: the pages
show one slice of a list (`Slice`) with links to the others, and "your row
and the rows around it" (`around`) once a name is found.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Slice(Generic[T]):
    """Page `page` of `pages` of a list of `total` items: `items`, numbered from `first`."""

    items: tuple[T, ...]
    page: int
    pages: int
    total: int
    first: int
    """The 1-based position of the first item shown (0 when the list is empty)."""

    @property
    def last(self) -> int:
        return self.first + len(self.items) - 1 if self.items else 0

    @property
    def previous(self) -> int | None:
        return self.page - 1 if self.page > 1 else None

    @property
    def next(self) -> int | None:
        return self.page + 1 if self.page < self.pages else None


def page_count(total: int, size: int) -> int:
    return max(1, -(-total // size))


def page_number(text: str, pages: int) -> int:
    """The page asked for in a query (`?page=…`), kept between 1 and `pages`."""
    try:
        number = int(text.strip()[:9])
    except ValueError:
        return 1
    return min(max(1, number), pages)


def slice_of(items: Sequence[T], page: int, size: int, pages: int | None = None) -> Slice[T]:
    """Items of page `page` (1-based, clamped) of `size` each; `pages` when several lists
    share one pager (the page may then lie past this list's end: no items)."""
    count = pages if pages is not None else page_count(len(items), size)
    page = min(max(1, page), count)
    start = (page - 1) * size
    chunk = tuple(items[start : start + size])
    return Slice(chunk, page, count, len(items), start + 1 if chunk else 0)


def around(items: Sequence[T], index: int, reach: int) -> Slice[T]:
    """The item at `index` with up to `reach` items either side."""
    start = max(0, index - reach)
    chunk = tuple(items[start : index + reach + 1])
    return Slice(chunk, 1, 1, len(items), start + 1 if chunk else 0)
