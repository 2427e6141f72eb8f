"""Rows moved as plain tuples on the driver's own cursor, for the hot paths.

A 4,096-player event has some 70,000 seats. For that many rows SQLAlchemy's
per-row work (result processing on the way out, parameter building on the way
in) costs more than the database itself, so loading an event and storing a
round go through these two functions. Statements are still built with
SQLAlchemy and compiled for the connection's dialect, so SQLite and PostgreSQL
both work; the columns moved this way are integers and text, which the drivers
take as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from sqlalchemy import Table, bindparam, insert
from sqlalchemy.engine import Connection
from sqlalchemy.sql.elements import ClauseElement


def fetch_tuples(conn: Connection, statement: ClauseElement) -> list[tuple[Any, ...]]:
    """Run a select of plain columns on the driver's own cursor: rows as plain tuples.

    The statement is compiled for this database with its (integer) parameters inline.
    """
    sql = str(statement.compile(dialect=conn.dialect, compile_kwargs={"literal_binds": True}))
    cursor = conn.connection.cursor()
    rows: list[tuple[Any, ...]] = []
    try:
        cursor.execute(sql)
        while chunk := cursor.fetchmany(2000):  # in chunks: other threads get a turn between
            rows.extend(chunk)  # the drivers' rows are tuples already
        return rows
    finally:
        cursor.close()


def insert_tuples(
    conn: Connection, table: Table, columns: Sequence[str], rows: Sequence[tuple[Any, ...]]
) -> None:
    """Insert `rows` (values in `columns` order) with one executemany on the driver's cursor.

    Refuses a column whose type SQLAlchemy would convert on the way in for this
    driver (a date, say): values here go to the driver as they are.
    """
    for name in columns:
        if table.c[name].type.dialect_impl(conn.dialect).bind_processor(conn.dialect):
            raise TypeError(f"{table.name}.{name} needs converting: not for insert_tuples")
    compiled = (
        insert(table)
        .values({name: bindparam(name) for name in columns})
        .compile(dialect=conn.dialect)
    )
    params: Sequence[Any]
    if not compiled.positional:
        params = [dict(zip(columns, row, strict=True)) for row in rows]
    else:
        # The compiled statement lists its columns in the table's order, not ours.
        order = [columns.index(name) for name in compiled.positiontup or ()]
        if order == list(range(len(columns))):
            params = rows
        elif len(order) == 1:
            params = [(row[order[0]],) for row in rows]
        else:
            params = list(map(itemgetter(*order), rows))
    cursor = conn.connection.cursor()
    try:
        cursor.executemany(str(compiled), params)
    finally:
        cursor.close()
