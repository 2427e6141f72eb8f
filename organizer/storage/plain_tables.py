"""The tables as plain SQLAlchemy Core, naming only the columns the ORM-free paths use.

Why apart from `tables.py`: its SQLModel classes load SQLModel, pydantic and the ORM,
about 0.3 s of a command's start (issue 35.6, 36.11), more than the whole work of
importing 300 players. The writes in `plain_writes`, `registration_rows`, `pin_rows`
and `journal_entries` use these (the reads in `plain_reads` are plain SQL, which a SQLite
file runs without SQLAlchemy); the repositories run the same functions on their session,
so each statement is written once. A test checks every column here against the SQLModel
table of the same name (its kind, nullability and key), so the two cannot drift apart.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, DateTime, Integer, MetaData, String, Table

_metadata = MetaData()

person = Table(
    "person",
    _metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String, nullable=False),
    Column("email", String),
    Column("player_number", String),
)
registration = Table(
    "registration",
    _metadata,
    Column("id", Integer, primary_key=True),
    Column("event_id", Integer, nullable=False),
    Column("person_id", Integer, nullable=False),
    Column("code", String, nullable=False),
    Column("position", Integer, nullable=False),
    Column("dropped_after_round", Integer),
    Column("awarded_byes", Integer, nullable=False),
    Column("missed_round_losses", Integer, nullable=False),
    Column("registered_at", DateTime, nullable=False),
    Column("checked_in", Boolean, nullable=False),
    Column("waiting", Integer),
    Column("paid", Boolean, nullable=False),
    Column("paid_cents", Integer),
    Column("fixed_table", Integer),
)
journal = Table(
    "journal",
    _metadata,
    Column("id", Integer, primary_key=True),
    Column("event_id", Integer),
    Column("at", DateTime, nullable=False),
    Column("actor", String, nullable=False),
    Column("action", String, nullable=False),
    Column("summary", String, nullable=False),
    Column("before", String, nullable=False),
    Column("after", String, nullable=False),
    Column("undoes", Integer),
    Column("undone", Boolean, nullable=False),
)
player_pin = Table(
    "player_pin",
    _metadata,
    Column("registration_id", Integer, primary_key=True),
    Column("digest", String, nullable=False),
    Column("issued_at", DateTime, nullable=False),
)
player_session = Table(
    "player_session",
    _metadata,
    Column("id", Integer, primary_key=True),
    Column("registration_id", Integer, nullable=False),
)
signin_guard = Table(
    "signin_guard",
    _metadata,
    Column("id", Integer, primary_key=True),
    Column("event_id", Integer, nullable=False),
    Column("subject", String, nullable=False),
    Column("failures", Integer, nullable=False),
    Column("locked_until", DateTime),
)
TABLES = (person, registration, journal, player_pin, player_session, signin_guard)
"""Every table here: the test compares each column with the SQLModel table's."""
