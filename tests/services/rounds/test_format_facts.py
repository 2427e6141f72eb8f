"""Format facts through the services, legal and illegal at each edge (core.formats.event_rules):
Warcaste best of 1 (1d), a one-game match has one game, pods of up to 8 (8b), pods only in
draft formats."""

from __future__ import annotations

import pytest

from organizer.core.results import Score
from organizer.services.event import events, settings
from organizer.services.event.settings import SettingsError
from organizer.services.kit.errors import InputError, RefusedError
from organizer.services.rounds import pods
from organizer.services.rounds.pairing import pair_next
from organizer.services.rounds.results import record_result
from organizer.storage.database import Database
from tests.services.event_builders import event_with_players


def test_warcaste_is_best_of_1(db: Database) -> None:
    with pytest.raises(InputError, match="Warcaste 1d"):
        events.create_event(db, name="S", format_id="warcaste-skirmish-draft", best_of=3)
    made = events.create_event(db, name="S", format_id="warcaste-skirmish-draft", best_of=1)
    assert made.value.best_of == 1
    assert events.create_event(db, name="C", format_id="castle-wars", best_of=5).value.best_of == 5


def test_a_one_game_match_has_one_game(db: Database) -> None:
    event_id = event_with_players(db, "warcaste-skirmish-constructed", 2)
    pair_next(db, event_id=event_id, seed=1)
    with pytest.raises(InputError, match="one-game match has one game"):
        record_result(db, event_id=event_id, table=1, score=Score(1, 0, 1))
    assert record_result(db, event_id=event_id, table=1, score=Score(0, 0, 1)).value.recorded


def test_pods_of_up_to_8_only_in_a_draft(db: Database) -> None:
    draft = event_with_players(db, "warcaste-skirmish-draft", 9)
    settings.set_setting(db, event_id=draft, key="pod_size", value="8")
    with pytest.raises(SettingsError, match="8b"):
        settings.set_setting(db, event_id=draft, key="pod_size", value="9")
    seated = pods.seat(db, event_id=draft, seed=1).value
    assert max(len(p.seats) for p in seated.pods) <= 8
    wars = event_with_players(db, "wars-constructed", 9)
    with pytest.raises(RefusedError, match="not a draft format"):
        pods.seat(db, event_id=wars, seed=1)
