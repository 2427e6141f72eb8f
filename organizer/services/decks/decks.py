"""Deck submission in an event: check, store with a status, lock at round 1.

Statuses: missing, legal, illegal (stored so the TO can chase the player),
accepted (a judge let an illegal list stand, with the reason journaled), and
pool-not-registered (`POOL_NOT_REGISTERED`): a draft list that breaks no rule it
can be checked against, but whose player has no drafted pool registered, so it
is not known to be legal (issue 25; docs/rules.md "Skirmish Draft"). Registering
the pool checks the list again.
Once round 1 is paired the lists are locked: a change needs a judge's
override with a reason, also journaled.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from organizer.core.decklist import DeckList, parse_deck
from organizer.core.formats.catalog import format_info
from organizer.core.formats.report import LegalityReport
from organizer.services.decks.cardpools import has_pool, pool_for_game
from organizer.services.decks.deck_files import check_text as check_text
from organizer.services.decks.deck_files import unreadable as unreadable
from organizer.services.event.events import get_event
from organizer.services.kit.changes import Changes, Done
from organizer.services.kit.errors import RefusedError
from organizer.services.kit.write_lock import write
from organizer.services.players.registration import player_in_event
from organizer.storage import decks_repo, events_repo, journal_repo, registrations_repo
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action
from organizer.storage.records import PlayerRecord

POOL_NOT_REGISTERED = "pool-not-registered"
"""A draft list checked against everything but the drafted pool, which is not registered."""
CHECKED = ("legal", "illegal", POOL_NOT_REGISTERED)
"""Statuses the deck check decides (a judge's acceptance stands through a re-check)."""


def status_of(report: LegalityReport) -> str:
    """ "legal", "illegal" or, for a draft list with no drafted pool to check against,
    "pool-not-registered" (never "legal": the pool rule was not checked)."""
    if not report.legal:
        return "illegal"
    if "wc-draft-pool" in report.rule_ids("warning"):
        return POOL_NOT_REGISTERED
    return "legal"


@dataclass(frozen=True, slots=True)
class DeckStatus:
    registration_id: int
    code: str
    name: str
    dropped: bool
    status: str
    errors: int
    warnings: int
    reason: str | None

    @property
    def to_chase(self) -> bool:
        """A list the TO still has to chase before round 1: an active player's list that
        is missing, illegal or waiting for its drafted pool (the Decks tab's filter and
        `deck list --missing-or-illegal`)."""
        return self.status in TO_CHASE and not self.dropped


TO_CHASE = frozenset({"missing", "illegal", "pool-not-registered"})


@dataclass(frozen=True, slots=True)
class DeckOutcome:
    status: str
    deck: DeckList
    report: LegalityReport


def check_for_player(
    db: Database,
    *,
    event_id: int,
    registration_id: int,
    text: str,
    after_sideboarding: str | None = None,
) -> tuple[DeckList, LegalityReport]:
    """What submitting `text` would find, without storing anything; with
    `after_sideboarding`, also the deck as it stands now (Warcaste 1c; Castle Wars side deck)."""
    record = get_event(db, event_id)
    info = format_info(record.format_id)
    pool = pool_for_game(db, game=info.game)
    drafted = None
    if info.draft:
        with db.reading() as s:
            pool_text = decks_repo.text_of(s, registration_id=registration_id, kind="pool")
        drafted = parse_deck(pool_text) if pool_text is not None else None
    strict = record.settings.unknown_cards_are_errors
    return check_text(
        text,
        format_id=info.id,
        pool=pool,
        drafted=drafted,
        unknown_cards_are_errors=bool(strict),
        house_bans=record.settings.banned_cards,
        after_sideboarding=after_sideboarding,
    )


@write
def submit_deck(
    s: Tx,
    *,
    event_id: int,
    registration_id: int,
    text: str,
    accept_reason: str | None = None,
    override_reason: str | None = None,
    store_illegal: bool = False,
    source: str = "deck list",
    submitted_by: str | None = None,
    actor: str | None = None,
) -> Done[DeckOutcome]:
    """Check and store a player's list.

    Illegal lists are refused unless a judge accepts them (`accept_reason`) or
    the caller wants them kept as "illegal" for chasing (`store_illegal`).
    `submitted_by` is "player" for a list sent from the players' page (the TO's
    own entry clears it); `actor` is who the journal names (default: this station).
    """
    deck, report = check_for_player(
        s.db, event_id=event_id, registration_id=registration_id, text=text
    )
    if not deck.readable:
        raise unreadable(deck, source=source)
    if report.legal:
        status = status_of(report)
    elif accept_reason and accept_reason.strip():
        status = "accepted"
    elif store_illegal:
        status = "illegal"
    else:
        first = report.errors[0]
        more = f" (and {len(report.errors) - 1} more)" if len(report.errors) > 1 else ""
        raise RefusedError(f"the deck is illegal: {first.message}{more}")
    player = player_in_event(s, event_id=event_id, registration_id=registration_id)
    locked = events_repo.rounds_paired(s, event_id=event_id) > 0
    if locked and not (override_reason and override_reason.strip()):
        raise RefusedError(
            f"deck lists are locked since round 1 started; changing {player.name}'s list "
            "needs a judge's override with a reason"
        )
    before = decks_repo.get(s, registration_id=registration_id, kind="deck")
    decks_repo.save(
        s,
        registration_id=registration_id,
        kind="deck",
        text=text,
        status=status,
        findings=json.dumps([f.as_dict() for f in report.findings], ensure_ascii=False),
        accepted_reason=accept_reason if status == "accepted" else None,
        submitted_by=submitted_by,
    )
    summary = f"{player.name}: deck {status}"
    if status == "accepted":
        summary += f" despite {len(report.errors)} finding(s): {accept_reason}"
    if locked:
        summary += f" (judge override after round 1: {override_reason})"
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.DECK_OVERRIDE if locked else Action.DECK_SUBMIT,
        summary=summary,
        before=None if before is None else {"text": before.text, "status": before.status},
        after={"text": text, "status": status, "reason": accept_reason},
        actor=actor,
    )
    return Done(DeckOutcome(status, deck, report))


@write
def recheck_stored(s: Tx, *, event_id: int) -> Done[int]:
    """Check every stored list again (the event's bans changed): a legal list that breaks a
    rule now becomes illegal and the other way round; a judge's acceptance stands. Under the
    event's lock (joining the caller's write); the number of lists whose status changed.
    Journals nothing of its own (the caller journals why), so it names its change itself."""
    info = format_info(get_event(s.db, event_id).format_id)
    if not has_pool(s.db, game=info.game):
        return Done(0)
    changed = 0
    stored = decks_repo.by_event(s, event_id=event_id, kind="deck")
    for registration_id, row in stored.items():
        _, report = check_for_player(
            s.db, event_id=event_id, registration_id=registration_id, text=row.text
        )
        status = row.status
        if status in CHECKED:
            status = status_of(report)
        changed += status != row.status
        findings = json.dumps([f.as_dict() for f in report.findings], ensure_ascii=False)
        decks_repo.set_check(
            s, registration_id=registration_id, kind="deck", status=status, findings=findings
        )
    return Done(changed, Changes(decks=True))


def deck_statuses(db: Database, *, event_id: int) -> list[DeckStatus]:
    with db.reading() as s:
        players = registrations_repo.players(s, event_id=event_id)
        decks = decks_repo.by_event(s, event_id=event_id, kind="deck")
    return statuses_of(players, decks)


def statuses_of(players: Sequence[PlayerRecord], decks: Mapping[int, Any]) -> list[DeckStatus]:
    """Each player's `DeckStatus` from their registration and stored list rows."""
    out = []
    for p in players:
        row = decks.get(p.registration_id)
        findings = json.loads(row.findings) if row else []
        out.append(
            DeckStatus(
                registration_id=p.registration_id,
                code=p.code,
                name=p.name,
                dropped=p.dropped,
                status=row.status if row else "missing",
                errors=sum(1 for f in findings if f["severity"] == "error"),
                warnings=sum(1 for f in findings if f["severity"] != "error"),
                reason=row.accepted_reason if row else None,
            )
        )
    return out


def deck_text(db: Database, *, registration_id: int) -> str | None:
    with db.reading() as s:
        return decks_repo.text_of(s, registration_id=registration_id, kind="deck")


def lists_locked(db: Database, *, event_id: int) -> bool:
    """Whether round 1 is paired, so a change to a list needs a judge's override."""
    with db.reading() as s:
        return events_repo.rounds_paired(s, event_id=event_id) > 0


@write
def register_drafted_pool(s: Tx, *, event_id: int, registration_id: int, text: str) -> Done[None]:
    """Keep the cards a player drafted, so the Draft deck check can verify the deck."""
    pool = parse_deck(text)
    if not pool.readable:
        raise unreadable(pool, source="drafted pool")
    player = player_in_event(s, event_id=event_id, registration_id=registration_id)
    decks_repo.save(
        s,
        registration_id=registration_id,
        kind="pool",
        text=text,
        status="registered",
        findings="[]",
        accepted_reason=None,
    )
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.POOL_REGISTER,
        summary=f"{player.name}: drafted pool of {pool.count()} cards registered",
    )
    deck = decks_repo.get(s, registration_id=registration_id, kind="deck")
    if deck is not None and deck.status in CHECKED:  # the list is checked against the pool now
        _recheck_player(s, event_id=event_id, registration_id=registration_id)
    return Done(None)


def _recheck_player(s: Tx, *, event_id: int, registration_id: int) -> str | None:
    """Check one player's stored list again (their drafted pool changed), inside the write
    that changed the pool; its new status."""
    info = format_info(get_event(s.db, event_id).format_id)
    if not has_pool(s.db, game=info.game):
        return None
    row = decks_repo.get(s, registration_id=registration_id, kind="deck")
    if row is None:
        return None
    _, report = check_for_player(
        s.db, event_id=event_id, registration_id=registration_id, text=row.text
    )
    status = status_of(report) if row.status in CHECKED else row.status
    findings = json.dumps([f.as_dict() for f in report.findings], ensure_ascii=False)
    decks_repo.set_check(
        s, registration_id=registration_id, kind="deck", status=status, findings=findings
    )
    return status
