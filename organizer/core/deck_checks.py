"""What a judge's deck check can record: its outcomes and the most minutes it may give back.

In core so the command line can offer them (`deckcheck record`) without loading
the service and, through it, the database stack.
"""

from __future__ import annotations

OUTCOMES = ("ok", "problem")
MAX_MINUTES = 120
"""The most time one check may give back: a judge's typo, not a check, beyond it."""
