"""The Decks tab at the rules' edges: a house ban shows as a finding (formats.md, "Banned
cards"), and a judge checks a deck between games, after sideboarding (Warcaste 1c), in
"After sideboarding…". Real widgets on a real SQLite file; the data through the services.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from organizer.gui.decks.decks_tab import DecksTab
from organizer.gui.decks.sideboard_check_dialog import SideboardCheckDialog
from organizer.gui.window.main_window import MainWindow
from organizer.services.decks import decks
from organizer.services.event import settings
from tests.gui.decks.test_decks_tab import choose, ctrl, event, legal_text, paste, tab

__all__ = ["event", "tab"]  # the Decks tab fixtures, shared


def rules_found(tab: DecksTab) -> set[str]:
    model = tab.editor.findings_model
    return {model.index(r, 2).data() for r in range(model.rowCount())}


def test_a_house_ban_is_a_finding_in_the_decks_tab(
    window: MainWindow, tab: DecksTab, event: int, qtbot: QtBot
) -> None:
    settings.set_setting(window.db, event_id=event, key="banned_cards", value="Nothing Here")
    choose(tab, "Ada Byrne")
    paste(qtbot, tab, legal_text())
    tab.editor.check.button.click()
    assert rules_found(tab) == set()
    settings.set_setting(window.db, event_id=event, key="banned_cards", value="kiln warden")
    tab.editor.check.button.click()
    assert rules_found(tab) == {"card-house-banned"}
    model = tab.editor.findings_model
    assert model.index(0, 0).data() == "10"  # the Kiln Warden line
    assert "Kiln Warden is banned for this event" in model.index(0, 3).data()


def test_a_deck_check_after_sideboarding(
    window: MainWindow, tab: DecksTab, event: int, qtbot: QtBot
) -> None:
    choose(tab, "Bo Chen")
    # nothing stored to compare with
    assert not tab.editor.check_after_sideboarding.action.isEnabled()
    registration_id = tab.editor.registration_id or 0
    paste(qtbot, tab, legal_text())
    ctrl(qtbot, tab, Qt.Key.Key_S)  # Submit
    assert tab.editor.check_after_sideboarding.action.isEnabled()
    seen: dict[str, object] = {}

    def judge(dialog: QDialog) -> int:
        assert isinstance(dialog, SideboardCheckDialog)
        qtbot.addWidget(dialog)
        dialog.show()
        assert dialog.text_edit.toPlainText() == legal_text()
        swapped = legal_text().replace("3 Ashfall Raider", "1 Ashfall Raider\n2 Smoke Runner")
        swapped = swapped.replace("3 Smoke Runner\n", "1 Smoke Runner\n2 Ashfall Raider\n")
        dialog.text_edit.setPlainText(swapped)
        dialog.check_button.click()
        seen["legal"] = (dialog.verdict_label.text(), dialog.findings_model.rowCount())
        dialog.text_edit.setPlainText(legal_text().replace("3 Ashfall Raider", "2 Ashfall Raider"))
        dialog.check_button.click()
        seen["short"] = dialog.verdict_label.text()
        seen["messages"] = [f.message for f in dialog.findings_model.findings()]
        # every deck rule holds between games (issue 25): the doctrine left the list
        dialog.text_edit.setPlainText(
            legal_text().replace("Doctrine:\n1 Doctrine of the Molten Vanguard\n", "")
        )
        dialog.check_button.click()
        seen["lost"] = [
            (f.rule_id, f.message.split(":")[0]) for f in dialog.findings_model.findings()
        ]
        return 0

    window.prompts.run_dialog = judge
    tab.editor.check_after_sideboarding.button.click()
    assert seen["legal"] == ("Legal: the deck as it stands now keeps to the rules.", 0)
    assert seen["short"] == "Illegal: 1 finding (see below)."
    assert seen["messages"] == ["after sideboarding the deck has 29 cards; it must have exactly 30"]
    assert seen["lost"] == [("wc-doctrine-count", "after sideboarding")]
    assert decks.deck_text(window.db, registration_id=registration_id) == legal_text()


@pytest.fixture(autouse=True)
def _quiet(window: MainWindow) -> None:
    window.prompts.warn = lambda _title, text: pytest.fail(f"unexpected warning: {text}")
