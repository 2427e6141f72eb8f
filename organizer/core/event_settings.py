"""`EventSettings`: the choices a TO makes for one event beyond the format's defaults.

Each setting is declared once, as one field of `EventSettings` below: its
name, its type (a `Literal` for one of a few words, a whole number with its
bounds), its default and its help. Everything else is drawn from those fields
through `SETTINGS` (key -> `Setting`): how the value is typed and checked
(`core.setting_text`), so the settings dialog, the command line's
`organizer settings` and `services.settings` accept the same values and
refuse the same ones with the same words; the dialog's fields, labels and
tooltips; the CLI's listing; and how the value is stored as JSON with the
event (`from_stored`, `to_stored`). A new setting is one new field here.

One typed value, read once where it is stored and carried on the event
record, so no other code reads a setting by string key. Pure Python: no Qt,
no SQL.
"""

# ruff: noqa: RUF009  -- `setting(...)` is `dataclasses.field` with the words for the TO

from __future__ import annotations

import types
from collections.abc import Mapping
from dataclasses import Field, dataclass, field, fields
from typing import Any, Final, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from organizer.core.formats.event_rules import MAX_POD_SIZE, MIN_POD_SIZE
from organizer.core.formats.round_length import ROUND_MINUTES
from organizer.core.penalties import DEFAULT_CATEGORIES
from organizer.core.setting_text import (
    CARD_NAMES,
    CATEGORIES,
    DEADLINE,
    MATCH_POINTS,
    TIEBREAKER_ORDER,
    Reader,
    one_of,
    shown,
    whole_number,
    yes_no,
)

Paper = Literal["A4", "Letter"]
TimeDraw = Literal["still-in", "everyone"]
"""Who draws when time ends a Conquest game (see the `conquest_time_draw` field)."""
TABLE_SEATS: Final = (3, 5)
"""Players at a Conquest table, fewest to most."""

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Declared:
    """What a field's type does not say: the words for the TO and how the value is typed."""

    help: str
    """What the setting does, in a few words: the dialog's label ("paper size for printouts")."""
    reader: Reader | None = None
    """How the value is typed, where its type does not tell (a list, a time of day)."""
    bounds: tuple[int, int] | None = None
    unset: tuple[int, str] | None = None
    """A value outside the bounds that means "none", and what it means: (0, "the rulebook's")."""
    rule: str = ""
    """Where the bounds come from, said when a value is refused."""
    note: str = ""
    example: str = ""


def setting(
    default: T,
    help: str,
    reader: Reader | None = None,
    *,
    bounds: tuple[int, int] | None = None,
    unset: tuple[int, str] | None = None,
    rule: str = "",
    note: str = "",
    example: str = "",
) -> T:
    """One setting's declaration, as the default of its field in `EventSettings`."""
    declared = Declared(help, reader, bounds, unset, rule, note, example)
    found: T = field(default=default, metadata={"setting": declared})
    return found


STORED_ELSEWHERE = ("points",)
"""Kept in the event's own columns (standings and the interchange read them there)."""


@dataclass(frozen=True, slots=True)
class EventSettings:
    late_entry_losses: bool = setting(False, "late entries get a loss for every round they missed")
    unknown_cards_are_errors: bool = setting(True, "a card not in the pool makes a deck illegal")
    tiebreakers: tuple[str, ...] | None = setting(
        None,
        "tiebreaker order",
        TIEBREAKER_ORDER,
        note="empty for the format's own",
        example="points,omw,gw,ogw",
    )
    points: tuple[int, int, int] = setting(
        (3, 1, 0), "match points for a win, a draw and a loss", MATCH_POINTS, example="3,1,0"
    )
    paper: Paper = setting("A4", "paper size for printouts")
    pod_size: int = setting(
        8,
        "most players in a draft pod",
        bounds=(MIN_POD_SIZE, MAX_POD_SIZE),
        rule="Warcaste 8b: pods of up to 8",
    )
    pods_keep_rounds: bool = setting(False, "pair every round inside the draft pods")
    table_size: int = setting(4, "preferred players at a Conquest table", bounds=TABLE_SEATS)
    table_min: int = setting(3, "fewest players at a Conquest table", bounds=TABLE_SEATS)
    table_max: int = setting(5, "most players at a Conquest table", bounds=TABLE_SEATS)
    conquest_time_draw: TimeDraw = setting(
        "everyone",
        "who draws when time ends a Conquest game",
        note="everyone at the table is the rulebook's reading (8c has no elimination), "
        "still-in a house option (the others lose)",
    )
    house_round_minutes: int = setting(
        0,
        "house rule round length in minutes",
        bounds=ROUND_MINUTES,
        unset=(0, "the rulebook's"),
        note="Warcaste Skirmish rounds last 1 hour (1d); another length is stated on the "
        "slips, the clock and the players' page",
    )
    banned_cards: tuple[str, ...] = setting(
        (),
        "cards banned for this event (a house rule)",
        CARD_NAMES,
        note="names separated by ';' (formats.md, Banned cards)",
        example="Kal, the Dark; Moonlit Relic",
    )
    penalty_categories: tuple[str, ...] = setting(
        DEFAULT_CATEGORIES,
        "penalty categories (infractions)",
        CATEGORIES,
        note="separated by ',' (docs/rules.md, Penalties)",
    )
    self_decks: bool = setting(
        True,
        "players may send their deck list from the players' page",
        note="when the format takes lists",
    )
    self_report: bool = setting(
        False, "players may report their table's result from the players' page"
    )
    deck_deadline: str = setting(
        "round 1",
        "until when players may change their list on the page",
        DEADLINE,
        note="'round 1' (until it is paired) or a local time on the event's day, "
        "never after round 1 is paired",
        example="10:30",
    )

    @classmethod
    def from_stored(
        cls, stored: Mapping[str, Any], *, points: tuple[int, int, int] = (3, 1, 0)
    ) -> EventSettings:
        """The settings from their stored JSON, each read as if typed again; a value of the
        wrong type, or one its setting refuses, reads as the default.

        Stored keys no longer known (an older version's) are ignored.
        """
        values = {
            key: s.from_json(stored[key])
            for key, s in SETTINGS.items()
            if key in stored and key not in STORED_ELSEWHERE
        }
        return cls(points=points, **values)

    def to_stored(self) -> dict[str, Any]:
        """The JSON to store: every setting but those kept in columns."""
        return {k: v for k, v in self.as_dict().items() if k not in STORED_ELSEWHERE}

    def as_dict(self) -> dict[str, Any]:
        """Every setting by key as JSON, lists as lists (the command line's --json)."""
        return {key: s.to_json(s.value_in(self)) for key, s in SETTINGS.items()}


@dataclass(frozen=True, slots=True)
class Setting:
    """One field of `EventSettings` as the forms and the command line see it."""

    key: str
    help: str
    default: Any
    reader: Reader
    stored_as: type
    """The JSON type it is stored as: bool, int, str or list."""
    choices: tuple[str, ...] = ()
    """The values allowed, for a setting that is one of a few words."""
    bounds: tuple[int, int] | None = None
    """Lowest and highest value, for a whole-number setting."""
    unset: tuple[int, str] | None = None
    """A value outside the bounds that means none: (0, "the rulebook's")."""
    rule: str = ""
    note: str = ""
    example: str = ""

    @property
    def yes_no(self) -> bool:
        return self.stored_as is bool

    def parse(self, text: str) -> Any:
        """The typed value of what a TO typed; ValueError says what is wrong with it."""
        return self.reader.parse(text)

    def text(self, value: Any) -> str:
        """`value` as it is typed, so `parse` reads it back: "3, 1, 0", "yes", "A; B"."""
        return shown(value, self.reader.joiner)

    def value_in(self, values: EventSettings) -> Any:
        return getattr(values, self.key)

    def allowed(self) -> str:
        """The values allowed, in words: "A4 or Letter", "3 to 5", "yes or no"."""
        if self.yes_no:
            return "yes or no"
        if self.choices:
            return " or ".join(self.choices)
        if self.bounds is None:
            return ""
        low, high = self.bounds
        allowed = f"{low} to {high}" + (f" ({self.rule})" if self.rule else "")
        return f"{self.unset[0]} ({self.unset[1]}) or {allowed}" if self.unset else allowed

    def describe(self) -> str:
        """The whole help: what it does, what it takes, an example (the CLI, the tooltips)."""
        tail = "; ".join(part for part in (self.allowed(), self.note) if part)
        return (
            self.help
            + (f": {tail}" if tail else "")
            + (f", e.g. {self.example}" if self.example else "")
        )

    def to_json(self, value: Any) -> Any:
        return list(value) if isinstance(value, tuple) else value

    def from_json(self, stored: Any) -> Any:
        """A stored value read as if typed again; the default if it is not one."""
        if stored is None or type(stored) is not self.stored_as:
            return self.default
        if isinstance(stored, list) and not all(type(v) in (str, int) for v in stored):
            return self.default
        try:
            return self.parse(self.text(stored))
        except ValueError:
            return self.default


def _stored_as(hint: Any) -> type:
    """The JSON type a field of type `hint` is stored as."""
    if get_origin(hint) in (Union, types.UnionType):  # X | None
        hint = next(a for a in get_args(hint) if a is not type(None))
    if get_origin(hint) is tuple:
        return list
    if get_origin(hint) is Literal:
        return str
    assert hint in (bool, int, str), f"no JSON type for a setting of type {hint}"
    return hint  # type: ignore[no-any-return]


def _setting(f: Field[Any], hint: Any) -> Setting:
    """The `Setting` of one field: the declared words, and the reader its type implies."""
    d: Declared = f.metadata["setting"]
    stored_as = _stored_as(hint)
    choices: tuple[str, ...] = get_args(hint) if get_origin(hint) is Literal else ()
    reader = d.reader
    if reader is None and stored_as is bool:
        reader = Reader(yes_no)
    elif reader is None and choices:
        reader = Reader(one_of(choices))
    elif reader is None and d.bounds is not None:
        reader = Reader(whole_number(d.bounds, unset=d.unset, rule=d.rule))
    assert reader is not None, f"setting {f.name}: say how it is typed"
    return Setting(
        f.name,
        d.help,
        f.default,
        reader,
        stored_as,
        choices=choices,
        bounds=d.bounds,
        unset=d.unset,
        rule=d.rule,
        note=d.note,
        example=d.example,
    )


_HINTS = get_type_hints(EventSettings)
SETTINGS: Final[Mapping[str, Setting]] = types.MappingProxyType(
    {f.name: _setting(f, _HINTS[f.name]) for f in fields(EventSettings)}
)
"""Every setting by key, in the order they are declared (the dialog's and the CLI's order)."""
PAPERS: Final[tuple[str, ...]] = get_args(Paper)
