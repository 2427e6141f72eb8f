"""Format facts a TO may change per event, and where the rulebooks stop them.

Every path that sets one (new event, the settings form and command, pod seating, a
result) asks here, so the rule lives in one place:

- match length: best of 1, 3 or 5 (Magic Tournament Rules practice); every Warcaste
  match is one game (Warcaste 1d "Competitive Skirmish"; formats.md, decided here: an
  event cannot be made best of 3);
- draft pods: up to 8 players (Warcaste 8b), and only in draft formats (formats.md,
  "Banned cards, every format": "Pod seating exists only in draft formats").

Must not import Qt, SQL or anything of ours outside organizer.core.
"""

from __future__ import annotations

from organizer.core.formats.catalog import FormatInfo

MATCH_LENGTHS = (1, 3, 5)
MAX_POD_SIZE = 8
"""Warcaste 8b: pods of up to 8."""
MIN_POD_SIZE = 2


class FormatRuleError(ValueError):
    """A format fact changed into something the rulebook forbids; the message cites it."""


def fixed_best_of(info: FormatInfo) -> tuple[int, str] | None:
    """The one match length a format's rules allow, with the rule's words; None when the
    TO chooses. The services refuse another length and the New event dialog locks it."""
    if info.game == "warcaste":
        return 1, "matches are one game (Warcaste 1d)"
    return None


def check_best_of(info: FormatInfo, best_of: int) -> None:
    if best_of not in MATCH_LENGTHS:
        raise FormatRuleError(f"best-of must be 1, 3 or 5, not {best_of}")
    fixed = fixed_best_of(info)
    if fixed is not None and best_of != fixed[0]:
        length, rule = fixed
        raise FormatRuleError(f"{info.title} {rule}: best of {length}, not best of {best_of}")


def check_pod_size(size: int) -> None:
    if not MIN_POD_SIZE <= size <= MAX_POD_SIZE:
        raise FormatRuleError(
            f"a draft pod seats {MIN_POD_SIZE} to {MAX_POD_SIZE} players "
            f"(Warcaste 8b: pods of up to 8), not {size}"
        )


def check_pods(info: FormatInfo) -> None:
    if not info.draft:
        raise FormatRuleError(
            f"{info.title} is not a draft format: pods are seated only for a draft "
            "(Warcaste 8b; formats.md)"
        )
