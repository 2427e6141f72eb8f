"""The one table of what each journaled action changed, and `Done`'s shape."""

from __future__ import annotations

from organizer.services.kit.changes import (
    ACTION_CHANGES,
    EVERYTHING,
    Changes,
    Done,
    changes_of,
    changes_of_all,
)
from organizer.storage.journal_repo import Action


def test_every_action_says_what_it_changed() -> None:
    assert set(ACTION_CHANGES) == set(Action)
    assert all(ACTION_CHANGES.values())  # each changes something


def test_an_action_this_version_does_not_know_changes_everything() -> None:
    assert changes_of("scoreboard.flip") == EVERYTHING
    assert changes_of("result.record") == Changes(results=True)
    assert changes_of("result.drop") == Changes(players=True)
    assert all(getattr(EVERYTHING, name) for name in Changes.__dataclass_fields__
               if name != "event_id")  # fmt: skip


def test_a_run_of_actions_changes_what_each_changed() -> None:
    run = [Action.CLOCK_EXTEND, Action.DECKCHECK_RECORD, Action.CLOCK_EXTEND]
    assert changes_of_all(run, event_id=7) == Changes(clock=True, decks=True, event_id=7)
    assert changes_of_all([], event_id=7) == Changes(event_id=7)
    assert not changes_of_all([], event_id=7)


def test_done_keeps_its_shape() -> None:
    done = Done("value", warnings=("look",))
    assert (done.value, done.changes, done.warnings) == ("value", Changes(), ("look",))
    assert Done(1, Changes(players=True)).changes.players
