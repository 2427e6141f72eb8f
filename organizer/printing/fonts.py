"""The fonts every printout uses, and fitting text into a width.

Holds `register_fonts` (DejaVu Sans, Sans Bold and Sans Mono from resources/fonts, registered
with reportlab once), the font names `SANS`, `BOLD`, `MONO`, `resources_dir` (the shipped
resources from a source checkout or a PyInstaller bundle) and `fit` (shrink a little, then cut
with an ellipsis, so a long name never runs into the next column).

Reportlab's built-in Helvetica has no Ł, Ő or ễ; every text is set in DejaVu, embedded as a
subset. Must not import Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path
from typing import Final

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

SANS: Final = "DejaVuSans"
BOLD: Final = "DejaVuSans-Bold"
MONO: Final = "DejaVuSansMono"
ELLIPSIS: Final = "\u2026"
SHRINK: Final = 0.85
"""A text too wide is first set at down to this fraction of its size, then cut."""

_FILES: Final = {SANS: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf", MONO: "DejaVuSansMono.ttf"}


class FontMissingError(FileNotFoundError):
    """A font file of resources/fonts is not where it should be."""


def resources_dir() -> Path:
    """The shipped resources: `sys._MEIPASS/resources` in a bundle, else the checkout's."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parents[2] / "resources"


@cache
def register_fonts() -> None:
    """Register the DejaVu fonts with reportlab (once per process)."""
    folder = resources_dir() / "fonts"
    for name, file in _FILES.items():
        path = folder / file
        if not path.is_file():
            raise FontMissingError(f"font file missing: {path}")
        pdfmetrics.registerFont(TTFont(name, str(path)))
    pdfmetrics.registerFontFamily(SANS, normal=SANS, bold=BOLD, italic=SANS, boldItalic=BOLD)


def width(text: str, font: str, size: float) -> float:
    """The width of `text` in points."""
    return float(pdfmetrics.stringWidth(text, font, size))


def fit(text: str, font: str, size: float, room: float) -> tuple[str, float]:
    """`text` and a font size such that it fits in `room` points.

    A text that fits is returned as it is; one a little too wide is set smaller (down to
    `SHRINK` of `size`); one still too wide is cut and ends in an ellipsis.
    """
    full = width(text, font, size)
    if full <= room:
        return text, size
    if full * SHRINK <= room:
        return text, size * room / full
    small = size * SHRINK
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if width(text[:mid].rstrip() + ELLIPSIS, font, small) <= room:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS, small
