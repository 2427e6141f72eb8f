"""Where the shipped resources (sample card pools, fonts, icons, the rules page) are.

From a source checkout they are in the repository's `resources/` (and the rules
page in `docs/rules.md`); in an installed bundle (PyInstaller) beside the
executable's data, in the same folders. One place to ask.
"""

from __future__ import annotations

import sys
from pathlib import Path


def _root() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    return Path(bundle) if bundle is not None else Path(__file__).resolve().parents[3]


def resources_dir() -> Path:
    return _root() / "resources"


def rules_page_path() -> Path:
    """docs/rules.md: each format's rules as enforced, and the decisions made here."""
    return _root() / "docs" / "rules.md"


def sample_pool_path(game: str) -> Path:
    return resources_dir() / "cardpools" / f"sample-{game}.csv"
