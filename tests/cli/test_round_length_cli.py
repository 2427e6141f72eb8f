"""`organizer new --round-minutes` and `clock length` for Warcaste Skirmish (1d: rounds are one
hour; issue 25 item 7): refused, or a house rule the clock and the slips state."""

from __future__ import annotations

import json
from pathlib import Path

from pypdf import PdfReader

from tests.cli.helpers import ok, organizer


def test_a_shorter_skirmish_round_needs_the_house_rule(db_path: Path, tmp_path: Path) -> None:
    args = ("new", "--name", "Short", "--format", "warcaste-skirmish-constructed")
    refused = organizer(db_path, *args, "--round-minutes", "50")
    assert refused.status == 2
    assert "rounds last 1 hour (Warcaste 1d), not 50 minutes" in refused.err
    assert "--house-rule" in refused.err
    ok(db_path, *args, "--round-minutes", "50", "--house-rule")
    for name in ("Ada", "Bo"):
        ok(db_path, "players", "add", name)
    ok(db_path, "pair", "--seed", "1")
    status = ok(db_path, "clock", "status")
    assert "House rule: 50-minute rounds (Warcaste 1d: 1 hour)" in status.out
    doc = json.loads(ok(db_path, "clock", "status", "--json").out)
    assert doc["total_s"] == 50 * 60 and doc["house_rule"].startswith("House rule")
    refused = organizer(db_path, "clock", "length", "40")
    assert refused.status == 1 and "house_round_minutes = 40" in refused.err
    assert "Round of" not in ok(db_path, "clock", "length", "60").out  # the rulebook's hour
    assert json.loads(ok(db_path, "clock", "status", "--json").out)["total_s"] == 3600
    ok(db_path, "clock", "length", "50")  # the house rule's length
    out = tmp_path / "slips.pdf"
    ok(db_path, "print", "slips", "-o", str(out))
    printed = "".join(page.extract_text() for page in PdfReader(out).pages)
    assert "House rule: 50-minute rounds (Warcaste 1d: 1 hour)" in printed
    shorter = ok(db_path, "clock", "length", "40", "--house-rule")
    assert "House rule: 40-minute rounds (Warcaste 1d: 1 hour)" in shorter.out
