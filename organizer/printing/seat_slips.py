"""Draft seat slips: one small slip per player (pod, seat, neighbours), ten to a page.

Holds `draw_seat_slips`. Each slip names the player, the pod and seat, the players on the left
and on the right, and where each pack goes (Warcaste 8b: right, left, right). Slips sit on a
`cut_sheet`: two columns of five with dashed cut lines. Seat order as in `pods`: clockwise
seen from above.

Must not import Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from organizer.printing.columns import draw_text
from organizer.printing.cut_sheet import PAD, CutSheet
from organizer.printing.fonts import BOLD, SANS
from organizer.printing.page import PageSettings
from organizer.printing.pods import neighbours
from organizer.printing.views import PodSheet, PodsView


def draw_seat_slips(view: PodsView, settings: PageSettings) -> bytes:
    sheet = CutSheet(settings, view.heading, "Seat slips")
    seats = [(pod, i) for pod in view.pods for i in range(len(pod.seats))]
    for (pod, i), x, top in sheet.cells(seats):
        sheet.event_name(x, top)
        _draw_seat(sheet.canvas, pod, i, x, top, sheet.width)
    return sheet.pdf()


def _draw_seat(c: Canvas, pod: PodSheet, i: int, x: float, top: float, w: float) -> None:
    seat, name = pod.seats[i]
    left, right = neighbours(pod, i)
    x0, room = x + PAD, w - 2 * PAD
    c.setFont(BOLD, 15)
    c.drawString(x0, top - PAD - 26, f"Pod {pod.pod} \u00b7 Seat {seat}")
    draw_text(c, name, x0, top - PAD - 44, room, BOLD, 12, "left")
    y = top - PAD - 62
    for label, (number, who) in (("On your left", left), ("On your right", right)):
        c.setFont(SANS, 9)
        c.drawString(x0, y, f"{label}:")
        draw_text(c, f"Seat {number} \u00b7 {who}", x0 + 66, y, room - 66, SANS, 9, "left")
        y -= 12
    y -= 3
    for k, direction in enumerate(pod.passes):
        target = left if direction == "left" else right
        c.setFont(BOLD, 8.5)
        c.drawString(x0, y, f"Pack {k + 1}")
        text = f"pass {direction} \u2192 seat {target[0]} \u00b7 {target[1]}"
        draw_text(c, text, x0 + 42, y, room - 42, SANS, 8.5, "left")
        y -= 11
