"""The deck gate before round 1: missing and illegal lists hold pairing until the TO says so."""

from __future__ import annotations

import pytest

from organizer.services.decks import cardpools, decks
from organizer.services.decks.deck_gate import DeckGateError, deck_gate
from organizer.services.players import registration
from organizer.services.rounds.pairing import pair_next
from organizer.storage.database import Database
from tests.journal import journal_entries
from tests.services.decks.test_decks import event_id, illegal_text, legal_text, reg
from tests.services.event_builders import event_with_players

__all__ = ["event_id"]


def test_gate_names_missing_illegal_and_accepted(db: Database, event_id: int) -> None:
    decks.submit_deck(
        db, event_id=event_id, registration_id=reg(db, event_id, "p1"), text=legal_text()
    )
    decks.submit_deck(
        db,
        event_id=event_id,
        registration_id=reg(db, event_id, "p2"),
        text=illegal_text(),
        store_illegal=True,
    )
    decks.submit_deck(
        db,
        event_id=event_id,
        registration_id=reg(db, event_id, "p3"),
        text=illegal_text(),
        accept_reason="judge: fine",
    )
    names = {p.code: p.name for p in registration.list_players(db, event_id=event_id)}
    gate = deck_gate(db, event_id=event_id)
    assert gate.applies and not gate.clear
    assert gate.missing == (names["p4"],)
    assert gate.illegal == (names["p2"],)
    assert gate.accepted == (names["p3"],)
    with pytest.raises(DeckGateError) as refused:
        pair_next(db, event_id=event_id, seed=1)
    assert names["p4"] in str(refused.value) and names["p2"] in str(refused.value)
    assert not decks.lists_locked(db, event_id=event_id)  # nothing was paired


def test_pairing_past_the_gate_is_journaled_with_the_names(db: Database, event_id: int) -> None:
    names = [p.name for p in registration.list_players(db, event_id=event_id)]
    pair_next(db, event_id=event_id, seed=1, allow_missing_decks=True)
    entry = next(
        e for e in journal_entries(db, event_id=event_id) if e.action == "round.pair_past_deck_gate"
    )
    assert entry.after == {"missing": names, "illegal": [], "no_pool": []}
    assert not deck_gate(db, event_id=event_id).applies  # round 1 is paired: no gate after


def test_a_dropped_player_does_not_hold_the_gate(db: Database, event_id: int) -> None:
    for code in ("p1", "p2", "p3"):
        decks.submit_deck(
            db, event_id=event_id, registration_id=reg(db, event_id, code), text=legal_text()
        )
    registration.set_dropped(
        db, event_id=event_id, registration_id=reg(db, event_id, "p4"), dropped=True
    )
    assert deck_gate(db, event_id=event_id).clear
    assert pair_next(db, event_id=event_id, seed=1).value.number == 1


def test_no_gate_without_a_card_pool(db: Database) -> None:
    """Without the game's cards no list can be checked: the event does not take lists."""
    plain = event_with_players(db, "warcaste-skirmish-constructed", 4)
    assert not deck_gate(db, event_id=plain).applies
    assert pair_next(db, event_id=plain, seed=1).value.number == 1


def test_pairing_past_lists_waiting_for_a_pool_journals_their_names(db: Database) -> None:
    """A draft list waiting for its drafted pool holds the gate as a missing one does; paired
    anyway, the journal names its player as it names the others let through."""
    from tests.cli.test_draft_pool_status_cli import POOL, UNITS

    draft = event_with_players(db, "warcaste-skirmish-draft", 2)
    cardpools.import_pool(db, text=POOL, source="pool.csv")
    first = registration.list_players(db, event_id=draft)[0]
    decks.submit_deck(
        db,
        event_id=draft,
        registration_id=first.registration_id,
        text=f"Doctrine:\n1 Old Doctrine\nDeck:\n{UNITS}",
        store_illegal=True,
    )
    assert deck_gate(db, event_id=draft).no_pool == (first.name,)
    pair_next(db, event_id=draft, seed=1, allow_missing_decks=True)
    entry = next(
        e for e in journal_entries(db, event_id=draft) if e.action == "round.pair_past_deck_gate"
    )
    assert first.name in entry.summary
    assert entry.after["no_pool"] == [first.name]
