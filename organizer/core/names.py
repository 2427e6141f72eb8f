"""People's names as people expect them: one fold for search, one order for lists.

Every screen, printout and page that finds a player by a few letters or lists
players by name calls this module, so "lukasz" finds "Łukasz Żółkiewski" on
the phone, in the app and on paper alike, and Łukasz sorts before Zoë
everywhere.

- `fold` transliterates to ASCII with `anyascii` (a maintained table of every
  script, not a hand list), then ignores case and runs of spaces: Ł→l, Ø→o,
  Đ→d, ß→ss, Ж→zh, 北京→beijing. Unicode's decompositions alone miss the
  letters that have none (Ł, Ø, Đ, ß, Æ…).
- `sort_key` is the Unicode Collation Algorithm's key (`pyuca`, pure Python,
  so a store PC needs no ICU): accents and case only break ties, letters of
  every script keep their place. The key is text (four hex digits a weight), so
  Python's `sorted` and a Qt sorting proxy, which compares text, order alike.

Both keys are cached per name: a 4,096-player list folds and sorts in a few
milliseconds once its names have been seen (tests/benchmarks/test_names.py).
The collation table is read on the first sort, not at import, and only the letters
the names use are parsed (`core.collation`).
"""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache

from anyascii import anyascii

from organizer.core.collation import LazyCollator

CACHED_NAMES = 1 << 16
"""How many names each key keeps: sixteen events of 4,096 players."""


@lru_cache(maxsize=CACHED_NAMES)
def fold(text: str) -> str:
    """`text` as search compares it: ASCII letters, lower case, single spaces."""
    ascii_text = anyascii(unicodedata.normalize("NFKC", text))
    return " ".join(ascii_text.casefold().split())


@lru_cache(maxsize=CACHED_NAMES)
def search_key(text: str) -> str:
    """What a search looks in: the ASCII fold, and on a line of its own the letters as written.

    A query typed in Latin letters finds a name of any script ("lukasz" finds
    Łukasz, "wang" finds 王); a query typed in another script is looked for in the
    name as written, accents aside, so "ن" finds the names with that letter and not
    every name with an "n" in its transliteration. "ŁUKASZ zolk" is Latin: folded.
    """
    return f"{fold(text)}\n{_as_written(text)}"


def needle(query: str) -> str:
    """The query as `search_key` is searched: folded to ASCII when typed in Latin letters."""
    return fold(query) if all(_latin(c) for c in query if c.isalpha()) else _as_written(query)


def matches(query: str, name: str) -> bool:
    """Whether `name` contains the letters of `query` (an empty query: no)."""
    wanted = needle(query)
    return bool(wanted) and wanted in search_key(name)


@cache
def _latin(letter: str) -> bool:
    return letter.isascii() or unicodedata.name(letter, "").startswith("LATIN")


def _as_written(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    kept = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(kept.casefold().split())


@cache
def _collator() -> LazyCollator:
    return LazyCollator()


@lru_cache(maxsize=CACHED_NAMES)
def sort_key(name: str) -> str:
    """Where `name` goes in a list by name: the Unicode Collation Algorithm's order.

    Its weights (each below 0x10000) as four hex digits each: comparing two keys as text
    compares the weights one by one, as the algorithm does."""
    weights: tuple[int, ...] = _collator().sort_key(" ".join(name.split()))
    return "".join(f"{w:04x}" for w in weights)
