"""What a phone is told: a NUL in a list is refused by name, a database failure names no database.

Why: on a hosted event a NUL byte in a phone's list reached PostgreSQL, which
refused it, and the phone got a 503 showing the database's URL; any failure
of the database showed its URL or file path to whoever asked.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from organizer.storage.database import Database
from organizer.web.app import PlayersPage
from organizer.web.server import PageServer
from tests.storage.postgres_server import available, postgres_server
from tests.web.self_service.players import (
    T0,
    Player,
    SelfServed,
    legal_list,
    self_served,
    self_service_event,
)
from tests.web.served import LOOPBACK

NUL_LIST = legal_list().rstrip("\n") + "\x00Extra\n"
"""The legal list with a NUL inside its last card's name: the list reads, the name is unknown."""


def signed_in_form_token(player: Player) -> str:
    page = player.browse("GET", "/me")
    fields = {"csrf": player.form_token(page), "player": player.code}
    fields["pin"] = player.site.pins[player.code]
    assert player.browse("POST", "/me/signin", fields).status == 303
    return player.form_token(player.browse("GET", "/me"))


def assert_nul_refused(site: SelfServed, *, secret: str) -> None:
    api, form = site.player("p1"), site.player("p2")
    assert api.sign_in().status == 200
    reply = api.api("POST", "/api/me/deck", {"list": NUL_LIST})
    assert reply.status == 400, reply.text
    assert "'list' holds a NUL character" in reply.json()["error"]
    assert secret not in reply.text
    csrf = signed_in_form_token(form)
    page = form.browse("POST", "/me/deck", {"csrf": csrf, "list": NUL_LIST, "action": "save"})
    assert page.status == 400 and "holds a NUL character" in page.text
    assert secret not in page.text
    assert api.api("GET", "/api/me").json()["deck"] is None  # nothing stored


def test_a_nul_in_a_list_is_refused_naming_the_problem(db_path: Path) -> None:
    with self_served(db_path) as site:
        assert_nul_refused(site, secret=db_path.name)


@pytest.mark.skipif(not available(), reason="needs the pgserver wheel's PostgreSQL programs")
def test_on_a_hosted_event_a_phone_never_sees_the_database_url() -> None:
    """A NUL is refused by name (PostgreSQL refused it: a 503 with the URL); once the
    host's database is gone, every answer says so without naming it."""
    hosting = postgres_server()
    host = hosting.__enter__()
    where = host.rsplit("@", 1)[1]  # 127.0.0.1:PORT/organizer
    db = Database(host)
    server = None
    running = True
    try:
        event_id, issued = self_service_event(db, players=2)
        server = PageServer(PlayersPage(db, event_id, now=lambda: T0), LOOPBACK, 0).start()
        site = SelfServed(db, event_id, server, issued, [T0])
        assert_nul_refused(site, secret=where)
        hosting.__exit__(None, None, None)  # the database stops; the page goes on serving
        running = False
        p1 = site.player("p1")
        answers = [
            p1.api("POST", "/api/session", {"player": "p1", "pin": issued["p1"]}),
            site.request("GET", "/me"),
            site.request("GET", "/"),
        ]
    finally:
        if server is not None:
            server.stop()
        db.close()
        if running:
            hosting.__exit__(None, None, None)
    assert answers[0].status == 503
    assert "cannot be reached right now" in answers[0].json()["error"]
    for reply in answers:
        assert where.split("/")[0] not in reply.text and "postgres" not in reply.text.lower()
