"""A QR code as a pixmap: the one way the app draws one on screen.

Why one: the Host dialog shows the join code as a QR code, the players' page
switch and the room display show the page's address; they must all scan the
same way (error correction M, the four-module quiet zone, whole pixels per
module so the edges stay crisp). `segno` makes the symbol; the printouts draw
theirs for PDF in `printing.qr`. Imports Qt and segno only.
"""

from __future__ import annotations

import io

import segno
from PySide6.QtGui import QPixmap

QUIET_ZONE = 4
"""Modules of white around the symbol, as the QR standard asks."""


def qr_pixmap(text: str, *, scale: int = 8) -> QPixmap:
    """The QR code of `text` (quiet zone included) as a pixmap, `scale` pixels a module."""
    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=scale, border=QUIET_ZONE)
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap


def qr_pixmap_fitting(text: str, side: int) -> QPixmap:
    """The QR code at most `side` pixels wide (at least 2 pixels a module)."""
    modules = segno.make(text, error="m").symbol_size(border=QUIET_ZONE)[0]
    return qr_pixmap(text, scale=max(2, side // int(modules)))
