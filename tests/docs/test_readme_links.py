"""The README sends readers only to files inside the repository, and they exist.

Why: it pointed to `shared/spec/cli.md` for the JSON shapes, a file a reader of
the repository does not have. Links and backquoted paths to .md files count.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def mentioned_documents() -> set[str]:
    links = re.findall(r"\]\(([^)#]+\.md)\)", README)
    quoted = re.findall(r"`([\w./-]+\.md)`", README)
    return set(links) | set(quoted)


def test_every_document_the_readme_names_is_in_the_repository() -> None:
    named = mentioned_documents()
    assert "docs/json.md" in named
    assert not [n for n in named if n.startswith(("shared/", "../", "/"))]
    assert [n for n in named if not (ROOT / n).is_file()] == []


@pytest.mark.slow
def test_the_json_shapes_document_has_the_keys_the_commands_print(tmp_path: Path) -> None:
    """Every key of `players list --json` and `clock status --json` on the demo is in it."""
    shapes = (ROOT / "docs" / "json.md").read_text(encoding="utf-8")
    organizer = [sys.executable, "-m", "organizer", "--db", str(tmp_path / "demo.sqlite3")]
    subprocess.run([*organizer, "demo"], check=True, capture_output=True, timeout=120)
    for command in (["players", "list", "--json"], ["clock", "status", "--json"]):
        printed = subprocess.run(
            [*organizer, *command], check=True, capture_output=True, text=True, timeout=120
        ).stdout
        document = json.loads(printed)
        keys = set(document)
        for value in document.values():
            if isinstance(value, list) and value and isinstance(value[0], dict):
                keys |= set(value[0])
        assert [k for k in keys if f'"{k}"' not in shapes] == [], command
