"""Penalties and the judge log: give one, take a wrong one back, read the log.

A Game Loss or Match Loss changes the player's match through the result rules
(`results.write_two_player_result`, journaled as a result or a correction), a
Disqualification drops the player (journaled); each penalty is one locked
transaction with its own journal entry. What each penalty does is applied by
`services.penalty_effects`; what it does at a table with or without a result,
at a bye and at a Conquest table is decided in docs/rules.md, "Penalties and
the judge log"; the score arithmetic is in `core.penalties`. Never shown on
the players' page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from organizer.core import penalties as rules
from organizer.core.input_bounds import text_problem
from organizer.core.views.times import time_of_day
from organizer.printing.penalty_report import PenaltyLine, PenaltyReportView
from organizer.printing.views import Heading
from organizer.services.event.events import get_event
from organizer.services.judging import penalty_effects as effects
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import InputError, NotFoundError, RefusedError
from organizer.services.kit.write_lock import write
from organizer.storage import (
    events_repo,
    journal_repo,
    penalties_repo,
    registrations_repo,
    rounds_repo,
)
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action, station
from organizer.storage.penalties_repo import PenaltyRecord


@dataclass(frozen=True, slots=True)
class LogLine:
    """One penalty of the judge log, with what it did and whether it is an upgrade."""

    record: PenaltyRecord
    warnings_before: int
    """Warnings of the same kind the player had before this one (a Warning: > 0 is an upgrade)."""

    @property
    def upgrade(self) -> bool:
        return self.record.penalty == rules.WARNING and self.warnings_before > 0

    @property
    def upgrade_text(self) -> str:
        if not self.upgrade:
            return ""
        return f"{rules.ordinal(self.warnings_before + 1)} Warning for {self.record.category}"

    @property
    def effect_text(self) -> str:
        return effect_text(self.record.effect)

    @property
    def details_text(self) -> str:
        """Note, effect, upgrade and removal as the printed report words them
        (`core.penalties.penalty_details`)."""
        r = self.record
        return rules.penalty_details(
            note=r.note,
            effect=self.effect_text,
            upgrade=self.upgrade_text,
            removed=r.removed_reason if r.removed else None,
        )

    def as_dict(self) -> dict[str, Any]:
        """One entry of `penalty list --json`."""
        r = self.record
        return {
            "id": r.id,
            "player": {"id": r.code, "name": r.name},
            "round": r.round_number,
            "table": r.table,
            "category": r.category,
            "penalty": r.penalty,
            "note": r.note,
            "judge": r.judge,
            "given_at": r.given_at.isoformat(timespec="seconds"),
            "effect": self.effect_text,
            "upgrade": self.upgrade,
            "removed": r.removed,
            "removed_reason": r.removed_reason,
        }


def effect_text(effect: dict[str, Any]) -> str:
    """What a penalty did, in a few words ("table 3: 2-1 -> 1-2", "dropped after round 2")."""
    parts: list[str] = []
    table = effect.get("table")
    if effect.get("pending"):
        parts.append(f"a game lost at table {table}: its slip counts it")
    elif effect.get("after") is not None:
        before = effect.get("before")
        change = f"{before} -> {effect['after']}" if before else f"recorded {effect['after']}"
        parts.append(f"table {table}: {change}")
    elif effect.get("unchanged"):
        parts.append(f"table {table}: {effect['unchanged']}")
    if effect.get("dropped_after") is not None:
        parts.append(f"dropped after round {effect['dropped_after']}")
    return "; ".join(parts)


def categories(db: Database, *, event_id: int) -> tuple[str, ...]:
    with db.reading() as s:
        row = events_repo.get_row(s, event_id)
        if row is None:
            raise NotFoundError(f"there is no event {event_id}")
        return events_repo.settings_of(row).penalty_categories


def log(db: Database, *, event_id: int, include_removed: bool = False) -> list[LogLine]:
    """The judge log in the order given, each line with the Warnings of its kind before it."""
    with db.reading() as s:
        if events_repo.get_row(s, event_id) is None:
            raise NotFoundError(f"there is no event {event_id}")
        records = penalties_repo.of_event(s, event_id=event_id)
    standing = [r for r in records if not r.removed]
    flags = rules.upgrade_flags([_given(r) for r in standing])
    before = {r.id: n for r, n in zip(standing, flags, strict=True)}
    return [LogLine(r, before.get(r.id, 0)) for r in records if include_removed or not r.removed]


def history(db: Database, *, event_id: int, code: str) -> list[LogLine]:
    """One player's penalties (removed ones too, marked), oldest first."""
    with db.reading() as s:
        if registrations_repo.find_by_code(s, event_id=event_id, code=code) is None:
            raise NotFoundError(f"no player with id {code!r} in event {event_id}")
    return [line for line in log(db, event_id=event_id, include_removed=True)
            if line.record.code == code]  # fmt: skip


def _given(r: PenaltyRecord) -> rules.Given:
    return rules.Given(r.code, r.category, r.penalty)


@write
def add_penalty(
    s: Tx,
    *,
    event_id: int,
    player: str,
    category: str,
    penalty: str,
    round_number: int | None = None,
    table: int | None = None,
    note: str = "",
    judge: str = "",
) -> Done[LogLine]:
    """Record a penalty given to `player` (their id in the event) and apply what it does.

    The round defaults to the latest; the table to the player's own in that round
    (a table given must be theirs). A Game Loss or Match Loss needs the player's
    match; a Disqualification drops the player after the latest round paired.
    """
    try:
        named = rules.penalty_named(penalty)
    except rules.PenaltyError as exc:
        raise InputError(str(exc)) from None
    for what, text in (("the note", note), ("the judge's name", judge)):
        problem = text_problem(what, text)
        if problem is not None:
            raise InputError(problem)
    warnings: list[str] = []
    event = events_repo.get_row(s, event_id)
    assert event is not None
    try:
        kind = rules.category_named(category, events_repo.settings_of(event).penalty_categories)
    except rules.PenaltyError as exc:
        raise InputError(f"{exc} (setting penalty_categories)") from None
    who = registrations_repo.find_by_code(s, event_id=event_id, code=player)
    if who is None:
        raise NotFoundError(f"no player with id {player!r} in event {event_id}")
    round_row = rounds_repo.round_or_latest(s, event_id=event_id, number=round_number)
    if round_number is not None and round_row is None:
        raise RefusedError(f"there is no round {round_number}")
    match = None
    if round_row is not None and round_row.id is not None:
        match = rounds_repo.match_of_player(
            s, round_id=round_row.id, registration_id=who.registration_id
        )
    number = round_row.number if round_row is not None else None
    if table is not None and (match is None or match.table_no != table):
        where = (
            f"sits at table {match.table_no}"
            if match is not None and match.table_no is not None
            else "has a bye"
            if match is not None
            else "has no match"
        )
        raise InputError(f"{who.name} {where} in round {number}, not at table {table}")
    effect: dict[str, Any] = {}
    if match is not None:
        effect = {"round": number, "table": match.table_no}
    if named in rules.LOSSES:
        if match is None or number is None:
            raise RefusedError(
                f"a {named} counts in a match, and {who.name} has no match"
                + (f" in round {number}" if number is not None else " yet")
            )
        effect |= effects.lose(s, event_id, number, match, who, named, warnings)
    elif named == rules.DISQUALIFICATION:
        effect |= effects.disqualify(s, event_id, number, match, who, warnings)
    if named == rules.WARNING:
        earlier = rules.earlier_warnings(
            [_given(r) for r in penalties_repo.of_event(s, event_id=event_id)
             if not r.removed],
            rules.Given(who.code, kind, named),
        )  # fmt: skip
        if earlier:
            warnings.append(
                f"{who.name} already has {earlier} Warning(s) for {kind}: this "
                f"{rules.ordinal(earlier + 1)} one is an upgrade (common practice "
                "gives a Game Loss instead; see docs/rules.md)"
            )
    penalty_id = penalties_repo.insert(
        s,
        event_id=event_id,
        registration_id=who.registration_id,
        round_number=number,
        table=match.table_no if match is not None else None,
        category=kind,
        penalty=named,
        note=note.strip(),
        judge=" ".join(judge.split()),
        given_by=station(),
        effect=effect,
    )
    said = effect_text(effect)
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.PENALTY_ADD,
        summary=f"{named} for {who.name} ({kind})"
        + (f", round {number}" if number is not None else "")
        + (f": {said}" if said else ""),
        after={"penalty": penalty_id, "player": who.code, "effect": effect},
    )
    line = next(x for x in log(s.db, event_id=event_id) if x.record.id == penalty_id)
    return Done(line, warnings=tuple(warnings))


@write
def remove_penalty(
    s: Tx, *, event_id: int, penalty_id: int, reason: str = ""
) -> Done[PenaltyRecord]:
    """Take back a penalty entered by mistake: it stays on the log, marked removed.

    What it did is undone when nothing changed it since: a score it wrote goes back
    to what it was (journaled as a correction), a drop it made is taken back.
    """
    warnings: list[str] = []
    found = penalties_repo.get(s, event_id=event_id, penalty_id=penalty_id)
    if found is None:
        raise NotFoundError(f"there is no penalty {penalty_id} in event {event_id}")
    if found.removed:
        raise RefusedError(f"penalty {penalty_id} was already removed ({found.removed_reason})")
    effect = found.effect
    if effect.get("after") is not None:
        effects.restore_score(s, event_id, found, warnings)
    if effect.get("dropped_after") is not None:
        effects.restore_drop(s, event_id, found, warnings)
    reason = " ".join(reason.split()) or "entered by mistake"
    penalties_repo.mark_removed(s, penalty_id=penalty_id, reason=reason)
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.PENALTY_REMOVE,
        summary=f"removed the {found.penalty} for {found.name} ({found.category}): {reason}",
        before={"penalty": penalty_id, "effect": effect},
    )
    removed = penalties_repo.get(s, event_id=event_id, penalty_id=penalty_id)
    assert removed is not None
    return Done(removed, warnings=tuple(warnings))


def report_view(db: Database, *, event_id: int) -> PenaltyReportView:
    """The printed penalty report: every penalty, removed ones struck through."""
    record = get_event(db, event_id)
    lines = tuple(
        PenaltyLine(
            given_at=time_of_day(line.record.given_at),
            round=line.record.round_number,
            table=line.record.table,
            player=f"{line.record.name} ({line.record.code})",
            category=line.record.category,
            penalty=line.record.penalty,
            judge=line.record.judge,
            note=line.record.note,
            effect=line.effect_text,
            upgrade=line.upgrade_text,
            removed=line.record.removed_reason if line.record.removed else None,
        )
        for line in log(db, event_id=event_id, include_removed=True)
    )
    return PenaltyReportView(Heading(record.name, record.date), lines)
