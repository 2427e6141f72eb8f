"""The printed pairings carry a QR code that opens the players' page.

The PDF comes from the same service as the Print menu, is rendered with QtPdf
(`gui.pdf_pages.page_image`, as the print preview does; no outside program),
and the code is read back with zxing-cpp: it must decode to the page's URL.
Without a URL the sheets carry no code.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication

from organizer.gui.printouts.pdf_pages import load_document, page_image
from organizer.services.printouts import printouts
from organizer.storage.database import Database
from tests.gui.qr_reading import decode_qr
from tests.printing.pdf_reading import text
from tests.web.served import played_event

URL = "http://127.0.0.1:8080/"


def codes(pdf: bytes) -> list[str]:
    owner = QObject()
    try:
        return decode_qr(page_image(load_document(pdf, owner), 0, 100))
    finally:
        owner.deleteLater()


def test_printed_pairings_qr_decodes_to_the_page_url(db: Database, qapp: QApplication) -> None:
    event_id = played_event(db)
    for kind in ("pairings", "pairings-by-name"):
        pdf = printouts.printout(db, event_id=event_id, kind=kind, page_url=URL)
        assert codes(pdf) == [URL], kind
        assert URL in text(pdf)
        assert "Find your table on your phone" in text(pdf)


def test_without_a_url_the_pairings_carry_no_code(db: Database, qapp: QApplication) -> None:
    pdf = printouts.printout(db, event_id=played_event(db), kind="pairings")
    assert codes(pdf) == []
    assert "Find your table" not in text(pdf)
