"""The one settings file every room of the GUI remembers things in.

Why in kit: the window keeps its geometry there and the stations room its
recent join codes; both must open the same file, and a room must not reach
into the window's room to find it. `ORGANIZER_SETTINGS` (a file path) chooses
the file, which tests and the screenshot tools use so they never touch the
user's own settings; otherwise the platform's per-user location, as an INI
file. Imports Qt only.
"""

from __future__ import annotations

import os

from PySide6.QtCore import QSettings

ENV = "ORGANIZER_SETTINGS"


def settings_store() -> QSettings:
    """The settings file: `ORGANIZER_SETTINGS` if set, else the user's own."""
    path = os.environ.get(ENV)
    if path:
        return QSettings(path, QSettings.Format.IniFormat)
    return QSettings(
        QSettings.Format.IniFormat, QSettings.Scope.UserScope, "Organizer", "Organizer"
    )
