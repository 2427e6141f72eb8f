"""A player's phone calling a judge, as the players' page does it: for the tests of the
queue on every screen (service, command line, app, races)."""

from __future__ import annotations

from organizer.services.judging import judge_calls
from organizer.services.judging.judge_calls import JudgeCall
from organizer.services.players import registration
from organizer.storage.database import Database


def call_from_phone(db: Database, *, event_id: int, code: str, note: str = "") -> JudgeCall:
    """The signed-in player `code` calls a judge to their table."""
    caller = registration.find_player(db, event_id=event_id, code=code)
    return judge_calls.call_judge(db, event_id=event_id, player=caller, note=note).value


def call_from_another_phone(url: str, *, event_id: int, code: str, note: str = "") -> JudgeCall:
    """`call_from_phone` through the page's own connections, as a second process would."""
    page_db = Database(url)
    try:
        return call_from_phone(page_db, event_id=event_id, code=code, note=note)
    finally:
        page_db.close()
