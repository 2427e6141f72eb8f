"""The Rounds tab shows why the selected table (or the bye) was paired as it was."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from organizer.core.interchange import dumps_event
from organizer.core.pairing.explain import explain
from organizer.gui.kit.table_views import select_row_at
from organizer.gui.window.main_window import MainWindow
from organizer.services.event import interchange
from organizer.storage.database import Database
from tests.core.pairing.test_explain import thirteen
from tests.gui.rounds.test_rounds_tab import rounds_tab
from tests.gui.shots import save_shot


@pytest.fixture
def stored(db: Database) -> int:
    return interchange.import_event(db, text=dumps_event(thirteen())).value


@pytest.mark.usefixtures("stored")
def test_selecting_a_table_shows_its_reasons(window: MainWindow, qtbot: QtBot) -> None:
    tab = rounds_tab(window)
    event = thirteen()
    rnd = event.rounds[1]
    assert tab.why_label.text() == ""
    for match in rnd.matches:
        row = tab.model.row_of_table(match.table) if match.table is not None else None
        if row is None:  # the bye: the row without a table
            row = next(r for r in range(tab.model.rowCount()) if tab.model.row_at(r).is_bye)
        select_row_at(tab.table, row)
        (why,) = explain(event, rnd, match.table)
        text = tab.why_label.text()
        where = "the bye" if match.table is None else f"table {match.table}"
        assert text.startswith(f"Why {where} ({' vs '.join(why.names)}):")
        assert all(reason in text for reason in why.reasons)
    qtbot.wait(50)  # the label's new height laid out
    assert tab.why_label.height() >= tab.why_label.heightForWidth(tab.why_label.width())
    save_shot(window, "floor_why_pairing.png")
