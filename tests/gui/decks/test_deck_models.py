"""The Decks tab's table models over real data, each checked with qtmodeltester.

`DeckStatusModel` and its chase filter, `FindingsModel` over a real deck
check, `DeckChecksModel` after a round is paired and tables are picked.
Everything is built through the services on a real SQLite file.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester

from organizer.gui.decks.deck_checks_model import DeckChecksModel, checked_text
from organizer.gui.decks.deck_status_model import DeckStatusFilter, DeckStatusModel
from organizer.gui.decks.findings_model import FindingsModel
from organizer.services.decks import cardpools, decks
from organizer.services.event import events
from organizer.services.judging import deck_checks
from organizer.services.kit.resources import resources_dir, sample_pool_path
from organizer.services.players import registration
from organizer.services.rounds.pairing import pair_next
from organizer.storage.database import Database

FORMAT = "warcaste-skirmish-constructed"


def legal_text() -> str:
    return (resources_dir() / "decklists" / f"sample-{FORMAT}.txt").read_text(encoding="utf-8")


def long_text() -> str:
    """31 cards: one Pyre Titan too many."""
    return legal_text().replace("1 Pyre Titan", "2 Pyre Titan")


@pytest.fixture
def event(db: Database) -> int:
    cardpools.import_pool(
        db, text=sample_pool_path("warcaste").read_text(encoding="utf-8"), source="sample"
    )
    record = events.create_event(db, name="Skirmish", format_id=FORMAT).value
    names = ["Ada Byrne", "Bo Chen", "Cy Dorn", "Di Eng", "Ed Fox", "Flo Gray"]
    ids = [registration.add_player(db, event_id=record.id, name=n).value for n in names]
    submit = decks.submit_deck
    submit(db, event_id=record.id, registration_id=ids[0].registration_id, text=legal_text())
    submit(
        db,
        event_id=record.id,
        registration_id=ids[1].registration_id,
        text=long_text(),
        store_illegal=True,
    )
    submit(
        db,
        event_id=record.id,
        registration_id=ids[2].registration_id,
        text=long_text(),
        accept_reason="misprinted list; box checked",
    )
    submit(
        db,
        event_id=record.id,
        registration_id=ids[4].registration_id,
        text=long_text(),
        store_illegal=True,
    )
    registration.set_dropped(
        db, event_id=record.id, registration_id=ids[4].registration_id, dropped=True
    )
    return record.id


def rows(model: DeckStatusModel | DeckStatusFilter) -> list[list[str]]:
    return [
        [model.index(r, c).data() for c in range(model.columnCount())]
        for r in range(model.rowCount())
    ]


def test_deck_status_model_passes_the_model_tester(
    db: Database, event: int, qtmodeltester: ModelTester
) -> None:
    model = DeckStatusModel(db, event)
    qtmodeltester.check(model)
    assert rows(model) == [
        ["p1", "Ada Byrne", "Legal", "0", "0", ""],
        ["p2", "Bo Chen", "Illegal", "1", "0", ""],
        ["p3", "Cy Dorn", "Accepted", "1", "0", ""],
        ["p4", "Di Eng", "Missing", "", "", ""],
        ["p5", "Ed Fox (dropped)", "Illegal", "1", "0", ""],
        ["p6", "Flo Gray", "Missing", "", "", ""],
    ]
    accepted = model.index(2, 2)
    assert accepted.data(Qt.ItemDataRole.ToolTipRole) == (
        "Accepted by a judge: misprinted list; box checked"
    )
    colours = {
        model.index(r, 2).data(): model.index(r, 2).data(Qt.ItemDataRole.BackgroundRole).color()
        for r in range(model.rowCount())
    }
    assert colours["Legal"].green() > colours["Legal"].red()
    assert colours["Illegal"].red() > colours["Illegal"].green()
    assert colours["Missing"].red() == colours["Missing"].green() == colours["Missing"].blue()
    # Dropped players are not chased and not counted.
    assert model.counts().summary() == "3 of 5 decks in; 1 illegal; 1 accepted by a judge"


def test_the_chase_filter_keeps_missing_or_illegal_lists_of_active_players(
    db: Database, event: int, qtmodeltester: ModelTester
) -> None:
    proxy = DeckStatusFilter()
    proxy.setSourceModel(DeckStatusModel(db, event))
    qtmodeltester.check(proxy)
    proxy.set_to_chase(True)
    assert [r[1] for r in rows(proxy)] == ["Bo Chen", "Di Eng", "Flo Gray"]
    qtmodeltester.check(proxy)
    proxy.set_to_chase(False)
    assert proxy.rowCount() == 6


def test_ids_sort_by_number(db: Database, qtmodeltester: ModelTester) -> None:
    record = events.create_event(db, name="Big", format_id=FORMAT).value
    for i in range(12):
        registration.add_player(db, event_id=record.id, name=f"Player {i + 1}")
    proxy = DeckStatusFilter()
    proxy.setSourceModel(DeckStatusModel(db, record.id))
    proxy.sort(0)
    assert [proxy.index(r, 0).data() for r in range(4)] == ["p1", "p2", "p3", "p4"]
    assert proxy.index(11, 0).data() == "p12"
    qtmodeltester.check(proxy)


def test_names_sort_as_people_read_them(db: Database) -> None:
    record = events.create_event(db, name="Names", format_id=FORMAT).value
    for name in ("Zoë Castellanos", "Łukasz Żółkiewski", "Lukas Adler", "anna de Vries"):
        registration.add_player(db, event_id=record.id, name=name)
    proxy = DeckStatusFilter()
    proxy.setSourceModel(DeckStatusModel(db, record.id))
    proxy.sort(1)
    assert [proxy.index(r, 1).data() for r in range(4)] == [
        "anna de Vries",
        "Lukas Adler",
        "Łukasz Żółkiewski",  # among the Ls, not after the Zs
        "Zoë Castellanos",
    ]


def test_findings_model_passes_the_model_tester(
    db: Database, event: int, qtmodeltester: ModelTester
) -> None:
    bo = registration.find_player(db, event_id=event, code="p2").registration_id
    text = long_text().replace("3 Kiln Warden", "4 Kiln Warden")
    _, report = decks.check_for_player(db, event_id=event, registration_id=bo, text=text)
    model = FindingsModel()
    qtmodeltester.check(model)
    model.set_findings(report.findings)
    qtmodeltester.check(model)
    shown = {tuple(model.index(r, c).data() for c in (0, 1, 2)) for r in range(model.rowCount())}
    assert ("", "Error", "wc-deck-size") in shown
    assert ("10", "Error", "wc-copies") in shown
    assert model.error_count() == 2
    size = next(r for r in range(model.rowCount()) if model.finding_at(r).rule_id == "wc-deck-size")
    assert "exactly 30" in model.index(size, 3).data()
    assert model.index(size, 4).data().startswith("Warcaste 7a")
    model.set_findings(())
    assert model.rowCount() == 0


def test_deck_checks_model_passes_the_model_tester(
    db: Database, event: int, qtmodeltester: ModelTester
) -> None:
    model = DeckChecksModel(db, event)
    qtmodeltester.check(model)
    assert model.rowCount() == 0
    assert checked_text(model.summary()) == "Checked 0 of 0 tables (0 %)"

    pair_next(db, event_id=event, seed=7, allow_missing_decks=True)
    (table,) = deck_checks.pick(db, event_id=event, share=0.1, seed=3).value.tables
    deck_checks.record(db, event_id=event, round_number=1, table=table, outcome="ok")
    model.refresh()
    qtmodeltester.check(model)
    assert [model.index(0, c).data() for c in (0, 1, 3)] == ["1", str(table), "OK"]
    assert " vs " in model.index(0, 2).data()
    assert (
        checked_text(model.summary()) == "Checked 1 of 2 tables (50 %)"
    )  # 5 active: 2 tables, a bye
