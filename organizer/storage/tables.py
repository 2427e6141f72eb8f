"""The database tables, one SQLModel class each.

Rows stay inside storage: repositories map them to core dataclasses, and the
GUI's models hold ids and plain tuples, never live ORM objects. Every schema
change goes through an Alembic migration in `migrations/versions/`; a test
checks that the migrations and these classes agree.

JSON columns hold text, not a JSON type, so SQLite and PostgreSQL store them
the same way and a value reads back byte for byte.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import Boolean, Column, Index, Integer, Table, UniqueConstraint, text
from sqlmodel import AutoString, Field, SQLModel


def _utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class EventRow(SQLModel, table=True):
    __tablename__ = "event"

    id: int | None = Field(default=None, primary_key=True)
    name: str
    date: dt.date | None = None
    format_id: str
    best_of: int = 1
    round_minutes: int = 50
    planned_rounds: int | None = None
    points_win: int = 3
    points_draw: int = 1
    points_loss: int = 0
    settings: str = "{}"
    playoff_seeds: str | None = None
    """The top cut's seeds in seed order, as a JSON list of player codes (None before it)."""
    revision: int = Field(
        default=0, sa_column=Column(Integer, nullable=False, server_default=text("0"))
    )
    """Bumped by every write to the event: other stations refresh when it moves."""
    created_at: dt.datetime = Field(default_factory=_utcnow)
    finished_at: dt.datetime | None = None
    """When the TO closed the event (`organizer finish`, migration 0010); None while open."""


class PersonRow(SQLModel, table=True):
    """Someone who plays; one person can register for many events."""

    __tablename__ = "person"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True)
    player_number: str | None = Field(default=None, index=True, unique=True)
    """The store's or the game's member number: one person per number (migration 0010)."""
    email: str | None = None
    note: str = Field(default="", sa_column=Column(AutoString, nullable=False, server_default=""))
    """The TO's note on the person (no default on insert: bulk inserts name their columns)."""
    revision: int = Field(
        default=0, sa_column=Column(Integer, nullable=False, server_default=text("0"))
    )
    """Bumped by every edit, merge or forget: a station editing an older copy is told."""


class RegistrationRow(SQLModel, table=True):
    """A person entered in one event; `code` is their id inside that event."""

    __tablename__ = "registration"
    __table_args__ = (UniqueConstraint("event_id", "code", name="uq_registration_event_code"),)

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True, ondelete="CASCADE")
    person_id: int = Field(foreign_key="person.id", index=True)
    code: str
    position: int = 0
    dropped_after_round: int | None = None
    awarded_byes: int = 0
    missed_round_losses: int = 0
    registered_at: dt.datetime = Field(default_factory=_utcnow)
    checked_in: bool = Field(
        default=False, sa_column=Column(Boolean, nullable=False, server_default="0")
    )
    waiting: int | None = None
    """Place on the waiting list (1 first) while the event is full; None: in the event."""
    paid: bool = Field(default=False, sa_column=Column(Boolean, nullable=False, server_default="0"))
    paid_cents: int | None = None
    """The amount paid, in hundredths (5.00 is 500), when the TO noted one."""
    fixed_table: int | None = None
    """The table this player always sits at (accessibility, 0012); None: any table."""


class SeasonRow(SQLModel, table=True):
    """A store's season or league: the events of its dates and formats, and its points."""

    __tablename__ = "season"

    id: int | None = Field(default=None, primary_key=True)
    name: str
    date_from: dt.date
    date_to: dt.date
    formats: str = "[]"
    """The format ids whose events belong to it, as a JSON list ([] = every format)."""
    settings: str = "{}"
    """The points scheme (`core.season.settings.SeasonSettings`), as JSON."""
    created_at: dt.datetime = Field(default_factory=_utcnow)


class SeasonEventRow(SQLModel, table=True):
    """An event the TO added to or removed from a season by hand, or weighed differently."""

    __tablename__ = "season_event"

    season_id: int = Field(foreign_key="season.id", primary_key=True, ondelete="CASCADE")
    event_id: int = Field(foreign_key="event.id", primary_key=True, ondelete="CASCADE")
    included: bool = True
    """False: taken out of the season although its date and format would put it in."""
    multiplier: int = 1


class CardPoolRow(SQLModel, table=True):
    __tablename__ = "card_pool"

    id: int | None = Field(default=None, primary_key=True)
    game: str = Field(index=True)
    name: str
    source_csv: str = ""
    imported_at: dt.datetime = Field(default_factory=_utcnow)


class CardRow(SQLModel, table=True):
    __tablename__ = "card"

    id: int | None = Field(default=None, primary_key=True)
    pool_id: int = Field(foreign_key="card_pool.id", index=True, ondelete="CASCADE")
    name: str = Field(index=True)
    boost: str = ""
    card_type: str = ""
    data: str = "{}"


class DeckRow(SQLModel, table=True):
    """A player's submitted list (`kind` "deck") or drafted pool (`kind` "pool").

    The text is kept as submitted; findings are the last check's, as JSON.
    """

    __tablename__ = "deck"

    id: int | None = Field(default=None, primary_key=True)
    registration_id: int = Field(foreign_key="registration.id", index=True, ondelete="CASCADE")
    kind: str = "deck"
    text: str
    status: str = "missing"  # missing, legal, illegal, accepted
    findings: str = "[]"
    accepted_reason: str | None = None
    submitted_at: dt.datetime = Field(default_factory=_utcnow)
    submitted_by: str | None = None
    """"player" for a list the player sent from the players' page; None for the TO's (0008)."""
    locked: bool = Field(
        default=False, sa_column=Column(Boolean, nullable=False, server_default="0")
    )
    """The TO locked the list: the player can no longer change it from the page (0008)."""


class DeckCheckRow(SQLModel, table=True):
    """A deck check at a table during a round, and what the judge found."""

    __tablename__ = "deck_check"

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True, ondelete="CASCADE")
    round_number: int
    table_no: int
    outcome: str = "pending"  # pending, ok, problem
    note: str = Field(default="", sa_column=Column(AutoString, nullable=False, server_default=""))
    """The TO's note on the person (no default on insert: bulk inserts name their columns)."""
    checked_at: dt.datetime = Field(default_factory=_utcnow)
    started_at: dt.datetime | None = None
    """When the judge took the decks (`deckcheck start`); the time it took is given back."""
    seconds_added: int = Field(
        default=0, sa_column=Column(Integer, nullable=False, server_default=text("0"))
    )
    """The time extension this check gave its table's clock (migration 0007)."""


class PenaltyRow(SQLModel, table=True):
    """A penalty a judge gave: the judge log. A removed one stays, marked removed."""

    __tablename__ = "penalty"

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True, ondelete="CASCADE")
    registration_id: int = Field(foreign_key="registration.id", index=True, ondelete="CASCADE")
    round_number: int | None = None
    table_no: int | None = None
    category: str
    penalty: str
    note: str = Field(default="", sa_column=Column(AutoString, nullable=False, server_default=""))
    """The TO's note on the person (no default on insert: bulk inserts name their columns)."""
    judge: str = ""
    given_at: dt.datetime = Field(default_factory=_utcnow)
    given_by: str = ""
    """The station (user@host) that recorded it."""
    effect: str = "{}"
    """What it changed, as JSON: the match's score before and after, the drop (for removal)."""
    removed_at: dt.datetime | None = None
    removed_reason: str | None = None


class SeatingRow(SQLModel, table=True):
    """A draft's pod seating (draft 1, or 2 for a day-2 draft) and its draft timer."""

    __tablename__ = "seating"

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True, ondelete="CASCADE")
    draft: int = 1
    after_round: int = 0
    """Rounds played before this draft: the next round is paired across its pods."""
    seed: int
    pods: str
    timer: str | None = None
    created_at: dt.datetime = Field(default_factory=_utcnow)


class RoundRow(SQLModel, table=True):
    __tablename__ = "round"
    __table_args__ = (Index("uq_round_event_number", "event_id", "number", unique=True),)

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True, ondelete="CASCADE")
    number: int
    stage: str = "swiss"
    seed: int | None = None
    clock: str | None = None
    created_at: dt.datetime = Field(default_factory=_utcnow)


class MatchRow(SQLModel, table=True):
    __tablename__ = "match"
    __table_args__ = (
        Index("uq_match_round_table", "round_id", "table_no", unique=True),
        # Covers loading an event: its matches in round and id order (migration 0006).
        Index(
            "ix_match_read_event", "round_id", "id", "table_no", "status", "winner_registration_id"
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="round.id", index=True, ondelete="CASCADE")
    table_no: int | None = None
    status: str = "pending"  # pending, reported, bye
    winner_registration_id: int | None = Field(
        default=None, foreign_key="registration.id", ondelete="SET NULL"
    )
    extra: str = "{}"
    reported_at: dt.datetime | None = None
    reported_by: str | None = None
    """The station (user@host) that entered the result, for "entered 20:14 at …"."""


class SeatRow(SQLModel, table=True):
    """A player at a match: one seat for a bye, two for a match, 3 to 5 for Conquest."""

    __tablename__ = "seat"
    __table_args__ = (
        Index("uq_seat_round_player", "round_id", "registration_id", unique=True),
        # Covers loading an event: its seats in round, match and position order (0006).
        Index(
            "ix_seat_read_event",
            "round_id",
            "match_id",
            "position",
            "registration_id",
            "game_wins",
            "game_draws",
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="match.id", index=True, ondelete="CASCADE")
    registration_id: int = Field(foreign_key="registration.id", index=True, ondelete="CASCADE")
    round_id: int | None = None
    """The match's round, kept here so the schema can say a player sits once per round."""
    position: int
    game_wins: int | None = None
    game_draws: int | None = None


class JournalRow(SQLModel, table=True):
    """One state-changing action: what undo, audits and corrections read."""

    __tablename__ = "journal"

    id: int | None = Field(default=None, primary_key=True)
    event_id: int | None = Field(
        default=None, foreign_key="event.id", index=True, ondelete="CASCADE"
    )
    at: dt.datetime = Field(default_factory=_utcnow)
    actor: str = ""
    action: str
    summary: str = ""
    before: str = "null"
    after: str = "null"
    undoes: int | None = None
    undone: bool = False


class PlayerPinRow(SQLModel, table=True):
    """A registration's PIN for the players' page, as a digest: never the PIN (0008)."""

    __tablename__ = "player_pin"

    registration_id: int = Field(
        foreign_key="registration.id", primary_key=True, ondelete="CASCADE"
    )
    digest: str
    """"hmac-sha256$salt$hash" (keyed: `pin_key`) or, older, "scrypt$N$r$p$salt$hash"."""
    issued_at: dt.datetime = Field(default_factory=_utcnow)


class PlayerSessionRow(SQLModel, table=True):
    """A player signed in on the players' page; the token is kept as its SHA-256 only (0008)."""

    __tablename__ = "player_session"

    id: int | None = Field(default=None, primary_key=True)
    registration_id: int = Field(foreign_key="registration.id", index=True, ondelete="CASCADE")
    token_digest: str = Field(unique=True)
    created_at: dt.datetime = Field(default_factory=_utcnow)


class SignInGuardRow(SQLModel, table=True):
    """Wrong PINs counted per player ("player:ID") or per address ("address:IP") (0008)."""

    __tablename__ = "signin_guard"
    __table_args__ = (UniqueConstraint("event_id", "subject", name="uq_signin_guard_subject"),)

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True, ondelete="CASCADE")
    subject: str
    failures: int = 0
    """Wrong PINs since the last lock (or the last right one)."""
    locks: int = 0
    """Locks so far: each lasts twice the one before."""
    locked_until: dt.datetime | None = None


class PlayerReportRow(SQLModel, table=True):
    """One player's report of their table's result, before the table is decided (0008)."""

    __tablename__ = "player_report"
    __table_args__ = (
        UniqueConstraint("match_id", "registration_id", name="uq_player_report_seat"),
    )

    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="match.id", index=True, ondelete="CASCADE")
    registration_id: int = Field(foreign_key="registration.id", ondelete="CASCADE")
    report: str
    """The result in table order, as JSON: {"wins": [..], "draws": n} or {"winner": ID|null}."""
    reported_at: dt.datetime = Field(default_factory=_utcnow)


class JudgeRow(SQLModel, table=True):
    """A judge of one event, who signs in on a phone with a PIN kept as a digest (0012)."""

    __tablename__ = "judge"
    __table_args__ = (UniqueConstraint("event_id", "name", name="uq_judge_event_name"),)

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True, ondelete="CASCADE")
    name: str
    digest: str
    """The PIN's digest, as `player_pin.digest`: never the PIN."""
    created_at: dt.datetime = Field(default_factory=_utcnow)


class JudgeSessionRow(SQLModel, table=True):
    """A judge signed in on a phone; the token is kept as its SHA-256 only (0012)."""

    __tablename__ = "judge_session"

    id: int | None = Field(default=None, primary_key=True)
    judge_id: int = Field(foreign_key="judge.id", index=True, ondelete="CASCADE")
    token_digest: str = Field(unique=True)
    created_at: dt.datetime = Field(default_factory=_utcnow)


class JudgeCallRow(SQLModel, table=True):
    """A player's call for a judge, from a phone or the TO's station (0012).

    One call per table may be open (not resolved) at a time: a partial unique index
    (`uq_judge_call_open`) keeps two stations or two phones from both opening one.
    """

    __tablename__ = "judge_call"
    __table_args__ = (
        Index(
            "uq_judge_call_open",
            "event_id",
            "round_number",
            "table_number",
            unique=True,
            sqlite_where=text("state <> 'resolved'"),
            postgresql_where=text("state <> 'resolved'"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", index=True, ondelete="CASCADE")
    round_number: int
    table_number: int
    registration_id: int | None = Field(
        default=None, foreign_key="registration.id", ondelete="SET NULL"
    )
    """Who called; None when the TO opened the call for a table."""
    note: str = ""
    state: str = "open"
    """"open", "claimed" or "resolved"."""
    claimed_by: str | None = None
    """The judge's name once claimed."""
    created_at: dt.datetime = Field(default_factory=_utcnow)
    claimed_at: dt.datetime | None = None
    resolved_at: dt.datetime | None = None


class PinKeyWrapRow(SQLModel, table=True):
    """A hosted server's PIN key, wrapped under the stations' password (0013): one row."""

    __tablename__ = "pin_key_wrap"

    id: int = Field(primary_key=True)
    salt: str
    wrapped: str
    """The key XOR an HMAC of the salt under the stations' password, in hex."""
    check_value: str
    """An HMAC of a fixed text under the key: tells a wrong password from a right one."""


def core_table(name: str) -> Table:
    """The Core `Table` behind a model, for bulk statements on hot paths (no ORM objects)."""
    return SQLModel.metadata.tables[name]
