"""The one QR pixmap: the size asked for, whole pixels per module, and it reads back.

The pixmap is decoded by reading its modules off the image (the quiet zone
and the module size are known) and compared with segno's own matrix of the
same text, so what the Host dialog, the players' page switch and the room
display show is the symbol of the text they were given.
"""

from __future__ import annotations

import segno
from pytestqt.qtbot import QtBot

from organizer.gui.kit.qr import QUIET_ZONE, qr_pixmap, qr_pixmap_fitting

CODE = "R000-40GN-74BP-G185-BZZJ-C61D"


def modules_of(text: str) -> list[list[bool]]:
    return [[bool(v) for v in row] for row in segno.make(text, error="m").matrix]


def test_the_pixmap_holds_the_symbol_of_the_text(qtbot: QtBot) -> None:
    scale = 5
    image = qr_pixmap(CODE, scale=scale).toImage()
    expected = modules_of(CODE)
    side = (len(expected) + 2 * QUIET_ZONE) * scale
    assert (image.width(), image.height()) == (side, side)
    read = [
        [
            image.pixelColor((x + QUIET_ZONE) * scale + 2, (y + QUIET_ZONE) * scale + 2).value()
            < 128
            for x in range(len(expected))
        ]
        for y in range(len(expected))
    ]
    assert read == expected
    assert image.pixelColor(1, 1).value() > 128  # the quiet zone is white


def test_fitting_stays_within_the_side_with_whole_modules(qtbot: QtBot) -> None:
    modules = len(modules_of(CODE)) + 2 * QUIET_ZONE
    for side in (64, 150, 220, 333):
        pixmap = qr_pixmap_fitting(CODE, side)
        assert pixmap.width() <= max(side, 2 * modules)
        assert pixmap.width() % modules == 0  # crisp: every module the same whole pixels
