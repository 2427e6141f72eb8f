"""An event's settings read and changed as a TO types them: the settings dialog and the CLI.

Every setting is declared once, as a field of `core.event_settings.EventSettings`
(its type, bounds or choices, default and help); `SETTINGS` holds what the
forms need of each, so a typo'd key is refused instead of silently ignored and
a value is checked the same way whichever client typed it. This module reads
the typed settings of an event and writes what a TO typed: all or nothing,
one journal entry per setting changed. Stored as JSON with the event, except
`points`, which lives in the event's own columns because the standings and
the interchange JSON read it there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from organizer.core.event_settings import PAPERS, SETTINGS, EventSettings
from organizer.core.setting import Setting
from organizer.services.decks import decks
from organizer.services.event.events import get_event
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import InputError, NotFoundError
from organizer.services.kit.write_lock import write
from organizer.storage import events_repo, journal_repo, registrations_repo
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action

__all__ = [
    "PAPERS",
    "SETTINGS",
    "Setting",
    "SettingsError",
    "get_settings",
    "set_setting",
    "set_settings",
    "setting_named",
]


def get_settings(db: Database, *, event_id: int) -> EventSettings:
    """The event's settings (stored or default), typed."""
    return get_event(db, event_id).settings


class SettingsError(InputError):
    """Values that cannot be set; nothing was written. `problems`: key -> what is wrong."""

    def __init__(self, problems: Mapping[str, str]) -> None:
        self.problems = dict(problems)
        super().__init__(
            "; ".join(
                why if key not in SETTINGS else f"{key}: {why}" for key, why in problems.items()
            )
        )


def setting_named(key: str) -> Setting:
    """The setting `key`; a typo is a SettingsError naming every setting there is."""
    if key not in SETTINGS:
        raise SettingsError({key: f"no setting {key!r}; settings are: {', '.join(SETTINGS)}"})
    return SETTINGS[key]


def parse_all(values: Mapping[str, str]) -> dict[str, Any]:
    """Every value typed, read by its setting; SettingsError names each key refused and why."""
    parsed: dict[str, Any] = {}
    problems: dict[str, str] = {}
    for key, text in values.items():
        try:
            parsed[key] = setting_named(key).parse(text)
        except SettingsError as exc:
            problems |= exc.problems
        except ValueError as exc:
            problems[key] = str(exc)
    if problems:
        raise SettingsError(problems)
    return parsed


def set_settings(
    db: Database, *, event_id: int, values: Mapping[str, str]
) -> Done[tuple[str, ...]]:
    """Set several settings as typed, all or none: every value is read before any is written.

    A value equal to the stored one is not written (nor journaled); each that changes is one
    journal entry, all in one transaction. A setting may change what any screen shows, so
    its journal action stands for every kind of change (`services.changes`).
    """
    return _write(db, event_id=event_id, parsed=parse_all(values))


@write
def _write(s: Tx, *, event_id: int, parsed: Mapping[str, Any]) -> Done[tuple[str, ...]]:
    row = events_repo.get_row(s, event_id)
    if row is None:
        raise NotFoundError(f"there is no event {event_id}")
    old = events_repo.settings_of(row)
    written = tuple(key for key, value in parsed.items() if value != getattr(old, key))
    if "cap" in written and parsed["cap"]:
        holding = sum(p.holds_place for p in registrations_repo.players(s, event_id=event_id))
        if holding > parsed["cap"]:
            raise SettingsError(
                {"cap": f"{holding} players are in already: a cap of {parsed['cap']} is too low"}
            )
    for key in written:
        setting = SETTINGS[key]
        before = setting.to_json(setting.value_in(old))
        after = setting.to_json(parsed[key])
        journal_repo.append(
            s,
            event_id=event_id,
            action=Action.SETTINGS_SET,
            summary=f"{key}: {before!r} -> {after!r}",
            before={key: before},
            after={key: after},
        )
    if written:
        events_repo.save_settings(s, row, replace(old, **{k: parsed[k] for k in written}))
    if "banned_cards" in written:  # the stored lists' statuses follow the new bans
        decks.recheck_stored(s.db, event_id=event_id)
    return Done(written)


def set_setting(db: Database, *, event_id: int, key: str, value: str) -> Done[tuple[str, ...]]:
    """One setting as typed (the command line's `organizer settings KEY VALUE`)."""
    return set_settings(db, event_id=event_id, values={key: value})
