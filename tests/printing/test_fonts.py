"""Fonts: found from a checkout or a bundle, and text fitted into its column."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from organizer.printing.fonts import BOLD, SANS, register_fonts, resources_dir
from organizer.printing.text_runs import ELLIPSIS, SHRINK, fit, width
from tests.printing.sample import LONG_NAME


def test_resources_are_found_in_the_checkout() -> None:
    fonts = resources_dir() / "fonts"
    for name in (
        "DejaVuSans.ttf",
        "DejaVuSans-Bold.ttf",
        "DejaVuSansMono.ttf",
        "LICENSE",
        "NotoSansCJK-Subset.ttf",
        "LICENSE-OFL.txt",
    ):
        assert (fonts / name).is_file()


def test_resources_are_found_in_a_pyinstaller_bundle(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources_dir() == tmp_path / "resources"


def test_text_that_fits_is_left_alone() -> None:
    register_fonts()
    assert fit("Łukasz", SANS, 10, 200) == ("Łukasz", 10)


def test_a_little_too_wide_is_set_smaller() -> None:
    register_fonts()
    room = width(LONG_NAME, SANS, 10) * 0.95
    shown, size = fit(LONG_NAME, SANS, 10, room)
    assert shown == LONG_NAME
    assert 10 * SHRINK <= size < 10
    assert width(shown, SANS, size) <= room + 1e-6


@pytest.mark.parametrize("room", [20.0, 80.0, 150.0])
def test_far_too_wide_is_cut_with_an_ellipsis(room: float) -> None:
    register_fonts()
    shown, size = fit(LONG_NAME, BOLD, 12, room)
    assert shown.endswith(ELLIPSIS)
    assert LONG_NAME.startswith(shown[:-1])
    assert width(shown, BOLD, size) <= room
