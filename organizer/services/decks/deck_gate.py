"""The deck gate before round 1: who has no list, whose list is illegal, whose a judge accepted.

An event whose format takes deck lists (the format has deck rules and the
game's card pool is in the database, so lists can be checked at all) should
not start round 1 with lists missing or illegal. `deck_gate` says who; the
pairing service refuses round 1 while the gate is not clear unless the TO
chooses to pair anyway (`allow_missing_decks`), which is journaled with the
names. The command line, the Rounds tab and the players' page all read this
one answer.
"""

from __future__ import annotations

from dataclasses import dataclass

from organizer.core.formats.catalog import UNKNOWN_FORMAT, format_or_unknown
from organizer.services.decks.cardpools import has_pool
from organizer.services.decks.decks import deck_statuses
from organizer.services.event.events import get_event
from organizer.services.kit.errors import RefusedError
from organizer.storage import events_repo
from organizer.storage.database import Database

MAX_NAMED = 20
"""Names listed in a refusal before "and N more"."""


@dataclass(frozen=True, slots=True)
class DeckGate:
    """The active players' lists before round 1; every tuple holds names in player order."""

    applies: bool
    """False when the event is past round 1 or its format takes no checked lists."""
    missing: tuple[str, ...] = ()
    illegal: tuple[str, ...] = ()
    no_pool: tuple[str, ...] = ()
    """Draft lists waiting for the player's drafted pool: not legal yet (Warcaste 8b)."""
    accepted: tuple[str, ...] = ()
    """Illegal lists a judge let stand: they do not hold the gate, they are shown."""

    @property
    def clear(self) -> bool:
        return not (self.applies and self.blocking)

    @property
    def blocking(self) -> tuple[str, ...]:
        return self.missing + self.illegal + self.no_pool

    def words(self) -> str:
        """One line for the TO: "3 lists missing (A, B, C); 1 illegal (D)"."""
        parts = []
        for count_of, label in (
            (self.missing, "missing"),
            (self.illegal, "illegal"),
            (self.no_pool, "waiting for a drafted pool"),
        ):
            if count_of:
                parts.append(f"{len(count_of)} list(s) {label} ({_names(count_of)})")
        if self.accepted:
            parts.append(f"{len(self.accepted)} accepted by a judge ({_names(self.accepted)})")
        return "; ".join(parts) if parts else "every list is in and legal"


def _names(names: tuple[str, ...]) -> str:
    shown = ", ".join(names[:MAX_NAMED])
    return shown + (f" and {len(names) - MAX_NAMED} more" if len(names) > MAX_NAMED else "")


def takes_lists(db: Database, *, event_id: int) -> bool:
    """Whether the event's players hand in deck lists that can be checked."""
    info = format_or_unknown(get_event(db, event_id).format_id)
    return info is not UNKNOWN_FORMAT and has_pool(db, game=info.game)


def deck_gate(db: Database, *, event_id: int) -> DeckGate:
    with db.reading() as s:
        paired = events_repo.rounds_paired(s, event_id=event_id)
    if paired > 0 or not takes_lists(db, event_id=event_id):
        return DeckGate(applies=False)
    statuses = [d for d in deck_statuses(db, event_id=event_id) if not d.dropped]
    return DeckGate(
        applies=True,
        missing=tuple(d.name for d in statuses if d.status == "missing"),
        illegal=tuple(d.name for d in statuses if d.status == "illegal"),
        no_pool=tuple(d.name for d in statuses if d.status == "pool-not-registered"),
        accepted=tuple(d.name for d in statuses if d.status == "accepted"),
    )


class DeckGateError(RefusedError):
    """Round 1 was not paired: lists are missing or illegal (the TO may pair anyway)."""

    def __init__(self, gate: DeckGate) -> None:
        self.gate = gate
        super().__init__(
            f"round 1 not paired: {gate.words()}; fix them, or pair anyway "
            "(command line: --allow-missing-decks)"
        )


def journal_fields(gate: DeckGate) -> dict[str, list[str]]:
    """What a pairing past the gate journals: the names it let through."""
    return {
        "missing": list(gate.missing),
        "illegal": list(gate.illegal),
        "no_pool": list(gate.no_pool),
    }
