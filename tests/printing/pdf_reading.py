"""Reading the printouts back: text (pypdf), fonts and page sizes.

Pixels are read in tests/gui/printouts/test_printout_pixels.py (QtPdf needs PySide6, which only
tests/gui may import).
"""

from __future__ import annotations

import io
from typing import Any

from pypdf import PdfReader

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


def reader(pdf: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(pdf))


def text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in reader(pdf).pages)


def page_sizes(pdf: bytes) -> set[tuple[float, float]]:
    return {
        (round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))
        for p in reader(pdf).pages
    }


def fonts(pdf: bytes) -> dict[str, bool]:
    """Every font the pages and their forms use: base name -> whether its file is embedded."""
    found: dict[str, bool] = {}

    def visit(resources: Any) -> None:
        resources = resources.get_object() if resources is not None else {}
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            embedded = descriptor is not None and any(
                k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3")
            )
            found[str(font["/BaseFont"]).split("+")[-1]] = embedded
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if xobject.get("/Subtype") == "/Form":
                visit(xobject.get("/Resources"))

    for page in reader(pdf).pages:
        visit(page.get("/Resources"))
    return found
