"""How a screen makes a line stand out: bold, and larger by a factor of its own font.

Why: headings, the slip check, the clock's phase and the join code are all set
the same way (the widget's own font, bold, scaled); said once here, every
screen's emphasis is one call and reads as what it means.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget


def embolden(widget: QWidget, scale: float = 1.0) -> None:
    """Set `widget` in its own font, bold, `scale` times as large."""
    font = widget.font()
    font.setBold(True)
    if scale != 1.0:
        font.setPointSizeF(font.pointSizeF() * scale)
    widget.setFont(font)
