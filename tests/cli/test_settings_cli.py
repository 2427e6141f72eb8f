"""`organizer settings`: every setting listed as it is typed, with what it takes; a typo'd key
refused by name; each value printed can be typed back."""

from __future__ import annotations

import json
from pathlib import Path

from organizer.services.event.settings import SETTINGS
from tests.cli.helpers import ok, organizer


def listed(out: str) -> dict[str, tuple[str, str]]:
    """KEY -> (VALUE, help) from the `KEY = VALUE    # help` lines."""
    lines = {}
    for line in out.splitlines():
        key, _, rest = line.partition(" = ")
        value, _, help_text = rest.partition("    # ")
        lines[key] = (value, help_text)
    return lines


def test_every_setting_is_listed_with_what_it_takes(db_path: Path) -> None:
    ok(db_path, "new", "--name", "Friday", "--format", "warcaste-skirmish-draft")
    lines = listed(ok(db_path, "settings").out)
    assert list(lines) == list(SETTINGS)
    assert lines["paper"] == ("A4", "paper size for printouts: A4 or Letter")
    assert lines["late_entry_losses"][0] == "no" and "yes or no" in lines["late_entry_losses"][1]
    assert lines["table_size"] == ("4", "preferred players at a Conquest table: 3 to 5")
    assert lines["tiebreakers"][0] == "(the format's own)"
    assert lines["house_round_minutes"][1].startswith(
        "house rule round length in minutes: 0 (the rulebook's) or 1 to 600"
    )


def test_a_typo_is_refused_by_name_and_nothing_is_written(db_path: Path) -> None:
    ok(db_path, "new", "--name", "Friday", "--format", "castle-wars")
    before = ok(db_path, "settings", "--json").out
    refused = organizer(db_path, "settings", "papr", "Letter")
    assert refused.status == 2
    assert "no setting 'papr'; settings are: late_entry_losses, " in refused.err
    assert "no setting 'papr'" in organizer(db_path, "settings", "papr").err  # no value either
    asked = organizer(db_path, "settings", "paper")
    assert asked.status == 2
    assert "give a value for paper: paper size for printouts: A4 or Letter" in asked.err
    assert ok(db_path, "settings", "--json").out == before


def test_each_value_printed_can_be_typed_back(db_path: Path) -> None:
    ok(db_path, "new", "--name", "Friday", "--format", "warcaste-conquest")
    for key, value in (
        ("late_entry_losses", "on"),
        ("points", "4/2/0"),
        ("banned_cards", "Iron Banner; Siege Ladder, Large"),
        ("deck_deadline", "9:30"),
        ("conquest_time_draw", "Still-In"),
    ):
        ok(db_path, "settings", key, value)
    stored = json.loads(ok(db_path, "settings", "--json").out)
    lines = listed(ok(db_path, "settings").out)
    assert lines["points"][0] == "4, 2, 0" and lines["deck_deadline"][0] == "09:30"
    for key, (value, _) in lines.items():
        if value != "(the format's own)":
            ok(db_path, "settings", key, value)
    assert json.loads(ok(db_path, "settings", "--json").out) == stored
