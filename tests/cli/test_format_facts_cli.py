"""Format facts the command line refuses, with the rule's section (issue: rules at their
edges): a Warcaste event of best of 3 (1d), `1-0-1` in a one-game match, a pod size above
8 (8b), pods in a constructed event; and the legal case beside each."""

from __future__ import annotations

from pathlib import Path

from tests.cli.helpers import organizer


def test_a_warcaste_event_is_best_of_1(db_path: Path) -> None:
    new = ("new", "--name", "Skirmish", "--format", "warcaste-skirmish-constructed")
    refused = organizer(db_path, *new, "--best-of", "3")
    assert refused.status != 0 and "Warcaste 1d" in refused.err
    assert organizer(db_path, *new, "--best-of", "1").status == 0
    castle = organizer(
        db_path, "new", "--name", "Castle", "--format", "castle-wars", "--best-of", "5"
    )
    assert castle.status == 0


def test_a_one_game_match_has_one_game(db_path: Path) -> None:
    organizer(db_path, "new", "--name", "Skirmish", "--format", "warcaste-skirmish-constructed")
    for name in ("Ada", "Bo"):
        organizer(db_path, "players", "add", name)
    assert organizer(db_path, "pair", "--seed", "1").status == 0
    refused = organizer(db_path, "result", "1", "1-0-1")
    assert refused.status != 0 and "one-game match has one game" in refused.err
    assert organizer(db_path, "result", "1", "1-0").status == 0


def test_pods_of_up_to_8_and_only_in_a_draft(db_path: Path) -> None:
    organizer(db_path, "new", "--name", "Draft", "--format", "warcaste-skirmish-draft")
    assert organizer(db_path, "settings", "pod_size", "8").status == 0
    refused = organizer(db_path, "settings", "pod_size", "9")
    assert refused.status != 0 and "8b" in refused.err
    for i in range(4):
        organizer(db_path, "players", "add", f"Drafter {i}")
    assert organizer(db_path, "pods", "--seed", "1").status == 0
    organizer(db_path, "new", "--name", "WARS", "--format", "wars-constructed")
    for i in range(4):
        organizer(db_path, "players", "add", f"Player {i}")
    no_pods = organizer(db_path, "pods", "--seed", "1")
    assert no_pods.status == 1 and "not a draft format" in no_pods.err
