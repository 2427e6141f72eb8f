"""A player doing their own part on the players' page, in headless Chromium at 360 px.

    .venv/bin/python tools/self_service_check.py [OUT_DIR]

Builds a Warcaste Skirmish event in a throwaway database (the sample card
pool, six players with PINs issued, players' results on), serves its page on
127.0.0.1 (a free port) and, with JavaScript switched off in the page (the
forms must work without it), as a phone 360 pixels wide:

- signs in with a player id and the PIN, and checks in (setting `self_checkin`);
- saves an illegal list and sees every finding with its rule and section,
  then saves a legal one;
- once round 1 is paired, reports a result, and sees it stored as reported by
  the players when the opponent reports the same (through the JSON API);
- checks nothing is wider than the screen and the type is at least 16 px;

then takes screenshots into OUT_DIR (default docs/screenshots). Chromium
comes from apt (tools/headless_chromium.py). Exit status 0 when every check
passed, 1 otherwise.
"""

from __future__ import annotations

import http.client
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar
from urllib.parse import urlsplit

from headless_chromium import Browser, Page

from organizer.services.clock.clock import utcnow
from organizer.services.decks import cardpools
from organizer.services.event import events, settings
from organizer.services.kit.resources import resources_dir, sample_pool_path
from organizer.services.phones import pins, self_service
from organizer.services.players import registration
from organizer.services.rounds import pairing
from organizer.storage.database import Database
from organizer.web.app import PlayersPage
from organizer.web.server import PageServer

ROOT = Path(__file__).resolve().parents[1]
FORMAT = "warcaste-skirmish-constructed"
failures: list[str] = []
T = TypeVar("T")


def check(ok: bool, what: str) -> None:
    print(("ok    " if ok else "FAIL  ") + what, flush=True)
    if not ok:
        failures.append(what)


def legal_list() -> str:
    return (resources_dir() / "decklists" / f"sample-{FORMAT}.txt").read_text(encoding="utf-8")


def illegal_list() -> str:
    lines = legal_list().splitlines()
    first_card = next(i for i, line in enumerate(lines) if line[:1].isdigit() and i > 3)
    return "\n".join(lines[:first_card] + lines[first_card + 1 :]) + "\n"


def event(db: Database) -> tuple[int, dict[str, str]]:
    cardpools.import_pool(
        db, text=sample_pool_path("warcaste").read_text(encoding="utf-8"), source="sample"
    )
    event_id = events.create_event(db, name="Thursday Skirmish", format_id=FORMAT).value.id
    names = ("Ada Byrne", "Bo Chen", "Cyrus Dorn", "Dana Ek", "Emeka Fofana", "Fatima Ghazali")
    added = registration.import_players_csv(
        db, event_id=event_id, text="name\n" + "\n".join(names) + "\n"
    ).value
    issued = pins.issue_pins(db, event_id=event_id, registration_ids=added.registration_ids)
    settings.set_setting(db, event_id=event_id, key="self_report", value="on")
    settings.set_setting(db, event_id=event_id, key="self_checkin", value="on")
    return event_id, {p.code: p.pin for p in issued.value}


def submit(page: Page, button: str) -> None:
    """Click a form's button and wait for the next page (a real navigation, no script)."""
    page.evaluate("window.__before = true")
    page.evaluate(f"document.querySelector({json.dumps(button)}).click()")
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        time.sleep(0.1)
        try:
            if page.evaluate("!window.__before && document.readyState === 'complete'"):
                return
        except RuntimeError:
            continue  # between documents
    raise TimeoutError(f"no page after clicking {button}")


def fill(page: Page, selector: str, value: str) -> None:
    page.evaluate(f"document.querySelector({json.dumps(selector)}).value = {json.dumps(value)}")


def fits(page: Page, width: int, what: str) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth")
    size = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    check(wide <= width and size >= 16, f"{what}: {wide} px wide, type {size} px")


def api(url: str, method: str, path: str, doc: dict[str, object], token: str = "") -> dict:
    where = urlsplit(url)
    connection = http.client.HTTPConnection(where.hostname or "", where.port, timeout=20)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    connection.request(method, path, body=json.dumps(doc).encode(), headers=headers)
    reply = json.loads(connection.getresponse().read())
    connection.close()
    return reply


def body(page: Page) -> str:
    return str(page.evaluate("document.body.innerText"))


def run(
    page: Page, url: str, db: Database, event_id: int, issued: dict[str, str], out: Path
) -> None:
    page.viewport(360, 740, mobile=True)
    page.scripts(False)
    page.open(url + "me")
    check("Sign in" in body(page), "/me asks a signed-out player to sign in")
    fits(page, 360, "the sign-in page")
    page.screenshot(out / "self-service-signin-360x740.png")
    fill(page, "#player", "p1")
    fill(page, "#pin", issued["p1"])
    submit(page, "form[action='/me/signin'] button")
    check("Ada Byrne" in body(page), "signed in with the id and PIN from the card")
    check("I am here" in body(page), "before round 1 the page offers to check in")
    fits(page, 360, "the page with the check-in button")
    page.screenshot(out / "self-service-checkin-360x740.png")
    submit(page, "form[action='/me/checkin'] button")
    check("You are checked in" in body(page), "checked in from the phone")
    listed = registration.list_players(db, event_id=event_id)
    check(next(p for p in listed if p.code == "p1").checked_in, "the TO's list says p1 is here")

    fill(page, "#list", illegal_list())
    submit(page, "button[value=save]")
    text = body(page)
    check("Illegal" in text and "submitted by you at" in text, "the illegal list is saved as sent")
    me = self_service.me(db, event_id=event_id, registration_id=1, now=utcnow())
    assert me.deck is not None
    section = me.deck.findings[0]["rule_ref"]
    check(
        f"wc-deck-size · {section}" in text, f"its finding shows the rule and section ({section})"
    )
    fits(page, 360, "the page with findings")
    page.screenshot(out / "self-service-findings-360x740.png", full_page=True)
    fill(page, "#list", legal_list())
    submit(page, "button[value=save]")
    check("Legal" in body(page), "the corrected list is saved as legal")

    round_ = pairing.pair_next(db, event_id=event_id, seed=4, allow_missing_decks=True).value
    match = next(m for m in round_.matches if "p1" in m.players)
    other = next(p for p in match.players if p != "p1")
    page.open(url + "me")
    check(f"Table {match.table}" in body(page), f"the page shows table {match.table}")
    check("Round 1 is paired" in body(page) or "round 1 is paired" in body(page), "lists closed")
    fill(page, "#result", "1-0")
    submit(page, "form[action='/me/result'] button")
    check("counts once your opponent" in body(page), "the result waits for the opponent")
    token = api(url, "POST", "/api/session", {"player": other, "pin": issued[other]})["token"]
    said = api(url, "POST", "/api/me/result", {"result": "0-1"}, token)
    check(said.get("state") == "stored", f"the opponent's report agrees: {said}")
    page.open(url + "me")
    check("won 1-0 (reported by the players)" in body(page), "stored as reported by the players")
    fits(page, 360, "the page with the result")
    page.screenshot(out / "self-service-result-360x740.png", full_page=True)
    page.open(url + "me/drop")
    page.screenshot(out / "self-service-drop-360x740.png")
    page.scripts(True)


def phone_check(
    database: str,
    build: Callable[[Database], tuple[int, T]],
    steps: Callable[[Page, str, Database, int, T, Path], None],
) -> int:
    """The event `build` makes in a throwaway database (`database`.sqlite3), its players'
    page served on a free port, `steps` walked in headless Chromium with what `build`
    returned; the screenshots go to argv[1] (default docs/screenshots). The exit status:
    0 when every check passed."""
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        db = Database(f"sqlite:///{Path(folder) / f'{database}.sqlite3'}")
        event_id, made = build(db)
        server = PageServer(PlayersPage(db, event_id), "127.0.0.1", 0).start()
        browser = Browser()
        try:
            steps(browser.page(), server.url, db, event_id, made, out)
        finally:
            browser.close()
            server.stop()
            db.close()
    print(f"{len(failures)} check(s) failed" if failures else "every check passed")
    return 1 if failures else 0


def main() -> int:
    return phone_check("self-service", event, run)


if __name__ == "__main__":
    sys.exit(main())
