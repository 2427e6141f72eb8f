"""The apt list and dev.py's own check of the system libraries agree.

Why: a bare machine gets exactly one `apt-get install` line from dev.py, and CI
installs installer/apt-packages.txt; if the two drifted, CI would pass while a
newcomer's machine stops (or the reverse).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _dev() -> ModuleType:
    spec = importlib.util.spec_from_file_location("dev", ROOT / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _apt_list() -> set[str]:
    lines = (ROOT / "installer" / "apt-packages.txt").read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def test_ci_installs_every_package_the_test_check_asks_for() -> None:
    wanted = {package for _, package in _dev().QT_OFFSCREEN}
    assert wanted <= _apt_list()


def test_ci_installs_every_program_the_tests_drive() -> None:
    wanted = {package for _, package in _dev().TEST_PROGRAMS}
    assert "chromium" in wanted
    assert wanted <= _apt_list()


def test_a_program_found_under_no_name_names_its_package() -> None:
    dev = _dev()
    assert dev.missing_programs(((("no-such-organizer-program",), "no-such-package"),)) == [
        "no-such-package"
    ]
    assert dev.missing_programs(dev.TEST_PROGRAMS) == []  # this machine runs the Chromium walk


def test_the_installer_check_tools_stay_in_the_list() -> None:
    assert {"nsis", "desktop-file-utils"} <= _apt_list()


def test_no_package_pip_now_provides_is_listed() -> None:
    assert not {"poppler-utils", "postgresql", "runuser"} & _apt_list()


def test_a_library_that_cannot_load_names_its_package() -> None:
    dev = _dev()
    missing = dev.missing_packages((("libno-such-organizer-lib.so.7", "no-such-package"),))
    assert missing == ["no-such-package"]
    assert dev.missing_packages(dev.QT_OFFSCREEN) == []  # this machine runs the Qt tests
