"""The outcome of a deck check: findings, each naming its rule and rulebook section.

Holds `Finding` and `LegalityReport`. A report is legal when it holds no error;
warnings (an unknown card when the organizer chose to let those pass, a draft
pool that could not be checked) are shown but do not make the deck illegal. The
`as_dict` shape is the one `check-deck --json` prints (shared/spec/cli.md).

Must not import Qt, SQL or anything of ours outside organizer.core.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class Finding:
    """One broken rule (or a doubt): which rule, how bad, what and where."""

    rule_id: str
    severity: Severity
    message: str
    card: str | None = None
    line: int | None = None
    rule_ref: str = ""

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line is not None else ""
        ref = f" ({self.rule_ref})" if self.rule_ref else ""
        return f"{self.severity}: {where}{self.message}{ref}"

    def as_dict(self) -> dict[str, object]:
        return {
            "rule": self.rule_id,
            "severity": self.severity,
            "message": self.message,
            "card": self.card,
            "line": self.line,
            "rule_ref": self.rule_ref,
        }


@dataclass(frozen=True, slots=True)
class LegalityReport:
    """Every finding of one deck check, in rule order."""

    format_id: str
    findings: tuple[Finding, ...] = ()

    @property
    def legal(self) -> bool:
        return not any(f.is_error for f in self.findings)

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.is_error)

    @property
    def warnings(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if not f.is_error)

    def rule_ids(self, severity: Severity | None = None) -> frozenset[str]:
        """The rules with findings (of that severity): what tests and the GUI filter on."""
        return frozenset(
            f.rule_id for f in self.findings if severity is None or f.severity == severity
        )

    def as_dict(self) -> dict[str, object]:
        """`{"legal": bool, "problems": [{"rule", "message", "card", "line", ...}]}`."""
        return {"legal": self.legal, "problems": [f.as_dict() for f in self.findings]}
