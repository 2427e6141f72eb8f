"""Reading QR codes back from what the app drew (a widget's pixmap, a rendered PDF page)."""

from __future__ import annotations

import zxingcpp
from PIL import Image
from PySide6.QtGui import QImage


def decode_qr(image: QImage) -> list[str]:
    """The text of every QR code in `image`, decoded by zxing-cpp."""
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    pixels = Image.frombytes(
        "RGB",
        (rgb.width(), rgb.height()),
        bytes(rgb.constBits()),
        "raw",
        "RGB",
        rgb.bytesPerLine(),
    )
    return [
        r.text for r in zxingcpp.read_barcodes(pixels) if r.format == zxingcpp.BarcodeFormat.QRCode
    ]
