"""The route table other modules extend: a route says its methods, the rest stays refused."""

from __future__ import annotations

from organizer.storage.database import Database
from organizer.web.app import HTML, PlayersPage, Request, Response
from organizer.web.server import PageServer
from tests.web.served import LOOPBACK, Served, registered_event


def test_an_added_route_answers_its_methods_and_only_those(db: Database) -> None:
    event_id = registered_event(db)
    app = PlayersPage(db, event_id)
    seen: list[tuple[str, str]] = []

    def report(request: Request) -> Response:
        length = int(request.environ.get("CONTENT_LENGTH") or 0)
        body = request.environ["wsgi.input"].read(length).decode()
        seen.append((request.method, body))
        return Response(b"thanks", 200, content_type=HTML, headers={"Cache-Control": "no-store"})

    app.add_route("/report", report, methods=("POST",))
    server = PageServer(app, LOOPBACK, 0).start()
    try:
        page = Served(db, event_id, server)
        reply = page.request("POST", "/report", body=b"table=3")
        assert (reply.status, reply.body) == (200, b"thanks")
        assert seen == [("POST", "table=3")]
        refused = page.get("/report")
        assert refused.status == 405
        assert refused.headers["allow"] == "POST"
        assert page.request("POST", "/pairings", body=b"x").status == 405  # still read-only
        assert page.get("/pairings").status == 200
    finally:
        server.stop()
