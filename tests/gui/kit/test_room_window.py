"""The room windows' shared part: one event's window takes the database, the event and
its name once and builds itself; a room label's text does not hold the window's size.

Real widgets under pytest-qt offscreen, on a real SQLite file.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QVBoxLayout
from pytestqt.qtbot import QtBot

from organizer.gui.kit.room_window import EventRoomWindow, RoomWindow
from organizer.storage.database import Database


class Sign(EventRoomWindow):
    object_name = "sign"
    shows = "A sign"

    def build(self) -> None:
        self.built_for = (self.db, self.event_id, self.event_name)
        self.words = self.room_label("Welcome")
        QVBoxLayout(self).addWidget(self.words)


def test_an_event_window_builds_once_with_its_event_and_names_it(
    db: Database, event_id: int, qtbot: QtBot
) -> None:
    sign = Sign(db, event_id, event_name="Friday Skirmish")
    qtbot.addWidget(sign)

    assert sign.built_for == (db, event_id, "Friday Skirmish")
    assert sign.windowTitle() == "A sign — Friday Skirmish (F11: full screen)"
    assert sign.objectName() == "sign"
    assert sign.words.text() == "Welcome"


def test_a_room_label_is_centred_and_its_huge_text_does_not_hold_the_window(
    qtbot: QtBot,
) -> None:
    window = RoomWindow(name="room", title="Room")
    qtbot.addWidget(window)
    label = window.room_label("88:88")
    QVBoxLayout(window).addWidget(label)
    font = label.font()
    font.setPixelSize(900)
    label.setFont(font)
    window.resize(400, 300)
    window.show()
    qtbot.waitExposed(window)

    assert window.size().toTuple() == (400, 300)
    assert label.alignment() == Qt.AlignmentFlag.AlignCenter


def test_a_room_window_opens_at_720p_and_its_timer_runs_by_itself(qtbot: QtBot) -> None:
    window = RoomWindow(name="room", title="Room")
    qtbot.addWidget(window)
    ticks: list[int] = []
    timer = window.every(10, lambda: ticks.append(len(ticks)))

    assert window.size().toTuple() == (1280, 720)
    assert timer.isActive() and timer.interval() == 10 and timer.parent() is window
    qtbot.waitUntil(lambda: len(ticks) >= 2, timeout=2000)
