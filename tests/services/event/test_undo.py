"""Undo (Ctrl+Z) of registration actions, read from the journal."""

from __future__ import annotations

import pytest

from organizer.core.event import Match, PlayerId, Round
from organizer.services.event import events, undo
from organizer.services.kit.errors import RefusedError
from organizer.services.players import registration
from organizer.storage import registrations_repo, rounds_repo
from organizer.storage.database import Database


@pytest.fixture
def event_id(db: Database) -> int:
    return events.create_event(db, name="E", format_id="wars-constructed").value.id


def state(db: Database, event_id: int) -> list[tuple[str, str, bool, str | None]]:
    return [
        (p.code, p.name, p.dropped, p.email)
        for p in registration.list_players(db, event_id=event_id)
    ]


def test_each_registration_action_is_undone_in_reverse_order(db: Database, event_id: int) -> None:
    history = [state(db, event_id)]
    ada = registration.add_player(db, event_id=event_id, name="Ada").value
    history.append(state(db, event_id))
    registration.import_players_csv(db, event_id=event_id, text="name\nBo\nCy\n")
    history.append(state(db, event_id))
    registration.edit_player(
        db, event_id=event_id, registration_id=ada.registration_id, email="ada@x.org"
    )
    history.append(state(db, event_id))
    registration.set_dropped(
        db, event_id=event_id, registration_id=ada.registration_id, dropped=True
    )
    history.append(state(db, event_id))
    registration.set_dropped(
        db, event_id=event_id, registration_id=ada.registration_id, dropped=False
    )

    for expected in reversed(history):
        entry = undo.next_undo(db, event_id=event_id)
        assert entry is not None
        result = undo.undo_last(db, event_id=event_id)
        assert result.value.startswith("undid: ") and result.changes.players
        assert state(db, event_id) == expected
    assert undo.next_undo(db, event_id=event_id) is None
    with pytest.raises(RefusedError, match="nothing to undo"):
        undo.undo_last(db, event_id=event_id)


def test_undo_of_an_add_is_refused_once_the_player_is_paired(db: Database, event_id: int) -> None:
    ada = registration.add_player(db, event_id=event_id, name="Ada").value
    with db.transaction() as s:
        rounds_repo.insert_round(
            s,
            event_id=event_id,
            round_=Round(1, (Match(None, (PlayerId("p1"),)),)),
            registration_of={"p1": ada.registration_id},
        )
    with pytest.raises(RefusedError, match="already paired"):
        undo.undo_last(db, event_id=event_id)
    with db.reading() as s:
        assert registrations_repo.get(s, registration_id=ada.registration_id) is not None


def test_undo_is_per_event(db: Database, event_id: int) -> None:
    other = events.create_event(db, name="Other", format_id="wars-constructed").value.id
    registration.add_player(db, event_id=event_id, name="Ada")
    registration.add_player(db, event_id=other, name="Bo")
    undo.undo_last(db, event_id=event_id)
    assert state(db, event_id) == []
    assert [s[1] for s in state(db, other)] == ["Bo"]
