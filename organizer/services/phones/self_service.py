"""What a signed-in player does on the players' page: their list, their result, their drop.

Every act goes through the same services and the same event write lock as the
GUI (`decks.submit_deck`, `results.write_two_player_result`,
`results.record_table_result`, `registration.set_dropped`), so every station
sees it live, and the TO keeps the last word:

- a list is checked by the same core checker as the Decks tab and stored as
  sent (legal or illegal, "submitted by the player"); it can be changed until
  the event's `deck_deadline` (round 1 paired, or a time of day) unless the TO
  locked it;
- a result is reported by each player of the table (`self_report`, off by
  default): when every seat's report agrees it is stored as "reported by the
  players"; when they disagree nothing is stored and the table is flagged for
  the TO; a result already entered (by a TO or judge) is never overwritten,
  and a Warcaste table that went to sudden death is the judge's;
- a drop takes effect after the latest paired round, before the next is
  paired.

A player acts only on their own registration and their own table: every call
takes the signed-in registration, never an id from the request.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from typing import Any

from organizer.core.formats.catalog import format_or_unknown
from organizer.core.results import ResultError, Score, check_score, parse_score
from organizer.services.decks import decks
from organizer.services.decks.deck_gate import takes_lists
from organizer.services.event.events import get_event
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import InputError, RefusedError
from organizer.services.kit.write_lock import write
from organizer.services.players import door, registration
from organizer.services.rounds import results
from organizer.storage import (
    decks_repo,
    events_repo,
    journal_repo,
    registrations_repo,
    reports_repo,
    rounds_repo,
)
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action
from organizer.storage.records import EventRecord, PlayerRecord

BY_PLAYERS = "the players"
"""What a match agreed by its players says entered it (`match.reported_by`)."""
ROUND_1 = "round 1"


class ForbiddenError(RefusedError):
    """Not the player's to do: self-service off, past the deadline, the judge's table."""


@dataclass(frozen=True, slots=True)
class MyDeck:
    status: str
    findings: tuple[dict[str, Any], ...]
    submitted_at: dt.datetime | None
    by_player: bool
    locked: bool
    text: str


@dataclass(frozen=True, slots=True)
class MyTable:
    round: int
    table: int | None
    """None for a bye."""
    opponents: tuple[tuple[str, str], ...]
    """(id, name) of everyone else at the table."""
    result: str | None
    """The stored result in the player's words ("won 2-1"), None before one."""
    by_players: bool
    my_report: str | None
    flagged: bool
    judge_only: bool
    multiplayer: bool
    seat_codes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Me:
    code: str
    name: str
    dropped_after_round: int | None
    event_name: str
    format_title: str
    takes_lists: bool
    deck: MyDeck | None
    deck_open: bool
    deck_closed_why: str
    deadline: str
    table: MyTable | None
    self_report: bool
    can_drop: bool
    rounds_paired: int
    checked_in: bool = False
    can_check_in: bool = False
    """Setting `self_checkin`, before round 1, not checked in yet, holding a place."""
    waiting: int | None = None
    """The player's place on the waiting list of a full event; None: in the event."""

    def as_json(self) -> dict[str, Any]:
        deck = None
        if self.deck is not None:
            deck = {
                "status": self.deck.status,
                "findings": list(self.deck.findings),
                "submitted_at": self.deck.submitted_at.isoformat()
                if self.deck.submitted_at
                else None,
                "submitted_by_player": self.deck.by_player,
                "locked": self.deck.locked,
            }
        table = None
        if self.table is not None:
            t = self.table
            table = {
                "round": t.round,
                "table": t.table,
                "opponents": [{"id": c, "name": n} for c, n in t.opponents],
                "result": t.result,
                "reported_by_players": t.by_players,
                "my_report": t.my_report,
                "flagged": t.flagged,
                "judge_only": t.judge_only,
            }
        return {
            "player": {"id": self.code, "name": self.name},
            "dropped_after_round": self.dropped_after_round,
            "event": {"name": self.event_name, "format": self.format_title},
            "deck": deck,
            "deck_open": self.deck_open,
            "deck_closed_why": self.deck_closed_why or None,
            "deadline": self.deadline,
            "table": table,
            "self_report": self.self_report,
            "can_drop": self.can_drop,
            "checked_in": self.checked_in,
            "can_check_in": self.can_check_in,
            "waiting": self.waiting,
        }


def actor(player: PlayerRecord) -> str:
    return f"{player.name} ({player.code}) on the players' page"


# --- reading ----------------------------------------------------------------------


def me(db: Database, *, event_id: int, registration_id: int, now: dt.datetime) -> Me:
    """Everything the player's own page shows."""
    record = get_event(db, event_id)
    lists = takes_lists(db, event_id=event_id)
    with db.reading() as s:
        player = registrations_repo.get(s, registration_id=registration_id)
        assert player is not None
        paired = events_repo.rounds_paired(s, event_id=event_id)
        row = decks_repo.get(s, registration_id=registration_id, kind="deck") if lists else None
        deck = (
            MyDeck(
                status=row.status,
                findings=tuple(json.loads(row.findings)),
                submitted_at=row.submitted_at,
                by_player=row.submitted_by == "player",
                locked=row.locked,
                text=row.text,
            )
            if row is not None
            else None
        )
        table = _my_table(s, event_id, registration_id)
    why = _deck_closed_why(record, lists, paired, deck is not None and deck.locked, now)
    return Me(
        code=player.code,
        name=player.name,
        dropped_after_round=player.dropped_after_round,
        event_name=record.name,
        format_title=format_or_unknown(record.format_id).title or record.format_id,
        takes_lists=lists,
        deck=deck,
        deck_open=lists and not why,
        deck_closed_why=why,
        deadline=_deadline_words(record),
        table=table,
        self_report=record.settings.self_report,
        can_drop=not player.dropped and _any_on(record, lists),
        rounds_paired=paired,
        checked_in=player.checked_in,
        can_check_in=_check_in_closed_why(record, player, paired) is None,
        waiting=player.waiting,
    )


def _check_in_closed_why(record: EventRecord, player: PlayerRecord, paired: int) -> str | None:
    """Why the player cannot check in from the page now, or None when they can."""
    if not record.settings.self_checkin:
        return "checking in is done at the counter in this event"
    if paired:
        return "round 1 is paired: see the organizer"
    if player.dropped:
        return "you have dropped"
    if player.waiting is not None:
        return f"you are number {player.waiting} on the waiting list: the organizer calls you in"
    if player.checked_in:
        return "you are checked in already"
    return None


def _any_on(record: EventRecord, lists: bool) -> bool:
    return record.settings.self_report or (lists and record.settings.self_decks)


def _deadline_words(record: EventRecord) -> str:
    value = record.settings.deck_deadline
    return "until round 1 is paired" if value == ROUND_1 else f"until {value} (or round 1)"


def deadline_at(record: EventRecord, now: dt.datetime) -> dt.datetime | None:
    """The time of day the lists close, on the event's day, as an aware time; None: round 1."""
    value = record.settings.deck_deadline
    if value == ROUND_1:
        return None
    hours, minutes = (int(v) for v in value.split(":"))
    local_now = now.astimezone()
    day = record.date or local_now.date()
    return dt.datetime.combine(day, dt.time(hours, minutes), tzinfo=local_now.tzinfo)


def _deck_closed_why(
    record: EventRecord, lists: bool, paired: int, locked: bool, now: dt.datetime
) -> str:
    if not lists:
        return "this event takes no deck lists"
    if not record.settings.self_decks:
        return "deck lists are handed to the organizer in this event"
    if paired:
        return "round 1 is paired: lists are closed (ask a judge for a change)"
    closes = deadline_at(record, now)
    if closes is not None and now >= closes:
        return f"lists closed at {record.settings.deck_deadline} (ask a judge for a change)"
    if locked:
        return "the organizer has locked your list (ask a judge for a change)"
    return ""


def _my_table(s: Tx, event_id: int, registration_id: int) -> MyTable | None:
    round_row = rounds_repo.latest_round(s, event_id=event_id)
    if round_row is None or round_row.id is None:
        return None
    match = rounds_repo.match_of_player(s, round_id=round_row.id, registration_id=registration_id)
    if match is None:
        return None
    assert match.id is not None
    seats = rounds_repo.seats_of(s, match_id=match.id)
    people = {
        x.registration_id: registrations_repo.get(s, registration_id=x.registration_id)
        for x in seats
    }
    codes = tuple(p.code for p in people.values() if p is not None)
    reports = reports_repo.of_match(s, match_id=match.id)
    mine = reports.get(registration_id)
    return MyTable(
        round=round_row.number,
        table=match.table_no,
        opponents=tuple(
            (p.code, p.name)
            for rid, p in people.items()
            if p is not None and rid != registration_id
        ),
        result=_result_words(match, seats, registration_id, people)
        if match.status == "reported"
        else None,
        by_players=match.reported_by == BY_PLAYERS,
        my_report=_report_words(mine, seats, registration_id, people) if mine else None,
        flagged=match.status == "pending" and _disagree(reports, seats),
        judge_only="sudden_death" in json.loads(match.extra or "{}"),
        multiplayer=len(seats) > 2,
        seat_codes=codes,
    )


def _disagree(reports: dict[int, str], seats: list[Any]) -> bool:
    return len(reports) == len(seats) and len(set(reports.values())) > 1


def _result_words(match: Any, seats: list[Any], me_id: int, people: dict[int, Any]) -> str:
    if match.status == "bye" or len(seats) == 1:
        return "bye"
    if len(seats) > 2:
        winner = people.get(match.winner_registration_id or -1)
        if winner is None:
            return "draw"
        return "you won" if winner.registration_id == me_id else f"{winner.name} won"
    mine = next(x for x in seats if x.registration_id == me_id)
    theirs = next(x for x in seats if x.registration_id != me_id)
    a, b, d = mine.game_wins or 0, theirs.game_wins or 0, mine.game_draws or 0
    verb = "won" if a > b else "lost" if b > a else "drew"
    return f"{verb} {a}-{b}" + (f"-{d}" if d else "")


def _report_words(report: str, seats: list[Any], me_id: int, people: dict[int, Any]) -> str:
    doc = json.loads(report)
    if "winner" in doc:
        if doc["winner"] is None:
            return "a draw"
        found = next(
            (p for p in people.values() if p is not None and p.code == doc["winner"]), None
        )
        return f"{found.name if found else doc['winner']} won"
    wins, draws = doc["wins"], doc["draws"]
    first = seats[0].registration_id == me_id
    a, b = (wins[0], wins[1]) if first else (wins[1], wins[0])
    return f"{a}-{b}" + (f"-{draws}" if draws else "") + " (your games first)"


# --- deck list --------------------------------------------------------------------


@write
def submit_list(
    s: Tx, *, event_id: int, player: PlayerRecord, text: str, now: dt.datetime
) -> Done[decks.DeckOutcome]:
    """Check and keep the player's list as sent (legal or illegal), while lists are open."""
    record = get_event(s.db, event_id)
    lists = takes_lists(s.db, event_id=event_id)
    paired = events_repo.rounds_paired(s, event_id=event_id)
    row = decks_repo.get(s, registration_id=player.registration_id, kind="deck")
    why = _deck_closed_why(record, lists, paired, row is not None and row.locked, now)
    if why:
        raise ForbiddenError(why)
    return decks.submit_deck(
        s.db,
        event_id=event_id,
        registration_id=player.registration_id,
        text=text,
        store_illegal=True,
        source="your list",
        submitted_by="player",
        actor=actor(player),
    )


def check_list(
    db: Database, *, event_id: int, player: PlayerRecord, text: str
) -> decks.DeckOutcome:
    """What the list would get, stored nowhere (the live check)."""
    deck, report = decks.check_for_player(
        db, event_id=event_id, registration_id=player.registration_id, text=text
    )
    if not deck.readable:
        raise decks.unreadable(deck, source="your list")
    return decks.DeckOutcome("legal" if report.legal else "illegal", deck, report)


# --- results ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReportOutcome:
    state: str
    """"waiting" (not every seat has reported), "stored" (all agreed), "disagree"."""
    round: int
    table: int


def _table_order(
    seats: list[Any],
    me_id: int,
    *,
    result: str | None,
    winner: str | None,
    draw: bool,
    codes: dict[int, str],
) -> dict[str, Any]:
    if len(seats) > 2:
        if draw:
            return {"winner": None}
        if winner is None or winner not in codes.values():
            raise InputError("name the table's winner (a player id at your table) or a draw")
        return {"winner": winner}
    if result is None:
        raise InputError('give the result as your games first: "2-1" means you won two')
    try:
        score = parse_score(result.strip())
    except ResultError as exc:
        raise InputError(str(exc)) from None
    first = seats[0].registration_id == me_id
    wins = [score.a_wins, score.b_wins] if first else [score.b_wins, score.a_wins]
    return {"wins": wins, "draws": score.draws}


@write
def report_result(
    s: Tx,
    *,
    event_id: int,
    player: PlayerRecord,
    result: str | None = None,
    winner: str | None = None,
    draw: bool = False,
) -> Done[ReportOutcome]:
    """The player's report of their table in the latest round; stored once every seat agrees."""
    record = get_event(s.db, event_id)
    if not record.settings.self_report:
        raise ForbiddenError("results are entered by the organizer in this event")
    round_row = rounds_repo.latest_round(s, event_id=event_id)
    if round_row is None or round_row.id is None:
        raise RefusedError("no round is paired yet")
    match = rounds_repo.match_of_player(
        s, round_id=round_row.id, registration_id=player.registration_id
    )
    if match is None:
        raise RefusedError(f"you have no table in round {round_row.number}")
    assert match.id is not None
    seats = rounds_repo.seats_of(s, match_id=match.id)
    if match.status == "bye" or len(seats) < 2:
        raise RefusedError("you have a bye this round: there is nothing to report")
    table = match.table_no or 0
    if match.status == "reported":
        by = "the players" if match.reported_by == BY_PLAYERS else "the organizer"
        raise RefusedError(
            f"table {table} already has its result, entered by {by}; ask a judge to change it"
        )
    if "sudden_death" in json.loads(match.extra or "{}"):
        raise ForbiddenError(f"table {table} went to sudden death: a judge enters its result")
    codes = {
        x.registration_id: registrations_repo.get(s, registration_id=x.registration_id).code  # type: ignore[union-attr]
        for x in seats
    }
    doc = _table_order(
        seats, player.registration_id, result=result, winner=winner, draw=draw, codes=codes
    )
    if "wins" in doc:
        _check(record, round_row.stage, doc, table)
    report = json.dumps(doc, sort_keys=True)
    reports_repo.save(s, match_id=match.id, registration_id=player.registration_id, report=report)
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.RESULT_PLAYER_REPORT,
        summary=f"round {round_row.number} table {table}: {player.name} reported "
        + _report_words(report, seats, player.registration_id, {}),
        after={"round": round_row.number, "table": table, "report": doc},
        actor=actor(player),
    )
    reports = reports_repo.of_match(s, match_id=match.id)
    state = "waiting"
    if len(reports) == len(seats):
        if len(set(reports.values())) == 1:
            _store_agreed(s, event_id, round_row.number, match.id, table, doc)
            state = "stored"
        else:
            state = "disagree"
            journal_repo.append(
                s,
                event_id=event_id,
                action=Action.RESULT_PLAYERS_DISAGREE,
                summary=f"round {round_row.number} table {table}: the players' reports "
                "disagree; nothing stored, the table waits for the organizer",
                after={"round": round_row.number, "table": table},
                actor="players' page",
            )
    return Done(ReportOutcome(state, round_row.number, table))


def _check(record: EventRecord, stage: str, doc: dict[str, Any], table: int) -> None:
    try:
        check_score(
            Score(doc["wins"][0], doc["wins"][1], doc["draws"]),
            best_of=record.best_of,
            draws_allowed=results.draws_allowed(record.format_id),
            playoff=stage == "elimination",
        )
    except ResultError as exc:
        raise InputError(f"table {table}: {exc} (a judge enters such a result)") from None


def _store_agreed(
    s: Tx,
    event_id: int,
    round_number: int,
    match_id: int,
    table: int,
    doc: dict[str, Any],
) -> None:
    if "winner" in doc:
        try:
            results.record_table_result(
                s.db,
                event_id=event_id,
                table=table,
                winner=doc["winner"],
                round_number=round_number,
                by=BY_PLAYERS,
            )
        except results.PenalizedWinnerError:  # the TO confirms that, never the players
            raise RefusedError(
                f"a judge gave a penalty at table {table}: ask a judge to enter its result"
            ) from None
        return
    results.write_two_player_result(
        s,
        event_id=event_id,
        round_number=round_number,
        match_id=match_id,
        score=Score(doc["wins"][0], doc["wins"][1], doc["draws"]),
        how=" (reported by the players)",
        by=BY_PLAYERS,
    )


@dataclass(frozen=True, slots=True)
class FlaggedTable:
    round: int
    table: int
    reports: tuple[str, ...]
    """Each player's report in words: "Ada: 2-1 (Ada's games first)"."""


def flagged_tables(db: Database, *, event_id: int) -> tuple[FlaggedTable, ...]:
    """Tables of the latest round whose players' reports disagree: the TO decides."""
    with db.reading() as s:
        round_row = rounds_repo.latest_round(s, event_id=event_id)
        if round_row is None or round_row.id is None:
            return ()
        flagged = []
        for match_id, reports in reports_repo.pending_in_round(s, round_id=round_row.id).items():
            seats = rounds_repo.seats_of(s, match_id=match_id)
            if not _disagree(reports, seats):
                continue
            match = rounds_repo.get_match(s, match_id=match_id)
            assert match is not None
            words = []
            for x in seats:
                p = registrations_repo.get(s, registration_id=x.registration_id)
                assert p is not None
                said = _report_words(reports[x.registration_id], seats, x.registration_id, {})
                words.append(f"{p.name}: {said.replace('your', p.name + chr(39) + 's')}")
            flagged.append(FlaggedTable(round_row.number, match.table_no or 0, tuple(words)))
    return tuple(sorted(flagged, key=lambda f: f.table))


# --- drop ---------------------------------------------------------------------------


@write
def check_in(s: Tx, *, event_id: int, player: PlayerRecord) -> Done[PlayerRecord]:
    """The player checks themselves in from the page (setting `self_checkin`); a refusal
    says why (403 while the setting is off, 409 once done or too late). The gate is read
    inside the write: a round paired, or the setting turned off, a moment before counts."""
    record = get_event(s.db, event_id)
    fresh = registrations_repo.get(s, registration_id=player.registration_id)
    paired = events_repo.rounds_paired(s, event_id=event_id)
    assert fresh is not None
    why = _check_in_closed_why(record, fresh, paired)
    if why is not None:
        raise (ForbiddenError if not record.settings.self_checkin else RefusedError)(why)
    return door.check_in(
        s.db, event_id=event_id, registration_id=player.registration_id, actor=actor(player)
    )


@write
def drop(s: Tx, *, event_id: int, player: PlayerRecord) -> Done[int]:
    """Drop the player after the latest paired round; returns that round's number."""
    record = get_event(s.db, event_id)
    if not _any_on(record, takes_lists(s.db, event_id=event_id)):
        raise ForbiddenError("drops are made with the organizer in this event")
    fresh = registrations_repo.get(s, registration_id=player.registration_id)
    assert fresh is not None
    if fresh.dropped:
        raise RefusedError(f"you dropped after round {fresh.dropped_after_round} already")
    after = events_repo.rounds_paired(s, event_id=event_id)
    registration.set_dropped(
        s.db,
        event_id=event_id,
        registration_id=player.registration_id,
        dropped=True,
        actor=actor(player),
    )
    return Done(after)
