"""Event settings, and late entries with losses for the rounds they missed."""

from __future__ import annotations

import pytest

from organizer.core.results import Score
from organizer.services import interchange, registration, settings, standings
from organizer.services.errors import InputError
from organizer.services.pairing import pair_next
from organizer.services.results import record_result
from organizer.storage.database import Database
from tests.services.event_builders import event_with_players


def test_known_settings_only_with_checked_values(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 2)
    assert settings.get_settings(db, event_id=event_id)["late_entry_losses"] is False
    settings.set_setting(db, event_id=event_id, key="late_entry_losses", value="yes")
    settings.set_setting(db, event_id=event_id, key="tiebreakers", value="points,gw,omw,ogw")
    values = settings.get_settings(db, event_id=event_id)
    assert values["late_entry_losses"] is True and values["tiebreakers"] == [
        "points",
        "gw",
        "omw",
        "ogw",
    ]
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
        for m in pair_next(db, event_id=event_id, seed=n).round.matches:
            assert m.table is not None
            record_result(db, event_id=event_id, table=m.table, score=Score(2, 0))
    late = registration.add_player(db, event_id=event_id, name="Late Larry").player
    row = next(r for r in standings.standings(db, event_id=event_id) if r.player == late.code)
    assert (row.points, row.losses) == expected
    third = pair_next(db, event_id=event_id, seed=3).round
    assert late.code in {p for m in third.matches for p in m.players}
    doc = interchange.export_event(db, event_id=event_id)
    assert ('"missed_round_losses": 2' in doc) == losses
