"""Alembic environment: runs migrations on the engine the app handed over."""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import organizer.storage.tables  # noqa: F401  (registers the tables on the metadata)

config = context.config
engine = config.attributes["engine"]

with engine.begin() as connection:
    context.configure(
        connection=connection,
        target_metadata=SQLModel.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()
