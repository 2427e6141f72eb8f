"""The "Players' page" switch: serves the open event, shows its address and a QR code
that opens it, puts that code on the room display, and never holds the Qt event loop.

Real widgets, a real SQLite file and a real server on a free port of 127.0.0.1 (the
dialog is offered the loopback address only).
"""

from __future__ import annotations

import http.client
import json
import socket
import threading
import urllib.request
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from organizer.gui.clock.room_display import RoomDisplay
from organizer.gui.kit.page_host import page_host, page_url_for
from organizer.gui.stations.players_page import PlayersPageDialog
from organizer.gui.window.main_window import MainWindow, create_main_window
from organizer.services.event.events import get_event
from organizer.storage.database import Database
from tests.gui.clock_events import paired_event
from tests.gui.qr_reading import decode_qr

LOOPBACK = "127.0.0.1"


def decoded(pixmap: QPixmap) -> list[str]:
    return decode_qr(pixmap.toImage())


@pytest.fixture
def window(db: Database, qtbot: QtBot) -> Iterator[MainWindow]:
    paired_event(db)
    win = create_main_window(db)
    win.page_addresses = lambda: [LOOPBACK]
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.close()
    assert page_host().server is None  # closing the window stops the page


def switch_on(window: MainWindow) -> PlayersPageDialog:
    window.show_players_page.action.trigger()
    dialog = window.players_page_dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.address.currentText() == LOOPBACK
    dialog.port.setValue(0)
    dialog.switch.setChecked(True)
    assert dialog.error_label.text() == ""
    return dialog


def test_the_switch_serves_the_open_event_with_its_address_and_qr(window: MainWindow) -> None:
    dialog = switch_on(window)
    url = dialog.url
    assert url is not None and url.startswith(f"http://{LOOPBACK}:")
    assert url in dialog.url_label.text()
    assert decoded(dialog.qr_label.pixmap()) == [url]
    assert "Only this computer" in dialog.note_label.text()
    assert window.event_view is not None
    name = get_event(window.db, window.event_view.event_id).name
    assert window.page_status.text() == f"Players' page of “{name}”: {url}"  # which event
    with urllib.request.urlopen(url + "api/pairings.json", timeout=10) as reply:
        doc = json.load(reply)
    assert doc["round"] == 1
    assert len(doc["pairings"]) == 4
    assert window.event_view is not None
    assert page_url_for(window.event_view.event_id) == url
    assert page_url_for(window.event_view.event_id + 1) is None

    dialog.switch.setChecked(False)
    assert page_host().server is None
    assert window.page_status.isHidden()
    with pytest.raises(OSError):
        urllib.request.urlopen(url, timeout=5)


def test_a_port_in_use_is_reported_and_the_switch_stays_off(window: MainWindow) -> None:
    with socket.socket() as taken:
        taken.bind((LOOPBACK, 0))
        taken.listen()
        window.show_players_page.action.trigger()
        dialog = window.players_page_dialog
        assert dialog is not None
        dialog.port.setValue(taken.getsockname()[1])
        dialog.switch.setChecked(True)
    assert not dialog.switch.isChecked()
    assert "cannot serve the players' page" in dialog.error_label.text()
    assert page_host().server is None


def test_the_room_display_carries_the_code_while_the_page_serves_its_event(
    window: MainWindow, db: Database, qtbot: QtBot
) -> None:
    assert window.event_view is not None
    event_id = window.event_view.event_id
    display = RoomDisplay(db, event_id, event_name="Friday Skirmish")
    qtbot.addWidget(display)
    display.show()
    display.redraw()
    assert display.qr_box.isHidden()
    url = switch_on(window).url
    assert url is not None
    display.redraw()
    assert display.qr_box.isVisible()
    assert decoded(display.qr_label.pixmap()) == [url]
    assert url in display.qr_caption.text()
    page_host().stop()
    display.redraw()
    assert display.qr_box.isHidden()


def test_the_event_loop_runs_while_the_page_answers(window: MainWindow) -> None:
    url = switch_on(window).url
    assert url is not None
    port = int(url.rsplit(":", 1)[1].strip("/"))
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(1)
    answered: list[int] = []

    def phones() -> None:
        for _ in range(100):
            connection = http.client.HTTPConnection(LOOPBACK, port, timeout=10)
            connection.request("GET", "/pairings")
            answered.append(connection.getresponse().status)
            connection.close()

    thread = threading.Thread(target=phones)
    thread.start()
    while thread.is_alive():
        QApplication.processEvents()
        thread.join(0.01)
    timer.stop()
    assert answered == [200] * 100
    assert ticks  # the Qt timer fired while the page was answering
