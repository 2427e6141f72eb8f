"""A late entry's record: the one rule for every way a player joins after round 1.

docs/rules.md, Swiss pairing (decided here; the rulebooks do not describe pairing): a
late entry joins on 0 points; an event setting (`late_entry_losses`) gives a late entry
a loss for each round they missed instead, and `late_entry_until` closes late entry once a
round is paired. `players add`, a players CSV import and the
GUI all register through services that ask here, so the same player gets the same
record whichever way they were entered.

Must not import Qt, SQL or anything of ours outside organizer.core.
"""

from __future__ import annotations

from organizer.core.event_settings import EventSettings


def late_entry_refusal(settings: EventSettings, rounds_paired: int) -> str | None:
    """Why a player may not join now (setting `late_entry_until`), or None when they may."""
    if rounds_paired == 0 or rounds_paired < settings.late_entry_until:
        return None
    if settings.late_entry_until == 0:
        return "late entries are closed: no one joins once round 1 is paired (late_entry_until)"
    return (
        f"late entries are closed: round {rounds_paired} is paired and players join until round "
        f"{settings.late_entry_until} is (late_entry_until)"
    )


def missed_round_losses(settings: EventSettings, rounds_paired: int) -> int:
    """The losses a player joining now carries: one per round already paired, or none
    (a bye for each instead, with `late_entry_byes`)."""
    return rounds_paired if settings.late_entry_losses and not settings.late_entry_byes else 0


def missed_round_byes(settings: EventSettings, rounds_paired: int) -> int:
    """The byes a player joining now is given: one per round already paired (each stored
    as a bye in that round, so standings, tiebreakers and pairing read it as any bye)."""
    return rounds_paired if settings.late_entry_byes else 0
