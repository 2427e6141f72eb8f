"""Tooltips that show text as typed: a card name from a phone's list is never read as HTML.

Why: Qt shows a tooltip as rich text whenever its first line looks like HTML
(`Qt.mightBeRichText`), and QToolTip has no plain-text switch. A card named
`<h1>ACCEPTED BY JUDGE</h1>` in a list sent from a phone showed in the
Decks tab as a big heading. `plain_tip` escapes the text and keeps its lines
and spaces as they are (`white-space: pre`), so it reads as a plain tooltip.
"""

from __future__ import annotations

import html


def plain_tip(text: str) -> str:
    """`text` as a tooltip that shows it literally ("" stays "": no tooltip)."""
    if not text:
        return ""
    return f"<p style='white-space:pre'>{html.escape(text, quote=False)}</p>"
