"""An event's settings: the choices a TO makes beyond the format's defaults.

The values are one typed `EventSettings` (core), read once in storage and
carried on the event record; this module knows how each is typed in a form
or on the command line. Stored as JSON with the event, except `points`,
which lives in the event's own columns because the standings and the
interchange JSON read it there. Every
key is known here, with its type, its bounds or choices (so a settings form
can be drawn from this list) and what it does, so a typo is refused instead
of silently ignored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from organizer.core.cardpool import normalize_name
from organizer.core.event_settings import EventSettings
from organizer.core.formats.event_rules import (
    MAX_POD_SIZE,
    MIN_POD_SIZE,
    FormatRuleError,
    check_pod_size,
)
from organizer.core.pairing.tiebreakers import check_order
from organizer.services import decks
from organizer.services.changes import Changes, Done
from organizer.services.errors import InputError, NotFoundError
from organizer.services.events import get_event
from organizer.services.write_lock import write
from organizer.storage import events_repo, journal_repo
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action


@dataclass(frozen=True, slots=True)
class Setting:
    key: str
    help: str
    parse: Callable[[str], Any]
    choices: tuple[str, ...] = ()
    """The values allowed, for a setting that is one of a few words."""
    bounds: tuple[int, int] | None = None
    """Lowest and highest value, for a whole-number setting."""
    joiner: str = ", "
    """How a list value is typed, the other way from `parse`: card names by '; '."""

    @property
    def default(self) -> Any:
        """The value an event has until the TO sets one (`EventSettings`' own default)."""
        return DEFAULTS[self.key]


DEFAULTS = EventSettings().as_dict()


POINTS = "points"
"""The setting kept in the event's columns rather than in its settings JSON."""


def _bool(text: str) -> bool:
    value = text.strip().lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"{text!r} is not yes or no")


PAPERS = ("A4", "Letter")


def _paper(text: str) -> str:
    for size in PAPERS:
        if text.strip().lower() == size.lower():
            return size
    raise ValueError(f"{text!r} is not A4 or Letter")


def _points(text: str) -> list[int]:
    parts = [p.strip() for p in text.replace("/", ",").split(",")]
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise ValueError(f"{text!r} is not three whole numbers: win, draw, loss (like 3,1,0)")
    win, draw, loss = (int(p) for p in parts)
    if not win > loss or not win >= draw >= loss:
        raise ValueError(f"a win must score more than a loss, a draw in between, not {text!r}")
    return [win, draw, loss]


TIME_DRAWS = ("still-in", "everyone")


def _time_draw(text: str) -> str:
    value = text.strip().lower()
    if value not in TIME_DRAWS:
        raise ValueError(f"{text!r} is not {' or '.join(TIME_DRAWS)}")
    return value


def _tiebreakers(text: str) -> list[str] | None:
    """The order typed; nothing typed means the format's own order (None)."""
    names = [t.strip() for t in text.split(",") if t.strip()]
    return list(check_order(names)) if names else None


def _card_names(text: str) -> list[str]:
    """Card names separated by ';' (a name may hold a comma); nothing typed bans nothing."""
    names: list[str] = []
    seen: set[str] = set()
    for part in text.replace("\n", ";").split(";"):
        name = " ".join(part.split())
        if name and normalize_name(name) not in seen:  # as bans compare names
            seen.add(normalize_name(name))
            names.append(name)
    return names


def _categories(text: str) -> list[str]:
    """Infraction categories separated by ','; at least one, none twice (without case)."""
    names: list[str] = []
    seen: set[str] = set()
    for part in text.replace("\n", ",").split(","):
        name = " ".join(part.split())
        if name and name.casefold() not in seen:
            seen.add(name.casefold())
            names.append(name)
    if not names:
        raise ValueError("name at least one category (the defaults: Tardiness, Slow Play, …)")
    return names


def _pod_size(text: str) -> int:
    size = int(text)
    try:
        check_pod_size(size)
    except FormatRuleError as exc:
        raise ValueError(str(exc)) from None
    return size


def _house_minutes(text: str) -> int:
    minutes = int(text)
    if minutes != 0 and not 5 <= minutes <= 600:
        raise ValueError(f"{minutes} is not 0 (no house rule) or 5 to 600 minutes")
    return minutes


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


def _whole_number(key: str, help: str, low: int, high: int) -> Setting:
    def parse(text: str) -> int:
        value = int(text)
        if not low <= value <= high:
            raise ValueError(f"{value} is not between {low} and {high}")
        return value

    return Setting(key, help, parse, bounds=(low, high))


SETTINGS = {
    s.key: s
    for s in (
        Setting("late_entry_losses", "late entries get a loss for every round they missed", _bool),
        Setting("unknown_cards_are_errors", "a card not in the pool makes a deck illegal", _bool),
        Setting(
            "tiebreakers",
            "tiebreaker order, e.g. points,omw,gw,ogw; empty for the format's own",
            _tiebreakers,
        ),
        Setting(POINTS, "match points for a win, a draw and a loss, e.g. 3,1,0", _points),
        Setting("paper", "paper size for printouts: A4 or Letter", _paper, PAPERS),
        Setting(
            "pod_size",
            "most players in a draft pod",  # up to 8: Warcaste 8b (core event_rules)
            _pod_size,
            bounds=(MIN_POD_SIZE, MAX_POD_SIZE),
        ),
        Setting("pods_keep_rounds", "pair every round inside the draft pods", _bool),
        _whole_number("table_size", "preferred players at a Conquest table", 3, 5),
        _whole_number("table_min", "fewest players at a Conquest table", 3, 5),
        _whole_number("table_max", "most players at a Conquest table", 3, 5),
        Setting(
            "conquest_time_draw",
            "who draws when time ends a Conquest game: everyone at the table (the rulebook's "
            "reading, 8c) or still-in (a house option: the others lose)",
            _time_draw,
            TIME_DRAWS,
        ),
        Setting(
            "house_round_minutes",
            "house rule round length in minutes: 0 for the rulebook's (Warcaste Skirmish: "
            "1 hour, 1d); another length is stated on the slips, the clock and the players' page",
            _house_minutes,
            bounds=(0, 600),
        ),
        Setting(
            "banned_cards",
            "cards banned for this event (a house rule), names separated by ';'",
            _card_names,
            joiner="; ",  # a card name may hold a comma
        ),
        Setting(
            "penalty_categories",
            "penalty categories (infractions), separated by ','",
            _categories,
        ),
        Setting(
            "self_decks",
            "players may send their deck list from the players' page",
            _bool,
        ),
        Setting(
            "self_report",
            "players may report their table's result from the players' page",
            _bool,
        ),
        Setting(
            "deck_deadline",
            "until when players may change their list on the page: 'round 1' or a time (10:30)",
            _deadline,
        ),
    )
}


def get_settings(db: Database, *, event_id: int) -> dict[str, Any]:
    """Every setting by key with its value (stored or default), for the form and the CLI."""
    return get_event(db, event_id).settings.as_dict()


class SettingsError(InputError):
    """Values that cannot be set; nothing was written. `problems`: key -> what is wrong."""

    def __init__(self, problems: Mapping[str, str]) -> None:
        self.problems = dict(problems)
        super().__init__(
            "; ".join(
                why if key not in SETTINGS else f"{key}: {why}" for key, why in problems.items()
            )
        )


@write
def set_settings(s: Tx, *, event_id: int, values: Mapping[str, str]) -> Done[tuple[str, ...]]:
    """Set several settings as typed, all or none: every value is read before any is written.

    A value equal to the stored one is not written (nor journaled); each that changes is one
    journal entry, all in one transaction.
    """
    parsed: dict[str, Any] = {}
    problems: dict[str, str] = {}
    for key, text in values.items():
        setting = SETTINGS.get(key)
        if setting is None:
            problems[key] = f"no setting {key!r}; settings are: {', '.join(SETTINGS)}"
            continue
        try:
            parsed[key] = setting.parse(text)
        except ValueError as exc:
            problems[key] = str(exc)
    if problems:
        raise SettingsError(problems)
    written: list[str] = []
    row = events_repo.get_row(s, event_id)
    if row is None:
        raise NotFoundError(f"there is no event {event_id}")
    old = events_repo.settings_of(row)
    before_values = old.as_dict()
    typed: dict[str, Any] = {}
    for key, value in parsed.items():
        before = before_values[key]
        if value == before:
            continue
        typed[key] = tuple(value) if isinstance(value, list) else value
        written.append(key)
        journal_repo.append(
            s,
            event_id=event_id,
            action=Action.SETTINGS_SET,
            summary=f"{key}: {before!r} -> {value!r}",
            before={key: before},
            after={key: value},
        )
    if written:
        events_repo.save_settings(s, row, replace(old, **typed))
    if "banned_cards" in written:  # the stored lists' statuses follow the new bans
        decks.recheck_stored(s.db, event_id=event_id)
    changes = Changes(
        events=bool(written),
        decks="banned_cards" in written,
        results=bool({"tiebreakers", POINTS} & set(written)),
        event_id=event_id,
    )
    return Done(tuple(written), changes)


def set_setting(db: Database, *, event_id: int, key: str, value: str) -> Done[tuple[str, ...]]:
    """One setting as typed (the command line's `organizer settings KEY VALUE`)."""
    return set_settings(db, event_id=event_id, values={key: value})
