"""A card name from a phone's list shows in the Decks tab's tooltips as typed, never as HTML.

Why: Qt reads a tooltip as rich text when its first line looks like HTML; a
phone sent a card named `<h1>ACCEPTED BY JUDGE</h1>` and the TO saw a big
heading over the list's findings.
"""

from __future__ import annotations

from PySide6.QtGui import Qt, QTextDocument
from pytestqt.qtbot import QtBot

from organizer.services.clock.clock import utcnow
from organizer.services.phones import self_service
from organizer.services.players import registration
from organizer.storage.database import Database
from tests.gui.decks.test_decks_tab import import_sample_pool, legal_text
from tests.gui.decks.test_phone_lists import open_decks_tab
from tests.gui.played_events import event_with_players

HOSTILE = "<h1>ACCEPTED BY JUDGE</h1>"


def as_shown(tip: str) -> str:
    """The tooltip's words as QToolTip lays them out: as HTML when Qt takes it for HTML."""
    document = QTextDocument()
    if Qt.mightBeRichText(tip):
        document.setHtml(tip)
    else:
        document.setPlainText(tip)
    return document.toPlainText()


def test_a_phones_card_name_shows_as_text_in_the_tooltips(db: Database, qtbot: QtBot) -> None:
    import_sample_pool(db)
    event_id = event_with_players(db, "warcaste-skirmish-constructed", 2, name="Phones")
    ada = registration.find_player(db, event_id=event_id, code="p1")
    text = legal_text().rstrip("\n") + f"\n1 {HOSTILE}\n"
    self_service.submit_list(db, event_id=event_id, player=ada, text=text, now=utcnow())
    tab = open_decks_tab(db, qtbot)
    assert tab.select_player(ada.registration_id)
    findings = tab.editor.findings_model
    line = len(text.splitlines())
    row = next(r for r in range(findings.rowCount()) if HOSTILE in findings.index(r, 3).data())
    tip = findings.index(row, 3).data(Qt.ItemDataRole.ToolTipRole)
    assert as_shown(tip).startswith(f"Line {line}: {HOSTILE} is not in the card pool")
    marked = tab.editor.text_edit.tooltip_at(line)
    assert as_shown(marked).startswith(f"Line {line}: {HOSTILE} is not in the card pool")
    assert tab.editor.text_edit.tooltip_at(1) == ""  # an unmarked line has none
