"""The Unicode Collation Algorithm's table, read one first letter at a time.

Why: `pyuca` parses its whole table (some 30,000 lines) when a collator is made: 0.16 s on a
laptop, 0.36 s on a slow one, paid by the first sort of any list of names, so by every
`organizer standings` (names break exact ties) before it prints a line. A store's names
use a few dozen letters. Here the file is read once and only split by first code point;
a letter's lines are parsed when a name first needs them. The weights and the algorithm
are pyuca's own (its `collation_elements` runs unchanged on this table), so the order is
the same; a test compares the keys with pyuca's for every contraction in the table.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from typing import Any

from pyuca import Collator
from pyuca.collator import COLL_ELEMENT_PATTERN
from pyuca.trie import Trie

_Weights = list[list[int]]


_ENTRY = re.compile(r"^([0-9A-F]{4,5})([ ;][^#\n]*)", re.M)
"""A table line: its first code point, then the rest of its code points and its weights."""
_IMPLICIT = re.compile(r"^@implicitweights([^#\n]*)", re.M)


class _LazyTable:
    """pyuca's `Trie`, filled with the lines of a first code point when it is first looked up.

    Every key pyuca looks up starts with the code point it is at, so the lines starting
    with that code point (its contractions included) are all the trie needs for it."""

    def __init__(self, lines: dict[str, list[str]]) -> None:
        self._lines = lines
        self._trie = Trie()
        self._ready: set[int] = set()
        """First code points whose lines are all in the trie: looked up without the lock."""
        self._filling = threading.Lock()
        """Held while a first code point's lines go in: the GUI and the players' page sort
        names in threads of their own, and a lookup in a half-filled trie gives a wrong key
        (which `names.sort_key` would then keep)."""

    def find_prefix(self, key: Sequence[int]) -> tuple[list[int], _Weights | None, list[int]]:
        if key[0] not in self._ready:
            with self._filling:
                if key[0] not in self._ready:
                    self._fill(key[0])
                    self._ready.add(key[0])
        found: tuple[list[int], _Weights | None, list[int]] = self._trie.find_prefix(key)
        return found

    def _fill(self, first: int) -> None:
        for rest in self._lines.pop(f"{first:04X}", ()):
            chars, weights = rest.split(";", 1)
            elements = [
                [int(w, 16) for w in found.groups()]
                for found in COLL_ELEMENT_PATTERN.finditer(weights)
            ]
            self._trie.add([first, *(int(c, 16) for c in chars.split())], elements)


class LazyCollator(Collator):  # type: ignore[misc]  # pyuca has no type hints
    """pyuca's collator for its default table (pyuca names the file and calls `load`),
    the table read lazily (`_LazyTable`)."""

    def load(self, filename: str) -> None:
        with open(filename, encoding="utf-8") as keys_file:
            text = keys_file.read()
        lines: dict[str, list[str]] = {}
        for first, rest in _ENTRY.findall(text):  # found in C; grouped here, parsed when used
            lines.setdefault(first, []).append(rest)
        for ranges in _IMPLICIT.findall(text):
            span, base = ranges.split(";")
            start, end = span.split("..")
            self.implicit_weights.append([int(start, 16), int(end, 16), int(base, 16)])
        self.table: Any = _LazyTable(lines)
