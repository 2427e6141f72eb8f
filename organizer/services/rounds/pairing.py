"""Pairing the next round, re-pairing the current one, and manual pairing edits.

The seed of every round is stored with it, so a re-pair with the same seed
reproduces and an audit can replay it. Manual edits are allowed (a TO knows
things the algorithm does not), but each one warns about rematches and second
byes it creates and is written to the journal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from organizer.core.event import EventData, Match, PlayerId, Round
from organizer.core.formats.catalog import format_or_unknown
from organizer.core.pairing.swiss import pair_next_round
from organizer.core.seating.fixed_tables import FixedTableError, with_fixed_tables
from organizer.core.seating.tables import SeatingError, explain_tables, seat_tables
from organizer.core.views.round_view import RoundView, new_round_view
from organizer.services.decks.deck_gate import (
    MAX_NAMED,
    DeckGateError,
    deck_gate,
    journal_fields,
)
from organizer.services.event.events import get_event
from organizer.services.event.interchange import load_event
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import NotFoundError, RefusedError, refused_on
from organizer.services.kit.seeds import new_seed
from organizer.services.kit.write_lock import write
from organizer.services.players.door import drop_absent_in
from organizer.services.players.registration import absent_players
from organizer.services.rounds import pods, topcut
from organizer.storage import (
    events_repo,
    journal_repo,
    judges_repo,
    registrations_repo,
    rounds_repo,
)
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action


def open_tables(round_: Round) -> list[int]:
    return [m.table for m in round_.matches if not m.reported and m.table is not None]


def _check_can_pair(event: EventData) -> None:
    if event.rounds:
        last = event.rounds[-1]
        missing = open_tables(last)
        if missing:
            tables = ", ".join(str(t) for t in missing[:12]) + (" ..." if len(missing) > 12 else "")
            raise RefusedError(
                f"round {last.number} still has {len(missing)} result(s) missing "
                f"(table {tables}); enter them before pairing the next round"
            )
    active = [p for p in event.players if p.active_in(len(event.rounds) + 1)]
    if len(active) < 2:
        raise RefusedError(f"{len(active)} active player(s): at least 2 are needed to pair")


def _store(
    s: Tx,
    *,
    event_id: int,
    round_: Round,
    action: Action,
    summary: str,
    let_through: dict[str, list[str]] | None = None,
) -> None:
    registration_of = registrations_repo.registration_ids(s, event_id=event_id)
    rounds_repo.insert_round(s, event_id=event_id, round_=round_, registration_of=registration_of)
    journal_repo.append(
        s,
        event_id=event_id,
        action=action,
        summary=summary,
        after={
            "round": round_.number,
            "seed": round_.seed,
            "pairings": [list(m.players) for m in round_.matches],
        },
    )
    if let_through:
        names = ", ".join(name for named in let_through.values() for name in named)
        journal_repo.append(
            s,
            event_id=event_id,
            action=Action.ROUND_PAIR_PAST_DECK_GATE,
            summary=f"paired round {round_.number} without every legal list: {names}",
            after=let_through,
        )


def _next_round(db: Database, *, event_id: int, event: EventData, seed: int) -> Round:
    """Multiplayer tables, the pods' round, or the Swiss pairing, as the event needs, its
    tables numbered around the players' fixed seats."""
    return _fixed(event, _paired(db, event_id=event_id, event=event, seed=seed))


def _fixed(event: EventData, round_: Round) -> Round:
    """`round_` with each fixed player at their table (`core.seating.fixed_tables`): who
    plays whom stays the pairer's; refused when two tables ask for one number."""
    try:
        return with_fixed_tables(event, round_)
    except FixedTableError as exc:
        raise RefusedError(f"{exc}: clear one of them (players fix-table ID --clear)") from None


def _paired(db: Database, *, event_id: int, event: EventData, seed: int) -> Round:
    record = get_event(db, event_id)
    if multiplayer(record.format_id):
        size = record.settings
        with refused_on(SeatingError):
            return seat_tables(
                event,
                seed=seed,
                preferred=size.table_size,
                min_size=size.table_min,
                max_size=size.table_max,
            )
    return pods.round_in_pods(db, event_id=event_id, event=event, seed=seed) or (
        pair_next_round(event, seed=seed)
    )


def multiplayer(format_id: str) -> bool:
    return format_or_unknown(format_id).multiplayer


def table_split(db: Database, *, event_id: int, event: EventData | None = None) -> str | None:
    """For a multiplayer event, how the active players split into tables, in words; None once
    the top cut has started (the final table is seated from its seeds, not split).

    `event`: the event as the caller just read it (the Rounds tab's read, on its worker
    thread), so it is not read again."""
    record = get_event(db, event_id)
    if not multiplayer(record.format_id) or record.playoff_seeds is not None:
        return None
    if event is None:
        event = load_event(db, event_id=event_id)
    active = sum(1 for p in event.players if p.active_in(len(event.rounds) + 1))
    size = record.settings
    try:
        return explain_tables(active, size.table_size, size.table_min, size.table_max)
    except SeatingError as exc:
        return str(exc)


@write
def pair_next(
    s: Tx,
    *,
    event_id: int,
    seed: int | None = None,
    allow_missing_decks: bool = False,
    allow_absent: bool = False,
    drop_absent: bool = False,
) -> Done[RoundView]:
    """The next Swiss round, or the next playoff round once the top cut has started.

    Returns the round as every client shows it (`core.views.round_view`), built from the
    event read under the lock and the round stored: nobody reads the event again to show it.

    Decided and stored under the event's write lock: a second station pairing at
    the same moment waits, then finds this round and refuses or pairs the next.
    Round 1 is refused while lists are missing or illegal (`services.deck_gate`)
    unless `allow_missing_decks`; pairing past the gate journals the names. With the
    setting `require_checkin`, round 1 is refused while players have not checked in,
    unless the TO drops them (`drop_absent`, the waiting list comes in) or pairs them
    anyway (`allow_absent`, journaled with their names).
    """
    absent = _checkin_gate(s, event_id=event_id, allow=allow_absent, drop=drop_absent)
    event = load_event(s.db, event_id=event_id)
    _check_can_pair(event)
    gate = deck_gate(s.db, event_id=event_id)
    if not gate.clear and not allow_missing_decks:
        raise DeckGateError(gate)
    if event.rounds and event.rounds[-1].stage == "elimination":
        return _shown(event, topcut.advance(s.db, event_id=event_id))
    seed = new_seed() if seed is None else seed
    round_ = _next_round(s.db, event_id=event_id, event=event, seed=seed)
    _store(
        s,
        event_id=event_id,
        round_=round_,
        action=Action.ROUND_PAIR,
        summary=f"paired round {round_.number} (seed {round_.seed})",
        let_through=None if gate.clear else journal_fields(gate),
    )
    if absent:
        journal_repo.append(
            s,
            event_id=event_id,
            action=Action.ROUND_PAIR_PAST_CHECKIN,
            summary=f"paired round 1 with {len(absent)} not checked in: {', '.join(absent)}",
            after={"absent": list(absent)},
        )
    return _shown(event, Done(round_))


class CheckinGateError(RefusedError):
    """Round 1 waits for players who have not checked in (setting `require_checkin`)."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = tuple(names)
        shown = ", ".join(names[:MAX_NAMED]) + (
            f" and {len(names) - MAX_NAMED} more" if len(names) > MAX_NAMED else ""
        )
        super().__init__(
            f"round 1 not paired: {len(names)} not checked in ({shown}); check them in, drop "
            "them (command line: --drop-absent) or pair anyway (--allow-absent)"
        )


def _checkin_gate(s: Tx, *, event_id: int, allow: bool, drop: bool) -> tuple[str, ...]:
    """Before round 1 with `require_checkin`: refuse, drop the absent, or let them through;
    the names let through (journaled after the round is stored)."""
    row = events_repo.get_row(s, event_id)
    if row is None or events_repo.rounds_paired(s, event_id=event_id) > 0:
        return ()
    if not events_repo.settings_of(row).require_checkin:
        return ()
    absent = [p.name for p in absent_players(registrations_repo.players(s, event_id=event_id))]
    if not absent:
        return ()
    if drop:
        drop_absent_in(s, event_id=event_id)
        return ()
    if not allow:
        raise CheckinGateError(absent)
    return tuple(absent)


def _shown(event: EventData, done: Done[Round]) -> Done[RoundView]:
    """`done` with its round as shown: `event` (read before the round) with the round in it."""
    return Done(new_round_view(event, done.value), done.changes, done.warnings)


@write
def repair_current(
    s: Tx, *, event_id: int, seed: int | None = None, confirmed: bool = False
) -> Done[RoundView]:
    """Throw the latest round away and pair it again (returned as `pair_next` returns it).

    Refused without `confirmed` once results exist, since those results go too.
    """
    event = load_event(s.db, event_id=event_id)
    if not event.rounds:
        raise RefusedError("there is no round to pair again")
    last = event.rounds[-1]
    if last.stage == "elimination":
        raise RefusedError("playoff rounds follow the bracket; they cannot be paired again")
    reported = sum(1 for m in last.matches if m.wins is not None and not m.is_bye)
    if reported and not confirmed:
        raise RefusedError(
            f"round {last.number} already has {reported} result(s); pairing it again "
            "throws them away (confirm to go on)"
        )
    earlier = replace(event, rounds=event.rounds[:-1])
    _check_can_pair(earlier)
    seed = new_seed() if seed is None else seed
    round_ = _next_round(s.db, event_id=event_id, event=earlier, seed=seed)
    row = rounds_repo.get_round(s, event_id=event_id, number=last.number)
    assert row is not None and row.id is not None
    judges_repo.resolve_round_calls(s, event_id=event_id, round_number=last.number)
    rounds_repo.delete_round(s, round_id=row.id)
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.ROUND_DISCARD,
        summary=f"discarded the pairings of round {last.number} ({reported} result(s) with it)",
        before={
            "round": last.number,
            "seed": last.seed,
            "matches": [
                {
                    "table": m.table,
                    "players": list(m.players),
                    "wins": m.wins,
                    "draws": m.draws,
                }
                for m in last.matches
            ],
        },
    )
    _store(
        s,
        event_id=event_id,
        round_=round_,
        action=Action.ROUND_REPAIR,
        summary=f"paired round {round_.number} again (seed {round_.seed})",
    )
    return _shown(earlier, Done(round_))


def pairing_warnings(event: EventData, round_: Round) -> list[str]:
    """Rematches and second byes in `round_` given the rounds before it."""
    before = [r for r in event.rounds if r.number < round_.number]
    met: set[frozenset[PlayerId]] = set()
    had_bye: set[PlayerId] = set()
    for r in before:
        for m in r.matches:
            if m.is_bye:
                had_bye.add(m.players[0])
            for i, a in enumerate(m.players):
                for b in m.players[i + 1 :]:
                    met.add(frozenset((a, b)))
    names = {p.id: p.name for p in event.players}
    warnings = []
    for m in round_.matches:
        if m.is_bye and m.players[0] in had_bye:
            warnings.append(f"{names[m.players[0]]} gets a second bye")
        for i, a in enumerate(m.players):
            for b in m.players[i + 1 :]:
                if frozenset((a, b)) in met:
                    warnings.append(f"rematch at table {m.table}: {names[a]} and {names[b]}")
    return warnings


@write
def swap_players(s: Tx, *, event_id: int, player_a: str, player_b: str) -> Done[Round]:
    """Swap two players' seats in the latest round (their matches must have no result)."""
    event = load_event(s.db, event_id=event_id)
    if not event.rounds:
        raise RefusedError("there is no round to edit")
    last = event.rounds[-1]
    pa, pb = PlayerId(player_a), PlayerId(player_b)
    where = {p: m for m in last.matches for p in m.players}
    for p in (pa, pb):
        if p not in where:
            raise NotFoundError(f"{p} is not seated in round {last.number}")
        if where[p].wins is not None and not where[p].is_bye:
            raise RefusedError(f"{p}'s match in round {last.number} already has a result")
    if where[pa] is where[pb]:
        raise RefusedError(f"{pa} and {pb} already play each other")

    def swapped(m: Match) -> Match:
        players = tuple(pb if p == pa else pa if p == pb else p for p in m.players)
        return replace(m, players=players)

    new_round = replace(last, matches=tuple(swapped(m) for m in last.matches))
    warnings = pairing_warnings(event, new_round)
    players = registrations_repo.players(s, event_id=event_id)
    reg = {p.code: p.registration_id for p in players}
    row = rounds_repo.get_round(s, event_id=event_id, number=last.number)
    assert row is not None and row.id is not None
    rounds_repo.swap_seats(s, round_id=row.id, registration_a=reg[pa], registration_b=reg[pb])
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.PAIRING_SWAP,
        summary=f"round {last.number}: swapped {pa} and {pb}"
        + (f" ({'; '.join(warnings)})" if warnings else ""),
        before=[list(m.players) for m in last.matches],
        after=[list(m.players) for m in new_round.matches],
    )
    return Done(new_round, warnings=tuple(warnings))
