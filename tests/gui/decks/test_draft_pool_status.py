"""The Decks tab shows a draft list without a registered drafted pool as "Pool not
registered" (issue 25 item 5), chased like an illegal one, until the pool is registered."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester

from organizer.gui.decks.deck_status_model import DeckStatusFilter, DeckStatusModel
from organizer.services.decks import cardpools, decks
from organizer.services.event import events
from organizer.services.players import registration
from organizer.storage.database import Database

POOL = "game,name,type,set,attributes\nwarcaste,Old Doctrine,doctrine,S2,Swarming\n" + "".join(
    f"warcaste,New Unit {i},unit,S2,Targeting\n" for i in range(10)
)
UNITS = "".join(f"3 New Unit {i}\n" for i in range(10))


def test_pool_not_registered_is_its_own_status_until_the_pool_comes(
    db: Database, qtmodeltester: ModelTester
) -> None:
    cardpools.import_pool(db, text=POOL, source="pool.csv")
    event_id = events.create_event(db, name="Draft", format_id="warcaste-skirmish-draft").value.id
    registration.import_players_csv(db, event_id=event_id, text="name\nAda\n")
    (ada,) = decks.deck_statuses(db, event_id=event_id)
    decks.submit_deck(
        db,
        event_id=event_id,
        registration_id=ada.registration_id,
        text=f"Doctrine:\n1 Old Doctrine\nDeck:\n{UNITS}",
    )
    model = DeckStatusModel(db, event_id)
    qtmodeltester.check(model)
    status = model.index(0, 2)
    assert status.data() == "Pool not registered"
    assert "drafted pool is not registered" in status.data(Qt.ItemDataRole.ToolTipRole)
    chase = DeckStatusFilter()
    chase.setSourceModel(model)
    chase.set_to_chase(True)
    assert chase.rowCount() == 1
    assert model.counts().summary() == "1 of 1 decks in; 0 illegal; 1 waiting for a drafted pool"
    decks.register_drafted_pool(
        db, event_id=event_id, registration_id=ada.registration_id, text=UNITS
    )
    model.refresh()
    assert model.index(0, 2).data() == "Legal"
