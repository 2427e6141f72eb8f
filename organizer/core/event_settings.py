"""`EventSettings`: the choices a TO makes for one event beyond the format's defaults.

One typed value, parsed once where it is stored (storage reads the event's
settings JSON and its points columns into it) and carried on the event record,
so no other code reads settings by string key. What each setting means, its
bounds and how a typed value is read lives with the settings form in
`services/settings.py`; this module only holds the values and their defaults.
Pure Python: no Qt, no SQL.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from organizer.core.penalties import DEFAULT_CATEGORIES

STORED_ELSEWHERE = ("points",)
"""Kept in the event's own columns (standings and the interchange read them there)."""


@dataclass(frozen=True, slots=True)
class EventSettings:
    late_entry_losses: bool = False
    unknown_cards_are_errors: bool = True
    tiebreakers: tuple[str, ...] | None = None
    """The tiebreaker order; None means the format's own."""
    points: tuple[int, int, int] = (3, 1, 0)
    paper: str = "A4"
    pod_size: int = 8
    pods_keep_rounds: bool = False
    table_size: int = 4
    table_min: int = 3
    table_max: int = 5
    conquest_time_draw: str = "everyone"
    """Who draws when time ends a Conquest game: "everyone" at the table (8c has no
    elimination: the default), or "still-in" (a house option: the others lose)."""
    house_round_minutes: int = 0
    """A round length other than the rulebook's, as a house rule (0: none; Warcaste
    Skirmish rounds are one hour, 1d). See core.formats.round_length."""
    banned_cards: tuple[str, ...] = ()
    """House bans: card names banned for this event (formats.md, "Banned cards")."""
    penalty_categories: tuple[str, ...] = DEFAULT_CATEGORIES
    """The infraction categories a judge picks from (docs/rules.md, Penalties)."""
    self_decks: bool = True
    """Players may send their deck list from the players' page (when the format takes lists)."""
    self_report: bool = False
    """Players may report their table's result from the players' page."""
    deck_deadline: str = "round 1"
    """Until when players may change their list from the page: "round 1" (until it is
    paired) or a local time "HH:MM" on the event's day (and never after round 1 is paired)."""

    @classmethod
    def from_stored(
        cls, stored: Mapping[str, Any], *, points: tuple[int, int, int] = (3, 1, 0)
    ) -> EventSettings:
        """The settings from their stored JSON; a value of the wrong type reads as the default.

        Stored keys no longer known (an older version's) are ignored.
        """
        default = cls()
        values: dict[str, Any] = {"points": tuple(points)}
        for f in fields(cls):
            if f.name in STORED_ELSEWHERE or f.name not in stored:
                continue
            values[f.name] = _typed(stored[f.name], getattr(default, f.name), f.name)
        return replace(default, **values)

    def to_stored(self) -> dict[str, Any]:
        """The JSON to store: every setting but those kept in columns."""
        stored = {k: v for k, v in asdict(self).items() if k not in STORED_ELSEWHERE}
        if self.tiebreakers is not None:
            stored["tiebreakers"] = list(self.tiebreakers)
        stored["banned_cards"] = list(self.banned_cards)
        stored["penalty_categories"] = list(self.penalty_categories)
        return stored

    def as_dict(self) -> dict[str, Any]:
        """Every setting by key, lists as lists (the command line and the form show these)."""
        values = asdict(self)
        values["points"] = list(self.points)
        values["tiebreakers"] = list(self.tiebreakers) if self.tiebreakers else None
        values["banned_cards"] = list(self.banned_cards)
        values["penalty_categories"] = list(self.penalty_categories)
        return values


def _typed(value: Any, default: Any, name: str) -> Any:
    if name == "tiebreakers":
        if isinstance(value, list) and all(isinstance(t, str) for t in value) and value:
            return tuple(value)
        return None
    if name == "banned_cards":
        if isinstance(value, list) and all(isinstance(t, str) for t in value):
            return tuple(value)
        return ()
    if name == "penalty_categories":
        if isinstance(value, list) and value and all(isinstance(t, str) and t for t in value):
            return tuple(value)
        return DEFAULT_CATEGORIES
    if isinstance(default, bool):
        return value if isinstance(value, bool) else default
    if isinstance(default, int):
        return value if isinstance(value, int) and not isinstance(value, bool) else default
    if isinstance(default, str):
        return value if isinstance(value, str) else default
    return default
