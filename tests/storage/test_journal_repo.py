"""The action journal: actions stored as their text, and what a transaction appended."""

from __future__ import annotations

import pytest

from organizer.services.event import events
from organizer.storage import journal_repo
from organizer.storage.database import Database
from organizer.storage.journal_repo import Action

STORED_BEFORE_THE_ENUM = {
    "cards.import", "clock.add", "clock.extend", "clock.finish", "clock.length",
    "clock.pause", "clock.resume", "clock.start", "deck.lock", "deck.override",
    "deck.submit", "deck.unlock", "deckcheck.pick", "deckcheck.record", "deckcheck.start",
    "event.create", "event.delete", "event.import", "pairing.swap", "penalty.add",
    "penalty.drop", "penalty.remove", "penalty.undrop", "pin.issue", "player.add",
    "player.drop", "player.edit", "player.undrop", "players.import", "pods.seat",
    "pods.timer", "pool.register", "result.clear", "result.correct",
    "result.playoff_drawn_game", "result.player_report", "result.players_disagree",
    "result.record", "round.discard", "round.pair", "round.pair_past_deck_gate",
    "round.repair", "settings.set", "signin.lock", "suddendeath.correct",
    "suddendeath.step", "topcut.round", "topcut.start", "undo",
}  # fmt: skip
"""Every action journals written before the actions were an enum hold (undo reads them)."""


ADDED_SINCE = {
    "result.drop",
    "player.checkin",
    "player.paid",
    "player.from_waiting",
    "round.pair_past_checkin",
    "signin.unlock",
    # issue 32: people across events, seasons, the TO closing an event
    "event.finish",
    "person.edit",
    "person.merge",
    "person.forget",
    "people.import",
    "season.new",
    "season.change",
    # issue 34: rewinding a round
    "round.rewind",
    # issue 34: judge calls from phones
    "judge.add",
    "judge.pin",
    "judgecall.open",
    "judgecall.claim",
    "judgecall.resolve",
    # issue 34: fixed seats
    "player.fix_table",
}


def test_the_actions_are_the_texts_journals_already_hold() -> None:
    assert {a.value for a in Action} == STORED_BEFORE_THE_ENUM | ADDED_SINCE


def test_an_entry_reads_back_as_the_action_it_was(db: Database) -> None:
    event_id = events.create_event(db, name="E", format_id="castle-wars").value.id
    with db.transaction() as s:
        journal_repo.append(s, event_id=event_id, action=Action.PLAYERS_IMPORT, summary="x")
    with db.reading() as s:
        (entry, created) = journal_repo.entries(s, event_id=event_id)
        assert entry.action == "players.import" and entry.action == Action.PLAYERS_IMPORT
        found = journal_repo.last_undoable(s, event_id=event_id, actions=[Action.PLAYERS_IMPORT])
    assert found is not None and found.id == entry.id
    assert created.action == Action.EVENT_CREATE


def test_a_transaction_knows_what_it_appended_and_the_station_remembers_it(
    db: Database,
) -> None:
    event_id = events.create_event(db, name="E", format_id="castle-wars").value.id
    with db.writing(event_id) as s:
        assert journal_repo.appended(s) == []
        first = journal_repo.append(s, event_id=event_id, action=Action.CLOCK_START, summary="a")
        second = journal_repo.append(s, event_id=None, action=Action.CARDS_IMPORT, summary="b")
        assert journal_repo.appended(s) == [
            journal_repo.Appended(first, event_id, Action.CLOCK_START),
            journal_repo.Appended(second, None, Action.CARDS_IMPORT),
        ]
    assert db.journaled_here(first) and db.journaled_here(second)


def test_a_rolled_back_append_is_not_remembered(db: Database) -> None:
    event_id = events.create_event(db, name="E", format_id="castle-wars").value.id
    appended: list[int] = []
    with pytest.raises(RuntimeError), db.writing(event_id) as s:
        appended.append(
            journal_repo.append(s, event_id=event_id, action=Action.CLOCK_START, summary="a")
        )
        raise RuntimeError("the write fails after journaling")
    assert not db.journaled_here(appended[0])
    with db.reading() as s:
        assert [e.action for e in journal_repo.entries(s, event_id=event_id)] == ["event.create"]
