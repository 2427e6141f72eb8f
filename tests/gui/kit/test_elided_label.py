"""A long message in a label, a button or the status bar never widens the window: it is cut
with "…"."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from organizer.gui.kit.elided_label import ElidedButton, ElidedLabel, ElidedStatusBar
from organizer.gui.window.main_window import MainWindow
from organizer.storage.database import Database

LONG = "Players' page: http://192.168.1.20:8080/ · " + "could not reach the host " * 40


def test_a_long_text_is_cut_to_the_room_there_is(qtbot: QtBot) -> None:
    label = ElidedLabel(LONG)
    qtbot.addWidget(label)
    label.resize(300, label.sizeHint().height())
    label.show()
    shown = label.shown_text()
    assert shown.endswith("…") and len(shown) < len(LONG)
    assert label.text() == LONG and label.toolTip() == LONG
    assert label.minimumSizeHint().width() < 300 < label.sizeHint().width()


def test_a_button_in_a_crowded_row_gives_up_room_first_and_keeps_its_first_word(
    qtbot: QtBot,
) -> None:
    """Three plain buttons keep their whole text; the eliding one shrinks to what is left,
    its text starting as it did ("&Undo", mnemonic kept) and ending in "…"."""
    row = QWidget()
    qtbot.addWidget(row)
    layout = QHBoxLayout(row)
    plain = [QPushButton(text) for text in ("&Edit…", "&Drop…", "Import &CSV…")]
    button = ElidedButton()
    button.setText("&Undo imported 16 players from the Friday Night Skirmish file")
    for widget in (*plain, button):
        layout.addWidget(widget)
    room = sum(b.sizeHint().width() for b in plain) + button.minimumSizeHint().width() + 40
    row.resize(room, 40)
    row.show()
    qtbot.waitExposed(row)
    assert all(b.width() >= b.sizeHint().width() for b in plain)
    shown = button.shown_text()
    assert shown.startswith("&Undo") and shown.endswith("…"), shown
    assert button.text().endswith("file")  # the whole text, for the tooltip and the tests
    row.resize(room + button.sizeHint().width(), 40)
    qtbot.waitUntil(lambda: button.shown_text() == button.text())


def test_no_message_widens_the_window(window: MainWindow, db: Database, qtbot: QtBot) -> None:
    """Every line whose text the app writes (names, counts, states, the players' page
    address, the status bar) gets a text far longer than the window: the window keeps
    its width (shown tab by tab, since a hidden tab's labels do not count)."""
    window.create_demo_event()
    view = window.event_view
    assert view is not None
    width = window.width()
    messages: dict[str, list[QLabel]] = {
        "Players": [view.title_label, view.details_label, view.players_tab.count_label],
        "Decks": [],
        "Rounds": [view.rounds_tab.status_label],
        "Clock": [],
        "Standings": [view.standings_tab.heading_label],
        "Pods": [],
    }
    for title, labels in messages.items():
        tab = view.tab(title)
        labels += [getattr(tab, name) for name in TAB_LINES.get(title, ())]
        view.tabs.setCurrentWidget(tab)
        for label in [*labels, window.page_status]:
            label.setText(LONG)
            label.show()
        window.statusBar().showMessage(LONG)
        qtbot.wait(30)  # the layout settles
        assert window.width() == width, title
        assert minimum_width(window) <= width, title


TAB_LINES = {
    "Decks": ("count_label", "checks_label"),
    "Clock": ("length_label",),
    "Pods": ("heading_label", "explanation_label"),
}
"""Lines of tabs the event view has no property for, by attribute name."""


def minimum_width(window: MainWindow) -> int:
    """The least width the window's layout lets it have (what Qt widens it to)."""
    layout = window.layout()
    assert layout is not None
    return layout.totalMinimumSize().width()


def test_a_status_message_too_long_for_the_bar_ends_in_an_ellipsis(
    window: MainWindow, qtbot: QtBot
) -> None:
    bar = window.statusBar()
    assert isinstance(bar, ElidedStatusBar)
    bar.showMessage("Clock started.")
    assert bar.shown_message() == "Clock started."  # room enough: as Qt draws it

    bar.showMessage(LONG, 8000)
    shown = bar.shown_message()
    assert shown.endswith("…") and LONG.startswith(shown[:-1]) and len(shown) < len(LONG)
    assert bar.currentMessage() == LONG and bar.toolTip() == LONG
    room = bar.message_room()
    beside = [  # while a message shows: the permanent widgets and the size grip
        child.x()
        for child in bar.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
        if child.isVisible()
    ]
    assert beside and room.width() > 0 and room.right() < min(beside)
    assert bar.fontMetrics().horizontalAdvance(shown) <= room.width()
    bar.grab()  # painting it draws the cut message, and does not fail
