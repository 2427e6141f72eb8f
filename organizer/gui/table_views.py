"""How the app's tables behave: whole rows selected one at a time, read-only, compact.

Every screen that lists rows (events, players, later pairings and standings)
calls `setup_table`, so they all move and select the same way from the
keyboard: arrows move, Tab leaves the table, editing happens in dialogs.
"""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView


def setup_table(view: QTableView) -> None:
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setTabKeyNavigation(False)
    view.setAlternatingRowColors(True)
    view.setWordWrap(False)
    view.horizontalHeader().setHighlightSections(False)
    rows = view.verticalHeader()  # one line of text high, no row numbers
    rows.hide()
    rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    rows.setDefaultSectionSize(view.fontMetrics().height() + 8)
