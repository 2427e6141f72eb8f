"""Scenes of several stations: hosting, joining, the status bar connected and lost."""

from __future__ import annotations

import datetime as dt
import os
import time

from PySide6.QtWidgets import QApplication, QDialog

from organizer.gui.stations.host_dialog import HostDialog
from organizer.gui.stations.join_dialog import JoinDialog
from organizer.gui.window.main_window import create_main_window
from organizer.services.rounds import pairing
from organizer.storage.database import Database
from organizer.storage.server.embedded import FOLDER_ENV_VAR, HostedServer
from scenes.support import NAMES, Session, event_view, new_event


# --- stations ------------------------------------------------------------------------
def wait_for_stations(test: object, seconds: float = 15) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not test():  # type: ignore[operator]
        QApplication.processEvents()
        time.sleep(0.05)


def stations_shots(shots: Session) -> None:
    """Several stations on one event: the Host and Join dialogs and the status bar.

    A 16-player event in round 1 is hosted from a first window (Events → Host for other
    stations…, Start hosting) with the server in the scene's folder (as the app starts it:
    every interface) and joined from a second window with the code; then the server is
    stopped under the second window, and hosting is stopped (the events move back).
    """
    workdir = shots.work
    workdir.chmod(0o755)
    os.environ[FOLDER_ENV_VAR] = str(workdir / "host")
    os.environ["ORGANIZER_SETTINGS"] = str(workdir / "settings.ini")
    try:
        event_id = new_event(
            shots.db,
            name="Ember Gate Convention Open",
            format_id="warcaste-skirmish-constructed",
            date=dt.date(2025, 6, 14),
            players=NAMES[:16],
        )
        pairing.pair_next(shots.db, event_id=event_id, seed=3)
        host = shots.open_window(event_id)
        code: dict[str, str] = {}

        def start_and_shoot(dialog: QDialog) -> int:
            assert isinstance(dialog, HostDialog)
            dialog.show()
            dialog.start_button.click()
            code["code"] = dialog.code_label.text()
            shots.save(dialog, "host-dialog.png", settle=0.3)
            dialog.close()
            return int(QDialog.DialogCode.Rejected)

        host.prompts.run_dialog = start_and_shoot
        host.stations.open_host_dialog.action.trigger()

        own = Database(f"sqlite:///{workdir / 'station-b.sqlite3'}")
        station_b = create_main_window(own)
        station_b.resize(1280, 800)
        station_b.show()

        def join_and_shoot(dialog: QDialog) -> int:
            assert isinstance(dialog, JoinDialog)
            dialog.show()
            dialog.code_combo.setCurrentText(code["code"][:-1] + "X")
            dialog.accept()  # a typo: said in the dialog
            shots.save(dialog, "join-dialog-typo.png", settle=0.2)
            dialog.code_combo.setCurrentText(code["code"])
            dialog.error_label.hide()
            shots.save(dialog, "join-dialog.png", settle=0.2)
            dialog.accept()
            return int(dialog.result())

        station_b.prompts.run_dialog = join_and_shoot
        station_b.stations.join.action.trigger()
        event_view(station_b).tabs.setCurrentIndex(2)
        shots.save(station_b.statusBar(), "status-bar-connected.png", settle=1.5)
        host.stations._count_stations()
        shots.save(host.statusBar(), "status-bar-hosting.png", settle=0.2)
        HostedServer(workdir / "host").stop()
        wait_for_stations(lambda: not station_b.stations.status.connected)
        shots.save(station_b.statusBar(), "status-bar-lost.png", settle=0.2)
        shots.save(station_b, "station-lost-connection.png", settle=0.2)
        station_b.close()
        station_b.db.close()
        HostedServer(workdir / "host").start()
        host.prompts.confirm = lambda _title, _text: True
        host.stations.stop_hosting()
    finally:
        HostedServer(workdir / "host").stop()
