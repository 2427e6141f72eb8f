"""The Core tables of the ORM-free paths (`storage.plain_tables`) against the models.

They name only the columns those paths use; each must be the SQLModel table's column of
the same name, of the same kind, nullable alike, keyed alike.
"""

from __future__ import annotations

import pytest
from sqlalchemy import Boolean, DateTime, Integer, String, Table
from sqlmodel import SQLModel

from organizer.storage import plain_tables
from organizer.storage import tables as _tables  # noqa: F401 - registers every table

KINDS = (Boolean, DateTime, Integer, String)


def kind(column_type: object) -> type:
    """The generic kind of a column type (SQLModel's AutoString is a String)."""
    impl = getattr(column_type, "impl", column_type)
    return next(k for k in KINDS if isinstance(impl, k))


@pytest.mark.parametrize("table", plain_tables.TABLES, ids=lambda t: t.name)
def test_each_plain_column_is_the_models_column(table: Table) -> None:
    model = SQLModel.metadata.tables[table.name]
    for column in table.columns:
        assert column.name in model.c, f"{table.name}.{column.name} is no column of the model"
        theirs = model.c[column.name]
        described = (kind(column.type), column.nullable, column.primary_key)
        assert described == (kind(theirs.type), theirs.nullable, theirs.primary_key), (
            f"{table.name}.{column.name}"
        )
