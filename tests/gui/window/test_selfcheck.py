"""The GUI half of the self-check opens and draws the real main window."""

from __future__ import annotations

import io

from pytestqt.qtbot import QtBot

from organizer.gui.window.selfcheck import check_gui


def test_gui_self_check_draws_the_main_window(qtbot: QtBot) -> None:
    out = io.StringIO()
    assert check_gui(out) == 0
    assert "opened the main window" in out.getvalue()
    assert "its 7 tabs load" in out.getvalue()  # imported by name: a bundle could lose one
