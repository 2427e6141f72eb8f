"""`PodSeatsModel`: the seats of one draft pod as a small table.

Columns: Seat, Player, ID. One model per pod, built from the frozen `Pod` of
`services.pods.view` and the players' names; the Pods tab makes a new set of
models whenever it reads the seating again. Holds plain values only (seat
numbers, player ids, names), never ORM objects. Imports Qt and core only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from organizer.core.seating.pods import Pod

HEADERS = ("Seat", "Player", "ID")
SEAT, NAME, PLAYER_ID = range(3)

AnyIndex = QModelIndex | QPersistentModelIndex


class PodSeatsModel(QAbstractTableModel):
    def __init__(self, pod: Pod, names: Mapping[str, str], parent: Any = None) -> None:
        super().__init__(parent)
        self.pod_number = pod.number
        self._rows = [(s.number, str(s.player), names.get(s.player, s.player)) for s in pod.seats]

    def player_at(self, row: int) -> str:
        return self._rows[row][1]

    def name_at(self, row: int) -> str:
        return self._rows[row][2]

    def row_of(self, player: str) -> int | None:
        return next((i for i, r in enumerate(self._rows) if r[1] == player), None)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        seat, player, name = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (str(seat), name, player)[column]
        if role == Qt.ItemDataRole.TextAlignmentRole and column == SEAT:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{name} ({player}): pod {self.pod_number}, seat {seat}"
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(HEADERS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return HEADERS[section]
        if role == Qt.ItemDataRole.TextAlignmentRole and section == SEAT:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
