"""The Pods tab's two small dialogs: pins before seating, and a seat swap after.

`PinsDialog` collects "this player sits in pod P, seat S" (a player with
mobility needs keeps the seat by the aisle) as a mapping of player id to
(pod, seat), which the tab passes to `services.pods.seat`. `SeatSwapDialog`
picks two seated players for `services.pods.swap` (a `PickTwoDialog`, as the
Rounds tab's swap is). Both only collect choices: the services decide whether
a pin fits the pods or a swap is still allowed, and say why not. Imports Qt,
core and `PickTwoDialog` only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QWidget,
)

from organizer.core.seating.pods import Seating
from organizer.gui.kit.actions import push_button
from organizer.gui.kit.layouts import STRETCH, column, form, ok_cancel, row
from organizer.gui.kit.pick_two_dialog import PickTwoDialog

MOST_PODS = 64
MOST_SEATS = 16


def pin_text(name: str, player: str, pod: int, seat: int) -> str:
    return f"{name} ({player}) \u2192 pod {pod}, seat {seat}"


class PinsDialog(QDialog):
    """Pins to honour at the next seating: the players listed keep the seat given."""

    def __init__(
        self,
        players: Sequence[tuple[str, str]],
        pins: Mapping[str, tuple[int, int]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Pin players to seats")
        self._names = dict(players)
        self._pins: dict[str, tuple[int, int]] = dict(pins)

        self.player_combo = QComboBox()
        for player, name in players:
            self.player_combo.addItem(f"{name} ({player})", player)
        self.pod_spin = QSpinBox()
        self.pod_spin.setRange(1, MOST_PODS)
        self.seat_spin = QSpinBox()
        self.seat_spin.setRange(1, MOST_SEATS)
        self.add_button = push_button("&Pin", self._add_current)
        self.list = QListWidget()
        self.remove_button = push_button("&Remove pin", self._remove_selected)
        note = QLabel(
            "Pinned players get exactly this pod and seat; everyone else is seated at "
            "random around them. Pins are used by the next Seat draft pods."
        )
        note.setWordWrap(True)
        self.buttons = ok_cancel(self)

        pod_label = QLabel("P&od:")
        pod_label.setBuddy(self.pod_spin)
        seat_label = QLabel("&Seat:")
        seat_label.setBuddy(self.seat_spin)
        where = row(pod_label, self.pod_spin, seat_label, self.seat_spin, self.add_button, STRETCH)
        layout = column(form(("Pla&yer:", self.player_combo), where), self.list, parent=self)
        layout.addWidget(self.remove_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(note)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(460)
        self._fill()

    def pins(self) -> dict[str, tuple[int, int]]:
        return dict(self._pins)

    def add_pin(self, player: str, pod: int, seat: int) -> None:
        """Pin `player` (a pin they had is replaced)."""
        self._pins[player] = (pod, seat)
        self._fill()

    def remove_pin(self, player: str) -> None:
        self._pins.pop(player, None)
        self._fill()

    def _add_current(self) -> None:
        player = self.player_combo.currentData()
        if player is not None:
            self.add_pin(str(player), self.pod_spin.value(), self.seat_spin.value())

    def _remove_selected(self) -> None:
        item = self.list.currentItem()
        if item is not None:
            self.remove_pin(str(item.data(Qt.ItemDataRole.UserRole)))

    def _fill(self) -> None:
        self.list.clear()
        for player, (pod, seat) in sorted(self._pins.items(), key=lambda kv: kv[1]):
            item = QListWidgetItem(pin_text(self._names.get(player, player), player, pod, seat))
            item.setData(Qt.ItemDataRole.UserRole, player)
            self.list.addItem(item)
        self.remove_button.setEnabled(bool(self._pins))


def seat_choices(seating: Seating, names: Mapping[str, str]) -> list[tuple[str, str]]:
    """(label, player id) for every seat, pod by pod."""
    return [
        (
            f"{names.get(s.player, s.player)} — pod {pod.number}, seat {s.number} ({s.player})",
            s.player,
        )
        for pod in seating.pods
        for s in pod.seats
    ]


class SeatSwapDialog(PickTwoDialog):
    """Two seated players who trade seats (pods included)."""

    def __init__(
        self, seating: Seating, names: Mapping[str, str], parent: QWidget | None = None
    ) -> None:
        super().__init__(
            "Swap seats",
            seat_choices(seating, names),
            "The two players trade seats, in the same pod or across pods.",
            parent,
        )
