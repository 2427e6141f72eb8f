"""`players add|import|pin` print each new PIN once; the database keeps only its digest."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from organizer.services.event.events import get_event
from organizer.services.phones import pins
from organizer.services.players import registration
from organizer.storage.database import Database
from organizer.web.address import DEFAULT_PORT, lan_address, page_url
from tests.cli.helpers import organizer
from tests.printing.pdf_reading import text as pdf_text

NOW = dt.datetime(2026, 11, 26, 10, 0, tzinfo=dt.UTC)


def new_event(db_path: Path) -> int:
    return int(organizer(db_path, "new", "--name", "E", "--format", "castle-wars").out)


def signs_in(db_path: Path, who: str, pin: str) -> bool:
    db = Database(f"sqlite:///{db_path}")
    try:
        pins.check_pin(db, event_id=1, who=who, pin=pin, address="cli-test", now=NOW)
        return True
    except pins.WrongPinError:
        return False
    finally:
        db.close()


def test_add_and_pin_print_a_new_pin_and_the_old_one_stops(db_path: Path) -> None:
    new_event(db_path)
    added = organizer(db_path, "players", "add", "Ada Byrne")
    code, pin = added.out.split()
    assert added.status == 0 and code == "p1" and len(pin) == 6 and pin.isdigit()
    assert signs_in(db_path, "p1", pin)
    assert signs_in(db_path, "ada byrne", pin)  # by name, too
    again = organizer(db_path, "players", "pin", "p1", "--json")
    (fresh,) = json.loads(again.out)["players"]
    assert again.status == 0 and fresh["id"] == "p1" and fresh["name"] == "Ada Byrne"
    if fresh["pin"] != pin:  # one in a million: the same six digits again
        assert not signs_in(db_path, "p1", pin)
    assert signs_in(db_path, "p1", fresh["pin"])
    assert organizer(db_path, "players", "pin", "p9").status == 1


def test_import_prints_every_new_pin_and_json_too(db_path: Path, tmp_path: Path) -> None:
    new_event(db_path)
    csv = tmp_path / "players.csv"
    csv.write_text("name\nAda\nBo\nCy\n", encoding="utf-8")
    plain = organizer(db_path, "players", "import", str(csv))
    lines = plain.out.splitlines()
    assert [line.split("\t")[0] for line in lines[:3]] == ["p1", "p2", "p3"]
    assert lines[3] == "added 3 players; 0 rows not imported"
    csv.write_text("name\nDi\n", encoding="utf-8")
    as_json = organizer(db_path, "players", "import", str(csv), "--json")
    (di,) = json.loads(as_json.out)["players"]
    assert di["id"] == "p4" and di["name"] == "Di" and signs_in(db_path, "p4", di["pin"])
    assert "added 1 players" in as_json.err


def test_the_database_never_holds_a_pin_in_clear(db_path: Path) -> None:
    new_event(db_path)
    issued = [organizer(db_path, "players", "add", f"Player {i}").out.split()[1] for i in range(5)]
    key = db_path.with_name(db_path.name + ".pinkey")
    stored = b"".join(
        p.read_bytes()
        for p in db_path.parent.iterdir()
        if p.name.startswith(db_path.name) and p != key
    )
    for pin in issued:
        assert pin.encode() not in stored
    assert stored.count(b"hmac-sha256$") >= 5  # keyed by the file beside the database
    assert len(key.read_bytes()) == 32 and key.read_bytes() not in stored


def revision(db_path: Path) -> int:
    db = Database(f"sqlite:///{db_path}")
    try:
        return get_event(db, 1).revision
    finally:
        db.close()


def test_add_and_import_register_and_issue_pins_in_one_write(db_path: Path, tmp_path: Path) -> None:
    """Issue 35/36 item 22: the PINs came in a second write, so a Ctrl+C between the two
    left every imported player without a PIN, and none printed."""
    new_event(db_path)
    before = revision(db_path)
    organizer(db_path, "players", "add", "Ada")
    assert revision(db_path) == before + 1
    csv = tmp_path / "players.csv"
    csv.write_text("name\nBo\nCy\n", encoding="utf-8")
    imported = organizer(db_path, "players", "import", str(csv))
    assert imported.status == 0 and revision(db_path) == before + 2


def test_pin_with_no_ids_serves_the_players_without_a_pin(db_path: Path) -> None:
    """Issue 36, item 22: its help says so, but it was refused."""
    new_event(db_path)
    organizer(db_path, "players", "add", "Ada")
    db = Database(f"sqlite:///{db_path}")
    try:
        registration.add_player(db, event_id=1, name="Bo")  # registered with no PIN
    finally:
        db.close()
    served = organizer(db_path, "players", "pin")
    assert served.status == 0
    [(code, pin)] = [line.split("\t") for line in served.out.splitlines()]
    assert code == "p2" and signs_in(db_path, "p2", pin)
    refused = organizer(db_path, "players", "pin")
    assert refused.status != 0 and "every player has a PIN" in refused.err


def test_unlock_lifts_a_players_lock_and_all(db_path: Path) -> None:
    new_event(db_path)
    pin = organizer(db_path, "players", "add", "Ada").out.split()[1]
    organizer(db_path, "players", "add", "Bo")
    wrong = f"{(int(pin) + 1) % 10**6:06d}"
    db = Database(f"sqlite:///{db_path}")
    try:
        for i in range(pins.TRIES):
            with pytest.raises(pins.WrongPinError):
                pins.check_pin(db, event_id=1, who="p1", pin=wrong, address=f"a{i}", now=NOW)
        now = dt.datetime.now(dt.UTC)
        for i in range(pins.TRIES):
            with pytest.raises(pins.WrongPinError):
                pins.check_pin(db, event_id=1, who="p1", pin=wrong, address=f"b{i}", now=now)
        assert [lock.subject for lock in pins.locks(db, event_id=1, now=now)] == ["player:p1"]
        lifted = organizer(db_path, "players", "unlock", "p1")
        assert lifted.status == 0 and "lifted 1 sign-in lock" in lifted.out
        assert pins.locks(db, event_id=1, now=now) == ()
        assert pins.check_pin(db, event_id=1, who="p1", pin=pin, address="b0", now=now)
        assert organizer(db_path, "players", "unlock", "--all").status == 0
        assert organizer(db_path, "players", "unlock").status != 0
        assert organizer(db_path, "players", "unlock", "p9").status != 0
    finally:
        db.close()


@pytest.mark.parametrize("wrong", ["", "000000x", "12345"])
def test_a_wrong_pin_is_refused(db_path: Path, wrong: str) -> None:
    new_event(db_path)
    organizer(db_path, "players", "add", "Ada")
    assert not signs_in(db_path, "p1", wrong)


def test_pin_cards_issue_and_print_in_one_step(db_path: Path, tmp_path: Path) -> None:
    new_event(db_path)
    for name in ("Ada", "Bo", "Cy"):
        organizer(db_path, "players", "add", name)
    organizer(db_path, "players", "drop", "p3")
    cards = tmp_path / "cards.pdf"
    made = organizer(
        db_path, "players", "pin", "--all", "--cards", str(cards), "--url", "http://10.0.0.5:8080/"
    )
    assert made.status == 0 and "2 player card(s)" in made.err
    issued = dict(line.split("\t") for line in made.out.splitlines())
    assert set(issued) == {"p1", "p2"}  # the dropped player gets no card unless named
    text = pdf_text(cards.read_bytes())
    for code, pin in issued.items():
        assert code in text and pin in text
    assert "http://10.0.0.5:8080/me" in text and "Ada" in text and "Cy" not in text
    assert signs_in(db_path, "p2", issued["p2"])
    nobody = organizer(db_path, "players", "pin", "--cards", str(cards))
    assert nobody.status == 1 and "every player has a PIN" in nobody.err


def test_pin_cards_without_an_address_print_the_page_this_computer_serves(
    db_path: Path, tmp_path: Path
) -> None:
    new_event(db_path)
    organizer(db_path, "players", "add", "Ada")
    cards = tmp_path / "cards é.pdf"
    made = organizer(db_path, "players", "pin", "--all", "--cards", str(cards))
    assert made.status == 0, made.err
    served = page_url(lan_address(), DEFAULT_PORT)  # what `organizer serve` announces
    assert f"{served}me" in pdf_text(cards.read_bytes())
