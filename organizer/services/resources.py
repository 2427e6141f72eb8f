"""Where the shipped resources (sample card pools, fonts, icons) are on this machine.

From a source checkout they are in the repository's `resources/`; in an
installed bundle (PyInstaller) beside the executable's data. One place to ask.
"""

from __future__ import annotations

import sys
from pathlib import Path


def resources_dir() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parents[2] / "resources"


def sample_pool_path(game: str) -> Path:
    return resources_dir() / "cardpools" / f"sample-{game}.csv"
