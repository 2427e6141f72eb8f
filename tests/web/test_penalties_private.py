"""The judge log never reaches the players' page: no page or JSON of it shows a penalty."""

from __future__ import annotations

from organizer.services.judging import penalties
from tests.web.served import Served

PAGES = ("/", "/pairings", "/standings", "/pods", "/api/pairings.json",
         "/api/standings.json", "/api/clock.json")  # fmt: skip


def test_no_page_shows_a_penalty_its_note_or_its_judge(served: Served) -> None:
    before = {path: served.get(path).status for path in PAGES}
    done = penalties.add_penalty(
        served.db, event_id=served.event_id, player="p2", category="Cheating",
        penalty="Warning", note="PRIVATE-NOTE-7", judge="Judge Zed",
    )  # fmt: skip
    assert done.value.record.note == "PRIVATE-NOTE-7"
    for path in PAGES:
        reply = served.get(path)
        assert reply.status == before[path], path
        text = reply.text
        for secret in ("PRIVATE-NOTE-7", "Judge Zed", "penalt", "Penalt", "Cheating"):
            assert secret not in text, (path, secret)
    assert served.get("/penalties").status == 404
