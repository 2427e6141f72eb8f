"""The column and constraint builders the migration scripts share.

Each script used to spell every column as `sa.Column("name", sqlmodel...AutoString(),
nullable=False)`, one line apiece, so a new table read like every other table and its
few real choices (a name, a type, whether it may be empty, who owns the row) were lost
in the repetition. Here a table's columns are one line of `name type` pairs, with `?`
after a type that may be NULL; the objects built are the ones the long form built, in
the same order, so the schema is unchanged.

Migration scripts import this module by name: it must keep building exactly what it
builds today (a script already run is never run again, but a new database runs them
all), so change a builder only by adding a new one.
"""

from __future__ import annotations

import sqlalchemy as sa
import sqlmodel
from alembic import op

TEXT = sqlmodel.sql.sqltypes.AutoString
WHEN = sqlmodel.sql.sqltypes.UTCDateTime

_TYPES = {
    "int": sa.Integer,
    "text": TEXT,
    "when": WHEN,
    "date": sa.Date,
    "bool": sa.Boolean,
}


def columns(spec: str) -> list[sa.Column[object]]:
    """`"id int, name text, date date?"` → those columns, in that order; `?` after the
    type: the column may be NULL."""
    built: list[sa.Column[object]] = []
    for part in spec.split(","):
        name, kind = part.split()
        nullable = kind.endswith("?")
        built.append(sa.Column(name, _TYPES[kind.rstrip("?")](), nullable=nullable))
    return built


def owned_by(column: str, target: str) -> sa.ForeignKeyConstraint:
    """The row goes when the row it belongs to goes (`ON DELETE CASCADE`)."""
    return sa.ForeignKeyConstraint([column], [target], ondelete="CASCADE")


def create_indexes(table: str, *names: str) -> None:
    """A plain (not unique) index `ix_<table>_<column>` on each named column."""
    for name in names:
        op.create_index(f"ix_{table}_{name}", table, [name], unique=False)


def drop_tables(*tables: str) -> None:
    """Drop each table in turn, its indexes with it."""
    for table in tables:
        op.drop_table(table)
