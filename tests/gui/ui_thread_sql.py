"""Which SQL statements ran on the UI thread: a real listener on the real engine.

A screen reads on a worker thread and only shows on the UI thread (issue 35 item 7):
`sql_on_ui_thread(db)` collects every statement the database runs on the main thread
while the block runs, so a test can say that a click, a choice or a print ran none.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event as sa_event

from organizer.storage.database import Database


@contextmanager
def sql_on_ui_thread(db: Database) -> Iterator[list[str]]:
    """The statements run on the UI (main) thread inside the block, in order."""
    seen: list[str] = []

    def noted(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if threading.current_thread() is threading.main_thread():
            seen.append(" ".join(statement.split())[:120])

    sa_event.listen(db.engine, "before_cursor_execute", noted)
    try:
        yield seen
    finally:
        sa_event.remove(db.engine, "before_cursor_execute", noted)
