"""Card pools and deck submission in an event: statuses, acceptance, the round 1 lock."""

from __future__ import annotations

import pytest

from organizer.services.decks import cardpools, decks
from organizer.services.judging import deck_checks
from organizer.services.kit.errors import InputError, NotFoundError, RefusedError
from organizer.services.kit.resources import resources_dir, sample_pool_path
from organizer.services.players import registration
from organizer.services.rounds.pairing import pair_next
from organizer.storage.database import Database
from organizer.storage.journal_repo import Action
from tests.journal import journal_entries
from tests.services.event_builders import event_with_players

FORMAT = "warcaste-skirmish-constructed"


def legal_text() -> str:
    return (resources_dir() / "decklists" / f"sample-{FORMAT}.txt").read_text(encoding="utf-8")


def illegal_text() -> str:
    """The legal sample with one card line removed: 27 cards or fewer, never 30."""
    lines = legal_text().splitlines()
    first_card = next(i for i, line in enumerate(lines) if line[:1].isdigit() and i > 3)
    return "\n".join(lines[:first_card] + lines[first_card + 1 :]) + "\n"


@pytest.fixture
def event_id(db: Database) -> int:
    cardpools.import_pool(
        db, text=sample_pool_path("warcaste").read_text(encoding="utf-8"), source="sample"
    )
    return event_with_players(db, FORMAT, 4)


def reg(db: Database, event_id: int, code: str) -> int:
    return registration.find_player(db, event_id=event_id, code=code).registration_id


def statuses(db: Database, event_id: int) -> dict[str, str]:
    return {d.code: d.status for d in decks.deck_statuses(db, event_id=event_id)}


def test_statuses_missing_legal_illegal_accepted(db: Database, event_id: int) -> None:
    decks.submit_deck(
        db, event_id=event_id, registration_id=reg(db, event_id, "p1"), text=legal_text()
    )
    with pytest.raises(RefusedError, match="illegal"):
        decks.submit_deck(
            db, event_id=event_id, registration_id=reg(db, event_id, "p2"), text=illegal_text()
        )
    kept = decks.submit_deck(
        db,
        event_id=event_id,
        registration_id=reg(db, event_id, "p2"),
        text=illegal_text(),
        store_illegal=True,
    )
    assert kept.value.status == "illegal" and "wc-deck-size" in kept.value.report.rule_ids()
    accepted = decks.submit_deck(
        db,
        event_id=event_id,
        registration_id=reg(db, event_id, "p3"),
        text=illegal_text(),
        accept_reason="misregistration fixed",
    )
    assert accepted.value.status == "accepted"
    assert statuses(db, event_id) == {
        "p1": "legal",
        "p2": "illegal",
        "p3": "accepted",
        "p4": "missing",
    }
    row = next(d for d in decks.deck_statuses(db, event_id=event_id) if d.code == "p3")
    assert row.reason == "misregistration fixed" and row.errors >= 1


def test_unreadable_lists_name_the_line(db: Database, event_id: int) -> None:
    with pytest.raises(InputError, match="line 2"):
        decks.submit_deck(
            db,
            event_id=event_id,
            registration_id=reg(db, event_id, "p1"),
            text="Deck:\nthree Foo\n",
        )
    assert statuses(db, event_id)["p1"] == "missing"


def test_lists_lock_when_round_1_is_paired(db: Database, event_id: int) -> None:
    p1 = reg(db, event_id, "p1")
    decks.submit_deck(db, event_id=event_id, registration_id=p1, text=legal_text())
    assert not decks.lists_locked(db, event_id=event_id)
    pair_next(db, event_id=event_id, seed=1, allow_missing_decks=True)
    assert decks.lists_locked(db, event_id=event_id)
    with pytest.raises(RefusedError, match="locked"):
        decks.submit_deck(db, event_id=event_id, registration_id=p1, text=legal_text())
    outcome = decks.submit_deck(
        db,
        event_id=event_id,
        registration_id=p1,
        text=legal_text(),
        override_reason="judge: wrong list entered at the counter",
    )
    assert outcome.value.status == "legal"


def test_reimporting_a_pool_keeps_decks_and_reports_changes(db: Database, event_id: int) -> None:
    p1 = reg(db, event_id, "p1")
    decks.submit_deck(db, event_id=event_id, registration_id=p1, text=legal_text())
    text = sample_pool_path("warcaste").read_text(encoding="utf-8")
    header, *rows = text.splitlines()
    extra = rows[-1].replace(rows[-1].split(",")[3], "Brand New Card", 1)
    (result,) = cardpools.import_pool(db, text="\n".join([header, *rows, extra]), source="v2").value
    assert (result.added, result.changed, result.removed) == (1, 0, 0)
    assert decks.deck_text(db, registration_id=p1) == legal_text()
    _, report = decks.check_for_player(db, event_id=event_id, registration_id=p1, text=legal_text())
    assert report.legal


def test_a_pool_with_a_bad_row_is_refused_whole(db: Database) -> None:
    with pytest.raises(InputError, match="line 3"):
        cardpools.import_pool(
            db, text="game,name,type\nwars,Base,location\nwars,,character\n", source="x.csv"
        )
    assert cardpools.stored_pools(db) == []


def test_deck_checks_pick_a_share_of_tables(db: Database, event_id: int) -> None:
    pair_next(db, event_id=event_id, seed=1, allow_missing_decks=True)
    tables = deck_checks.pick(db, event_id=event_id, share=0.5, seed=4).value.tables
    assert len(tables) == 1 and tables[0] in (1, 2)
    deck_checks.record(db, event_id=event_id, round_number=1, table=tables[0], outcome="ok")
    summary = deck_checks.summary(db, event_id=event_id)
    assert summary.share == 0.5 and summary.checks[0].outcome == "ok"
    again = deck_checks.pick(db, event_id=event_id, share=0.5, seed=4).value.tables
    assert again != tables  # a table already picked in this round is not picked twice
    with pytest.raises(RefusedError, match="every table"):
        deck_checks.pick(db, event_id=event_id, share=0.5)


def test_a_drafted_pool_is_not_registered_for_another_events_player(
    db: Database, event_id: int
) -> None:
    """The write holds `event_id`'s lock, so it refuses a registration of another event."""
    other = event_with_players(db, FORMAT, 1)
    theirs = reg(db, other, "p1")
    with pytest.raises(NotFoundError, match=f"no registration {theirs} in event {event_id}"):
        decks.register_drafted_pool(
            db, event_id=event_id, registration_id=theirs, text=legal_text()
        )
    journaled = [e.action for e in journal_entries(db, event_id=event_id)]
    assert Action.POOL_REGISTER not in journaled
