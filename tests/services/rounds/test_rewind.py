"""Going back to before round 3 of a 5-round event, then undoing it.

The export taken just before round 3 was paired must come back exactly (apart from
revision fields, should the export carry any); undo must bring rounds 3-5, their
results, the drop after round 4 and the penalty of round 4 back.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from organizer.core.results import Score
from organizer.services.event import interchange
from organizer.services.judging import penalties
from organizer.services.kit.errors import RefusedError
from organizer.services.players import registration
from organizer.services.rounds import rewind
from organizer.storage.database import Database
from tests.gui.played_events import event_with_players, play_round


def exported(db: Database, event_id: int) -> Any:
    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if "revision" not in k}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return json.dumps(strip(json.loads(interchange.export_event(db, event_id=event_id))))


def five_rounds(db: Database) -> tuple[int, str, str]:
    """The event, its export before round 3 was paired, and its export after round 5."""
    event_id = event_with_players(db, "castle-wars", 10, name="Five rounds")
    play_round(db, event_id, seed=1, rule=lambda t: Score(2, t % 2))
    play_round(db, event_id, seed=2, rule=lambda t: Score(t % 2, 2))
    before_three = exported(db, event_id)
    play_round(db, event_id, seed=3)
    r4 = play_round(db, event_id, seed=4, rule=lambda t: Score(1, 2))
    penalties.add_penalty(
        db, event_id=event_id, player=str(r4.matches[0].players[0]), category="Slow Play",
        penalty="Warning", round_number=4,
    )  # fmt: skip
    leaver = registration.find_player(db, event_id=event_id, code=str(r4.matches[1].players[1]))
    registration.set_dropped(
        db, event_id=event_id, registration_id=leaver.registration_id, dropped=True
    )
    play_round(db, event_id, seed=5)
    return event_id, before_three, exported(db, event_id)


def test_rewind_restores_the_export_before_round_3_and_undo_brings_3_to_5_back(
    db: Database,
) -> None:
    event_id, before_three, after_five = five_rounds(db)
    plan = rewind.plan(db, event_id=event_id, round_number=3)
    later = interchange.load_event(db, event_id=event_id).rounds[2:]
    assert plan.rounds == (3, 4, 5)
    assert plan.results == sum(not m.is_bye for r in later for m in r.matches)
    assert len(plan.drops) == 1 and len(plan.penalties) == 1
    assert exported(db, event_id) == after_five  # a plan changes nothing

    rewind.rewind(db, event_id=event_id, round_number=3)
    assert exported(db, event_id) == before_three
    log = penalties.log(db, event_id=event_id, include_removed=True)
    assert len(log) == 1 and log[0].record.removed_reason == "rewound to before round 3"
    assert [p.round for p in rewind.history(db, event_id=event_id)] == [1, 2]

    done = rewind.undo_last(db, event_id=event_id)
    assert done.value.startswith("undid: went back to before round 3")
    assert exported(db, event_id) == after_five
    log = penalties.log(db, event_id=event_id, include_removed=True)
    assert len(log) == 1 and log[0].record.removed_at is None


def test_a_round_that_does_not_exist_is_refused(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 4, name="Short")
    play_round(db, event_id, seed=1)
    with pytest.raises(RefusedError, match="there is no round 4 to go back before"):
        rewind.rewind(db, event_id=event_id, round_number=4)
