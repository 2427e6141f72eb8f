"""PINs & cards… in the Players tab: new PINs and their cards in the print preview."""

from __future__ import annotations

import datetime as dt

import pytest
from PySide6.QtWidgets import QDialog, QLabel
from pytestqt.qtbot import QtBot

from organizer.gui.kit.page_host import page_host
from organizer.gui.players.players_tab import PlayersTab
from organizer.gui.printouts.print_preview import PrintPreviewDialog
from organizer.gui.window.main_window import create_main_window
from organizer.services.clock.clock import utcnow
from organizer.services.kit.changes import Changes
from organizer.services.phones import pins
from organizer.services.players.registration import list_players
from organizer.storage import pins_repo, registrations_repo
from organizer.storage.database import Database
from tests.gui.answers import Answers
from tests.gui.played_events import event_with_players
from tests.gui.shots import save_shot
from tests.printing.pdf_reading import text

NOW = dt.datetime.now(dt.UTC)


def test_cards_for_players_without_a_pin_need_the_page_on(db: Database, qtbot: QtBot) -> None:
    event_id = event_with_players(db, "castle-wars", 3, name="Cards night")
    window = create_main_window(db)
    qtbot.addWidget(window)
    window.show()
    assert window.event_view is not None
    tab = window.event_view.tab("Players")
    assert isinstance(tab, PlayersTab)
    answers = Answers(window, choice=0)
    shown: list[QDialog] = []

    def keep(dialog: QDialog) -> int:
        shown.append(dialog)
        return 0

    window.prompts.run_dialog = keep
    sent: list[Changes] = []
    tab.changes_applied.connect(sent.append)
    tab.print_cards()
    assert "Switch the players' page on first" in answers.warnings[0] and not shown
    host = page_host()
    url = host.start(db, event_id=event_id, event_name="Cards night", host="127.0.0.1", port=0)
    try:
        tab.print_cards()
    finally:
        host.stop()
    (preview,) = shown
    assert [c.players for c in sent] == [True]  # the window and the other tabs hear of it
    assert isinstance(preview, PrintPreviewDialog)
    assert answers.choices[0][1][0] == "Players without a PIN (3)"
    words = text(preview.pdf)
    assert url.rstrip("/") + "/me" in words
    issued = {
        line.split()[0]
        for line in words.splitlines()
        if line[:1].isdigit() and len(line.strip()) == 6
    }
    assert len(issued) == 3
    signed = {
        pins.check_pin(db, event_id=event_id, who=f"p{i}", pin=pin, address="t", now=NOW).code
        for i in (1, 2, 3)
        for pin in issued
        if _right(db, event_id, f"p{i}", pin)
    }
    assert signed == {"p1", "p2", "p3"}


def _right(db: Database, event_id: int, code: str, pin: str) -> bool:
    """Whether `pin` is `code`'s (checked against the digest, counting no wrong guess)."""
    with db.reading() as s:
        player = registrations_repo.find_by_code(s, event_id=event_id, code=code)
        assert player is not None
        digest = pins_repo.digest_of(s, registration_id=player.registration_id)
    return digest is not None and pins.matches(pin, digest, db.pin_key())


def test_a_sign_in_lock_shows_in_the_players_tab(db: Database, qtbot: QtBot) -> None:
    event_id = event_with_players(db, "castle-wars", 2, name="Locks night")
    (ada, _) = pins.issue_pins(
        db,
        event_id=event_id,
        registration_ids=[p.registration_id for p in list_players(db, event_id=event_id)],
    ).value
    window = create_main_window(db)
    qtbot.addWidget(window)
    window.show()
    assert window.event_view is not None
    tab = window.event_view.tab("Players")
    assert isinstance(tab, PlayersTab)
    label = tab.findChild(QLabel, "signin_locks")
    assert isinstance(label, QLabel) and not label.isVisible()
    wrong = f"{(int(ada.pin) + 1) % 10**6:06d}"
    now = utcnow()  # the tab reads the locks in force at its own clock's now
    for _ in range(pins.TRIES):
        with pytest.raises(pins.WrongPinError):
            pins.check_pin(
                db, event_id=event_id, who=ada.code, pin=wrong, address="10.0.0.9", now=now
            )
    tab.refresh_for(Changes(players=True, event_id=event_id))
    assert label.isVisible()
    assert f"player {ada.code} until" in label.text() and "phone at 10.0.0.9" in label.text()
    save_shot(tab, "players_tab_locks.png")
    # issue 36, item 16: the TO lifts them from the tab
    assert tab.lift_locks.button.isVisible()
    tab.lift_locks.button.click()
    qtbot.waitUntil(lambda: not label.isVisible())
    assert pins.locks(db, event_id=event_id, now=now) == ()
    assert not tab.lift_locks.button.isVisible()
    assert pins.check_pin(
        db, event_id=event_id, who=ada.code, pin=ada.pin, address="10.0.0.9", now=now
    )
