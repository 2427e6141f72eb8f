"""A season's points scheme, each setting declared once as `EventSettings`'s are.

`organizer season settings`, the Season screen and the stored JSON are all
made from these declarations (`core.setting`), so a bound or a help text is
said in one place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from organizer.core.setting import Setting, declared_settings, setting
from organizer.core.setting_readers import Reader

MAX_POINTS: Final = 1000


def _placement(text: str) -> tuple[int, ...]:
    parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
    if not all(p.isdigit() and int(p) <= MAX_POINTS for p in parts):
        raise ValueError(
            f"{text!r} is not whole numbers from 0 to {MAX_POINTS} by commas, 1st first"
        )
    return tuple(int(p) for p in parts)


PLACEMENT: Final = Reader(_placement)


@dataclass(frozen=True, slots=True)
class SeasonSettings:
    participation: int = setting(
        0, "points for playing in an event", bounds=(0, MAX_POINTS), example="1"
    )
    win: int = setting(
        0, "points per Swiss match won (a bye counts as a win)", bounds=(0, MAX_POINTS)
    )
    draw: int = setting(0, "points per Swiss match drawn", bounds=(0, MAX_POINTS))
    placement: tuple[int, ...] = setting(
        (),
        "points by final standing, 1st first (the top cut included)",
        PLACEMENT,
        example="10,8,6,6,4,4,4,4",
    )
    best: int = setting(
        0, "count only each player's best N events", bounds=(1, 520), unset=(0, "all")
    )
    minimum: int = setting(0, "events a player needs to be ranked", bounds=(0, 520))

    @classmethod
    def from_stored(cls, stored: Mapping[str, Any]) -> SeasonSettings:
        """The settings from their stored JSON; a value its setting refuses reads as the
        default, and keys no longer known are ignored."""
        return cls(**{k: s.from_json(stored[k]) for k, s in SEASON_SETTINGS.items() if k in stored})

    def as_dict(self) -> dict[str, Any]:
        """Every setting by key as JSON, lists as lists (stored, and the --json output)."""
        return {key: s.to_json(s.value_in(self)) for key, s in SEASON_SETTINGS.items()}


SEASON_SETTINGS: Final[Mapping[str, Setting]] = declared_settings(SeasonSettings)
