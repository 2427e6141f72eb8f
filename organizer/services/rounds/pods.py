"""Draft pods: seating, swaps, a day-2 draft by standings, and the draft timer.

The seating is stored with its seed, so it can be shown how it was made and
made again. The round after a draft is paired across the pods' tables (see
`pairing.pair_next`); with the event setting `pods_keep_rounds` every later
round is paired inside the pods too.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from dataclasses import dataclass, replace

from organizer.core.clock import round_clock as rc
from organizer.core.event import EventData, PlayerId, Round
from organizer.core.formats.catalog import format_or_unknown
from organizer.core.formats.event_rules import FormatRuleError, check_pod_size, check_pods
from organizer.core.seating import pods as core_pods
from organizer.core.seating.pod_rounds import only_active, pair_inside_pods
from organizer.services.event.events import get_event
from organizer.services.event.interchange import load_event
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import InputError, NotFoundError, RefusedError, refused_on
from organizer.services.kit.seeds import new_seed
from organizer.services.kit.write_lock import write
from organizer.services.rounds.standings import standings_of
from organizer.storage import journal_repo, seating_repo
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action
from organizer.storage.records import EventRecord


@dataclass(frozen=True, slots=True)
class PodsView:
    seating: core_pods.Seating
    draft: int
    after_round: int
    explanation: str
    names: dict[str, str]


def _draft_event(db: Database, event_id: int) -> EventRecord:
    """The event, if its pods may be seated: a draft format, pods of up to 8 (event_rules)."""
    record = get_event(db, event_id)
    with refused_on(FormatRuleError):
        check_pods(format_or_unknown(record.format_id))
        check_pod_size(record.settings.pod_size)
    return record


def _active(event: EventData) -> list[PlayerId]:
    after = len(event.rounds)
    return [p.id for p in event.players if p.active_in(after + 1)]


def _store(
    s: Tx,
    *,
    event_id: int,
    draft: int,
    after_round: int,
    seating: core_pods.Seating,
    summary: str,
) -> None:
    seating_repo.save(s, event_id=event_id, draft=draft, after_round=after_round, seating=seating)
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.PODS_SEAT,
        summary=summary,
        after=core_pods.pods_to_dict(seating),
    )


@write
def seat(
    s: Tx,
    *,
    event_id: int,
    seed: int | None = None,
    pinned: Mapping[str, tuple[int, int]] | None = None,
) -> Done[core_pods.Seating]:
    """Seat the draft before round 1 (again, if nothing is paired yet)."""
    record = _draft_event(s.db, event_id)
    event = load_event(s.db, event_id=event_id)
    if event.rounds:
        raise RefusedError("round 1 is paired: seat a second draft by standings instead")
    players = _active(event)
    if len(players) < 2:
        raise RefusedError("register at least 2 players before seating the draft")
    seed = new_seed() if seed is None else seed
    try:
        seating = core_pods.seat_pods(
            players,
            seed=seed,
            max_size=record.settings.pod_size,
            pinned={PlayerId(k): v for k, v in (pinned or {}).items()},
        )
    except core_pods.PodError as exc:
        raise InputError(str(exc)) from None
    _store(
        s,
        event_id=event_id,
        draft=1,
        after_round=0,
        seating=seating,
        summary=f"seated {len(players)} players in {len(seating.pods)} pod(s) (seed {seed})",
    )
    return Done(seating)


@write
def seat_by_standings(s: Tx, *, event_id: int, seed: int | None = None) -> Done[core_pods.Seating]:
    """A second draft (day 2): pods filled in standings order, the top 8 together."""
    record = _draft_event(s.db, event_id)
    event = load_event(s.db, event_id=event_id)
    if not event.rounds or not event.rounds[-1].complete:
        raise RefusedError("finish the current round before seating the next draft")
    active = set(_active(event))
    ranked = [r.player for r in standings_of(event, record.settings) if r.player in active]
    seed = new_seed() if seed is None else seed
    seating = core_pods.pods_by_standings(ranked, seed=seed, max_size=record.settings.pod_size)
    previous = seating_repo.latest(s, event_id=event_id)
    draft = (previous.draft + 1) if previous else 1
    _store(
        s,
        event_id=event_id,
        draft=draft,
        after_round=len(event.rounds),
        seating=seating,
        summary=f"draft {draft}: seated by standings (seed {seed})",
    )
    return Done(seating)


def view(db: Database, *, event_id: int) -> PodsView | None:
    record = get_event(db, event_id)
    with db.reading() as s:
        stored = seating_repo.latest_seating(s, event_id=event_id)
    if stored is None:
        return None
    event = load_event(db, event_id=event_id)
    explanation = core_pods.explain_seating(stored.seating, record.settings.pod_size)
    names: dict[str, str] = {p.id: p.name for p in event.players}
    return PodsView(stored.seating, stored.draft, stored.after_round, explanation, names)


@write
def swap(s: Tx, *, event_id: int, player_a: str, player_b: str) -> Done[None]:
    current_view = view(s.db, event_id=event_id)
    if current_view is None:
        raise RefusedError("no pods are seated yet")
    event = load_event(s.db, event_id=event_id)
    if len(event.rounds) > current_view.after_round:
        raise RefusedError("the round after this draft is paired: seats can no longer change")
    try:
        swapped = core_pods.swap_seats(current_view.seating, PlayerId(player_a), PlayerId(player_b))
    except (core_pods.PodError, KeyError) as exc:
        raise NotFoundError(f"cannot swap {player_a} and {player_b}: {exc}") from None
    _store(
        s,
        event_id=event_id,
        draft=current_view.draft,
        after_round=current_view.after_round,
        seating=swapped,
        summary=f"draft {current_view.draft}: swapped seats of {player_a} and {player_b}",
    )
    return Done(None)


def round_in_pods(db: Database, *, event_id: int, event: EventData, seed: int) -> Round | None:
    """The next round if the pods decide it: the first round after a draft is paired
    across each pod's table; later rounds stay inside the pods when the event says so."""
    pods_view = view(db, event_id=event_id)
    if pods_view is None:
        return None
    number = len(event.rounds) + 1
    active = set(_active(event))
    seating = only_active(pods_view.seating, active)
    if number == pods_view.after_round + 1:
        byes = [p.id for p in event.players if p.awarded_byes >= number and p.id in active]
        return core_pods.first_round_in_pods(
            seating, seed=seed, round_number=number, awarded_byes=byes
        )
    if get_event(db, event_id).settings.pods_keep_rounds:
        return pair_inside_pods(event, seating, seed=seed)
    return None


@dataclass(frozen=True, slots=True)
class _Timer:
    """The draft timer kept with the latest seating: its facts and label ("draft" ...)."""

    row_id: int
    facts: rc.ClockFacts | None
    label: str | None


def _timer(db: Database, event_id: int) -> _Timer:
    with db.reading() as s:
        row = seating_repo.latest(s, event_id=event_id)
    if row is None or row.id is None:
        raise RefusedError("seat the draft pods before starting the draft timer")
    if not row.timer:
        return _Timer(row.id, None, None)
    stored = json.loads(row.timer)
    return _Timer(row.id, rc.facts_from_dict(stored["facts"]), stored.get("label"))


def _save_timer(s: Tx, event_id: int, timer: _Timer, summary: str) -> Done[None]:
    assert timer.facts is not None
    stored = {"label": timer.label, "facts": rc.facts_to_dict(timer.facts)}
    seating_repo.save_timer(s, row_id=timer.row_id, timer=json.dumps(stored))
    journal_repo.append(s, event_id=event_id, action=Action.PODS_TIMER, summary=summary)
    return Done(None)


@write
def timer_start(
    s: Tx,
    *,
    event_id: int,
    minutes: int,
    label: str = "draft",
    now: dt.datetime | None = None,
) -> Done[None]:
    """Start a timer for the draft or for deck building (a new one replaces the old)."""
    if not 1 <= minutes <= 180:
        raise InputError(f"a draft timer runs 1 to 180 minutes, not {minutes}")
    facts = rc.start(
        rc.ClockFacts(length_s=minutes * 60, end_of_round="extra_turns", extra_turns=0),
        now or dt.datetime.now(dt.UTC),
    )
    started = replace(_timer(s.db, event_id), facts=facts, label=label)
    return _save_timer(s, event_id, started, f"{label} timer started: {minutes} minutes")


@write
def timer_pause(s: Tx, *, event_id: int, now: dt.datetime | None = None) -> Done[None]:
    """Pause the running timer, or resume a paused one."""
    timer = _timer(s.db, event_id)
    facts = timer.facts
    if facts is None:
        raise RefusedError("the draft timer has not started")
    with refused_on(rc.ClockError):
        changed = (rc.resume if facts.paused else rc.pause)(facts, now or dt.datetime.now(dt.UTC))
    verb = "resumed" if facts.paused else "paused"
    summary = f"{timer.label or 'draft'} timer {verb}"
    return _save_timer(s, event_id, replace(timer, facts=changed), summary)


def timer_status(
    db: Database, *, event_id: int, now: dt.datetime | None = None
) -> rc.ClockView | None:
    facts = _timer(db, event_id).facts
    if facts is None:
        return None
    return rc.clock_view(facts, now or dt.datetime.now(dt.UTC))


def timer_label(db: Database, *, event_id: int) -> str | None:
    """Which timer runs: "draft" or "deck building" (None before one starts)."""
    return _timer(db, event_id).label
