"""Every module of `organizer` is held to `mypy --strict`: no override in pyproject.toml relaxes
one (the GUI's blanket exemption went; a module that fails strict is fixed, not listed)."""

from __future__ import annotations

import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"

RELAXED: frozenset[str] = frozenset()
"""Modules of organizer still let off a strict check, by name: this set only shrinks."""

LOOKS_ONLY = {"module", "ignore_missing_imports"}
"""What an override may say without relaxing a check of our own code."""


def test_no_module_of_organizer_is_let_off_strict() -> None:
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    assert config["tool"]["mypy"]["strict"] is True
    relaxed = set()
    for override in config["tool"]["mypy"].get("overrides", []):
        modules = override["module"]
        modules = [modules] if isinstance(modules, str) else modules
        ours = [m for m in modules if m == "organizer" or m.startswith("organizer.")]
        if ours and set(override) - LOOKS_ONLY:
            relaxed.update(ours)
    assert relaxed <= RELAXED, f"relaxed beyond the list: {sorted(relaxed - RELAXED)}"
