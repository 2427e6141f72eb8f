"""The bounds every reader of an untrusted file applies, and how its messages quote input.

Why: deck lists, players CSVs, card pool CSVs and event JSON come from spreadsheets, other
programs and players' e-mails. Each reader (decklist.py, players_csv.py, cardpool.py,
interchange.py) checks a value against a bound named here before it uses it, so a 20-digit
bye count or a table number of 10**400 is a message naming the line and the bound, never
an OverflowError; and a message quotes at most a short piece of what it could not read,
never a megabyte line. Pure Python: no Qt, no SQL, nothing of ours outside organizer.core.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final, Protocol

MAX_FILE_BYTES: Final = 16 * 1024 * 1024
"""A file a TO picks: an event of 4,000 players over 15 rounds is about 5 MB of JSON."""
MAX_LINE_CHARS: Final = 4_000
"""A line of a deck list or a CSV row: longer is not something a person typed."""
MAX_TEXT_CHARS: Final = 1_000
"""A name, an id, an e-mail address, a card name."""
MAX_JSON_DEPTH: Final = 16
"""organizer-event/1 nests 6 levels deep (document, rounds, round, matches, match, seats)."""
MAX_DECK_LINES: Final = 2_000
"""A deck list of 60 cards, a sideboard and comments is under 200 lines."""
MAX_ROWS: Final = 100_000
"""Rows of a players CSV or a card pool CSV (a whole game's cards are about 5,000)."""
QUOTE_CHARS: Final = 60
"""How much of a value a message quotes."""
MAX_REPORTED: Final = 50
"""Problems listed one by one; the rest are counted in one closing line."""


@dataclass(frozen=True, slots=True)
class LineProblem:
    """One problem at one line of a file a TO picked, said as `line N: what is wrong`."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass(frozen=True, slots=True)
class Bound:
    """A whole number's sensible range, named in the message when a value is outside it."""

    what: str
    low: int
    high: int

    def problem(self, value: int | str) -> str | None:
        """None when `value` is inside the bound; otherwise why not, naming the bound."""
        if isinstance(value, str):
            return f"{self.what} must be a whole number, not {quote(value)}"
        if self.low <= value <= self.high:
            return None
        return f"{self.what} must be from {self.low} to {self.high:,}, not {describe_number(value)}"


TABLE: Final = Bound("a table number", 1, 9_999)
ROUND: Final = Bound("a round number", 1, 999)
DROPPED_AFTER: Final = Bound("dropped_after_round", 0, 999)
BYES: Final = Bound("awarded_byes", 0, 99)
MISSED_ROUNDS: Final = Bound("missed_round_losses", 0, 999)
GAMES: Final = Bound("a count of games", 0, 99)
BEST_OF: Final = Bound("best_of", 1, 99)
POINTS: Final = Bound("match points", 0, 1_000)
SEED: Final = Bound("a seed", 0, 2**63 - 1)
HAND_SIZE: Final = Bound("hand_size", 0, 999)
COPY_LIMIT: Final = Bound("copy_limit", 1, 9_999)
LARGEST_ID: Final = 2**63 - 1
"""A database id (a 64-bit integer)."""
CALL_ID: Final = Bound("a judge call id", 1, LARGEST_ID)
MAX_DIGITS: Final = 24
"""Digits read at most: enough for every bound here, and far below Python's 4,300 limit."""


def describe_number(value: int) -> str:
    """A number as a message shows it: whole when short, by its size when long."""
    text = str(value) if abs(value) < 10**MAX_DIGITS else ""
    return text if text else f"a {len(str(abs(value))):,}-digit number"


def read_whole(text: str, bound: Bound) -> int | str:
    """`text` as a whole number inside `bound`, or the reason it is not one.

    Only ASCII digits (with one leading sign) are read, and no more than `MAX_DIGITS` of
    them are turned into a number, so no input reaches Python's integer-size limit.
    """
    body = text.strip()
    digits = body.lstrip("+-")
    if not digits or not (digits.isascii() and digits.isdigit()) or len(body) - len(digits) > 1:
        return f"{bound.what} must be a whole number, not {quote(text)}"
    if len(digits) > MAX_DIGITS:
        sign = "-" if body.startswith("-") else ""
        return (
            f"{bound.what} must be from {bound.low} to {bound.high:,}, "
            f"not a {sign}{len(digits):,}-digit number"
        )
    value = int(body)
    problem = bound.problem(value)
    return problem if problem is not None else value


def quote(text: str, limit: int = QUOTE_CHARS) -> str:
    """`repr(text)`, cut to about `limit` characters with the full length said."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}\u2026 ({len(text):,} characters)"


_SURROGATE = re.compile("[\ud800-\udfff]")


def lone_surrogate(text: str) -> int | None:
    """The index of the first lone surrogate in `text` (not encodable as UTF-8), if any."""
    match = _SURROGATE.search(text)
    return match.start() if match else None


def line_at(text: str, index: int) -> int:
    """The 1-based line of `text` that the character at `index` stands on."""
    return text.count("\n", 0, index) + 1


def text_problem(what: str, value: str) -> str | None:
    """Why a short text (a name, an id) cannot be used, or None."""
    if lone_surrogate(value) is not None:
        return f"{what} holds a lone surrogate ({quote(value)}), which is not a character"
    if len(value) > MAX_TEXT_CHARS:
        return f"{what} is {len(value):,} characters long; at most {MAX_TEXT_CHARS:,} are read"
    return None


def long_line_problem(length: int) -> str:
    return f"the line is {length:,} characters long; at most {MAX_LINE_CHARS:,} are read"


def csv_row_problem(line: int, values: list[str], what: str) -> tuple[str, bool] | None:
    """What is wrong with a CSV row's size, and whether to stop reading: past the last row a
    `what` ("a card pool") may have, stop; a line too long, skip it; None when it fits."""
    if line > MAX_ROWS:
        return f"{what} has at most {MAX_ROWS:,} rows", True
    size = sum(len(v) for v in values) + len(values) - 1
    if size > MAX_LINE_CHARS:
        return long_line_problem(size), False
    return None


class CsvReader(Protocol):
    """What `csv.reader` gives: rows, and the line it has read up to."""

    @property
    def line_num(self) -> int: ...

    def __next__(self) -> list[str]: ...


@dataclass(frozen=True, slots=True)
class CsvFile:
    """A CSV text opened past its header row (see `open_csv`)."""

    header: list[str]
    reader: CsvReader

    def rows(
        self,
        what: str,
        problems: list[LineProblem],
        before_row: Callable[[int], None] | None = None,
    ) -> Iterator[tuple[int, list[str]]]:
        """The rows after the header, each with the line it starts on.

        A blank row is passed over; an unreadable or too long one goes into `problems`
        and reading goes on; past the last row a `what` ("a card pool") may have, the
        problem is said and reading stops. `before_row(line)` is called before each read.
        """
        while True:
            line = self.reader.line_num + 1
            if before_row is not None:
                before_row(line)
            try:
                values = next(self.reader)
            except StopIteration:
                return
            except csv.Error as exc:
                problems.append(LineProblem(line, f"unreadable row: {exc}"))
                continue
            if not any(v.strip() for v in values):
                continue
            too_big = csv_row_problem(line, values, what)
            if too_big is not None:
                problems.append(LineProblem(line, too_big[0]))
                if too_big[1]:
                    return
                continue
            yield line, values


def open_csv(text: str, error: Callable[[str], Exception], needs: str = "a header row") -> CsvFile:
    """The CSV `text` (a leading byte-order mark dropped) read up to its header row;
    `error(message)` naming line 1 is raised when there is no header row to read."""
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline=""))
    try:
        return CsvFile(next(reader), reader)
    except StopIteration:
        raise error(f"line 1: the file is empty; it needs {needs}") from None
    except csv.Error as exc:
        raise error(f"line 1: {exc}") from None


def summarized(lines: list[str], limit: int = MAX_REPORTED) -> list[str]:
    """The first `limit` lines, then one line counting the rest."""
    if len(lines) <= limit:
        return lines
    rest = len(lines) - limit
    return [*lines[:limit], f"\u2026 and {rest:,} more problem{'s' if rest != 1 else ''}"]
