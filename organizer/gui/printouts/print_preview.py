"""`PrintPreviewDialog`: a printout on screen before it goes to paper or to a file.

The pages show in a `QPdfView` (continuous pages, fit to width or whole
page); where QtPdfWidgets is missing, the pages are rendered as images in a
scroll area instead. Above them the printout's title, the paper size (A4
or Letter, starting from the event's `paper` setting), "Large type" for
printouts that have it, the zoom and the page count; under them Print…,
Save PDF… and Close. Changing the paper or the type asks for the printout
again (`make_pdf`, which goes to `services.printouts`); a refusal is shown
through `Prompts` and the pages shown stay. `save_pdf` is the one Save PDF…
(a file name through `Prompts`, then `printing.render.save`).

The dialog knows nothing of events: `print_actions` hands it the first PDF,
a way to make another, and what to call it. Imports Qt, our PDF helpers and
`printing.render.save`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeySequence, QPixmap
from PySide6.QtPdf import QPdfDocument
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

try:
    from PySide6.QtPdfWidgets import QPdfView
except ImportError:  # no PySide6-Addons: the fallback shows the pages as images
    QPdfView = None  # type: ignore[assignment,misc]

from organizer.core.views.wording import plural
from organizer.gui.kit.emphasis import embolden
from organizer.gui.kit.prompts import Prompts
from organizer.gui.printouts.pdf_pages import ask_and_print, load_document, page_image
from organizer.printing.render import save
from organizer.services.event.settings import PAPERS

PDF_FILTER = "PDF files (*.pdf);;All files (*)"
FALLBACK_DPI = 96
Render = Callable[[str, bool], "bytes | None"]
"""(paper, large type) -> the printout's PDF, or None after a refusal was shown."""


def pdf_view(parent: QWidget) -> QPdfView | None:
    """A QPdfView showing whole pages one under another, or None without QtPdfWidgets."""
    if QPdfView is None:
        return None
    view = QPdfView(parent)
    view.setPageMode(QPdfView.PageMode.MultiPage)
    view.setZoomMode(QPdfView.ZoomMode.FitToWidth)
    return view


def ask_pdf_path(prompts: Prompts, *, title: str, suggested: str) -> str | None:
    """Where to save the PDF (".pdf" added when no extension is typed); None for Cancel."""
    path = prompts.save_path(f"Save {title}", suggested, PDF_FILTER)
    if not path:
        return None
    return path if Path(path).suffix else path + ".pdf"


def write_pdf(pdf: bytes, path: str, prompts: Prompts, *, title: str) -> str | None:
    """Write the file whole; the path, or None after saying why it could not be."""
    saved = prompts.attempt(f"Save {title}", lambda: save(pdf, path))
    return None if saved is None else str(saved)


def save_pdf(pdf: bytes, prompts: Prompts, *, title: str, suggested: str) -> str | None:
    """Save PDF… of a PDF already laid out (the preview): ask where, then write it."""
    path = ask_pdf_path(prompts, title=title, suggested=suggested)
    return None if path is None else write_pdf(pdf, path, prompts, title=title)


class PrintPreviewDialog(QDialog):
    status_reported = Signal(str)  # "Saved …", "Printed …", for the status bar

    def __init__(
        self,
        title: str,
        pdf: bytes,
        render: Render,
        prompts: Prompts,
        *,
        paper: str,
        large: bool | None,
        suggested_name: str,
        parent: QWidget | None = None,
        use_pdf_view: bool = True,
    ) -> None:
        super().__init__(parent)
        self.title = title
        self.make_pdf = render
        self.prompts = prompts
        self.suggested_name = suggested_name
        self.pdf = pdf
        self.document: QPdfDocument | None = None
        self.setWindowTitle(f"Preview: {title}")
        self._make_widgets(paper, large)
        self.view = pdf_view(self) if use_pdf_view else None
        self.pages_area = QScrollArea(self) if self.view is None else None
        self._layout()
        self._show(pdf)
        self.paper_combo.currentTextChanged.connect(lambda _paper: self._render_again())
        self.large_check.toggled.connect(lambda _on: self._render_again())
        self.zoom_combo.currentIndexChanged.connect(self._zoom)
        screen = QGuiApplication.primaryScreen().availableGeometry()
        self.resize(min(980, screen.width()), min(1000, screen.height() - 40))

    # --- building -----------------------------------------------------------

    def _make_widgets(self, paper: str, large: bool | None) -> None:
        self.title_label = QLabel(self.title)
        embolden(self.title_label, 1.2)
        self.paper_combo = QComboBox()
        self.paper_combo.addItems(PAPERS)
        self.paper_combo.setCurrentText(paper if paper in PAPERS else PAPERS[0])
        self.paper_label = QLabel("P&aper:")
        self.paper_label.setBuddy(self.paper_combo)
        self.large_check = QCheckBox("&Large type")
        self.large_check.setChecked(bool(large))
        self.offers_large = large is not None
        self.large_check.setVisible(self.offers_large)
        self.large_check.setToolTip("Bigger letters, for a wall read from a distance")
        self.zoom_combo = QComboBox()
        self.zoom_combo.addItems(("Fit width", "Whole page"))
        self.pages_label = QLabel()
        embolden(self.pages_label)

        self.print_button = QPushButton("&Print…")
        self.print_button.setShortcut(QKeySequence.StandardKey.Print)
        self.print_button.setToolTip("Send it to a printer (Ctrl+P)")
        self.save_button = QPushButton("&Save PDF…")
        self.save_button.setShortcut(QKeySequence.StandardKey.Save)
        self.save_button.setToolTip("Write it to a PDF file (Ctrl+S)")
        self.close_button = QPushButton("Close")
        self.print_button.clicked.connect(self.print_)
        self.save_button.clicked.connect(self.save)
        self.close_button.clicked.connect(self.reject)

    def _layout(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.title_label)
        top.addSpacing(24)
        top.addWidget(self.paper_label)
        top.addWidget(self.paper_combo)
        top.addSpacing(12)
        top.addWidget(self.large_check)
        top.addSpacing(12)
        top.addWidget(self.zoom_combo)
        top.addStretch(1)
        top.addWidget(self.pages_label)

        buttons = QHBoxLayout()
        buttons.addStretch(1)
        for button in (self.print_button, self.save_button, self.close_button):
            buttons.addWidget(button)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        pages = self.view if self.view is not None else self.pages_area
        assert pages is not None
        layout.addWidget(pages, 1)
        layout.addLayout(buttons)
        self.print_button.setDefault(True)
        self.print_button.setFocus()

    # --- the pages ---------------------------------------------------------------

    def paper(self) -> str:
        return self.paper_combo.currentText()

    def large(self) -> bool:
        return self.offers_large and self.large_check.isChecked()

    def page_count(self) -> int:
        return 0 if self.document is None else self.document.pageCount()

    def _show(self, pdf: bytes) -> None:
        document = self.prompts.attempt(f"Preview {self.title}", lambda: load_document(pdf, self))
        if document is None:
            return
        old, self.document, self.pdf = self.document, document, pdf
        if self.view is not None:
            self.view.setDocument(document)
        else:
            self._fill_pages(document)
        if old is not None:
            old.deleteLater()
        pages = document.pageCount()
        self.pages_label.setText(f"{plural(pages, 'page')} · {self.paper()}")

    def _fill_pages(self, document: QPdfDocument) -> None:
        """The fallback: every page as an image, one under another."""
        assert self.pages_area is not None
        holder = QWidget()
        column = QVBoxLayout(holder)
        column.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        for page in range(document.pageCount()):
            label = QLabel()
            label.setPixmap(QPixmap.fromImage(page_image(document, page, FALLBACK_DPI)))
            label.setStyleSheet("QLabel { border: 1px solid #999; }")
            column.addWidget(label)
        self.pages_area.setWidget(holder)  # deletes the pages shown before
        self.pages_area.setWidgetResizable(True)

    def _render_again(self) -> None:
        pdf = self.make_pdf(self.paper(), self.large())
        if pdf is not None:
            self._show(pdf)

    def _zoom(self, index: int) -> None:
        if self.view is not None:
            fit = QPdfView.ZoomMode.FitToWidth if index == 0 else QPdfView.ZoomMode.FitInView
            self.view.setZoomMode(fit)

    # --- commands ---------------------------------------------------------------

    def print_(self) -> int | None:
        pages = ask_and_print(
            self.pdf, self.prompts, paper=self.paper(), title=self.title, parent=self
        )
        if pages is not None:
            self.status_reported.emit(f"Printed {self.title}: {plural(pages, 'page')}.")
        return pages

    def save(self) -> str | None:
        path = save_pdf(self.pdf, self.prompts, title=self.title, suggested=self.suggested_name)
        if path is not None:
            self.status_reported.emit(f"Saved {self.title} to {path}.")
        return path
