"""The note a joined station shows when its host stopped sharing: Leave or Wait.

Why: when the hosting station moves the events back (or its server stops), a
station that joined it can only read what it last saw; it must say so plainly
and offer the two things a TO can do: Leave (back to this computer's own file)
or Wait (keep the window as it is; it reconnects by itself if the host shares
again). It sits in the status bar beside the red note that says what
happened (`ConnectionStatus`), so it never moves or widens the window.
Imports Qt only.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget


class HostStoppedBar(QWidget):
    leave = Signal()
    wait = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.leave_button = QPushButton("&Leave")
        self.leave_button.setToolTip("Back to this computer's own file")
        self.leave_button.clicked.connect(self.leave)
        self.wait_button = QPushButton("&Wait")
        self.wait_button.setToolTip(
            "Keep reading; it reconnects by itself if the host shares again"
        )
        self.wait_button.clicked.connect(self.wait)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.leave_button)
        layout.addWidget(self.wait_button)
        self.hide()
