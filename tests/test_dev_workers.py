"""dev.py test starts one pytest worker more than the cores it may use, not than the machine has."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

import pytest

DEV = Path(__file__).resolve().parents[1] / "dev.py"


def dev_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("dev", DEV)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_process_pinned_to_two_of_64_cores_counts_two(monkeypatch: pytest.MonkeyPatch) -> None:
    dev = dev_module()
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0, 1}, raising=False)
    assert dev.usable_cores() == 2
