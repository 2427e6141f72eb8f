"""Player cards: each player's name, id and PIN with the players' page's QR code, ten a page.

Holds `PlayerCard`, `PlayerCardsView` and `draw_player_cards`. A PIN is stored
only as a digest, so cards are printed when the PINs are made (the service
issues and prints in one step). Cards sit in two columns of five (A4 or
Letter) with dashed cut lines; each has the event, the player's name, the
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
from organizer.printing.fonts import BOLD, MONO, SANS
from organizer.printing.page import PageSettings, Sheet
from organizer.printing.qr import draw_qr
from organizer.printing.views import Heading

COLUMNS: Final = 2
ROWS: Final = 5
MARGIN: Final = 20.0
PAD: Final = 12.0
GREY: Final = 0.4
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
    sheet = Sheet(settings, view.heading, "Player cards", margin=MARGIN, framed=False)
    per_page = COLUMNS * ROWS
    w = sheet.content_width / COLUMNS
    h = (sheet.top - sheet.bottom) / ROWS
    c = sheet.canvas
    qr_size = min(h - 2 * PAD - 14, w * 0.36)
    _qr_form(c, view.url, qr_size)
    for index in sheet.pages((len(view.cards) + per_page - 1) // per_page):
        chunk = view.cards[index * per_page : (index + 1) * per_page]
        for k, card in enumerate(chunk):
            row, col = divmod(k, COLUMNS)
            _draw_card(c, view, card, sheet.left + col * w, sheet.top - row * h, w, h, qr_size)
        _cut_lines(c, sheet, len(chunk), w, h)
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
    c.setFillGray(GREY)
    draw_text(c, view.heading.event, x0, top - PAD - 7, w - 2 * PAD, SANS, 7.5, "left")
    c.setFillGray(0)
    draw_text(c, card.name, x0, top - PAD - 27, text_room, BOLD, 14, "left")
    c.setFont(SANS, 8.5)
    c.drawString(x0, top - PAD - 46, "Player id")
    draw_text(c, card.code, x0, top - PAD - 62, text_room, BOLD, 15, "left")
    c.setFont(SANS, 8.5)
    c.drawString(x0, top - PAD - 80, "PIN")
    c.setFont(MONO, 19)
    c.drawString(x0, top - PAD - 99, card.pin)
    c.setFillGray(GREY)
    keep = "Keep this card: the PIN is printed only here."
    draw_text(c, keep, x0, top - h + PAD + 2, text_room, SANS, 7, "left")
    c.setFillGray(0)
    qx = x + w - PAD - qr_size
    qy = top - PAD - 8 - qr_size
    c.saveState()
    c.translate(qx, qy)
    c.doForm(QR_FORM)
    c.restoreState()
    c.setFont(SANS, 7)
    draw_text(c, "Scan, then sign in:", qx, qy - 8, qr_size, SANS, 7, "center")
    draw_text(c, view.url, qx - PAD / 2, qy - 17, qr_size + PAD, BOLD, 7.5, "center")


def _cut_lines(c: Canvas, sheet: Sheet, used: int, w: float, h: float) -> None:
    if not used:
        return
    rows = (used + COLUMNS - 1) // COLUMNS
    c.saveState()
    c.setDash(4, 3)
    c.setStrokeGray(0.5)
    c.setLineWidth(0.6)
    for r in range(1, min(rows + 1, ROWS)):
        y = sheet.top - r * h
        c.line(sheet.left, y, sheet.right, y)
    x = sheet.left + w
    c.line(x, sheet.top, x, sheet.top - rows * h)
    c.restoreState()
