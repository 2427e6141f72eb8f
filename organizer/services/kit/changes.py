"""What one write did: `Done[T]`, the one shape every service write returns.

`Done.value` is what the write made (a round, a recorded result, a new
event's record; None when it only changed things), `Done.changes` names what
changed so screens refresh only that (combine two with `|`), and
`Done.warnings` is what the TO should read (a rematch, a result that later
rounds were paired from). The command line prints the warnings and ignores
the changes; the GUI broadcasts the changes. Anki's `OpChanges` is the model.

What changed is read off the journal, by one table (`ACTION_CHANGES`): a
write's own `Done` names the changes of the actions it journaled
(`services.write_lock.write` fills them in), and a station watching others
(`services.live`) names the changes of the actions they journaled, the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Generic, TypeVar

from organizer.storage.journal_entries import Action

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Changes:
    events: bool = False
    players: bool = False
    decks: bool = False
    pairings: bool = False
    results: bool = False
    clock: bool = False
    seating: bool = False
    penalties: bool = False
    judge_calls: bool = False
    """The judges or the calls for a judge (a new call rings at the TO's station)."""
    event_id: int | None = None

    def __or__(self, other: Changes) -> Changes:
        merged = {
            f.name: getattr(self, f.name) or getattr(other, f.name)
            for f in fields(self)
            if f.name != "event_id"
        }
        return Changes(**merged, event_id=self.event_id or other.event_id)

    def __bool__(self) -> bool:
        return any(getattr(self, f.name) for f in fields(self) if f.name != "event_id")


@dataclass(frozen=True, slots=True)
class Done(Generic[T]):
    value: T
    changes: Changes = Changes()
    """Filled in by `services.write_lock.write` from what the write journaled."""
    warnings: tuple[str, ...] = ()


EVERYTHING = Changes(**{f.name: True for f in fields(Changes) if f.name != "event_id"})
"""Every kind of change: what a watcher refreshes when it cannot tell what moved."""

_PLAYERS = Changes(players=True)
_DECKS = Changes(decks=True)
_CLOCK = Changes(clock=True)
_ROUND = Changes(pairings=True, results=True)
_RESULT = Changes(results=True)
_EVENT = Changes(events=True, players=True, pairings=True, results=True)
_JUDGING = Changes(judge_calls=True)

ACTION_CHANGES: dict[Action, Changes] = {
    Action.EVENT_CREATE: _EVENT,
    Action.EVENT_DELETE: _EVENT,
    Action.EVENT_IMPORT: _EVENT,
    Action.SETTINGS_SET: EVERYTHING,  # a setting may change what any screen shows
    Action.PLAYER_ADD: _PLAYERS,
    Action.PLAYER_EDIT: _PLAYERS,
    Action.PLAYER_DROP: _PLAYERS,
    Action.PLAYER_UNDROP: _PLAYERS,
    Action.PLAYERS_IMPORT: _PLAYERS,
    Action.PLAYER_CHECKIN: _PLAYERS,
    Action.PLAYER_PAID: _PLAYERS,
    Action.PLAYER_FROM_WAITING: _PLAYERS,
    Action.PLAYER_FIX_TABLE: _PLAYERS,
    Action.UNDO: Changes(players=True, pairings=True, results=True),  # registrations, a rewind
    Action.PIN_ISSUE: _PLAYERS,
    Action.SIGNIN_LOCK: _PLAYERS,
    Action.SIGNIN_UNLOCK: _PLAYERS,
    Action.CARDS_IMPORT: _DECKS,
    Action.DECK_SUBMIT: _DECKS,
    Action.DECK_OVERRIDE: _DECKS,
    Action.DECK_LOCK: _DECKS,
    Action.DECK_UNLOCK: _DECKS,
    Action.POOL_REGISTER: _DECKS,
    Action.DECKCHECK_PICK: _DECKS,
    Action.DECKCHECK_START: _DECKS,
    Action.DECKCHECK_RECORD: _DECKS,
    Action.PODS_SEAT: Changes(seating=True, clock=True),  # a new seating has no timer yet
    Action.PODS_TIMER: _CLOCK,
    Action.ROUND_PAIR: _ROUND,
    Action.ROUND_PAIR_PAST_DECK_GATE: _ROUND,
    Action.ROUND_PAIR_PAST_CHECKIN: _ROUND,
    Action.ROUND_DISCARD: _ROUND | _JUDGING,  # the round's open judge calls go with it
    Action.ROUND_REPAIR: _ROUND,
    Action.ROUND_REWIND: Changes(
        players=True, pairings=True, results=True, penalties=True, judge_calls=True
    ),
    Action.PAIRING_SWAP: Changes(pairings=True),
    Action.TOPCUT_START: Changes(pairings=True, events=True),
    Action.TOPCUT_ROUND: Changes(pairings=True, events=True),
    Action.CLOCK_START: _CLOCK,
    Action.CLOCK_PAUSE: _CLOCK,
    Action.CLOCK_RESUME: _CLOCK,
    Action.CLOCK_FINISH: _CLOCK,
    Action.CLOCK_ADD: _CLOCK,
    Action.CLOCK_EXTEND: _CLOCK,
    Action.CLOCK_LENGTH: _CLOCK,  # a house rule it sets is journaled as a setting
    Action.RESULT_RECORD: _RESULT,
    Action.RESULT_CORRECT: _RESULT,
    Action.RESULT_CLEAR: _RESULT,
    Action.RESULT_PLAYOFF_DRAWN_GAME: _RESULT,
    Action.RESULT_PLAYER_REPORT: _RESULT,
    Action.RESULT_PLAYERS_DISAGREE: _RESULT,
    Action.RESULT_DROP: _PLAYERS,  # a slip's drop box
    Action.SUDDENDEATH_STEP: _CLOCK,  # the result it decides is journaled as a result
    Action.SUDDENDEATH_CORRECT: Changes(results=True, clock=True),  # may take a result back
    Action.PENALTY_ADD: Changes(penalties=True),
    Action.PENALTY_DROP: Changes(players=True, results=True),
    Action.PENALTY_UNDROP: _PLAYERS,
    Action.PENALTY_REMOVE: Changes(penalties=True),
    Action.EVENT_FINISH: Changes(events=True),
    # People span events: a name changed shows in every event they played.
    Action.PERSON_EDIT: _PLAYERS,
    Action.PERSON_MERGE: _PLAYERS,
    Action.PERSON_FORGET: _PLAYERS,
    Action.PEOPLE_IMPORT: _PLAYERS,
    Action.SEASON_NEW: Changes(events=True),
    Action.SEASON_CHANGE: Changes(events=True),
    Action.JUDGE_ADD: _JUDGING,
    Action.JUDGE_PIN: _JUDGING,
    Action.JUDGE_CALL: _JUDGING,
    Action.JUDGE_CLAIM: _JUDGING,
    Action.JUDGE_RESOLVE: _JUDGING,
}
"""What each journaled action changed. An action this version does not know (a newer
station's): everything."""


def changes_of(action: str) -> Changes:
    """What a journal entry's action changed (`EVERYTHING` for one not in the table)."""
    try:
        return ACTION_CHANGES[Action(action)]
    except ValueError:
        return EVERYTHING


def changes_of_all(actions: Iterable[str], *, event_id: int | None) -> Changes:
    """What a run of journaled actions changed together, in the event `event_id`."""
    found = Changes(event_id=event_id)
    for action in actions:
        found = found | changes_of(action)
    return found
