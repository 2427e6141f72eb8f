"""`FindingsModel`: every finding of one deck check, as a table beside the deck editor.

Columns: Line, Severity, Rule, Message, Reference. Holds the frozen `Finding`
values of a `LegalityReport` (core data, no Qt, no ORM), in the order the
checker reported them; `set_findings` replaces them all. Errors are red,
warnings amber; the full message is the tooltip, since long ones are elided.
A finding about the whole deck (its size, say) has no line.

Imports Qt and core data only; the check itself is `services.decks`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor

from organizer.core.formats.report import Finding
from organizer.gui.kit.plain_tips import plain_tip
from organizer.gui.kit.table_model import RowsModel

HEADERS = ("Line", "Severity", "Rule", "Message", "Reference")
LINE_COLUMN, SEVERITY_COLUMN, MESSAGE_COLUMN = 0, 1, 3
SEVERITY_COLOURS = {"error": "#b3261e", "warning": "#8a5a00"}


def _values(f: Finding) -> tuple[str, str, str, str, str]:
    line = "" if f.line is None else str(f.line)
    severity = "Error" if f.is_error else "Warning"
    return (line, severity, f.rule_id, f.message, f.rule_ref)


class FindingsModel(RowsModel[Finding]):
    headers = HEADERS
    right_aligned = frozenset({LINE_COLUMN})

    def set_findings(self, findings: Iterable[Finding]) -> None:
        self._replace_rows(findings)

    def findings(self) -> tuple[Finding, ...]:
        return self._rows

    def finding_at(self, row: int) -> Finding:
        return self._rows[row]

    def error_count(self) -> int:
        return sum(f.is_error for f in self._rows)

    def cell(self, row: int, column: int, role: int) -> Any:
        finding = self._rows[row]
        if role == Qt.ItemDataRole.DisplayRole:
            return _values(finding)[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            where = f"Line {finding.line}: " if finding.line is not None else ""
            ref = f"\n{finding.rule_ref}" if finding.rule_ref else ""
            return plain_tip(f"{where}{finding.message}{ref}")  # card names as typed
        if role == Qt.ItemDataRole.ForegroundRole and column in (SEVERITY_COLUMN, LINE_COLUMN):
            return QBrush(QColor(SEVERITY_COLOURS[finding.severity]))
        return None
