"""The system libraries Qt's wheels load on Linux, and the one apt line that adds the missing.

Why here, stdlib only: two places check them before Qt is loaded and must agree.
`dev.py` (before the virtual environment even exists) stops `run` and `test`
with the `apt-get install` line; `python -m organizer` started directly checks
the same list before it creates the QApplication, because Qt's own message for
a missing library names only "xcb-cursor0" and a plugin, not what to install.
Elsewhere than Linux the wheel carries everything and nothing is checked.
"""

from __future__ import annotations

import ctypes
import os
import sys

# (shared library the PySide6 wheel loads, Debian/Ubuntu package that has it). Read from
# `readelf -d` of libQt6Core/Gui/Widgets/DBus/PrintSupport and the offscreen plugin:
# everything else they need is in every Debian/Ubuntu base system. libfontconfig1
# brings a font (fonts-dejavu-core) through fontconfig-config.
QT_OFFSCREEN = (
    ("libglib-2.0.so.0", "libglib2.0-0"),
    ("libEGL.so.1", "libegl1"),
    ("libGL.so.1", "libgl1"),
    ("libX11.so.6", "libx11-6"),
    ("libfontconfig.so.1", "libfontconfig1"),
    ("libxkbcommon.so.0", "libxkbcommon0"),
    ("libdbus-1.so.3", "libdbus-1-3"),
)
# Qt's xcb platform (a desktop session), from `readelf -d` of plugins/platforms/libqxcb.so.
QT_XCB = (
    ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"),
    ("libX11-xcb.so.1", "libx11-xcb1"),
    ("libxcb-cursor.so.0", "libxcb-cursor0"),
    ("libxcb-icccm.so.4", "libxcb-icccm4"),
    ("libxcb-image.so.0", "libxcb-image0"),
    ("libxcb-keysyms.so.1", "libxcb-keysyms1"),
    ("libxcb-randr.so.0", "libxcb-randr0"),
    ("libxcb-render-util.so.0", "libxcb-render-util0"),
    ("libxcb-shape.so.0", "libxcb-shape0"),
    ("libxcb-util.so.1", "libxcb-util1"),
    ("libxcb-xkb.so.1", "libxcb-xkb1"),
)


def missing_packages(libraries: tuple[tuple[str, str], ...]) -> list[str]:
    """The packages whose library cannot be loaded (Linux only; elsewhere the wheel has all)."""
    if not sys.platform.startswith("linux"):
        return []
    missing = []
    for soname, package in libraries:
        try:
            ctypes.CDLL(soname)
        except OSError:
            missing.append(package)
    return missing


def install_message(
    missing: list[str], why: str = "Qt needs system libraries that are missing"
) -> str:
    return f"{why}. Install them with:\n\n    sudo apt-get install {' '.join(missing)}\n"


def libraries_for_platform(
    platform: str | None, *, wayland: bool = False
) -> tuple[tuple[str, str], ...]:
    """What Qt's platform `platform` (QT_QPA_PLATFORM; None: the desktop's, which is
    Wayland in a `wayland` session and X11's xcb otherwise) loads."""
    if platform is None and wayland:
        return QT_OFFSCREEN  # Qt's Wayland plugin needs none of xcb's libraries
    name = (platform or "xcb").split(":", 1)[0]
    if name == "offscreen":
        return QT_OFFSCREEN
    if name == "xcb":
        return QT_OFFSCREEN + QT_XCB
    return ()  # wayland, vnc…: Qt's own message


def missing_for_gui() -> list[str]:
    """The packages the app's window needs here and lacks (QT_QPA_PLATFORM decides)."""
    wayland = bool(os.environ.get("WAYLAND_DISPLAY")) or (
        os.environ.get("XDG_SESSION_TYPE") == "wayland"
    )
    return missing_packages(
        libraries_for_platform(os.environ.get("QT_QPA_PLATFORM"), wayland=wayland)
    )
