"""Each setting declared once: `SETTINGS` is drawn from the fields of `EventSettings`, with the
reader its type implies, and the stored JSON is read back as if typed again."""

from __future__ import annotations

from dataclasses import fields
from typing import get_args

from organizer.core.event_settings import PAPERS, SETTINGS, EventSettings, Paper, TimeDraw
from organizer.core.formats.event_rules import MAX_POD_SIZE, MIN_POD_SIZE
from organizer.core.formats.round_length import ROUND_MINUTES
from organizer.core.penalties import DEFAULT_CATEGORIES

CHANGED = EventSettings(
    late_entry_losses=True,
    tiebreakers=("points", "gw"),
    points=(4, 2, 0),
    paper="Letter",
    pod_size=6,
    table_size=3,
    conquest_time_draw="still-in",
    house_round_minutes=45,
    banned_cards=("Kal, the Dark", "Moonlit Relic"),
    penalty_categories=("Marked Cards",),
    self_report=True,
    deck_deadline="10:30",
)


def test_every_field_is_a_setting_in_the_order_declared_with_its_default_and_help() -> None:
    names = [f.name for f in fields(EventSettings)]
    assert list(SETTINGS) == names
    defaults = EventSettings()
    for key, setting in SETTINGS.items():
        assert setting.key == key and setting.help and setting.help == setting.help.strip()
        assert setting.default == getattr(defaults, key)


def test_the_type_says_how_a_setting_is_typed() -> None:
    kinds = {
        key: "yes/no" if s.yes_no else "choice" if s.choices else "number" if s.bounds else "text"
        for key, s in SETTINGS.items()
    }
    assert kinds == {
        "late_entry_losses": "yes/no",
        "unknown_cards_are_errors": "yes/no",
        "tiebreakers": "text",
        "points": "text",
        "paper": "choice",
        "late_entry_byes": "yes/no",
        "late_entry_until": "number",
        "pod_size": "number",
        "pods_keep_rounds": "yes/no",
        "table_size": "number",
        "table_min": "number",
        "table_max": "number",
        "conquest_time_draw": "choice",
        "house_round_minutes": "number",
        "banned_cards": "text",
        "penalty_categories": "text",
        "self_decks": "yes/no",
        "self_report": "yes/no",
        "cap": "number",
        "require_checkin": "yes/no",
        "self_checkin": "yes/no",
        "prizes": "text",
        "prize_by": "choice",
        "prize_participation": "text",
        "prize_split": "choice",
        "publish_decklists": "choice",
        "publish_names": "choice",
        "deck_deadline": "text",
    }
    assert SETTINGS["paper"].choices == get_args(Paper) == PAPERS == ("A4", "Letter")
    assert SETTINGS["conquest_time_draw"].choices == get_args(TimeDraw)
    assert SETTINGS["pod_size"].bounds == (MIN_POD_SIZE, MAX_POD_SIZE)
    house = SETTINGS["house_round_minutes"]
    assert house.bounds == ROUND_MINUTES and house.unset == (0, "the rulebook's")


def test_every_value_shown_is_read_back_as_itself() -> None:
    for values in (EventSettings(), CHANGED):
        for setting in SETTINGS.values():
            value = setting.value_in(values)
            assert setting.parse(setting.text(value)) == value, setting.key


def test_the_whole_help_says_what_a_setting_takes() -> None:
    said = {key: s.describe() for key, s in SETTINGS.items()}
    assert said["paper"] == "paper size for printouts: A4 or Letter"
    assert said["table_size"] == "preferred players at a Conquest table: 3 to 5"
    assert said["late_entry_losses"].endswith(": yes or no")
    assert said["points"] == "match points for a win, a draw and a loss, e.g. 3,1,0"
    low, high = ROUND_MINUTES
    assert said["house_round_minutes"].startswith(
        f"house rule round length in minutes: 0 (the rulebook's) or {low} to {high}; "
    )
    assert "8b" in said["pod_size"]


def test_settings_stored_and_read_back_are_the_same() -> None:
    stored = CHANGED.to_stored()
    assert "points" not in stored  # kept in the event's columns
    assert stored["banned_cards"] == ["Kal, the Dark", "Moonlit Relic"]
    assert EventSettings.from_stored(stored, points=(4, 2, 0)) == CHANGED
    assert CHANGED.as_dict()["points"] == [4, 2, 0]


def test_a_stored_value_of_the_wrong_type_or_refused_reads_as_the_default() -> None:
    stored = {
        "late_entry_losses": 1,  # not a bool
        "pod_size": True,  # a bool is no number
        "table_size": 9,  # outside 3 to 5
        "paper": "B5",  # not a paper size
        "tiebreakers": ["points", "luck"],
        "banned_cards": [["nested"]],
        "penalty_categories": [],  # at least one
        "deck_deadline": "25:00",
        "conquest_time_draw": "Still-In",  # read as typed: the declared word
        "from_an_older_version": "ignored",
    }
    read = EventSettings.from_stored(stored)
    assert read == EventSettings(conquest_time_draw="still-in")
    assert read.penalty_categories == DEFAULT_CATEGORIES
