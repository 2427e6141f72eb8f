"""Issue 25 item 13, the minor findings, from the command line: list settings print with their
own joiner; a Conquest `result 1 1-0` explains the Conquest form."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import ok, organizer


def test_card_names_print_as_they_are_typed(db_path: Path) -> None:
    ok(db_path, "new", "--name", "Bans", "--format", "castle-wars")
    shown = ok(db_path, "settings", "banned_cards", "Iron Banner; Siege Ladder, Large").out
    assert "banned_cards = Iron Banner; Siege Ladder, Large    #" in shown
    again = ok(db_path, "settings", "banned_cards", "Iron Banner; Siege Ladder, Large").out
    assert again == shown  # what is printed can be typed back
    values = json.loads(ok(db_path, "settings", "--json").out)
    assert values["banned_cards"] == ["Iron Banner", "Siege Ladder, Large"]


def test_a_two_player_score_at_a_conquest_table_explains_the_conquest_form(
    db_path: Path,
) -> None:
    ok(db_path, "new", "--name", "Conquest", "--format", "warcaste-conquest")
    for i in range(1, 5):
        ok(db_path, "players", "add", f"Warlord {i}", "--id", f"p{i}")
    ok(db_path, "pair", "--seed", "1")
    refused = organizer(db_path, "result", "1", "1-0")
    assert refused.status == 2
    assert "result 1 WINNER_ID" in refused.err and "result 1 draw" in refused.err
