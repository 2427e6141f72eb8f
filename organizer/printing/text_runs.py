"""Any name in any script as runs of glyphs a PDF can draw: shaped, reordered, with fallback.

Why: players write their names in Latin, Greek, Cyrillic, Chinese, Japanese, Korean, Arabic
and Hebrew, and sometimes with an emoji. reportlab draws code points left to right in one
font; so `visual_runs` (1) joins Arabic letters into their contextual forms
(arabic-reshaper), (2) puts right-to-left text into visual order with the Unicode
bidirectional algorithm (python-bidi), and (3) picks for each character the first font
that has it: the requested DejaVu face, DejaVu Sans, then Noto Sans CJK (fonts.py). A
character no font has (an emoji, a script not shipped) prints as U+FFFD, a visible
placeholder, never as an empty box; invisible joiners and variation selectors are dropped.

`draw_string` draws a logical-order text aligned at a point; `text_width` measures it; `fit`
shrinks a little, then cuts with an ellipsis (so a long name never runs into the next column);
`wrap` breaks a text into lines that fit, for cells that grow instead of cutting.
Must not import Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Literal

import arabic_reshaper
from bidi import get_display
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from organizer.printing.fonts import BOLD, CJK, SANS, register_fonts

ELLIPSIS: Final = "\u2026"
SHRINK: Final = 0.85
"""A text too wide is first set at down to this fraction of its size, then cut."""
FAKE_BOLD_STROKE: Final = 0.03
"""Outline stroke, as a fraction of the type size, that sets CJK in bold text apart."""
PLACEHOLDER: Final = "\ufffd"
"""What a character without a glyph in any shipped font prints as."""
_ARABIC = re.compile("[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff]")
_RIGHT_TO_LEFT = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")
_JOINER: Final = "\u200d"

Align = Literal["left", "right", "center"]


@dataclass(frozen=True, slots=True)
class Run:
    """Characters drawn in one font, in visual (left to right) order."""

    font: str
    text: str


def _covers(font: str, char: str) -> bool:
    return ord(char) in _char_map(font)


@lru_cache(maxsize=16)
def _char_map(font: str) -> frozenset[int]:
    register_fonts()
    face = getattr(pdfmetrics.getFont(font), "face", None)
    return frozenset(face.charToGlyph) if face is not None else frozenset()


def _invisible(char: str) -> bool:
    """Joiners, variation selectors, skin-tone modifiers: nothing to draw on their own."""
    code = ord(char)
    return (
        unicodedata.category(char) == "Cf"
        or 0xFE00 <= code <= 0xFE0F
        or 0xE0100 <= code <= 0xE01EF
        or 0x1F3FB <= code <= 0x1F3FF
    )


def visual_order(text: str) -> str:
    """`text` (logical order) shaped and reordered for drawing left to right."""
    if _ARABIC.search(text):
        text = arabic_reshaper.reshape(text)
    if _RIGHT_TO_LEFT.search(text):
        text = get_display(text)
    return text


@lru_cache(maxsize=8192)
def visual_runs(text: str, font: str) -> tuple[Run, ...]:
    """The runs that draw `text` (logical order) in `font`, with per-character fallback."""
    chain = (font, SANS, CJK) if font != SANS else (SANS, CJK)
    runs: list[Run] = []
    joined = False
    for char in visual_order(text):
        if _invisible(char):
            joined = joined or char == _JOINER
            continue
        chosen = next((f for f in chain if _covers(f, char)), None)
        if chosen is None:
            if joined and runs and runs[-1].text.endswith(PLACEHOLDER):
                joined = False
                continue  # an emoji sequence (family, flag) is one placeholder
            char, chosen = PLACEHOLDER, SANS
        joined = False
        if runs and runs[-1].font == chosen:
            runs[-1] = Run(chosen, runs[-1].text + char)
        else:
            runs.append(Run(chosen, char))
    return tuple(runs)


def text_width(text: str, font: str, size: float) -> float:
    """The width of `text` in points as `draw_string` draws it."""
    return sum(float(pdfmetrics.stringWidth(r.text, r.font, size)) for r in visual_runs(text, font))


def draw_string(
    c: Canvas, x: float, y: float, text: str, font: str, size: float, align: Align = "left"
) -> None:
    """Draw `text` (logical order) with its baseline at `y`, starting, ending or centred at `x`."""
    runs = visual_runs(text, font)
    if not runs:
        return
    if align != "left":
        w = text_width(text, font, size)
        x -= w if align == "right" else w / 2
    fake_bold = font == BOLD and any(r.font == CJK for r in runs)
    if fake_bold:  # the CJK subset has no bold face: stroke its outlines as well as fill them
        c.saveState()
        c.setLineWidth(size * FAKE_BOLD_STROKE)
    t = c.beginText(x, y)
    for index, run in enumerate(runs, start=1):
        t.setFont(run.font, size)
        if fake_bold:
            t.setTextRenderMode(2 if run.font == CJK else 0)
        if index < len(runs):
            t.textOut(run.text)
        else:
            t.textLine(run.text)  # ends the line as canvas.drawString does
    if fake_bold:
        t.setTextRenderMode(0)
    c.drawText(t)
    if fake_bold:
        c.restoreState()
    c.setFont(font, size)


def width(text: str, font: str, size: float) -> float:
    """The width of `text` in points (the name the sheets use for `text_width`)."""
    return text_width(text, font, size)


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


def wrap(text: str, font: str, size: float, room: float) -> list[str]:
    """`text` broken into lines no wider than `room`: at spaces or after hyphens, and inside
    a word only when the word alone is wider than `room`.

    Every character is kept (no ellipsis), so two different names never print the same.
    """
    lines: list[str] = []
    line = ""
    for piece, spaced in _pieces(text):
        candidate = f"{line} {piece}" if line and spaced else line + piece
        if width(candidate, font, size) <= room:
            line = candidate
            continue
        if line:
            lines.append(line)
        while width(piece, font, size) > room and len(piece) > 1:  # wider than the room
            cut = max(1, _longest_prefix(piece, font, size, room))
            lines.append(piece[:cut])
            piece = piece[cut:]
        line = piece
    if line:
        lines.append(line)
    return lines


def longest_piece_width(text: str, font: str, size: float) -> float:
    """The width of the widest piece `wrap` will not break (a word, or a part up to a hyphen)."""
    return max((width(piece, font, size) for piece, _ in _pieces(text)), default=0.0)


_PIECE = re.compile(r"[^\s-]*-+|[^\s-]+")


def _pieces(text: str) -> list[tuple[str, bool]]:
    """Words and hyphen-ended parts of words, each with whether a space comes before it."""
    out: list[tuple[str, bool]] = []
    for word in text.split():
        for k, m in enumerate(_PIECE.finditer(word)):
            out.append((m.group(), k == 0))
    return out


def _longest_prefix(text: str, font: str, size: float, room: float) -> int:
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if width(text[:mid], font, size) <= room:
            lo = mid
        else:
            hi = mid - 1
    return lo
