"""Penalties that meet at one table (issue 36 items 1 and 4; docs/rules.md, "Penalties and the
judge log"): a second loss never silently reverses the first, and a Conquest result never
names a penalized player the winner or among those who drew without the TO saying so."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import ok, organizer


def paired_match(db: Path, best_of: int = 3) -> tuple[int, str, str, bool]:
    """Four players, round 1 paired; the table of p1, its two players (p1 first) and
    whether p1 sits first (player A)."""
    ok(db, "new", "--name", "Cup", "--format", "castle-wars", "--best-of", str(best_of))
    for name in ("Pl A", "Pl B", "Pl C", "Pl D"):
        ok(db, "players", "add", name)
    pairings = json.loads(ok(db, "pair", "--seed", "1", "--json").out)["pairings"]
    table = next(t for t in pairings if "p1" in (t["a"], t["b"]))
    other = table["b"] if table["a"] == "p1" else table["a"]
    return table["table"], "p1", other, table["a"] == "p1"


def points(db: Path) -> dict[str, int]:
    rows = json.loads(ok(db, "standings", "--json").out)["standings"]
    return {r["id"]: r["points"] for r in rows}


def test_a_second_match_loss_at_the_table_is_refused_naming_the_first(db_path: Path) -> None:
    _, first, second, _ = paired_match(db_path)
    ok(db_path, "penalty", "add", first, "Tardiness", "Match Loss")
    refused = organizer(db_path, "penalty", "add", second, "Tardiness", "Match Loss")
    assert refused.status == 1
    assert "Pl A already has a Match Loss at table" in refused.err
    assert "penalty remove 1" in refused.err
    # Nothing was written: the first loss stands, the penalized player has no points.
    assert points(db_path)[first] == 0 and points(db_path)[second] == 3
    assert len(ok(db_path, "penalty", "list").out.splitlines()) == 1


def test_two_game_losses_never_flip_a_result_back(db_path: Path) -> None:
    table, first, second, first_is_a = paired_match(db_path)
    score = "2-1" if first_is_a else "1-2"  # p1 wins 2-1
    ok(db_path, "result", str(table), score)
    ok(db_path, "penalty", "add", first, "Slow Play", "Game Loss")
    assert points(db_path)[second] == 3
    refused = organizer(db_path, "penalty", "add", second, "Slow Play", "Game Loss")
    assert refused.status == 1 and "already has a Game Loss at table" in refused.err
    assert points(db_path)[second] == 3 and points(db_path)[first] == 0


def conquest_round(db: Path) -> list[dict[str, object]]:
    ok(db, "new", "--name", "Conquest", "--format", "warcaste-conquest")
    for i in range(1, 9):
        ok(db, "players", "add", f"Warlord {i}")
    pairings: list[dict[str, object]] = json.loads(ok(db, "pair", "--seed", "1", "--json").out)[
        "pairings"
    ]
    return pairings


def test_a_conquest_result_naming_a_penalized_player_is_refused_until_confirmed(
    db_path: Path,
) -> None:
    table = conquest_round(db_path)[0]
    seats = list(table["seats"])  # type: ignore[call-overload]
    number = str(table["table"])
    ok(db_path, "penalty", "add", seats[1], "Slow Play", "Game Loss")
    refused = organizer(db_path, "result", number, seats[1])
    assert refused.status == 1
    assert "Game Loss" in refused.err and "--confirm" in refused.err
    refused = organizer(db_path, "result", number, "draw")
    assert refused.status == 1 and "among the players who drew" in refused.err
    ok(db_path, "result", number, seats[1], "--confirm")
    standings = {
        r["id"]: r["points"]
        for r in json.loads(ok(db_path, "standings", "--json").out)["standings"]
    }
    assert standings[seats[1]] == 3


def test_a_conquest_result_naming_a_disqualified_player_is_refused(db_path: Path) -> None:
    table = conquest_round(db_path)[0]
    seats = list(table["seats"])  # type: ignore[call-overload]
    ok(db_path, "penalty", "add", seats[0], "Cheating", "Disqualification")
    refused = organizer(db_path, "result", str(table["table"]), seats[0])
    assert refused.status == 1 and "Disqualification" in refused.err
    ok(db_path, "result", str(table["table"]), seats[2])


def test_the_hint_after_a_conquest_result_names_a_real_command(db_path: Path) -> None:
    table = conquest_round(db_path)[0]
    seats = list(table["seats"])  # type: ignore[call-overload]
    ok(db_path, "result", str(table["table"]), seats[0])
    refused = organizer(db_path, "penalty", "add", seats[0], "Slow Play", "Game Loss")
    assert refused.status == 1
    assert "--winner" not in refused.err
    hint = f"result {table['table']} WINNER_ID --correct"
    assert hint in refused.err
    # The hint, as a real command with a real winner, is accepted.
    ok(db_path, "result", str(table["table"]), seats[1], "--correct")
    ok(db_path, "penalty", "add", seats[0], "Slow Play", "Game Loss")
