"""`PodSeatsModel`: the seats of one draft pod as a small table.

Columns: Seat, Player, ID. One model per pod, built from the frozen `Pod` of
`services.pods.view` and the players' names; the Pods tab makes a new set of
models whenever it reads the seating again. Holds plain values only (seat
numbers, player ids, names), never ORM objects. Imports Qt and core only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt

from organizer.core.seating.pods import Pod
from organizer.gui.kit.table_model import RowsModel

HEADERS = ("Seat", "Player", "ID")
SEAT, NAME, PLAYER_ID = range(3)


class PodSeatsModel(RowsModel[tuple[int, str, str]]):
    """Rows are (seat number, player id, name)."""

    headers = HEADERS
    right_aligned = right_aligned_headers = frozenset({SEAT})

    def __init__(self, pod: Pod, names: Mapping[str, str], parent: Any = None) -> None:
        super().__init__(parent)
        self.pod_number = pod.number
        self._rows = tuple(
            (s.number, str(s.player), names.get(s.player, s.player)) for s in pod.seats
        )

    def player_at(self, row: int) -> str:
        return self._rows[row][1]

    def row_of(self, player: str) -> int | None:
        return self._first_row(lambda r: r[1] == player)

    def cell(self, row: int, column: int, role: int) -> Any:
        seat, player, name = self._rows[row]
        if role == Qt.ItemDataRole.DisplayRole:
            return (str(seat), name, player)[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{name} ({player}): pod {self.pod_number}, seat {seat}"
        return None
