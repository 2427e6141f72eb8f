"""The lazily read collation table gives pyuca's own keys (`core.collation`).

Names sort as the Unicode Collation Algorithm says only if the lazy table holds, for every
letter a name uses, what pyuca's full table holds: contractions (several code points with
one weight, such as Catalan's "l·l"), expansions, combining marks after a letter, letters
outside the table (implicit weights: CJK, unassigned), and letters outside the BMP."""

from __future__ import annotations

import os
import random
import re
import sys
import threading
from typing import Any

import pytest
import pyuca

from organizer.core.collation import LazyCollator
from organizer.core.names import sort_key


@pytest.fixture(scope="module")
def full() -> pyuca.Collator:
    return pyuca.Collator()


def table_keys() -> list[str]:
    """Every entry of the table as text: each code point alone, and each contraction."""
    path = os.path.join(
        os.path.dirname(pyuca.__file__), f"allkeys-{pyuca.Collator.UCA_VERSION}.txt"
    )
    with open(path, encoding="utf-8") as table:
        found = re.findall(r"^([0-9A-F ]+?)\s*;", table.read(), re.M)
    return ["".join(chr(int(c, 16)) for c in entry.split()) for entry in found]


def test_every_contraction_and_a_sample_of_letters_weigh_as_in_pyuca(full: pyuca.Collator) -> None:
    keys = table_keys()
    contractions = [k for k in keys if len(k) > 1]
    assert len(contractions) > 800  # the table was read, contractions and all
    rng = random.Random(35)
    letters = rng.sample([k for k in keys if len(k) == 1], 3000)
    lazy = LazyCollator()
    for text in contractions + letters:
        assert lazy.sort_key(text) == full.sort_key(text), [hex(ord(c)) for c in text]


@pytest.mark.parametrize(
    "name",
    [
        "Łukasz Żółkiewski",
        "Zoë",
        "Paella i l·lusió",  # a contraction mid-name
        "Ą̈ka",  # combining marks after a letter with its own
        "王小明",  # implicit weights (CJK)
        "\U0001d504\U0001d521\U0001d51e",  # outside the BMP (Fraktur "Ada")
        "\U000e0001x",  # not in the table at all
        "Ærøskøbing Ǆ ß",
    ],
)
def test_names_weigh_as_in_pyuca(full: pyuca.Collator, name: str) -> None:
    """A fresh lazy collator for each name: the letters it needs are read for it alone."""
    assert LazyCollator().sort_key(name) == full.sort_key(name)


def test_names_sort_by_the_lazy_table() -> None:
    names = ["Zoë", "zoe", "Łukasz", "Lukas", "Ølaf", "Olaf", "Ada"]
    assert sorted(names, key=sort_key) == ["Ada", "Lukas", "Łukasz", "Olaf", "Ølaf", "zoe", "Zoë"]


def test_threads_sorting_at_once_get_the_same_keys(full: pyuca.Collator) -> None:
    """The GUI and the players' page sort names in threads of their own: a thread must never
    look a letter up in a trie another thread is still filling (a wrong key, then cached by
    `names.sort_key`). Threads switch every microsecond here, to meet mid-fill."""
    names = ["Łukasz", "Ádám", "Zoë", "Ōta", "Émile", "Çelik", "Ñúñez", "Øystein", "Ævar", "Ǆenan"]
    want = [full.sort_key(n) for n in names]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for _ in range(20):
            lazy = LazyCollator()
            got: list[list[tuple[int, ...]]] = []

            def sort_all(collator: LazyCollator = lazy, into: list[Any] = got) -> None:
                into.append([collator.sort_key(n) for n in names])

            threads = [threading.Thread(target=sort_all) for _ in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert got == [want] * 4
    finally:
        sys.setswitchinterval(interval)
