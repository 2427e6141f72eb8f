"""Deck lists: reading a player's list as text or as CSV into counted entries.

Holds `Part`, `DeckEntry`, `ParseProblem`, `DeckList` and the parsers
`parse_deck_text`, `parse_deck_csv` and `parse_deck` (which tells the two
apart). The format is docs/rules.md, "Deck lists": `3 Name`,
`3x Name`, `Name x3`, section headings ending in `:`, `#` and `//` comments. A
line that cannot be read is reported with its number and makes the list
unreadable; nothing is skipped silently. `Name (Bold)` names a Warcaste boost
variant (Warcaste 2f, 7c). Nothing here knows card facts or deck rules.

A list is bounded as organizer/core/input_bounds.py says: at most 2,000 lines of
at most 4,000 characters, no lone surrogates; a problem keeps and quotes only a
short piece of its line, so a 1 MB line is never echoed back.

Pure Python: the caller passes the text. Must not import Qt, SQL or anything of
ours outside organizer.core.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from organizer.core.cardpool import BOOSTS, display_name
from organizer.core.input_bounds import (
    MAX_DECK_LINES,
    MAX_LINE_CHARS,
    QUOTE_CHARS,
    lone_surrogate,
    long_line_problem,
    quote,
)


class Part(StrEnum):
    """Where a card of a deck list goes."""

    DOCTRINE = "doctrine"
    DECK = "deck"
    SIDEBOARD = "sideboard"
    CASTLE = "castle"
    REGIONS = "regions"


HEADINGS: Final[dict[str, Part]] = {
    "doctrine": Part.DOCTRINE,
    "deck": Part.DECK,
    "main": Part.DECK,
    "main deck": Part.DECK,
    "army deck": Part.DECK,
    "sideboard": Part.SIDEBOARD,
    "side deck": Part.SIDEBOARD,
    "side": Part.SIDEBOARD,
    "castle": Part.CASTLE,
    "regions": Part.REGIONS,
    "chapter": Part.REGIONS,
    "region pile": Part.REGIONS,
}
_NUMBER_WORDS: Final = frozenset(
    ("a", "an", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
)
_X: Final = "x\u00d7"
"""The letter x and the multiplication sign: `3x Name`, `Name \u00d73`."""
_MAX_COUNT_DIGITS: Final = 4
_LEADING = re.compile(rf"^(?P<count>[+-]?[0-9]+)(?:\s*[{_X}])?\s+(?P<name>\S.*)$", re.IGNORECASE)
_TRAILING = re.compile(rf"^(?P<name>\S.*?)\s+[{_X}]\s*(?P<count>[+-]?[0-9]+)$", re.IGNORECASE)
_BARE_COUNT = re.compile(rf"^[+-]?[0-9]+[{_X}]?$", re.IGNORECASE)
_BOOST_SUFFIX = re.compile(
    r"^(?P<name>.*?)\s*\(\s*(?P<boost>"
    + "|".join(BOOSTS)
    + r")(?:\s+(?P<value>[0-9]{1,3}))?\s*\)$",
    re.IGNORECASE,
)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_HEADING_COUNT = re.compile(r"\s*\(\s*[0-9]+\s*\)$")


@dataclass(frozen=True, slots=True)
class DeckEntry:
    """One line of a deck list: `count` copies of a card in one part of the deck."""

    count: int
    name: str
    boost: str | None = None
    part: Part = Part.DECK
    line: int = 0
    boost_value: int | None = None
    """The boost's value where the line writes it (`Name (Bold 3)`); the checker compares
    it with the pool's (issue 25: a value the pool does not have is a finding)."""

    @property
    def display_name(self) -> str:
        return display_name(self.name, self.boost)


@dataclass(frozen=True, slots=True)
class ParseProblem:
    line: int
    text: str
    message: str

    def __post_init__(self) -> None:
        if len(self.text) > 2 * QUOTE_CHARS:  # keep a short piece of a long line, not all of it
            object.__setattr__(self, "text", self.text[: 2 * QUOTE_CHARS] + "\u2026")

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass(frozen=True, slots=True)
class DeckList:
    """A parsed deck list; unreadable (`readable` is False) when any line had a problem."""

    entries: tuple[DeckEntry, ...] = ()
    problems: tuple[ParseProblem, ...] = ()

    @property
    def readable(self) -> bool:
        return not self.problems

    def part(self, *parts: Part) -> tuple[DeckEntry, ...]:
        return tuple(e for e in self.entries if e.part in parts)

    def count(self, *parts: Part) -> int:
        return sum(e.count for e in self.entries if e.part in parts)


def split_boost_value(name: str) -> tuple[str, str | None, int | None]:
    """`Name (Bold 3)` -> ("Name", "Bold", 3), `Name (Bold)` -> ("Name", "Bold", None); any
    other name is returned as it is."""
    name = " ".join(name.split())
    match = _BOOST_SUFFIX.match(name)
    if match is None or not match.group("name"):
        return name, None, None
    value = match.group("value")
    boost = match.group("boost").capitalize()
    return match.group("name"), boost, int(value) if value is not None else None


def heading_part(text: str) -> Part | None:
    """The part a heading (`Sideboard:`, `Side deck (10):`, `castle`) names, if any."""
    bare = text.strip().removesuffix(":").strip()
    key = " ".join(_HEADING_COUNT.sub("", bare).lower().split())
    return HEADINGS.get(key)


def _known_headings() -> str:
    return ", ".join(f"'{h.capitalize()}:'" for h in HEADINGS)


def _read_count(text: str) -> int | str:
    """The count, or the reason it cannot be one."""
    digits = text.lstrip("+-")
    if len(digits) > _MAX_COUNT_DIGITS:
        return f"a count of {quote(text)} is not a number of copies"
    count = int(text)
    if count <= 0:
        return f"a count of {count}: the count must be 1 or more"
    return count


def parse_card_line(text: str) -> tuple[int, str] | str:
    """`3 Name`, `3x Name` or `Name x3` -> (count, name); otherwise why the line is unreadable."""
    leading = _LEADING.match(text)
    trailing = _TRAILING.match(text)
    if leading and trailing and _TRAILING.match(leading.group("name")):
        return "two counts on one line"
    match = leading or trailing
    if match is None:
        if _BARE_COUNT.match(text):
            return "a count but no card name"
        first = text.split()[0].lower().rstrip(_X)
        if first in _NUMBER_WORDS:
            return f"the count is written in words ({quote(text.split()[0])}); write it as a number"
        return f"no count: write the number of copies before the name, e.g. {quote('1 ' + text)}"
    count = _read_count(match.group("count"))
    if isinstance(count, str):
        return count
    return count, match.group("name").strip()


def split_lines(text: str) -> list[str]:
    """The lines of a text as a CSV reader and an editor count them (\\r\\n, \\r or \\n)."""
    return _LINE_BREAK.split(text.removeprefix("\ufeff"))


def _too_big(lines: list[str]) -> DeckList | None:
    """An unreadable DeckList when the text has more lines than any deck list."""
    count = len(lines) - (lines[-1] == "")  # a final line break ends the last line
    if count <= MAX_DECK_LINES:
        return None
    msg = f"the text has {count:,} lines; a deck list has at most {MAX_DECK_LINES:,}"
    return DeckList((), (ParseProblem(MAX_DECK_LINES + 1, "", msg),))


def _line_problem(number: int, raw: str) -> ParseProblem | None:
    """A problem with the line as text (too long, a lone surrogate) before reading it."""
    if len(raw) > MAX_LINE_CHARS:
        return ParseProblem(number, raw, long_line_problem(len(raw)))
    if lone_surrogate(raw) is not None:
        return ParseProblem(number, raw, "the line holds a lone surrogate, which is not text")
    return None


def _lines_as_text(text: str) -> DeckList | list[str | ParseProblem]:
    """Each line of `text`, or in its place what keeps it from being read as text; an
    unreadable DeckList instead when the text has more lines than any deck list."""
    lines = split_lines(text)
    too_big = _too_big(lines)
    if too_big is not None:
        return too_big
    return [_line_problem(number, raw) or raw for number, raw in enumerate(lines, start=1)]


def parse_deck_text(text: str) -> DeckList:
    """Read a deck list written as plain text."""
    entries: list[DeckEntry] = []
    problems: list[ParseProblem] = []
    part = Part.DECK
    lines = _lines_as_text(text)
    if isinstance(lines, DeckList):
        return lines
    for number, raw in enumerate(lines, start=1):
        if isinstance(raw, ParseProblem):
            problems.append(raw)
            continue
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        if line.endswith(":"):
            heading = heading_part(line)
            if heading is None:
                msg = f"unknown section heading {quote(line)}; headings: {_known_headings()}"
                problems.append(ParseProblem(number, raw, msg))
            else:
                part = heading
            continue
        read = parse_card_line(line)
        if isinstance(read, str):
            problems.append(ParseProblem(number, raw, read))
            continue
        name, boost, value = split_boost_value(read[1])
        entries.append(DeckEntry(read[0], name, boost, part, number, value))
    return DeckList(tuple(entries), tuple(problems))


def parse_deck_csv(text: str) -> DeckList:
    """Read a deck list CSV: a header with `count` and `name`, optionally `section`.

    Blank rows and rows whose first cell starts with `#` or `//` are comments, as in text."""
    lines = _lines_as_text(text)
    if isinstance(lines, DeckList):
        return lines
    bad = next((line for line in lines if isinstance(line, ParseProblem)), None)
    if bad is not None:
        return DeckList((), (bad,))
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline=""))
    entries: list[DeckEntry] = []
    problems: list[ParseProblem] = []
    columns: list[str] | None = None
    while True:
        number = reader.line_num + 1
        try:
            values = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            problems.append(ParseProblem(number, "", f"unreadable row: {exc}"))
            continue
        if not any(v.strip() for v in values) or values[0].lstrip().startswith(("#", "//")):
            continue
        row_text = ",".join(values)
        if columns is None:
            columns = [v.strip().lower() for v in values]
            if "count" not in columns or "name" not in columns:
                msg = "the header must name the columns 'count' and 'name' (and 'section')"
                problems.append(ParseProblem(number, row_text, msg))
                return DeckList((), tuple(problems))
            continue
        entry = _csv_entry(number, columns, values)
        if isinstance(entry, str):
            problems.append(ParseProblem(number, row_text, entry))
        else:
            entries.append(entry)
    return DeckList(tuple(entries), tuple(problems))


def _csv_entry(number: int, columns: list[str], values: list[str]) -> DeckEntry | str:
    if len(values) > len(columns):
        return f"{len(values)} values but the header has {len(columns)} columns"
    cell = {c: values[i].strip() if i < len(values) else "" for i, c in enumerate(columns)}
    count_text, name_text, section = cell["count"], cell["name"], cell.get("section", "")
    if not name_text:
        return "the name is empty"
    if not re.fullmatch(r"[+-]?[0-9]+", count_text):
        if count_text.lower() in _NUMBER_WORDS:
            return f"the count is written in words ({quote(count_text)}); write it as a number"
        return f"the count {quote(count_text)} is not a whole number" if count_text else "no count"
    count = _read_count(count_text)
    if isinstance(count, str):
        return count
    part = heading_part(section) if section else Part.DECK
    if part is None:
        return f"unknown section {quote(section)}; sections: {_known_headings()}"
    name, boost, value = split_boost_value(name_text)
    return DeckEntry(count, name, boost, part, number, value)


def looks_like_csv(text: str) -> bool:
    """Whether the first line that says anything is a deck CSV header (`count,name,...`)."""
    for raw in split_lines(text):
        line = raw.strip()
        if line and not line.startswith(("#", "//")):
            fields = {f.strip().strip('"').lower() for f in line.split(",")}
            return {"count", "name"} <= fields
    return False


def parse_deck(text: str) -> DeckList:
    """Read a deck list in either form: CSV when it opens with a `count,name` header."""
    return parse_deck_csv(text) if looks_like_csv(text) else parse_deck_text(text)
