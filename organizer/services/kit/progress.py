"""How a long service call says how far it is: a callback a client may pass.

An import of 100,000 rows takes seconds; the GUI shows a progress bar
(`gui/kit/progress.py`), the command line passes nothing. The callback gets
(done, total) in whatever unit the call counts (rows, rows twice: read, then
stored), is called from the thread the call runs on, and must not raise.
"""

from __future__ import annotations

from collections.abc import Callable

Progress = Callable[[int, int], None]
"""Called with (done, total) during long work; done reaches total at the end."""

STEP = 2000
"""Rows between two calls: often enough for a smooth bar, rare enough to cost nothing."""
