"""Warcaste sudden death: one record per table still playing when time is called.

Implements Warcaste rulebook 1d ("Sudden Death"; docs/rules.md): each
player gets 3 more turns, turn 1 being the turn of the player whose turn it is
when time is called, so the order is A1, B1, A2, B2, A3, B3 with A that
player. After the 6th turn the player who placed or dealt more damage counters
on the opponent's territories during those turns wins; equal counts are a
draw. "During those turns" counts every counter placed in them, whoever's turn
it is: each turn records what the active player placed (`counters`) and what the
other player placed during it (`other`, e.g. a trap or a Death trigger).
Turn 1 is the turn in progress when time is called, so counters placed earlier
in that turn count too (docs/rules.md, decided here). A player whose last
territory is destroyed during sudden death loses at once, and no further turn
is played.

Decided here (shared/spec/formats.md, docs/rules.md "Sudden death"): sudden
death exists only for two-player Warcaste matches (`check_applies`); it starts
once time is up at that table unless the judge calls it early, which the record
keeps (`called_early`). In a playoff (top cut) match a draw is impossible: when
the counters are equal after the 6 turns, the players go on taking turns in the
same order, one each, and the first time both have had the same number of turns
and one has placed more counters in all, that player wins (`playoff`).

A judge walks the record: `set_active_player`, then `record_turn` for each
turn in order (a skipped, repeated or out-of-order turn and negative counters
are refused). Records are immutable; every transition returns a new one.

Corrections are refused rather than truncating: `correct_turn` may change any
recorded turn's counters (what it is not given keeps its recorded value: a judge fixing
the active player's count does not wipe the other player's trap nor reopen a decided
game), but may make a turn end the game (last territory
destroyed) only if it is the last recorded turn; to end the game on an earlier
turn, `undo_last_turn` the turns after it first. So every record is one that
recording turns in order could have produced, and no recorded turn is
silently dropped.

Must not import Qt, SQL libraries or any organizer layer above core.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, Final, Literal, cast

from organizer.core.event import PlayerId
from organizer.core.formats.catalog import FormatInfo
from organizer.core.results import Score

TURNS = 6
"""Each player gets 3 turns (1d)."""

Reason = Literal["last_territory", "more_counters", "equal_counters"]


class Keep(Enum):
    """A correction's option that was not given: the turn keeps its recorded value."""

    RECORDED = "recorded"


KEEP: Final = Keep.RECORDED


class SuddenDeathError(ValueError):
    """A sudden-death step that the rules or the record do not allow; the message says why."""


def check_applies(info: FormatInfo, players: int) -> None:
    """Refuses sudden death outside a two-player Warcaste match (1d; formats.md, decided here)."""
    if info.end_of_round == "games_end":
        raise SuddenDeathError(
            f"{info.title} has no sudden death: the rulebook writes it for two players "
            "(Warcaste 1d); at time a Conquest game ends"
        )
    if info.end_of_round != "sudden_death":
        raise SuddenDeathError(
            f"{info.title} has no sudden death (Warcaste 1d); at time its matches "
            f"play {info.extra_turns} extra turns"
        )
    if info.multiplayer or players != 2:
        raise SuddenDeathError(
            f"sudden death is for two-player Warcaste matches (1d); this table seats {players}"
            + ("; at time a Conquest game ends" if info.multiplayer else "")
        )


@dataclass(frozen=True, slots=True)
class Turn:
    player: PlayerId
    counters: int
    """Damage counters the active player (`player`) placed or dealt on the opponent's
    territories during the turn."""
    last_territory_lost_by: PlayerId | None = None
    """The player whose last territory was destroyed during the turn (the game ends)."""
    other: int = 0
    """Damage counters the other player placed on the active player's territories during
    the turn (a trap, a Death trigger): they count for the other player (1d)."""


@dataclass(frozen=True, slots=True)
class NextTurn:
    number: int
    """1 to 6 in the order A1, B1, A2, B2, A3, B3."""
    player: PlayerId
    player_turn: int
    """1 to 3: that player's own sudden-death turn."""


@dataclass(frozen=True, slots=True)
class SuddenDeathOutcome:
    winner: PlayerId | None
    """None for a draw."""
    reason: Reason
    totals: tuple[tuple[PlayerId, int], ...]
    """Counters each player dealt during sudden death, in the record's player order."""
    turns_played: int

    def total(self, player: PlayerId) -> int:
        return dict(self.totals)[player]


@dataclass(frozen=True, slots=True)
class SuddenDeath:
    """One table's sudden death; `players` in match order."""

    table: int
    players: tuple[PlayerId, PlayerId]
    first: PlayerId | None = None
    """The active player when time was called: sudden-death turn 1 is theirs."""
    turns: tuple[Turn, ...] = ()
    playoff: bool = False
    """A top-cut match: equal counters after 6 turns continue turn by turn."""
    called_early: bool = False
    """The judge called sudden death before time was up at the table."""

    def __post_init__(self) -> None:
        _validate(self)

    def player_of(self, number: int) -> PlayerId:
        """Whose turn sudden-death turn `number` is (1-based)."""
        if self.first is None:
            raise SuddenDeathError(f"table {self.table}: who was the active player at time?")
        return self.first if number % 2 == 1 else self.opponent(self.first)

    def opponent(self, player: PlayerId) -> PlayerId:
        return self.players[1] if player == self.players[0] else self.players[0]

    @property
    def next_turn(self) -> NextTurn | None:
        """The turn to record next; None before the active player is set or once decided."""
        if self.first is None or outcome(self) is not None:
            return None
        number = len(self.turns) + 1
        return NextTurn(number, self.player_of(number), (number + 1) // 2)

    @property
    def extra_turns(self) -> int:
        """Turns played beyond the 6 (a level playoff going on)."""
        return max(0, len(self.turns) - TURNS)

    @property
    def is_open(self) -> bool:
        return outcome(self) is None


def set_active_player(
    record: SuddenDeath, player: PlayerId, *, called_early: bool = False
) -> SuddenDeath:
    """Who was the active player when time was called; changeable until a turn is recorded."""
    _check_player(record, player)
    if record.turns:
        raise SuddenDeathError(
            f"table {record.table}: turns are recorded already; undo them to change who went first"
        )
    return replace(record, first=player, called_early=called_early)


def record_turn(
    record: SuddenDeath,
    number: int,
    player: PlayerId,
    counters: int,
    *,
    other: int = 0,
    last_territory_lost_by: PlayerId | None = None,
) -> SuddenDeath:
    """Records sudden-death turn `number` (1-6), which must be `player`'s and the next one.

    `counters` are the active player's, `other` the other player's during that turn.
    """
    where = f"table {record.table}, turn {number}"
    if record.first is None:
        raise SuddenDeathError(f"{where}: first set who was the active player at time")
    decided = outcome(record)
    if decided is not None:
        raise SuddenDeathError(f"{where}: sudden death is over ({_describe(decided)})")
    expected = len(record.turns) + 1
    if number < 1 or (number > TURNS and not record.playoff):
        raise SuddenDeathError(f"{where}: sudden death has turns 1 to {TURNS}")
    if number < expected:
        raise SuddenDeathError(f"{where} is recorded already; use a correction to change it")
    if number > expected:
        raise SuddenDeathError(f"{where}: turn {expected} comes first; no turn is skipped")
    _check_player(record, player)
    if player != record.player_of(number):
        raise SuddenDeathError(f"{where} is {record.player_of(number)}'s turn, not {player}'s")
    turn = _turn(record, player, counters, last_territory_lost_by, other)
    return replace(record, turns=(*record.turns, turn))


def correct_turn(
    record: SuddenDeath,
    number: int,
    counters: int,
    *,
    other: int | Keep = KEEP,
    last_territory_lost_by: PlayerId | Keep | None = KEEP,
) -> SuddenDeath:
    """Turn `number`'s active player's count becomes `counters`; `other` and
    `last_territory_lost_by` change only when given (`KEEP`: the recorded value stays;
    None clears a recorded lost territory). Refused if it would end the game before a
    later turn."""
    where = f"table {record.table}, turn {number}"
    if not 1 <= number <= len(record.turns):
        raise SuddenDeathError(f"{where} is not recorded; there is nothing to correct")
    recorded = record.turns[number - 1]
    other_count = recorded.other if isinstance(other, Keep) else other
    lost = (
        recorded.last_territory_lost_by
        if isinstance(last_territory_lost_by, Keep)
        else last_territory_lost_by
    )
    if lost is not None and number < len(record.turns):
        raise SuddenDeathError(
            f"{where} cannot end the game: turns {number + 1} to {len(record.turns)} were "
            "played after it; undo them first"
        )
    turn = _turn(record, recorded.player, counters, lost, other_count)
    turns = list(record.turns)
    turns[number - 1] = turn
    return replace(record, turns=tuple(turns))


def undo_last_turn(record: SuddenDeath) -> SuddenDeath:
    """Takes back the last recorded turn (the way to reach an earlier turn for a correction)."""
    if not record.turns:
        raise SuddenDeathError(f"table {record.table}: no turn is recorded; nothing to undo")
    return replace(record, turns=record.turns[:-1])


def totals(record: SuddenDeath) -> tuple[tuple[PlayerId, int], ...]:
    """Counters each player placed during the turns recorded so far, in player order:
    their own turns' `counters` plus the `other` of their opponent's turns (1d)."""
    counted = {p: 0 for p in record.players}
    for turn in record.turns:
        counted[turn.player] += turn.counters
        counted[record.opponent(turn.player)] += turn.other
    return tuple(counted.items())


def leader(record: SuddenDeath) -> PlayerId | None:
    """The player ahead on counters so far; None when level. In a playoff past the 6 turns
    an odd turn count can leave one player ahead with the other's answering turn to come."""
    (a, total_a), (b, total_b) = totals(record)
    if total_a == total_b:
        return None
    return a if total_a > total_b else b


def outcome(record: SuddenDeath) -> SuddenDeathOutcome | None:
    """The result once decided (a last territory destroyed, or 6 turns played); else None."""
    pairs = totals(record)
    played = len(record.turns)
    if played and record.turns[-1].last_territory_lost_by is not None:
        loser = record.turns[-1].last_territory_lost_by
        return SuddenDeathOutcome(record.opponent(loser), "last_territory", pairs, played)
    if played < TURNS:
        return None
    (a, total_a), (b, total_b) = pairs
    if total_a == total_b:
        if record.playoff:  # no draw in a top cut: one more turn each (formats.md)
            return None
        return SuddenDeathOutcome(None, "equal_counters", pairs, played)
    if played % 2:  # a level playoff goes on until both have had the same number of turns
        return None
    return SuddenDeathOutcome(a if total_a > total_b else b, "more_counters", pairs, played)


def match_score(result: SuddenDeathOutcome, players: tuple[PlayerId, PlayerId]) -> Score:
    """The best-of-1 match result for `players` in match order: 1-0, 0-1 or a drawn game 0-0-1."""
    if {p for p, _ in result.totals} != set(players):
        raise SuddenDeathError(f"this sudden death was not played by {players[0]} and {players[1]}")
    if result.winner is None:
        return Score(0, 0, 1)
    return Score(1, 0) if result.winner == players[0] else Score(0, 1)


def record_to_dict(record: SuddenDeath) -> dict[str, object]:
    """The stored form (version 2: each turn has the active player's `counters` and the
    other player's `other`)."""
    return {
        "version": 2,
        "table": record.table,
        "players": list(record.players),
        "first": record.first,
        "playoff": record.playoff,
        "called_early": record.called_early,
        "turns": [
            {
                "player": t.player,
                "counters": t.counters,
                "other": t.other,
                "last_territory_lost_by": t.last_territory_lost_by,
            }
            for t in record.turns
        ],
    }


def record_from_dict(data: Mapping[str, object]) -> SuddenDeath:
    """The record `record_to_dict` wrote; `SuddenDeathError` naming the problem otherwise.

    A version 1 record (stored before each turn kept both players' counters) reads as
    the active player's count with 0 for the other player: what it recorded.
    """
    d = cast(Mapping[str, Any], data)
    try:
        version = d.get("version")
        if version not in (1, 2):
            raise SuddenDeathError(f"unknown version {version!r}")
        a, b = d["players"]
        turns = tuple(
            Turn(
                t["player"],
                t["counters"],
                t["last_territory_lost_by"],
                t["other"] if version == 2 else 0,
            )
            for t in d["turns"]
        )
        playoff, early = d.get("playoff", False), d.get("called_early", False)
        if not isinstance(playoff, bool) or not isinstance(early, bool):
            raise SuddenDeathError("playoff and called_early are true or false")
        return SuddenDeath(d["table"], (a, b), d["first"], turns, playoff, early)
    except (KeyError, TypeError, ValueError) as e:  # SuddenDeathError is a ValueError
        raise SuddenDeathError(
            f"stored sudden death is unreadable: {type(e).__name__} {e}"
        ) from None


def _describe(result: SuddenDeathOutcome) -> str:
    if result.winner is None:
        return "a draw on counters"
    how = "last territory destroyed" if result.reason == "last_territory" else "more counters"
    return f"{result.winner} won, {how}"


def _check_player(record: SuddenDeath, player: PlayerId) -> None:
    if player not in record.players:
        raise SuddenDeathError(
            f"table {record.table}: {player!r} does not play here "
            f"({record.players[0]} and {record.players[1]} do)"
        )


def _turn(
    record: SuddenDeath, player: PlayerId, counters: int, lost: PlayerId | None, other: int
) -> Turn:
    for count in (counters, other):
        if type(count) is not int or count < 0:
            raise SuddenDeathError(
                f"table {record.table}: damage counters are a whole number 0 or more, not {count!r}"
            )
    if lost is not None:
        _check_player(record, lost)
    return Turn(player, counters, lost, other)


def _validate(r: SuddenDeath) -> None:
    """Any record, however built (from storage too), is one that recording in order gives."""
    if type(r.table) is not int or r.table < 1:
        raise SuddenDeathError(f"table {r.table!r}: tables are numbered from 1")
    if len(r.players) != 2 or r.players[0] == r.players[1]:
        raise SuddenDeathError(f"table {r.table}: sudden death is between two different players")
    if not all(isinstance(p, str) for p in r.players):
        raise SuddenDeathError(f"table {r.table}: player ids are text")
    if r.first is not None:
        _check_player(r, r.first)
    if len(r.turns) > TURNS and not r.playoff:
        raise SuddenDeathError(f"table {r.table}: sudden death has only {TURNS} turns")
    for number, turn in enumerate(r.turns, start=1):
        if turn.player != r.player_of(number):
            raise SuddenDeathError(f"table {r.table}: turn {number} is {r.player_of(number)}'s")
        _turn(r, turn.player, turn.counters, turn.last_territory_lost_by, turn.other)
        if turn.last_territory_lost_by is not None and number < len(r.turns):
            raise SuddenDeathError(f"table {r.table}: the game ended on turn {number}")
        if number > TURNS and number % 2 == 1 and _decided_after(r, number - 1):
            raise SuddenDeathError(f"table {r.table}: the game was decided after turn {number - 1}")


def _decided_after(r: SuddenDeath, played: int) -> bool:
    return outcome(replace(r, turns=r.turns[:played])) is not None
