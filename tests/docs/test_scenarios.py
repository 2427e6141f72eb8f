"""docs/scenarios.md names test files that exist, and every test module it names is one.

Why: the page is where the next gap is looked for; a scenario pointing at a file that
was moved or renamed would claim a walk nobody runs any more.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")


def named_paths() -> set[str]:
    return set(re.findall(r"`((?:tests|tools)/[\w./-]+)`", SCENARIOS))


def test_every_file_the_scenarios_name_exists() -> None:
    named = named_paths()
    assert len(named) > 20
    assert [n for n in sorted(named) if not (ROOT / n).exists()] == []


def test_each_test_file_named_holds_tests() -> None:
    files = [n for n in named_paths() if n.startswith("tests/") and n.endswith(".py")]
    empty = [n for n in files if "def test_" not in (ROOT / n).read_text(encoding="utf-8")]
    assert empty == []
