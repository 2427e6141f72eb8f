"""`EventSettings`: the choices a TO makes for one event beyond the format's defaults.

Each setting is declared once, as one field of `EventSettings` below: its
name, its type (a `Literal` for one of a few words, a whole number with its
bounds), its default and its help (`core.setting.setting`). Everything else is
drawn from those fields through `SETTINGS` (key -> `Setting`): how the value
is typed and checked (`core.setting_readers`), so the settings dialog, the
command line's `organizer settings` and `services.settings` accept the same
values and refuse the same ones with the same words; the dialog's fields,
labels and tooltips; the CLI's listing; and how the value is stored as JSON
with the event (`from_stored`, `to_stored`). A new setting is one new field
here.

One typed value, read once where it is stored and carried on the event
record, so no other code reads a setting by string key. Pure Python: no Qt,
no SQL.
"""

# ruff: noqa: RUF009  -- `setting(...)` is `dataclasses.field` with the words for the TO

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from organizer.core.event import STANDARD_POINTS
from organizer.core.formats.event_rules import MAX_POD_SIZE, MIN_POD_SIZE
from organizer.core.formats.round_length import ROUND_MINUTES
from organizer.core.paper import PAPERS as PAPERS  # the settings offer these
from organizer.core.paper import Paper as Paper
from organizer.core.penalties import DEFAULT_CATEGORIES
from organizer.core.prizes import PrizeBy, PrizeSplit
from organizer.core.setting import Setting, declared_settings, setting
from organizer.core.setting_readers import (
    CARD_NAMES,
    CATEGORIES,
    DEADLINE,
    FREE_TEXT,
    MATCH_POINTS,
    PRIZE_LINES,
    TIEBREAKER_ORDER,
)

TimeDraw = Literal["still-in", "everyone"]
PublishDecks = Literal["none", "top8", "all"]
PublishNames = Literal["full", "first-initial"]
"""Who draws when time ends a Conquest game (see the `conquest_time_draw` field)."""
TABLE_SEATS: Final = (3, 5)
"""Players at a Conquest table, fewest to most."""

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
        STANDARD_POINTS, "match points for a win, a draw and a loss", MATCH_POINTS, example="3,1,0"
    )
    paper: Paper = setting("A4", "paper size for printouts")
    late_entry_byes: bool = setting(
        False,
        "late entries get a bye for every round they missed",
        note="instead of a loss (the late entry policy's bye case)",
    )
    late_entry_until: int = setting(
        99,
        "late entries may join until this round is paired",
        bounds=(0, 99),
        note="0: no late entries once round 1 is paired; 2: a player may still join for "
        "round 2, not after it is paired",
    )
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
    cap: int = setting(
        0,
        "most players in the event",
        bounds=(0, 9999),
        unset=(0, "no cap"),
        note="past it, players are put on a waiting list, in order; a drop before round 1 "
        "lets the first one in",
    )
    require_checkin: bool = setting(
        False, "round 1 waits until every player has checked in (or the TO decides)"
    )
    self_checkin: bool = setting(False, "players may check themselves in from the players' page")
    prizes: tuple[str, ...] = setting(
        (),
        "prize table",
        PRIZE_LINES,
        note="lines KEY:PRIZE separated by ';', by record (3-0:4 packs) or by placing "
        "(1:12 packs; 3-4:4 packs), as prize_by says",
        example="3-0:4 packs; 2-1:2 packs",
    )
    prize_by: PrizeBy = setting("record", "the prize table gives prizes by record or by placing")
    prize_participation: str = setting(
        "", "participation prize, for everyone who played", FREE_TEXT, example="1 promo card"
    )
    prize_split: PrizeSplit = setting(
        "standings",
        "players who finish level get",
        note="standings: each the prize of their place by tiebreakers; equal: the prizes of "
        "their places pooled and shared",
    )
    publish_decklists: PublishDecks = setting(
        "none",
        "deck lists in the published results",
        note="none, the top 8 (top8) or everyone's (all); never before the event is over",
    )
    publish_names: PublishNames = setting(
        "full",
        "names in the published results",
        note="full, or first-initial: the first name and the last name's initial (Łukasz Ż.)",
    )

    @classmethod
    def from_stored(
        cls, stored: Mapping[str, Any], *, points: tuple[int, int, int] = STANDARD_POINTS
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


SETTINGS: Final[Mapping[str, Setting]] = declared_settings(EventSettings)
"""Every setting by key, in the order they are declared (the dialog's and the CLI's order)."""

SECTIONS: Final[Mapping[str, tuple[str, ...]]] = {
    "Rounds": (
        "late_entry_losses",
        "late_entry_byes",
        "late_entry_until",
        "tiebreakers",
        "points",
        "paper",
        "pod_size",
        "pods_keep_rounds",
        "table_size",
        "table_min",
        "table_max",
        "conquest_time_draw",
        "house_round_minutes",
    ),
    "Decks and judges": ("unknown_cards_are_errors", "banned_cards", "penalty_categories"),
    "Players' page": ("self_decks", "self_report", "deck_deadline", "self_checkin"),
    "The door": ("cap", "require_checkin"),
    "Prizes and results": (
        "prizes",
        "prize_by",
        "prize_participation",
        "prize_split",
        "publish_decklists",
        "publish_names",
    ),
}
"""The settings dialog's pages, each setting on one (a test keeps every setting on a page):
about 30 settings do not fit one form on a laptop's screen, nor its keyboard letters."""
