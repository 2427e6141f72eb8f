"""A printout's PDF bytes on screen and on paper, through QtPdf.

`load_document` reads PDF bytes into a `QPdfDocument` (from a `QBuffer` that
lives as long as the document). `page_image` renders one page on white at a
given resolution. `print_pdf` sends every page to a `QPrinter`: each page is
rendered at the printer's resolution (at most `MAX_DPI`, which keeps an A4
page under 150 MB while it is drawn) and painted over the whole sheet, scaled
to fit, so the PDF's own margins are kept. `ask_and_print` is the Print…
command: the system print dialog (through `Prompts.run_dialog`, so a test
can answer it), set up for the printout's paper, then `print_pdf`.

Nothing here knows what a printout is; the bytes come from
`services.printouts`. Imports Qt only.
"""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QObject, QRectF, QSize, Qt
from PySide6.QtGui import QImage, QPageSize, QPainter
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QWidget

from organizer.gui.kit.prompts import Prompts

MAX_DPI = 600
POINTS_PER_INCH = 72
PAGE_SIZES = {"A4": QPageSize.PageSizeId.A4, "Letter": QPageSize.PageSizeId.Letter}


class PdfError(OSError):
    """The PDF could not be read or printed; a message for the TO."""


def load_document(pdf: bytes, parent: QObject) -> QPdfDocument:
    """`pdf` as a ready `QPdfDocument` owned by `parent`; PdfError if QtPdf cannot read it."""
    document = QPdfDocument(parent)
    buffer = QBuffer(document)  # a child: kept as long as the document reads from it
    buffer.setData(QByteArray(pdf))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    document.load(buffer)
    if document.status() != QPdfDocument.Status.Ready or document.pageCount() == 0:
        error = document.error().name
        document.deleteLater()
        raise PdfError(f"the printout could not be read as a PDF ({error})")
    return document


def page_pixels(document: QPdfDocument, page: int, dpi: float) -> QSize:
    points = document.pagePointSize(page)
    scale = dpi / POINTS_PER_INCH
    return QSize(max(1, round(points.width() * scale)), max(1, round(points.height() * scale)))


def page_image(document: QPdfDocument, page: int, dpi: float) -> QImage:
    """Page `page` (0-based) at `dpi`, on white paper (QtPdf leaves it transparent)."""
    size = page_pixels(document, page, dpi)
    image = QImage(size, QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.drawImage(0, 0, document.render(page, size))
    painter.end()
    return image


def print_pdf(pdf: bytes, printer: QPrinter) -> int:
    """Print every page of `pdf` on `printer`; the number of pages printed."""
    owner = QObject()  # the document lives until this call returns
    document = load_document(pdf, owner)
    try:
        printer.setFullPage(True)  # the PDF has its own margins
        dpi = min(printer.resolution(), MAX_DPI)
        painter = QPainter()
        if not painter.begin(printer):
            raise PdfError("the printer could not be started")
        try:
            sheet = QRectF(printer.paperRect(QPrinter.Unit.DevicePixel))
            sheet.moveTo(0, 0)
            for page in range(document.pageCount()):
                if page and not printer.newPage():
                    raise PdfError(f"the printer stopped after {page} page(s)")
                image = page_image(document, page, dpi)
                painter.drawImage(_fitted(image.size(), sheet), image)
        finally:
            painter.end()
        return document.pageCount()
    finally:
        owner.deleteLater()


def _fitted(size: QSize, sheet: QRectF) -> QRectF:
    """`size` scaled to fit `sheet`, keeping its shape, centred."""
    scale = min(sheet.width() / size.width(), sheet.height() / size.height())
    width, height = size.width() * scale, size.height() * scale
    return QRectF(
        sheet.x() + (sheet.width() - width) / 2,
        sheet.y() + (sheet.height() - height) / 2,
        width,
        height,
    )


def ask_and_print(
    pdf: bytes, prompts: Prompts, *, paper: str, title: str, parent: QWidget | None = None
) -> int | None:
    """Print… : the system print dialog, then `print_pdf`; pages printed, None if cancelled."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setDocName(title)
    if paper in PAGE_SIZES:
        printer.setPageSize(QPageSize(PAGE_SIZES[paper]))
    dialog = QPrintDialog(printer, parent)
    dialog.setWindowTitle(f"Print {title}")
    if not prompts.accepted(dialog):
        return None
    return prompts.attempt(f"Print {title}", lambda: print_pdf(pdf, printer))
