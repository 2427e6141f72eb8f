"""The GUI shows every script (issue 18): shipped fonts reach Qt, and the name note is shown.

Qt shapes Arabic and Hebrew and falls back per character, but only among fonts it can see:
after `install_fonts` two different Chinese characters must draw as two different glyphs,
not as the same empty box. The import report and the player dialog say how a name is tidied.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from organizer.core.players_csv import NAME_SPACING
from organizer.gui.players.csv_import import ImportReportDialog
from organizer.gui.players.player_dialog import PlayerDialog
from organizer.gui.window.app_fonts import install_fonts
from organizer.services.players.registration import import_players_csv
from organizer.storage.database import Database


def _drawn(text: str) -> QImage:
    image = QImage(64, 64, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    font = QApplication.font()
    font.setPixelSize(40)
    painter.setFont(font)
    painter.drawText(4, 48, text)
    painter.end()
    return image


def test_cjk_characters_draw_as_their_own_glyphs(qtbot: QtBot) -> None:
    families = install_fonts()
    assert "Noto Sans CJK JP Subset" in families
    for a, b in (("王", "明"), ("김", "민"), ("は", "る")):
        assert _drawn(a) != _drawn(b), (a, b)


def test_the_import_report_and_player_dialog_say_how_names_are_tidied(
    qtbot: QtBot, db: Database, event_id: int
) -> None:
    text = "name,awarded_byes\n\tAda\nBo\nCy,12345678901234567890\n"
    report = import_players_csv(db, event_id=event_id, text=text)
    dialog = ImportReportDialog(report)
    qtbot.addWidget(dialog)
    shown = dialog.text()
    assert "line 4: awarded_byes must be from 0 to 99, not 12345678901234567890" in shown
    assert shown.endswith(NAME_SPACING)
    assert "removed" in NAME_SPACING and "one space" in NAME_SPACING
    player = PlayerDialog()
    qtbot.addWidget(player)
    assert player.name_note.text() == NAME_SPACING
