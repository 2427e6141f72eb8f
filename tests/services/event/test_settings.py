"""Event settings, and late entries with losses for the rounds they missed."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from organizer.core.results import Score
from organizer.services.event import interchange, settings
from organizer.services.kit.errors import InputError, RefusedError
from organizer.services.players import registration
from organizer.services.rounds import results, standings
from organizer.services.rounds.pairing import pair_next
from organizer.services.rounds.results import record_result
from organizer.storage.database import Database
from tests.services.event_builders import event_with_players


def test_known_settings_only_with_checked_values(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 2)
    assert settings.get_settings(db, event_id=event_id).late_entry_losses is False
    settings.set_setting(db, event_id=event_id, key="late_entry_losses", value="yes")
    settings.set_setting(db, event_id=event_id, key="tiebreakers", value="points,gw,omw,ogw")
    values = settings.get_settings(db, event_id=event_id)
    assert values.late_entry_losses is True
    assert values.tiebreakers == ("points", "gw", "omw", "ogw")
    settings.set_setting(db, event_id=event_id, key="tiebreakers", value=" ")
    assert settings.get_settings(db, event_id=event_id).tiebreakers is None  # the format's
    with pytest.raises(InputError, match="no setting"):
        settings.set_setting(db, event_id=event_id, key="late_entry_loses", value="yes")
    with pytest.raises(InputError, match="tiebreakers"):
        settings.set_setting(db, event_id=event_id, key="tiebreakers", value="points,luck")
    with pytest.raises(InputError, match="pod_size"):
        settings.set_setting(db, event_id=event_id, key="pod_size", value="40")


@pytest.mark.parametrize(("losses", "expected"), [(False, (0, 0)), (True, (0, 2))])
def test_late_entry_joins_with_zero_points_and_optional_losses(
    db: Database, losses: bool, expected: tuple[int, int]
) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    if losses:
        settings.set_setting(db, event_id=event_id, key="late_entry_losses", value="true")
    for n in (1, 2):
        for m in pair_next(db, event_id=event_id, seed=n).value.matches:
            assert m.table is not None
            record_result(db, event_id=event_id, table=m.table, score=Score(2, 0))
    late = registration.add_player(db, event_id=event_id, name="Late Larry").value
    row = next(r for r in standings.standings(db, event_id=event_id) if r.player == late.code)
    assert (row.points, row.losses) == expected
    third = pair_next(db, event_id=event_id, seed=3).value
    assert late.code in {p for m in third.matches for p in m.players}
    doc = interchange.export_event(db, event_id=event_id)
    assert ('"missed_round_losses": 2' in doc) == losses


def test_points_per_result_are_a_setting_the_standings_follow(db: Database) -> None:
    event_id = event_with_players(db, "warcaste-conquest", 8)
    assert settings.get_settings(db, event_id=event_id).points == (3, 1, 0)
    pair_next(db, event_id=event_id, seed=1)
    first = interchange.load_event(db, event_id=event_id).rounds[-1].matches[0]
    results.record_table_result(db, event_id=event_id, table=1, winner=first.players[0])
    points = {r.player: r.points for r in standings.standings(db, event_id=event_id)}
    assert points[first.players[0]] == 3 and points[first.players[1]] == 0

    settings.set_setting(db, event_id=event_id, key="points", value="5, 2, 1")
    assert settings.get_settings(db, event_id=event_id).points == (5, 2, 1)
    assert json.loads(interchange.export_event(db, event_id=event_id))["points"] == {
        "win": 5,
        "draw": 2,
        "loss": 1,
    }
    points = {r.player: r.points for r in standings.standings(db, event_id=event_id)}
    assert points[first.players[0]] == 5 and points[first.players[1]] == 1

    for bad in ("3,1", "1,3,0", "0,0,0", "3,one,0"):
        with pytest.raises(InputError, match="points"):
            settings.set_setting(db, event_id=event_id, key="points", value=bad)
    assert settings.get_settings(db, event_id=event_id).points == (5, 2, 1)


def test_the_end_of_round_rule_decides_who_may_draw_at_time(db: Database) -> None:
    """Default: the rulebook's reading, everyone at the table draws (8c has no elimination);
    "still-in" only as the house option (issue 25 item 11)."""
    event_id = event_with_players(db, "warcaste-conquest", 8)
    pair_next(db, event_id=event_id, seed=1)
    seats = interchange.load_event(db, event_id=event_id).rounds[-1].matches[0].players
    still_in = list(seats[:2])
    assert settings.get_settings(db, event_id=event_id).conquest_time_draw == "everyone"
    with pytest.raises(RefusedError, match="everyone at the table draws") as refused:
        results.record_table_result(db, event_id=event_id, table=1, winner=None, drawn=still_in)
    assert "house option" in str(refused.value) and "still-in" in str(refused.value)
    results.record_table_result(db, event_id=event_id, table=1, winner=None)
    drawn = interchange.load_event(db, event_id=event_id).rounds[-1].matches[0].drawn
    assert set(drawn) == set(seats)

    settings.set_setting(db, event_id=event_id, key="conquest_time_draw", value="Still-In")
    results.record_table_result(
        db, event_id=event_id, table=1, winner=None, drawn=still_in, correct=True
    )
    drawn = interchange.load_event(db, event_id=event_id).rounds[-1].matches[0].drawn
    assert set(drawn) == set(still_in)  # the house option: the players still in draw
    with pytest.raises(InputError, match="conquest_time_draw"):
        settings.set_setting(db, event_id=event_id, key="conquest_time_draw", value="some")


def test_several_settings_are_set_all_or_none_and_only_changes_are_written(db: Database) -> None:
    event_id = event_with_players(db, "warcaste-conquest", 4)
    before = settings.get_settings(db, event_id=event_id)
    with pytest.raises(settings.SettingsError) as refused:
        settings.set_settings(
            db, event_id=event_id, values={"paper": "Letter", "points": "1,3,0", "pod_sz": "6"}
        )
    assert set(refused.value.problems) == {"points", "pod_sz"}
    assert settings.get_settings(db, event_id=event_id) == before  # not even the paper

    saved = settings.set_settings(
        db, event_id=event_id, values={"paper": "Letter", "points": "3,1,0", "table_size": "4"}
    )
    assert saved.value == ("paper",)  # points and table size were already so
    # Read off the journal, as other stations read it: a setting may change any screen.
    assert saved.changes.events and saved.changes.results
    assert settings.get_settings(db, event_id=event_id) == replace(before, paper="Letter")
    again = settings.set_settings(db, event_id=event_id, values={"paper": "letter"})
    assert again.value == () and not again.changes
