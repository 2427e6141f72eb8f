"""The clock's alert sound: a short chime, or the system beep when there is no audio.

A tournament hall has a laptop that may have no sound card, no audio server or
a Qt without its multimedia module. So QtMultimedia is imported only when the
first alert plays, by the name in `module_name` (a test points it at a module
that does not exist to take the no-audio path for real), and any failure
there falls back to `QApplication.beep()`; playing never raises. The chime is
a WAV written once with the standard `wave` module into a temporary folder
that goes away with the player.

Imports Qt only; nothing of ours.
"""

from __future__ import annotations

import importlib
import logging
import math
import struct
import tempfile
import wave
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QUrl
from PySide6.QtWidgets import QApplication

log = logging.getLogger(__name__)

RATE = 22_050
TONES = ((880.0, 0.18), (0.0, 0.06), (1175.0, 0.32))  # (hertz, seconds): "ding-dong"


def write_chime(path: Path) -> Path:
    """A 16-bit mono WAV of `TONES`, faded in and out so it does not click."""
    frames = bytearray()
    for freq, seconds in TONES:
        count = int(RATE * seconds)
        fade = max(1, int(RATE * 0.01))
        for i in range(count):
            envelope = min(1.0, i / fade, (count - i) / fade)
            value = math.sin(2 * math.pi * freq * i / RATE) if freq else 0.0
            frames += struct.pack("<h", int(value * envelope * 0.6 * 32767))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(bytes(frames))
    return path


class AlertSound:
    """Plays the chime; `plays` lists how each alert sounded ("chime" or "beep")."""

    module_name = "PySide6.QtMultimedia"

    def __init__(self, parent: QObject | None = None) -> None:
        self.parent = parent
        self.plays: list[str] = []
        self.enabled = True
        self._effect: Any = None
        self._tried = False
        self._folder: tempfile.TemporaryDirectory[str] | None = None

    def play(self) -> str:
        """Sound the alert once; "chime", "beep", or "off" when disabled."""
        how = "off"
        if self.enabled:
            how = "chime" if self._play_chime() else "beep"
            if how == "beep":
                try:
                    QApplication.beep()
                except Exception:  # an alert must never stop the clock
                    log.exception("system beep failed")
        self.plays.append(how)
        return how

    def _play_chime(self) -> bool:
        try:
            effect = self._load()
            if effect is None or effect.status() == effect.Status.Error:
                return False
            effect.play()
            return True
        except Exception:  # audio trouble falls back to the beep
            log.exception("alert chime failed")
            self._effect = None
            return False

    def _load(self) -> Any:
        """The sound effect, made on first use; None when audio is not available."""
        if self._tried:
            return self._effect
        self._tried = True
        try:
            multimedia = importlib.import_module(self.module_name)
            self._folder = tempfile.TemporaryDirectory(prefix="organizer-sound-")
            if self.parent is not None:  # the chime's file goes with the window that plays it
                self.parent.destroyed.connect(self._folder.cleanup)
            path = write_chime(Path(self._folder.name) / "alert.wav")
            effect = multimedia.QSoundEffect(self.parent)
            effect.setSource(QUrl.fromLocalFile(str(path)))
            effect.setVolume(0.9)
            self._effect = effect
        except Exception:  # ImportError, no audio device, no temp folder …
            log.info("no alert chime; using the system beep", exc_info=True)
            self._effect = None
        return self._effect
