"""What the Rounds tab says about the players' own part: the deck gate and disagreeing tables.

Plain text from `services.deck_gate` and `services.self_service`, so the
Rounds tab shows, before Pair next round is pressed, how many lists are
missing or illegal, asks before pairing past them, and names every table
whose players reported results that disagree (the TO enters those).
"""

from __future__ import annotations

from organizer.services.decks.deck_gate import DeckGate
from organizer.services.phones.self_service import FlaggedTable


def gate_line(gate: DeckGate) -> str:
    """The notice above the pairings before round 1; empty when nothing holds it."""
    if gate.clear:
        return ""
    return f"Deck lists before round 1: {gate.words()}."


def gate_question(gate: DeckGate) -> str:
    return (
        f"Round 1 has lists to fix: {gate.words()}.\n\n"
        "Pair anyway? The names are written in the journal. "
        "Choose No to fix the lists in the Decks tab first."
    )


def flagged_line(flagged: tuple[FlaggedTable, ...]) -> str:
    if not flagged:
        return ""
    tables = "; ".join(f"table {f.table} ({', '.join(f.reports)})" for f in flagged)
    return f"Players' reports disagree, enter these results: {tables}."


def flagged_status(flagged: tuple[FlaggedTable, ...]) -> str:
    """The status bar's line when tables are newly flagged."""
    tables = ", ".join(str(f.table) for f in flagged)
    return f"Round {flagged[0].round}: the players disagree at table {tables}; enter the result."
