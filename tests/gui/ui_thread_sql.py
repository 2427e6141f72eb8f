"""Which SQL statements ran on the UI thread: a real listener on the real engine.

A screen reads on a worker thread and only shows on the UI thread (issue 35 item 7):
`sql_on_ui_thread(db)` collects every statement the database runs on the main thread
while the block runs, so a test can say that a click, a choice or a print ran none.
`asked_by` keeps only the statements a part of the GUI asked for itself: those whose
innermost `organizer/gui` frame is in a file whose path contains it (a write's broadcast
reaches other parts of the window, which answer for their own reads).
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event as sa_event

from organizer.storage.database import Database

GUI = "/organizer/gui/"


def _asker() -> str:
    """The innermost frame of our GUI on the stack: "gui/standings/top_cut_panel.py:266"."""
    for frame in reversed(traceback.extract_stack()):
        if GUI in frame.filename.replace("\\", "/"):
            path = frame.filename.replace("\\", "/")
            return f"gui/{path.split(GUI, 1)[1]}:{frame.lineno}"
    return "?"


@contextmanager
def sql_on_ui_thread(db: Database, *, asked_by: str = "") -> Iterator[list[str]]:
    """The statements run on the UI (main) thread inside the block, in order, each with the
    GUI line that asked for it ("SELECT … <- gui/rounds/rounds_tab.py:522")."""
    seen: list[str] = []

    def noted(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        asker = _asker()
        if asked_by in asker:
            seen.append(f"{' '.join(statement.split())[:80]} <- {asker}")

    sa_event.listen(db.engine, "before_cursor_execute", noted)
    try:
        yield seen
    finally:
        sa_event.remove(db.engine, "before_cursor_execute", noted)
