"""Warcaste rounds are one hour (1d; issue 25 item 7): another length is refused, or run as a
house rule that the slips, the clock and the players' page state."""

from __future__ import annotations

import datetime as dt

import pytest

from organizer.core.formats.round_length import ROUND_MINUTES
from organizer.services.clock import clock
from organizer.services.event import events, settings
from organizer.services.event.settings import SettingsError
from organizer.services.kit.errors import InputError, RefusedError
from organizer.services.phones import players_page
from organizer.services.players import registration
from organizer.services.printouts import printouts
from organizer.services.rounds import pairing
from organizer.storage.database import Database
from tests.journal import journal_entries
from tests.printing.pdf_reading import text
from tests.services.event_builders import event_with_players

T0 = dt.datetime(2026, 5, 2, 10, 0, tzinfo=dt.UTC)
HOUSE = "House rule: 50-minute rounds (Warcaste 1d: 1 hour)"


def test_another_length_for_a_skirmish_event_is_refused(db: Database) -> None:
    with pytest.raises(InputError, match="rounds last 1 hour \\(Warcaste 1d\\), not 50 minutes"):
        events.create_event(
            db, name="Short", format_id="warcaste-skirmish-constructed", round_minutes=50
        )
    assert events.list_events(db) == []
    same = events.create_event(
        db, name="Hour", format_id="warcaste-skirmish-draft", round_minutes=60
    ).value
    assert same.settings.house_round_minutes == 0


def test_a_house_rule_length_is_stated_by_the_clock_slips_and_players_page(
    db: Database,
) -> None:
    record = events.create_event(
        db,
        name="Short",
        format_id="warcaste-skirmish-constructed",
        round_minutes=50,
        house_rule=True,
    ).value
    assert record.settings.house_round_minutes == 50
    event_id = record.id
    registration.import_players_csv(db, event_id=event_id, text="name\nAda\nBo\n")
    pairing.pair_next(db, event_id=event_id, seed=1)
    status = clock.status(db, event_id=event_id, now=T0)
    assert status.facts.length_s == 50 * 60 and status.house_rule == HOUSE
    assert status.as_dict()["house_rule"] == HOUSE
    slips = text(printouts.printout(db, event_id=event_id, kind="slips"))
    assert HOUSE in slips
    assert players_page.page_facts(db, event_id=event_id).house_rule == HOUSE


def test_the_round_clock_takes_only_the_rulebooks_or_the_house_length(db: Database) -> None:
    event_id = event_with_players(db, "warcaste-skirmish-constructed", 2)
    pairing.pair_next(db, event_id=event_id, seed=1)
    with pytest.raises(RefusedError, match="house_round_minutes = 45"):
        clock.set_length(db, event_id=event_id, minutes=45)
    assert clock.status(db, event_id=event_id, now=T0).facts.length_s == 3600
    settings.set_setting(db, event_id=event_id, key="house_round_minutes", value="45")
    clock.set_length(db, event_id=event_id, minutes=45)
    status = clock.status(db, event_id=event_id, now=T0)
    assert status.facts.length_s == 45 * 60
    assert status.house_rule == "House rule: 45-minute rounds (Warcaste 1d: 1 hour)"
    clock.set_length(db, event_id=event_id, minutes=60)  # back to the rulebook's hour


def test_formats_without_a_rulebook_length_keep_the_tos_choice(db: Database) -> None:
    record = events.create_event(db, name="Castle", format_id="castle-wars", round_minutes=40).value
    assert record.round_minutes == 40 and record.settings.house_round_minutes == 0
    event_id = event_with_players(db, "castle-wars", 2)
    pairing.pair_next(db, event_id=event_id, seed=1)
    clock.set_length(db, event_id=event_id, minutes=35)
    status = clock.status(db, event_id=event_id, now=T0)
    assert status.facts.length_s == 35 * 60 and status.house_rule == ""


def test_every_round_length_a_to_gives_has_the_same_bounds(db: Database) -> None:
    """A new event's length, the clock's and the house rule setting share `ROUND_MINUTES`, so a
    house rule the clock sets is one the settings take again (the clock took 1 to 600, the
    setting 0 or 5 to 600: a 3-minute house rule set on the clock stopped the settings form)."""
    low, high = ROUND_MINUTES
    event_id = event_with_players(db, "warcaste-skirmish-constructed", 2)
    pairing.pair_next(db, event_id=event_id, seed=1)
    for minutes in (low - 1, high + 1):
        with pytest.raises(InputError, match=f"a round lasts {low} to {high} minutes"):
            clock.set_length(db, event_id=event_id, minutes=minutes, house_rule=True)
        with pytest.raises(InputError, match=f"a round lasts {low} to {high} minutes"):
            events.create_event(db, name="Odd", format_id="castle-wars", round_minutes=minutes)
    for minutes in (-1, high + 1):  # 0 is the setting's "none": the rulebook's length
        with pytest.raises(SettingsError, match=f"or between {low} and {high}"):
            settings.set_setting(
                db, event_id=event_id, key="house_round_minutes", value=str(minutes)
            )
    done = clock.set_length(db, event_id=event_id, minutes=high, house_rule=True)
    assert settings.get_settings(db, event_id=event_id).house_round_minutes == high
    assert done.changes.clock and done.changes.events  # the event's heading states it
    settings.set_setting(db, event_id=event_id, key="house_round_minutes", value=str(high))
    settings.set_setting(db, event_id=event_id, key="house_round_minutes", value=str(low))
    assert settings.get_settings(db, event_id=event_id).house_round_minutes == low
    castle = event_with_players(db, "castle-wars", 2)  # no sideboarding to fit in a round
    pairing.pair_next(db, event_id=castle, seed=1)
    clock.set_length(db, event_id=castle, minutes=low)
    assert clock.status(db, event_id=castle, now=T0).facts.length_s == low * 60
    for minutes in (low, high):
        made = events.create_event(db, name="Edge", format_id="castle-wars", round_minutes=minutes)
        assert made.value.round_minutes == minutes


def test_a_house_rule_set_on_the_clock_is_journaled_as_the_setting(db: Database) -> None:
    """The event's house rule changes as it does from the settings: its entry says what it
    was and what it became (the clock's entry holds only the clock's facts)."""
    event_id = event_with_players(db, "warcaste-skirmish-constructed", 2)
    pairing.pair_next(db, event_id=event_id, seed=1)
    settings.set_setting(db, event_id=event_id, key="house_round_minutes", value="45")
    clock.set_length(db, event_id=event_id, minutes=50, house_rule=True)
    setting = [e for e in journal_entries(db, event_id=event_id) if e.action == "settings.set"][-1]
    assert (setting.before, setting.after) == (
        {"house_round_minutes": 45},
        {"house_round_minutes": 50},
    )
