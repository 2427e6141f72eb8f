"""How an event setting's value is typed as text, and read back.

A TO types a setting in the settings dialog's field or on the command line
(`organizer settings KEY VALUE`); the same words come back from the stored
JSON. Each reader here turns such text into the setting's typed value or
raises `ValueError` saying what is wrong with it ("'B5' is not A4 or Letter"),
and `shown` writes a value the way its reader reads it back. The plain kinds
(yes or no, a whole number within bounds, one of a few words) are chosen by
`core.setting` from a setting's declared type; the lists and the
deadline are named in its declaration.

Pure Python: no Qt, no SQL.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from organizer.core.cardpool import normalize_name
from organizer.core.pairing.tiebreakers import check_order

YES = ("1", "true", "yes", "on")
NO = ("0", "false", "no", "off")


@dataclass(frozen=True, slots=True)
class Reader:
    """How one setting is typed: `parse` reads the text (ValueError says why not)."""

    parse: Callable[[str], Any]
    joiner: str = ", "
    """How a list value is written, the other way from `parse`: card names by '; '."""


def shown(value: Any, joiner: str = ", ") -> str:
    """A value as it is typed: yes or no, a list joined by `joiner`, None as nothing."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return joiner.join(str(v) for v in value)
    return str(value)


def yes_no(text: str) -> bool:
    value = text.strip().lower()
    if value in YES:
        return True
    if value in NO:
        return False
    raise ValueError(f"{text!r} is not yes or no")


def one_of(choices: tuple[str, ...]) -> Callable[[str], str]:
    """One of a few words, without regard to case; the word as declared."""

    def parse(text: str) -> str:
        for choice in choices:
            if text.strip().lower() == choice.lower():
                return choice
        raise ValueError(f"{text!r} is not {' or '.join(choices)}")

    return parse


def whole_number(
    bounds: tuple[int, int], *, unset: tuple[int, str] | None = None, rule: str = ""
) -> Callable[[str], int]:
    """A whole number within `bounds`, or the `unset` value (0: "the rulebook's").

    `rule` names where the bounds come from ("Warcaste 8b: pods of up to 8").
    """
    low, high = bounds

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a whole number") from None
        if low <= value <= high or (unset is not None and value == unset[0]):
            return value
        allowed = f"between {low} and {high}"
        if unset is not None:
            allowed = f"{unset[0]} ({unset[1]}) or {allowed}"
        raise ValueError(f"{value} is not {allowed}" + (f" ({rule})" if rule else ""))

    return parse


def _match_points(text: str) -> tuple[int, int, int]:
    parts = [p.strip() for p in text.replace("/", ",").split(",")]
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise ValueError(f"{text!r} is not three whole numbers: win, draw, loss (like 3,1,0)")
    win, draw, loss = (int(p) for p in parts)
    if not win > loss or not win >= draw >= loss:
        raise ValueError(f"a win must score more than a loss, a draw in between, not {text!r}")
    return win, draw, loss


def _tiebreaker_order(text: str) -> tuple[str, ...] | None:
    """The order typed; nothing typed means the format's own order (None)."""
    names = [t.strip() for t in text.split(",") if t.strip()]
    return check_order(names) if names else None


def _distinct(parts: list[str], key: Callable[[str], str]) -> tuple[str, ...]:
    """The names typed, spaces tidied, blanks left out, each once (as `key` compares them)."""
    names: list[str] = []
    seen: set[str] = set()
    for part in parts:
        name = " ".join(part.split())
        if name and key(name) not in seen:
            seen.add(key(name))
            names.append(name)
    return tuple(names)


def _card_names(text: str) -> tuple[str, ...]:
    """Card names separated by ';' (a name may hold a comma); nothing typed bans nothing."""
    return _distinct(text.replace("\n", ";").split(";"), normalize_name)  # as bans compare


def _categories(text: str) -> tuple[str, ...]:
    """Infraction categories separated by ','; at least one, none twice (without case)."""
    names = _distinct(text.replace("\n", ",").split(","), str.casefold)
    if not names:
        raise ValueError("name at least one category (the defaults: Tardiness, Slow Play, …)")
    return names


DEADLINE_ROUND_1 = "round 1"


def _deadline(text: str) -> str:
    """ "round 1" (until round 1 is paired) or a time of day "HH:MM"."""
    value = " ".join(text.strip().lower().split())
    if value in ("", "round 1", "round1", "r1"):
        return DEADLINE_ROUND_1
    hours, colon, minutes = value.partition(":")
    digits = colon and hours.isdigit() and minutes.isdigit() and len(minutes) == 2
    if digits and int(hours) < 24 and int(minutes) < 60:
        return f"{int(hours):02d}:{minutes}"
    raise ValueError(f"{text!r} is not 'round 1' or a time of day like 10:30")


def _prize_lines(text: str) -> tuple[str, ...]:
    """Prize lines KEY:PRIZE separated by ';' ("3-0:4 packs; 2-1:2 packs"); nothing: none.

    Only the shape is checked here; whether a key is a place or a record is checked
    against `prize_by` when the table is read (`core.prizes.parse_prize_table`)."""
    lines = tuple(" ".join(part.split()) for part in text.replace("\n", ";").split(";"))
    lines = tuple(line for line in lines if line)
    for position, line in enumerate(lines, start=1):
        key, colon, prize = line.partition(":")
        if not (colon and key.strip() and prize.strip()):
            raise ValueError(f"prize {position} ({line!r}) is not KEY:PRIZE, e.g. '3-0:4 packs'")
    return lines


def _free_text(text: str) -> str:
    """A short text as typed, spaces tidied."""
    return " ".join(text.split())


MATCH_POINTS = Reader(_match_points)
TIEBREAKER_ORDER = Reader(_tiebreaker_order)
CARD_NAMES = Reader(_card_names, joiner="; ")  # a card name may hold a comma
CATEGORIES = Reader(_categories)
DEADLINE = Reader(_deadline)
PRIZE_LINES = Reader(_prize_lines, joiner="; ")  # a prize may hold a comma
FREE_TEXT = Reader(_free_text)
