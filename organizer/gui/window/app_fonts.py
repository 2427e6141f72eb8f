"""The shipped fonts, made available to Qt, so tables and the room display show every script.

Why: Qt shapes Arabic and Hebrew itself and falls back per character to any font that has
a glyph, but only among the fonts it can see. A store PC with a bare Linux has no Chinese,
Japanese or Korean font, and those names showed as boxes in the players table and on the
room display; Windows and macOS ship CJK fonts of their own. `install_fonts` adds the
printouts' fonts (resources/fonts: DejaVu Sans and the Noto Sans CJK subset) as application
fonts, which Qt's fallback then uses. Emoji still need a system emoji font.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtGui import QFontDatabase

from organizer.printing.fonts import resources_dir

APP_FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "NotoSansCJK-Subset.ttf")


@cache
def install_fonts() -> tuple[str, ...]:
    """Add the shipped fonts to Qt (once per process); the families now available."""
    families: list[str] = []
    for name in APP_FONTS:
        path = resources_dir() / "fonts" / name
        font_id = QFontDatabase.addApplicationFont(str(path)) if path.is_file() else -1
        if font_id >= 0:
            families.extend(QFontDatabase.applicationFontFamilies(font_id))
    return tuple(families)
