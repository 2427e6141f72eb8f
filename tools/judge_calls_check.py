"""A player calls a judge from their phone, a judge's phone takes the call: headless
Chromium at 360 px, JavaScript off (the forms work without it).

    .venv/bin/python tools/judge_calls_check.py [OUT_DIR]

Builds an event in a throwaway database (six players with PINs, round 1 paired, a
judge "Ana" with her PIN), serves its page on 127.0.0.1 (a free port) and, as a
phone 360 pixels wide:

- a player signs in, sees "Call a judge to table N", writes a note and calls;
- the page then says a judge is called; the table's other player is refused a
  second call (409, through the JSON API);
- Ana signs in at /judge with her PIN, sees the call (table, round, player,
  note, waiting time), takes it; the player's page says Ana is on the way;
  she resolves it and the queue is empty;
- nothing is wider than the screen and the type is at least 16 px;

and takes screenshots into OUT_DIR (default docs/screenshots). Exit status 0
when every check passed, 1 otherwise.
"""

from __future__ import annotations

import http.client
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from headless_chromium import Page
from self_service_check import body, check, fill, fits, phone_check, submit

from organizer.services.event import events
from organizer.services.judging import judge_calls
from organizer.services.phones import judges, pins
from organizer.services.players import registration
from organizer.services.rounds import pairing
from organizer.storage.database import Database


@dataclass(frozen=True)
class Floor:
    pins: dict[str, str]
    ana: str
    """Judge Ana's PIN."""
    table: int
    """p1's table in round 1."""
    other: str
    """p1's opponent."""


def event(db: Database) -> tuple[int, Floor]:
    event_id = events.create_event(
        db, name="Friday Night Skirmish", format_id="castle-wars"
    ).value.id
    names = ("Ada Byrne", "Bo Chen", "Cyrus Dorn", "Dana Ek", "Emeka Fofana", "Fatima Ghazali")
    added = registration.import_players_csv(
        db, event_id=event_id, text="name\n" + "\n".join(names) + "\n"
    ).value
    issued = pins.issue_pins(db, event_id=event_id, registration_ids=added.registration_ids)
    paired = pairing.pair_next(db, event_id=event_id, seed=4).value
    table = next(m.table for m in paired.matches if "p1" in m.players)
    other = next(p for m in paired.matches if "p1" in m.players for p in m.players if p != "p1")
    ana = judges.add_judge(db, event_id=event_id, name="Ana").value.pin
    return event_id, Floor({p.code: p.pin for p in issued.value}, ana, table or 0, other)


def api(url: str, path: str, doc: dict[str, object], token: str = "") -> tuple[int, dict]:
    where = urlsplit(url)
    connection = http.client.HTTPConnection(where.hostname or "", where.port, timeout=20)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    connection.request("POST", path, body=json.dumps(doc).encode(), headers=headers)
    reply = connection.getresponse()
    answer = json.loads(reply.read())
    connection.close()
    return reply.status, answer


def run(page: Page, url: str, db: Database, event_id: int, floor: Floor, out: Path) -> None:
    issued, table, other = floor.pins, floor.table, floor.other
    page.viewport(360, 740, mobile=True)
    page.scripts(False)
    page.open(url + "me")
    fill(page, "#player", "p1")
    fill(page, "#pin", issued["p1"])
    submit(page, "form[action='/me/signin'] button")
    text = body(page)
    check(f"Call a judge to table {table}" in text, f"the page offers to call a judge to {table}")
    fits(page, 360, "the page with the judge button")
    page.evaluate("document.querySelector('#judge').scrollIntoView()")
    page.screenshot(out / "judge-call-button-360x740.png")
    fill(page, "#judge-note", "We disagree on how Ambush works")
    submit(page, "form[action='/me/judge'] button")
    text = body(page)
    check(f"A judge is called to table {table}: wait at your table." in text, "the call is in")
    check("Call a judge to" not in text, "the button is gone while the call is open")
    token = api(url, "/api/session", {"player": other, "pin": issued[other]})[1]["token"]
    status, said = api(url, "/api/me/judge", {"note": "me too"}, token)
    check(
        status == 409 and "has called a judge already" in said.get("error", ""),
        f"the opponent's second call is refused: {status} {said}",
    )
    queued = judge_calls.list_calls(db, event_id=event_id)
    check([c.table for c in queued] == [table], f"one call is queued: {queued}")

    judge = page.browser.page()
    judge.viewport(360, 740, mobile=True)
    judge.scripts(False)
    judge.open(url + "judge")
    check("Judge's PIN" in body(judge), "/judge asks the judge to sign in")
    fits(judge, 360, "the judges' sign-in")
    fill(judge, "#judge", "Ana")
    fill(judge, "#pin", floor.ana)
    submit(judge, "form[action='/judge/signin'] button")
    text = body(judge)
    check(
        f"Table {table}" in text and "Round 1" in text and "Ada Byrne (p1)" in text,
        "the queue shows the table, the round and the player",
    )
    check(
        "We disagree on how Ambush works" in text and "waiting 0:" in text,
        "the queue shows the note and the waiting time",
    )
    fits(judge, 360, "the judge's queue")
    judge.screenshot(out / "judge-queue-360x740.png")
    judge.evaluate("document.querySelector('details.why').open = true")
    reasons = judge.evaluate(
        "[...document.querySelectorAll('details.why li')].map(li => li.innerText)"
    )
    check(bool(reasons), f"the call carries why table {table} was paired: {reasons}")
    fits(judge, 360, "the queue with the pairing's reasons open")
    judge.screenshot(out / "judge-queue-why-360x740.png")
    submit(judge, "form[action='/judge/claim'] button")
    check("You have it" in body(judge), "Ana takes the call")
    judge.screenshot(out / "judge-queue-claimed-360x740.png")
    page.open(url + "me")
    check("Ana is on the way" in body(page), "the player's page says Ana is on the way")
    page.evaluate("document.querySelector('#judge').scrollIntoView()")
    page.screenshot(out / "judge-call-claimed-360x740.png")
    submit(judge, "form[action='/judge/resolve'] button")
    check("No call is waiting." in body(judge), "resolved: the queue is empty")
    (done,) = judge_calls.list_calls(db, event_id=event_id, resolved=True)
    check((done.state, done.claimed_by) == ("resolved", "Ana"), f"stored as resolved: {done}")
    page.open(url + "me")
    check(f"Call a judge to table {table}" in body(page), "the table may call again")


def main() -> int:
    return phone_check("judge-calls", event, run)


if __name__ == "__main__":
    sys.exit(main())
