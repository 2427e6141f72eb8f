"""How the Rounds tab says things: the missing-results line, questions and status notes.

Pure formatting of what the services returned (a `Round`, a `ResultOutcome`),
kept apart from the tab's widgets so the sentences can be read and tested in
one place. Nothing here decides anything. No Qt.
"""

from __future__ import annotations

from organizer.core.event import Round
from organizer.core.views.wording import counted
from organizer.services.rounds.results import ResultOutcome

MISSING_LISTED = 10


def missing_text(round_number: int, missing: list[int], matches: int) -> str:
    """The status line: "Round 3: 5 of 24 results missing (tables 3, 7, …)", or all in."""
    if not missing:
        return f"Round {round_number}: all {counted(matches, 'result', 'results')} in."
    listed = ", ".join(str(t) for t in missing[:MISSING_LISTED])
    more = ", …" if len(missing) > MISSING_LISTED else ""
    word = "table" if len(missing) == 1 else "tables"
    return (
        f"Round {round_number}: {len(missing)} of {matches} results missing ({word} {listed}{more})"
    )


def pair_again_question(latest: Round) -> str:
    """Pair again…'s confirmation, naming the results it throws away."""
    reported = sum(1 for m in latest.matches if m.wins is not None and not m.is_bye)
    if not reported:
        return f"Pair round {latest.number} again? Its current pairings are replaced."
    return (
        f"Round {latest.number} already has {counted(reported, 'result', 'results')}. "
        f"Pairing it again throws {'it' if reported == 1 else 'them'} away.\n\n"
        f"Pair round {latest.number} again?"
    )


def paired_text(round_: Round, verb: str) -> str:
    """ "Paired round 2: 11 tables, 1 bye." """
    tables = sum(1 for m in round_.matches if not m.is_bye)
    byes = len(round_.matches) - tables
    text = f"{verb} round {round_.number}: {tables} tables"
    return text + (f", {counted(byes, 'bye', 'byes')}." if byes else ".")


def recorded_text(outcome: ResultOutcome, table_result: str | None = None) -> str:
    """ "Round 1 table 4: recorded 2-1." `table_result` says a multiplayer table's result."""
    if outcome.continues:
        said = "game drawn; the playoff match continues with another game"
    elif table_result is not None:
        said = f"recorded {table_result}"
    elif outcome.corrected_from is not None:
        said = f"changed from {outcome.corrected_from} to {outcome.recorded}"
    else:
        said = f"recorded {outcome.recorded}"
    return f"Round {outcome.round_number} table {outcome.table}: {said}."
