"""Request bodies: refused by the server before they reach the disk; odd ones answer 400.

Why: waitress buffered up to 1 GiB per request, to its temp folder past
512 KB, before the page answered 413; held-open bodies filled the disk and
the TO's writes failed. JSON nested 1,000 deep and a sign-in form with more
than 20 fields answered 500 with a traceback in the log.
"""

from __future__ import annotations

import os
import socket
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from organizer.web import server
from organizer.web import site as page
from tests.web.self_service.players import SelfServed, self_served
from tests.web.served import LOOPBACK

FD_FOLDER = Path("/proc/self/fd")
SENT = 2 * 1024 * 1024
"""How much of the body the client sends: four times waitress's in-memory buffer."""


@pytest.fixture
def site(db_path: Path) -> Iterator[SelfServed]:
    with self_served(db_path) as served:
        yield served


def files_open_in(folder: Path) -> list[str]:
    """What this process (the server's threads included) holds open inside `folder`."""
    found = []
    for fd in FD_FOLDER.iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith(str(folder)):
            found.append(target)
    return found


def head(chunked: bool) -> bytes:
    length = b"Transfer-Encoding: chunked" if chunked else b"Content-Length: %d" % (SENT * 2)
    return (
        b"POST /api/session HTTP/1.1\r\nHost: organizer\r\n"
        b"Content-Type: application/json\r\n" + length + b"\r\n\r\n"
    )


def status_line(sock: socket.socket, wait_s: float) -> bytes:
    sock.settimeout(wait_s)
    try:
        return sock.recv(64).split(b"\r\n", 1)[0]
    except (TimeoutError, OSError):
        return b""


@pytest.mark.skipif(not FD_FOLDER.is_dir(), reason="open files are seen through /proc")
@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_a_body_over_the_cap_is_refused_before_a_file_holds_it(
    site: SelfServed, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunked: bool
) -> None:
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))  # where waitress's buffers spill
    seen: list[str] = []
    with socket.create_connection((LOOPBACK, site.server.port), timeout=10) as sock:
        sock.sendall(head(chunked))
        answer = b"" if chunked else status_line(sock, 2.0)  # refused on its length alone
        piece = b"[" * 65536
        try:
            for _ in range(SENT // len(piece)):
                sock.sendall(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
                seen += files_open_in(temp)
        except OSError:
            pass  # the server closed the connection: nothing more is read
        deadline = time.monotonic() + 2.0
        while time.monotonic() < deadline and not seen:
            seen += files_open_in(temp)
            time.sleep(0.05)
        answer = answer or status_line(sock, 2.0)
    assert seen == [] and list(temp.iterdir()) == []
    assert answer.startswith(b"HTTP/1.1 413"), answer
    assert site.player("p1").sign_in().status == 200  # the server still answers


def test_a_body_between_the_two_limits_is_refused_in_the_pages_words(site: SelfServed) -> None:
    assert page.MAX_BODY < server.MAX_BODY
    reply = site.player("p1").api("POST", "/api/session", {"pin": "x" * (page.MAX_BODY + 1)})
    assert reply.status == 413 and "at most 64 KB" in reply.json()["error"]


def test_json_nested_a_thousand_deep_is_400(site: SelfServed) -> None:
    p1 = site.player("p1")
    assert p1.sign_in().status == 200
    deep = b"[" * 1000 + b"]" * 1000
    for path in ("/api/session", "/api/me/deck", "/api/me/result"):
        reply = site.request(
            "POST",
            path,
            b'{"list": ' + deep + b"}",
            {"Content-Type": "application/json", "Authorization": f"Bearer {p1.token}"},
        )
        assert reply.status == 400, path
        assert "nested too deep" in reply.json()["error"]
        assert "Traceback" not in reply.text


def test_a_sign_in_form_with_more_than_20_fields_is_400(site: SelfServed) -> None:
    p1 = site.player("p1")
    page = p1.browse("GET", "/me")
    fields = {"csrf": p1.form_token(page), "player": "p1", "pin": site.pins["p1"]}
    fields |= {f"extra{i}": "x" for i in range(30)}
    reply = p1.browse("POST", "/me/signin", fields)
    assert reply.status == 400
    assert "33 fields: at most 20" in reply.text
    assert not any(c.startswith("organizer_session=") for c in reply.cookies)
