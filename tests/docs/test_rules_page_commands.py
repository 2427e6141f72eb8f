"""The commands docs/rules.md gives a judge for issue 36's rulings are real commands.

Why: a refusal's hint once named `result 2 --winner ID --correct`, an option that never
existed (issue 36 item 4). The rules page is where a judge looks up what to type after a
refusal: every command form it gives for two losses at one table (item 1), a penalized
Conquest winner (item 4) and a game with one loser (item 8) must parse with the real
command line, and the page must say what the app decided for the top cut (items 3, 5).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from organizer.cli.main import build_parser

RULES = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
PLACEHOLDERS = {"T": "2", "ID": "p7", "WINNER_ID": "p7", "SCORE": "2-1"}


def commands_on_the_page(*names: str) -> list[str]:
    """Every `organizer NAME …` or bare `NAME …` command in backticks on the rules page."""
    pattern = r"`(?:organizer )?((?:" + "|".join(names) + r") [^`]+)`"
    found = re.findall(pattern, RULES)
    return sorted(set(found))


def argv_of(command: str) -> list[str]:
    """The command with example values for its placeholders (a penalty's ID is a number)."""
    values = PLACEHOLDERS | ({"ID": "1"} if command.startswith("penalty") else {})
    argv = [values.get(word, word) for word in command.split() if word != "…"]
    return [*argv, "entered by mistake"] if argv[-1] == "--reason" else argv


@pytest.mark.parametrize("command", commands_on_the_page("result", "penalty remove"))
def test_every_result_and_penalty_command_on_the_page_parses(command: str) -> None:
    argv = argv_of(command)
    parser = build_parser(argv[0])
    parser.parse_args(argv)  # a made-up option exits with status 2


def test_the_page_gives_the_forms_of_this_issues_rulings() -> None:
    given = commands_on_the_page("result", "penalty remove")
    for form in ("--loser", "--confirm", "WINNER_ID --correct", "SCORE --correct"):
        assert any(form in c for c in given), form
    assert "penalty remove ID" in given


@pytest.mark.parametrize(
    "decision",
    [
        "Two losses at one table",  # item 1
        "A player who leaves during the top cut",  # item 3
        "names the penalized player the winner or among those who drew",  # item 4
        "share a place",  # item 5
        "A game with one loser",  # item 8
    ],
)
def test_the_page_states_each_decision(decision: str) -> None:
    assert decision in " ".join(RULES.split())
