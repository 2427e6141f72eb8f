"""The printed pairings carry a QR code that opens the players' page.

The PDF comes from the same service as the Print menu, is rendered by
poppler's pdftoppm and the code is read back with zxing-cpp: it must decode
to the page's URL. Without a URL the sheets carry no code.
"""

from __future__ import annotations

from pathlib import Path

import zxingcpp
from PIL import Image

from organizer.services import printouts
from organizer.storage.database import Database
from tests.printing.pdf_reading import first_page_png, text
from tests.web.served import played_event

URL = "http://127.0.0.1:8080/"


def codes(pdf: bytes, folder: Path) -> list[str]:
    image = Image.open(first_page_png(pdf, folder, resolution=100))
    return [
        r.text for r in zxingcpp.read_barcodes(image) if r.format == zxingcpp.BarcodeFormat.QRCode
    ]


def test_printed_pairings_qr_decodes_to_the_page_url(db: Database, tmp_path: Path) -> None:
    event_id = played_event(db)
    for kind in ("pairings", "pairings-by-name"):
        pdf = printouts.printout(db, event_id=event_id, kind=kind, page_url=URL)
        assert codes(pdf, tmp_path) == [URL], kind
        assert URL in text(pdf)
        assert "Find your table on your phone" in text(pdf)


def test_without_a_url_the_pairings_carry_no_code(db: Database, tmp_path: Path) -> None:
    pdf = printouts.printout(db, event_id=played_event(db), kind="pairings")
    assert codes(pdf, tmp_path) == []
    assert "Find your table" not in text(pdf)
