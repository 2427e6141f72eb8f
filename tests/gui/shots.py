"""A test's screenshot, kept where `ORGANIZER_SHOTS` names (for looking at it), else none.

Why: a test that saved into /tmp (or its own tmp_path, where nobody looks) on every run
left files behind and said nothing; the screenshots for review are made on purpose.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtWidgets import QWidget

ENV = "ORGANIZER_SHOTS"


def save_shot(widget: QWidget, name: str) -> None:
    """`widget` as `name` (a .png file) in the folder `ORGANIZER_SHOTS` names, if set."""
    folder = os.environ.get(ENV)
    if folder:
        widget.grab().save(str(Path(folder) / name))
