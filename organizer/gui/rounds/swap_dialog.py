"""`SwapDialog`: pick two players of the latest round to swap seats.

A manual pairing edit (the TO knows something the algorithm does not). The
dialog only picks the two players; `services.pairing.swap_players` decides
whether the swap is allowed and names the rematches and second byes it
creates, which the Rounds tab shows afterwards. The picking itself is
`PickTwoDialog`'s, shared with the Pods tab's seat swap. Imports Qt, the
pairings model's row type and `PickTwoDialog` only.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QWidget

from organizer.gui.kit.pick_two_dialog import PickTwoDialog
from organizer.gui.rounds.pairings_model import PairingRow


def seat_choices(rows: Sequence[PairingRow]) -> list[tuple[str, str]]:
    """(label, player id) for everyone seated, in table order, byes last."""
    choices = []
    for row in rows:
        where = "bye" if row.is_bye else f"table {row.table}"
        done = "" if row.is_bye or not row.reported else f", has {row.result_text()}"
        for seat, player in enumerate(row.players):
            choices.append((f"{row.names[seat]} — {where}{done} ({player})", str(player)))
    return choices


class SwapDialog(PickTwoDialog):
    def __init__(
        self, round_number: int, rows: Sequence[PairingRow], parent: QWidget | None = None
    ) -> None:
        super().__init__(
            f"Swap players in round {round_number}",
            seat_choices(rows),
            "The two players trade seats. A match that has a result cannot change; "
            "rematches and second byes are allowed but named afterwards.",
            parent,
        )
