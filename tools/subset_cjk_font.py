"""Build resources/fonts/NotoSansCJK-Subset.ttf from Debian's fonts-noto-cjk.

Why: printouts must show Chinese, Japanese and Korean names, and reportlab embeds only
TrueType outlines, while Noto Sans CJK ships as OpenType/CFF in a 19 MB collection. This
script keeps the face "Noto Sans CJK JP" (index 0 of NotoSansCJK-Regular.ttc), cuts it
to the characters names are written in (the CJK Unified Ideographs block, kana, Hangul
syllables and jamo, bopomofo, CJK punctuation and full-width forms), and converts its
cubic outlines to quadratic ones (fontTools' cu2qu) so reportlab can embed it.

    apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb x
    .venv/bin/python tools/subset_cjk_font.py \
        x/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc

Needs fontTools (a dev dependency); the app itself never runs this.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable

RANGES = (
    (0x1100, 0x11FF),  # Hangul Jamo
    (0x2E80, 0x2FDF),  # CJK radicals
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x30FF),  # Hiragana, Katakana
    (0x3100, 0x312F),  # Bopomofo
    (0x3130, 0x318F),  # Hangul compatibility jamo
    (0x31F0, 0x31FF),  # Katakana phonetic extensions
    (0x3400, 0x4DBF),  # CJK Unified Ideographs Extension A
    (0x4E00, 0x9FFF),  # CJK Unified Ideographs
    (0xAC00, 0xD7A3),  # Hangul syllables
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0xFF00, 0xFFEF),  # half-width and full-width forms
)
MAX_ERROR = 1.0  # font units (of 1000): the curve conversion is invisible at print sizes
OUT = Path(__file__).resolve().parents[1] / "resources" / "fonts" / "NotoSansCJK-Subset.ttf"


def _to_truetype(font: TTFont) -> None:
    glyph_order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = glyph_order
    glyf.glyphs = {}
    for name in glyph_order:
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, MAX_ERROR, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    font["maxp"] = newTable("maxp")
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for attr in (
        "maxZones",
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
        "maxComponentElements",
    ):
        setattr(maxp, attr, 0)
    maxp.maxZones = 1
    font["head"].glyphDataFormat = 0
    font["post"].formatType = 3.0  # no glyph names: smaller
    font.sfntVersion = "\x00\x01\x00\x00"


def main(source: str) -> None:
    font = TTFont(source, fontNumber=0, lazy=False)
    options = subset.Options()
    options.layout_features = []  # reportlab does not shape; Qt shapes CJK without them
    options.hinting = False
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.drop_tables += ["GSUB", "GPOS", "vhea", "vmtx", "VORG", "DSIG"]
    sub = subset.Subsetter(options)
    sub.populate(unicodes=[u for lo, hi in RANGES for u in range(lo, hi + 1)])
    sub.subset(font)
    _to_truetype(font)
    name = font["name"]
    for record in name.names:
        if record.nameID in (1, 4, 6, 16):
            text = record.toUnicode()
            fixed = text.replace("Noto Sans CJK JP", "Noto Sans CJK JP Subset")
            record.string = fixed.replace("NotoSansCJKjp", "NotoSansCJKjpSubset")
    font.save(str(OUT))
    print(f"{OUT}: {OUT.stat().st_size:,} bytes, {len(font.getGlyphOrder()):,} glyphs")


if __name__ == "__main__":
    main(sys.argv[1])
