"""The "Players' page" switch: serves the event's page to phones, shows its address and QR code.

Events → Players' page… opens a non-modal dialog with the switch, the address
to listen on (the LAN address by default, or 127.0.0.1 for this computer only)
and the port; once on, it shows the page's address, a QR code that opens it
and a plain note of what the address exposes. The main window's status bar
shows the address while the page is served.

The page runs in waitress's own thread (`organizer.web.host`): starting binds a
socket and returns at once, stopping closes it; the Qt event loop never waits
on a request. One page is served at a time, for the event open when it was
switched on; that one page is `kit/page_host`, which the room display and the
printed pairings ask whether to carry its QR code.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QSpinBox,
    QWidget,
)

from organizer.gui.kit.emphasis import embolden
from organizer.gui.kit.layouts import STRETCH, column, form, row
from organizer.gui.kit.page_host import page_host
from organizer.gui.kit.qr import qr_pixmap
from organizer.storage.database import Database
from organizer.web.host import (
    DEFAULT_PORT,
    LOOPBACK,
    PageServerError,
    lan_address,
    note_for,
)


def default_addresses() -> list[str]:
    lan = lan_address()
    return [lan, LOOPBACK] if lan != LOOPBACK else [LOOPBACK]


class PlayersPageDialog(QDialog):
    """The switch, where to listen, and once on: the address, its QR code and the note."""

    def __init__(
        self,
        db: Database,
        *,
        event_id: int | None,
        event_name: str,
        addresses: Callable[[], list[str]] = default_addresses,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Players' page")
        self.setMinimumWidth(460)
        self.db = db
        self.event_id = event_id
        self.event_name = event_name
        self.host = page_host()

        intro = QLabel(
            "Players open the pairings, the standings and the round clock on their phones, "
            "on this network, with no internet and nothing to install."
        )
        intro.setWordWrap(True)
        self.switch = QCheckBox("&Serve the players' page")
        self.address = QComboBox()
        self.address.setEditable(True)
        self.address.addItems(addresses())
        self.port = QSpinBox()
        self.port.setRange(0, 65535)
        self.port.setSpecialValueText("any free port")
        self.port.setValue(DEFAULT_PORT)
        fields = form(("&Address:", self.address), ("&Port:", self.port))

        self.serving_label = QLabel()
        self.url_label = QLabel()
        self.url_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.url_label.setOpenExternalLinks(True)
        embolden(self.url_label, 1.5)
        self.qr_label = QLabel()
        self.qr_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.note_label = QLabel()
        self.note_label.setWordWrap(True)
        self.error_label = QLabel()
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #b00020;")

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)

        column(
            intro,
            row(self.switch, STRETCH),
            fields,
            self.error_label,
            self.serving_label,
            self.url_label,
            self.qr_label,
            self.note_label,
            STRETCH,
            buttons,
            parent=self,
        )

        self.switch.setChecked(self.host.server is not None)
        self.switch.toggled.connect(self.set_serving)
        self.host.changed.connect(self.show_state)
        self.show_state()

    def set_serving(self, on: bool) -> None:
        self.error_label.clear()
        if not on:
            self.host.stop()
            return
        if self.event_id is None:
            self.error_label.setText("Open an event first: the page shows the open event.")
            self._set_switch(False)
            return
        try:
            self.host.start(
                self.db,
                event_id=self.event_id,
                event_name=self.event_name,
                host=self.address.currentText().strip(),
                port=self.port.value(),
            )
        except PageServerError as exc:
            self.error_label.setText(f"{exc}. Choose another port or address.")
            self._set_switch(False)

    def _set_switch(self, on: bool) -> None:
        """Show the switch on or off without acting on it."""
        self.switch.blockSignals(True)
        self.switch.setChecked(on)
        self.switch.blockSignals(False)

    def show_state(self) -> None:
        url = self.host.url
        on = url is not None
        self._set_switch(on)
        self.address.setEnabled(not on)
        self.port.setEnabled(not on)
        for label in (self.serving_label, self.url_label, self.qr_label, self.note_label):
            label.setVisible(on)
        if url is None or self.host.server is None:
            self.adjustSize()
            return
        self.serving_label.setText(f"Serving “{self.host.event_name}” at:")
        self.url_label.setText(f'<a href="{html.escape(url)}">{html.escape(url)}</a>')
        self.qr_label.setPixmap(qr_pixmap(url, scale=7))
        self.note_label.setText(note_for(self.host.server.host))
        self.adjustSize()

    @property
    def url(self) -> str | None:
        return self.host.url
