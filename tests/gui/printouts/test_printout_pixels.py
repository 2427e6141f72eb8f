"""Every printout's first page as pixels, rendered by QtPdf (the preview's own renderer).

Why under tests/gui: reading a PDF back as an image needs `PySide6.QtPdf`, and only
tests/gui may import PySide6. The page goes through `organizer.gui.printouts.pdf_pages.page_image`,
which paints QtPdf's transparent render over white, so "ink" below means a pixel that is
not white. No outside program (pdftoppm) is used.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QObject
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication

from organizer.gui.printouts.pdf_pages import load_document, page_image
from organizer.printing.page import PageSettings
from organizer.printing.render import KINDS, render
from tests.printing.sample import sample_view

DPI = 50


def _ink_share(image: QImage) -> float:
    """The share of sampled pixels that are not white (every 3rd pixel of every 3rd row)."""
    inked = total = 0
    for y in range(0, image.height(), 3):
        for x in range(0, image.width(), 3):
            total += 1
            inked += image.pixelColor(x, y) != QColor("white")
    return inked / total


def _first_page(pdf: bytes) -> QImage:
    owner = QObject()
    try:
        return page_image(load_document(pdf, owner), 0, DPI)
    finally:
        owner.deleteLater()


@pytest.mark.parametrize("kind", KINDS)
def test_first_page_has_ink_on_white_paper(kind: str, qapp: QApplication) -> None:
    image = _first_page(render(kind, sample_view(kind)))
    assert (image.width(), image.height()) == (413, 585)  # A4 at 50 dpi
    assert image.pixelColor(0, 0) == QColor("white")  # the margin is paper, not transparent
    assert 0.005 < _ink_share(image) < 0.5, kind


def test_letter_paper_renders_letter_sized(qapp: QApplication) -> None:
    pdf = render("slips", sample_view("slips"), settings=PageSettings("Letter"))
    image = _first_page(pdf)
    assert (image.width(), image.height()) == (425, 550)


def test_large_type_puts_more_ink_on_the_page(qapp: QApplication) -> None:
    view = sample_view("pairings-by-table")
    normal = _ink_share(_first_page(render("pairings-by-table", view)))
    large_type = PageSettings(large_type=True)
    large = _ink_share(_first_page(render("pairings-by-table", view, settings=large_type)))
    assert large > normal
