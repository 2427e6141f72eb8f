"""The fonts every printout uses, registered with reportlab from resources/fonts.

Holds `register_fonts` (DejaVu Sans, Sans Bold and Sans Mono, and the Noto Sans CJK subset
for Chinese, Japanese and Korean, from resources/fonts, registered with reportlab once), the
font names `SANS`, `BOLD`, `MONO`, `CJK`, and `resources_dir` (the shipped resources from a
source checkout or a PyInstaller bundle). Measuring, fitting and drawing text is text_runs.py.

Reportlab's built-in Helvetica has no Ł, Ő or ễ; every text is set in DejaVu, with Noto Sans
CJK for each character DejaVu lacks (text_runs.py), embedded as a subset. Must not import Qt,
sqlmodel/sqlalchemy, organizer.services or organizer.storage.
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
CJK: Final = "NotoSansCJK"

_FILES: Final = {
    SANS: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    MONO: "DejaVuSansMono.ttf",
    CJK: "NotoSansCJK-Subset.ttf",
}


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
