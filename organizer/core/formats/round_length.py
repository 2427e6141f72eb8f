"""How long a round lasts where a rulebook says it, and the words for a house rule.

Warcaste 1d ("Competitive Skirmish"): "Players are given 1 hour to sideboard
and complete a game." The Skirmish formats therefore have a fixed round length
(`FormatInfo.round_length_ref` names the section). Decided here (docs/rules.md,
"Round length"; issue 25): another length is refused unless the TO sets it as
a house rule (the event setting `house_round_minutes`), and then the slips, the
clock and the players' page say so (`house_rule_text`). Formats whose rulebook
names no length keep the event's own length, changeable as before.

Any length a TO gives, a new event's, the Clock tab's or the house rule
setting's, lies within `ROUND_MINUTES`: any whole number of minutes from one
(a trial round, to hear the clock's alerts before the doors open) to ten
hours. One bound for all, so a length the clock accepts is one the settings
accept too, with no gap where a value is refused.

Pure Python: must not import Qt, SQL or any other organizer layer.
"""

from __future__ import annotations

from typing import Final

from organizer.core.formats.catalog import FormatInfo

ROUND_MINUTES: Final = (1, 600)
"""The shortest and the longest round a TO may set, in minutes."""


def length_problem(minutes: int) -> str | None:
    """Why `minutes` is no round length (outside `ROUND_MINUTES`), or None."""
    low, high = ROUND_MINUTES
    if low <= minutes <= high:
        return None
    return f"a round lasts {low} to {high} minutes, not {minutes}"


def fixed(info: FormatInfo) -> bool:
    """The rulebook sets this format's round length."""
    return bool(info.round_length_ref)


def round_minutes(info: FormatInfo, event_minutes: int, house_minutes: int) -> int:
    """The length a round of the event lasts: the rulebook's or the house rule's for a fixed
    format, the event's own otherwise."""
    if not fixed(info):
        return event_minutes
    return house_minutes or info.round_minutes


def house_rule_text(info: FormatInfo, house_minutes: int) -> str:
    """ "House rule: 50-minute rounds (Warcaste 1d: 1 hour)", or "" without one."""
    if not fixed(info) or not house_minutes or house_minutes == info.round_minutes:
        return ""
    return (
        f"House rule: {house_minutes}-minute rounds ({info.round_length_ref}: "
        f"{_length(info.round_minutes)})"
    )


def refusal(info: FormatInfo, minutes: int) -> str:
    """Why `minutes` is refused for a fixed format, and how to make it a house rule."""
    return (
        f"{info.title} rounds last {_length(info.round_minutes)} ({info.round_length_ref}), "
        f"not {minutes} minutes; another length is a house rule for the event "
        f"(--house-rule, or the setting house_round_minutes = {minutes}), and the slips, "
        "the clock and the players' page say so"
    )


def _length(minutes: int) -> str:
    return "1 hour" if minutes == 60 else f"{minutes} minutes"
