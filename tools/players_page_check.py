"""What a player sees on the players' page, checked in headless Chromium, with screenshots.

    .venv/bin/python tools/players_page_check.py [--big] [OUT_DIR]

Builds a demo event in a throwaway database (round 2 paired, some results in,
the clock running), serves its players' page on 127.0.0.1 (a free port), and
opens it in headless Chromium from apt (installed when missing and run as
root; otherwise the script says how to install it). It checks, as a phone
360 pixels wide:

- the clock on `/` counts down by itself (JavaScript), and nothing is wider
  than the screen, with body type of at least 16 px;
- typing a few letters of a name on `/pairings` shows that player's table,
  seat and opponent as the services stored them (JavaScript), and the same
  search works with JavaScript off (the form's `?q=`);
- no name is broken inside a word at 360 px (long names wrap at spaces), and
  the header names the event;
- `/standings` opens a player's tiebreak breakdown with one tap;
- a result entered after `/pairings` was opened appears on it without a
  reload, the standings page follows the round's last result (still without a
  reload, the opened breakdown kept open), and an open page shows round 3
  once the TO pairs it;

then takes screenshots at 360x740 and 1280x800 into OUT_DIR (default
docs/screenshots). With `--big` it also serves a 4,096-player event in round 9
(tests/big_events.py) and checks that no page a phone opens is over 300 KB,
that finding a name shows that player's row and the rows around it, and takes
screenshots of those pages. Exit status 0 when every check passed, 1 otherwise.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from headless_chromium import Browser, Page

from organizer.core.results import parse_score
from organizer.services.clock import clock
from organizer.services.event import events
from organizer.services.event.interchange import load_event
from organizer.services.players import registration
from organizer.services.rounds import pairing, results
from organizer.storage.database import Database
from organizer.web.app import PlayersPage
from organizer.web.server import PageServer

ROOT = Path(__file__).resolve().parents[1]
NAMES = (
    "Ada Byrne", "Bo Chen", "Cyrus Dorn", "Dana Ek", "Emeka Fofana", "Fatima Ghazali",
    "Gus Halvorsen", "Hana Ito", "Ivan Jovanović", "Jo Kim", "Kasia Lewandowska", "Liam Murphy",
    "Mei Nakamura", "Nils Olsen", "Olu Adeyemi", "Priya Raman", "Quinn Sato", "Rosa Torres",
    "Sven Ulrich", "Tess Vale", "Uma Wolfe", "Vic Xu", "Wren Young",
    "Bartholomew Featherstonehaugh", "Anastasia Wolkonskaja-Lewandowska",
    "محمد عبد الله", "Konstantinos Papadopoulos",
)  # fmt: skip
UPDATE_PATIENCE_S = 15.0
"""The page promises to follow a change within 10 s; the check waits a little longer."""
NO_BROKEN_WORDS = """(function () {
  var broken = [];
  var names = document.querySelectorAll("bdi");
  for (var i = 0; i < names.length; i += 1) {
    var node = names[i].firstChild;
    if (!node || node.nodeType !== 3 || names[i].offsetParent === null) { continue; }
    var text = node.textContent, re = /[^\\s-]+/g, m;
    while ((m = re.exec(text)) !== null) {
      var range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      var lines = {};
      var rects = range.getClientRects();
      for (var k = 0; k < rects.length; k += 1) {
        if (rects[k].width > 0) { lines[Math.round(rects[k].top)] = true; }
      }
      if (Object.keys(lines).length > 1) { broken.push(m[0]); }
    }
  }
  return broken;
})()"""
SEARCH = "jova"
FINDS = "Ivan Jovanović"
failures: list[str] = []


def check(ok: bool, what: str) -> None:
    print(("ok    " if ok else "FAIL  ") + what, flush=True)
    if not ok:
        failures.append(what)


def demo_event(db: Database) -> int:
    event_id = events.create_event(
        db, name="Friday Night Skirmish", format_id="castle-wars", planned_rounds=4
    ).value.id
    text = "name\n" + "".join(f"{n}\n" for n in NAMES)
    registration.import_players_csv(db, event_id=event_id, text=text)
    first = pairing.pair_next(db, event_id=event_id, seed=11).value
    for m in first.matches:
        if m.table is not None:
            score = ("2-0", "2-1", "1-2", "0-2")[m.table % 4]
            results.record_result(db, event_id=event_id, table=m.table, score=parse_score(score))
    second = pairing.pair_next(db, event_id=event_id, seed=12).value
    for m in second.matches[:4]:
        if m.table is not None:
            results.record_result(db, event_id=event_id, table=m.table, score=parse_score("2-1"))
    clock.start(db, event_id=event_id)
    return event_id


def expected_line(db: Database, event_id: int) -> str:
    """ "Table N · Seat S" and the opponent of `FINDS`, from the stored round."""
    names = {p.code: p.name for p in registration.list_players(db, event_id=event_id)}
    code = next(c for c, n in names.items() if n == FINDS)

    match = next(
        m for m in load_event(db, event_id=event_id).rounds[-1].matches if code in m.players
    )
    seat = match.players.index(code) + 1
    opponent = names[match.players[2 - seat]]
    return f"Table {match.table} · Seat {seat}against {opponent}"


def fits(page: Page, width: int) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth")
    check(wide <= width, f"nothing wider than {width} px (page is {wide} px)")
    broken = page.evaluate(NO_BROKEN_WORDS)
    check(not broken, f"no name is broken inside a word at {width} px {broken or ''}")


def wait_for(page: Page, expression: str, timeout: float = UPDATE_PATIENCE_S) -> object:
    """`expression`'s value once it is truthy (polled), or its last value after `timeout`."""
    deadline = time.monotonic() + timeout
    value = page.evaluate(expression)
    while not value and time.monotonic() < deadline:
        time.sleep(0.25)
        value = page.evaluate(expression)
    return value


def mark_page(page: Page) -> None:
    """A mark a reload would wipe: still there later, the page changed in place."""
    page.evaluate("window.notReloaded = true")


def not_reloaded(page: Page) -> bool:
    return page.evaluate("window.notReloaded === true") is True


def phone_checks(page: Page, url: str, out: Path, expected: str) -> None:
    page.viewport(360, 740, mobile=True)
    page.open(url)
    first = page.evaluate("document.getElementById('clock-time').textContent")
    time.sleep(2.5)
    later = page.evaluate("document.getElementById('clock-time').textContent")
    check(first != later and later < first, f"the clock counts down by itself ({first} → {later})")
    size = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    check(size >= 16, f"body type is at least 16 px ({size} px)")
    fits(page, 360)
    page.screenshot(out / "players-page-now-360x740.png")

    header = " ".join(page.evaluate("document.querySelector('header .event').innerText").split())
    check("Event: Friday Night Skirmish" in header, f"the header names the event ({header!r})")
    page.open(url + "pairings")
    page.evaluate(
        f"(function(){{var i=document.getElementById('find'); i.focus(); i.value='{SEARCH}';"
        "i.dispatchEvent(new Event('input'));})()"
    )
    wait_for(page, "document.getElementById('found-list').children.length", 5.0)
    found = page.evaluate("document.getElementById('found-list').innerText")
    shown = " ".join(found.split())
    check(FINDS in found, f"typing '{SEARCH}' finds {FINDS}")
    want = " ".join(expected.replace("against", " against").split())
    check(want in shown, f"… with the stored table, seat and opponent: {want!r} in {shown!r}")
    fits(page, 360)
    page.screenshot(out / "players-page-pairings-360x740.png")
    page.evaluate("document.getElementById('by-name').scrollIntoView()")
    page.screenshot(out / "players-page-by-name-360x740.png")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.screenshot(out / "players-page-by-name-end-360x740.png")

    page.open(url + "standings")
    page.evaluate("document.querySelector('details summary').click()")
    opened = page.evaluate("document.querySelector('details').open")
    check(opened is True, "one tap opens a player's tiebreak breakdown")
    fits(page, 360)
    page.screenshot(out / "players-page-standings-360x740.png")


def result_cell(table: int) -> str:
    return (
        "(function(){var rows=document.querySelectorAll('table.tables tbody tr');"
        "for(var i=0;i<rows.length;i+=1){var c=rows[i].cells;"
        f"if(c[0].textContent.trim()==='{table}'){{return c[2].textContent.trim();}}}}"
        "return null;})()"
    )


def live_checks(page: Page, url: str, db: Database, event_id: int) -> None:
    """Results come in while the pages are open: they follow, without a reload."""
    page.viewport(360, 740, mobile=True)
    page.open(url + "pairings")
    mark_page(page)
    latest = load_event(db, event_id=event_id).rounds[-1]
    waiting = [m.table for m in latest.matches if m.table is not None and m.wins is None]
    table = waiting[0]
    check(page.evaluate(result_cell(table)) == "", f"table {table} has no result yet")
    results.record_result(db, event_id=event_id, table=table, score=parse_score("0-2"))
    shown = wait_for(page, f"{result_cell(table)} === '0-2'")
    check(shown is True, f"a result entered after the page opened appears (table {table}: 0-2)")
    check(not_reloaded(page), "… without a reload")

    page.open(url + "standings")
    mark_page(page)
    heading = page.evaluate("document.querySelector('h1').textContent")
    check(heading == "Standings after round 1", f"while round 2 is played: {heading!r}")
    progress = page.evaluate("document.querySelector('.progress-line').textContent")
    check("Round 2 in progress:" in progress, f"… and says so: {progress!r}")
    page.evaluate("document.querySelector('details summary').click()")
    opened = page.evaluate("document.querySelector('details').getAttribute('data-player')")
    for m in latest.matches:
        if m.table is not None and m.table != table and m.wins is None:
            results.record_result(db, event_id=event_id, table=m.table, score=parse_score("2-0"))
    done = wait_for(page, "document.querySelector('h1').textContent === 'Standings after round 2'")
    check(done is True, "the standings follow the round's last result: after round 2")
    kept = page.evaluate(f"document.querySelector('details[data-player=\"{opened}\"]').open")
    check(kept is True and not_reloaded(page), "… without a reload, the opened breakdown kept")

    pairing.pair_next(db, event_id=event_id, seed=13)
    shown = wait_for(page, "document.body.dataset.round === '3'")
    check(shown is True, "an open page shows round 3 once it is paired, by itself")


def no_script_checks(page: Page, url: str, expected: str) -> None:
    page.scripts(False)
    page.open(url + f"pairings?q={SEARCH}")
    found = " ".join(page.evaluate("document.getElementById('found-list').innerText").split())
    want = " ".join(expected.replace("against", " against").split())
    check(want in found, "without JavaScript the Find button's search shows the same table")
    rows = page.evaluate("document.querySelectorAll('#names tbody tr').length")
    check(rows == len(NAMES), f"without JavaScript the list by name has every player ({rows})")
    page.scripts(True)


def desktop_shots(page: Page, url: str, out: Path) -> None:
    page.viewport(1280, 800, mobile=False)
    page.open(url)
    page.screenshot(out / "players-page-now-1280x800.png")
    page.open(url + "pairings")
    page.screenshot(out / "players-page-pairings-1280x800.png")
    page.open(url + "standings")
    page.screenshot(out / "players-page-standings-1280x800.png")


MAX_PAGE_BYTES = 300 * 1024


def big_checks(browser: Browser, out: Path) -> None:
    """A 4,096-player event in round 9: small pages, your row found, screenshots."""
    sys.path.insert(0, str(ROOT))
    from tests.big_events import store_big_event

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.sqlite3"
        event_id = store_big_event(path)
        db = Database(f"sqlite:///{path}")
        rnd = pairing.pair_next(db, event_id=event_id, seed=9).value
        tables = [m.table for m in rnd.matches if m.table is not None]
        for table in tables[: len(tables) // 3]:
            results.record_result(db, event_id=event_id, table=table, score=parse_score("2-1"))
        clock.start(db, event_id=event_id)
        someone = load_event(db, event_id=event_id).players[1234].name
        server = PageServer(PlayersPage(db, event_id), "127.0.0.1", 0).start()
        try:
            page = browser.page()
            page.viewport(360, 740, mobile=True)
            for path_ in ("", "pairings", "standings", "standings?page=40", "pairings?page=7"):
                page.open(server.url + path_)
                size = page.evaluate(
                    "performance.getEntriesByType('navigation')[0].decodedBodySize"
                )
                check(size <= MAX_PAGE_BYTES, f"4,096 players: /{path_} is {size / 1024:.0f} KB")
            page.open(server.url + "standings")
            fits(page, 360)
            page.screenshot(out / "players-page-4096-standings-360x740.png")
            page.evaluate(
                f"(function(){{var i=document.getElementById('find-standing'); i.value={someone!r};"
                "i.form.submit();})()"
            )
            wait_for(page, "document.getElementById('you') !== null", 10.0)
            rows = page.evaluate("document.querySelectorAll('ol.standings > li').length")
            mine = page.evaluate("document.querySelector('#you bdi.who').textContent")
            check(
                mine == someone and rows == 11, f"finding {someone} shows the row and 5 each side"
            )
            page.evaluate(
                "document.getElementById('you').scrollIntoView({block: 'start'});"
                "window.scrollBy(0, -200)"
            )
            page.screenshot(out / "players-page-4096-your-row-360x740.png")
            page.open(server.url + "pairings?page=2")
            page.screenshot(out / "players-page-4096-pairings-360x740.png")
        finally:
            server.stop()
            db.close()


def main() -> int:
    args = [a for a in sys.argv[1:] if a != "--big"]
    out = Path(args[0]) if args else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        db = Database(f"sqlite:///{Path(folder) / 'demo.sqlite3'}")
        event_id = demo_event(db)
        server = PageServer(PlayersPage(db, event_id), "127.0.0.1", 0).start()
        browser = Browser()
        try:
            page = browser.page()
            expected = expected_line(db, event_id)
            phone_checks(page, server.url, out, expected)
            no_script_checks(page, server.url, expected)
            desktop_shots(page, server.url, out)
            live_checks(page, server.url, db, event_id)
            page.screenshot(out / "players-page-standings-live-360x740.png")
            if "--big" in sys.argv[1:]:
                big_checks(browser, out)
        finally:
            browser.close()
            server.stop()
            db.close()
    count = len(failures)
    print(
        f"{count} {'check' if count == 1 else 'checks'} failed" if count else "every check passed"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
