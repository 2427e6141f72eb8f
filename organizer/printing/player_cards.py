"""Player cards: each player's name, id and PIN with the players' page's QR code, ten a page.

Holds `PlayerCard`, `PlayerCardsView` and `draw_player_cards`. A PIN is stored
only as a digest, so cards are printed when the PINs are made (the service
issues and prints in one step). Cards sit on a `cut_sheet` (two columns of
five, A4 or Letter, dashed cut lines); each has the event, the player's name, the
player id and the PIN in large type, and the code that opens the sign-in page
with its address typed out. The code is the same on every card: it is drawn
once as a reusable form and placed on each card, so 2,000 cards print in
well under the 3 seconds allowed (tests/benchmarks).

Must not import Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from reportlab.pdfgen.canvas import Canvas

from organizer.printing.columns import draw_text
from organizer.printing.cut_sheet import PAD, CutSheet
from organizer.printing.fonts import BOLD, MONO, SANS
from organizer.printing.ink import SMALL_PRINT
from organizer.printing.page import PageSettings
from organizer.printing.qr import draw_qr
from organizer.printing.views import Heading

QR_FORM: Final = "players-page-qr"


@dataclass(frozen=True, slots=True)
class PlayerCard:
    name: str
    code: str
    pin: str


@dataclass(frozen=True, slots=True)
class PlayerCardsView:
    heading: Heading
    url: str
    """The address the code opens: the players' page's sign-in (`…/me`)."""
    cards: tuple[PlayerCard, ...]


def draw_player_cards(view: PlayerCardsView, settings: PageSettings) -> bytes:
    sheet = CutSheet(settings, view.heading, "Player cards")
    w, h = sheet.width, sheet.height
    qr_size = min(h - 2 * PAD - 14, w * 0.36)
    _qr_form(sheet.canvas, view.url, qr_size)
    for card, x, top in sheet.cells(view.cards):
        sheet.event_name(x, top)
        _draw_card(sheet.canvas, view, card, x, top, w, h, qr_size)
    return sheet.pdf()


def _qr_form(c: Canvas, url: str, size: float) -> None:
    """The page's code drawn once, as a form every card places (one copy in the PDF)."""
    c.beginForm(QR_FORM, lowerx=0, lowery=0, upperx=size, uppery=size)
    draw_qr(c, url, 0, 0, size)
    c.endForm()


def _draw_card(
    c: Canvas,
    view: PlayerCardsView,
    card: PlayerCard,
    x: float,
    top: float,
    w: float,
    h: float,
    qr_size: float,
) -> None:
    x0 = x + PAD
    text_room = w - 3 * PAD - qr_size
    draw_text(c, card.name, x0, top - PAD - 27, text_room, BOLD, 14, "left")
    c.setFont(SANS, 8.5)
    c.drawString(x0, top - PAD - 46, "Player id")
    draw_text(c, card.code, x0, top - PAD - 62, text_room, BOLD, 15, "left")
    c.setFont(SANS, 8.5)
    c.drawString(x0, top - PAD - 80, "PIN")
    c.setFont(MONO, 19)
    c.drawString(x0, top - PAD - 99, card.pin)
    c.setFillGray(SMALL_PRINT)
    keep = "Keep this card: the PIN is printed only here."
    draw_text(c, keep, x0, top - h + PAD + 2, text_room, SANS, 7, "left")
    c.setFillGray(0)
    qx = x + w - PAD - qr_size
    qy = top - PAD - 8 - qr_size
    c.saveState()
    c.translate(qx, qy)
    c.doForm(QR_FORM)
    c.restoreState()
    draw_text(c, "Scan, then sign in:", qx, qy - 8, qr_size, SANS, 7, "center")
    draw_text(c, view.url, qx - PAD / 2, qy - 17, qr_size + PAD, BOLD, 7.5, "center")
