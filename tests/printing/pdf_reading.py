"""Reading the printouts back: text (pypdf), fonts, page sizes, and one page as a PNG (pdftoppm)."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path
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


def first_page_png(pdf: bytes, folder: Path, *, resolution: int = 50) -> Path:
    """Page 1 rendered by poppler's pdftoppm; returns the PNG."""
    tool = shutil.which("pdftoppm")
    assert tool is not None, "pdftoppm (poppler-utils) is not installed"
    source = folder / "printout.pdf"
    source.write_bytes(pdf)
    subprocess.run(
        [tool, "-r", str(resolution), "-png", "-f", "1", "-l", "1", "-singlefile",
         str(source), str(folder / "page")],
        check=True,
        timeout=60,
    )  # fmt: skip
    return folder / "page.png"
