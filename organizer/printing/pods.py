"""The draft pod sheets: one page per pod, the seats around a round table, pass arrows per pack.

Holds `draw_pods` and `neighbours`. Seats are numbered clockwise as seen from above, seat 1 at
the top; a player faces the table, so the next seat clockwise is on their left. Passing left
goes to the next seat number, passing right to the one before (Warcaste 8b: packs are passed
right, left, right). Inside the table one arc per pack, innermost last, shows the direction.

Must not import Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

import math
from typing import Final

from reportlab.pdfgen.canvas import Canvas

from organizer.core.views.wording import plural
from organizer.printing.columns import draw_text
from organizer.printing.fonts import BOLD, SANS
from organizer.printing.ink import FILL, TITLE
from organizer.printing.page import PageSettings, Sheet
from organizer.printing.text_runs import width
from organizer.printing.views import PodSheet, PodsView

SEAT_W: Final = 132.0
SEAT_H: Final = 46.0
GAP_DEGREES: Final = 36.0
CLOCKWISE: Final = "\u21bb"
COUNTER_CLOCKWISE: Final = "\u21ba"


def neighbours(pod: PodSheet, index: int) -> tuple[tuple[int, str], tuple[int, str]]:
    """(seat on the left, seat on the right) of the player in `pod.seats[index]`."""
    n = len(pod.seats)
    return pod.seats[(index + 1) % n], pod.seats[(index - 1) % n]


def pass_text(pod: PodSheet, direction: str) -> str:
    """How a pack passed `direction` travels, in words, e.g. "to the seat before yours"."""
    last = pod.seats[-1][0] if pod.seats else 1
    first = pod.seats[0][0] if pod.seats else 1
    if direction == "left":
        return f"to the player on your left, the next seat number (seat {last} passes to {first})"
    return f"to the player on your right, the seat number before (seat {first} passes to {last})"


def draw_pods(view: PodsView, settings: PageSettings) -> bytes:
    sheet = Sheet(settings, view.heading, "Draft pods")
    c = sheet.canvas
    for index in sheet.pages(len(view.pods)):
        if not view.pods:
            c.setFont(SANS, 12)
            c.drawString(sheet.left, sheet.top - 20, "No pods.")
            continue
        _draw_pod(c, sheet, view.pods[index])
    return sheet.pdf()


def _draw_pod(c: Canvas, sheet: Sheet, pod: PodSheet) -> None:
    c.setFont(BOLD, 30)
    c.drawString(sheet.left, sheet.top - 34, f"Pod {pod.pod}")
    players = plural(len(pod.seats), "player")
    c.setFont(SANS, 12)
    c.drawRightString(sheet.right, sheet.top - 30, players)
    legend_top = sheet.bottom + 16 * (len(pod.passes) + 1) + 8
    area_top = sheet.top - 50
    cx = (sheet.left + sheet.right) / 2
    cy = (area_top + legend_top) / 2
    ring = min(sheet.content_width - SEAT_W, area_top - legend_top - SEAT_H) / 2
    table = ring - SEAT_H * 0.9 - 16
    c.setLineWidth(1.5)
    c.setFillGray(FILL)
    c.circle(cx, cy, table, stroke=1, fill=1)
    c.setFillGray(0)
    n = max(len(pod.passes), 1)
    for k, direction in enumerate(pod.passes):
        radius = table * (0.86 - 0.58 * k / n)
        _arc_arrow(c, cx, cy, radius, direction, k + 1)
    c.setFont(BOLD, 9)
    c.setFillGray(TITLE)
    c.drawCentredString(cx, cy - 4, "TABLE")
    c.setFillGray(0)
    count = len(pod.seats)
    for i, (seat, name) in enumerate(pod.seats):
        angle = math.radians(90 - 360 * i / max(count, 1))
        _seat_box(c, cx + ring * math.cos(angle), cy + ring * math.sin(angle), seat, name)
    y = legend_top - 14
    for k, direction in enumerate(pod.passes):
        c.setFont(BOLD, 10)
        label = f"Pack {k + 1}: pass {direction}"
        c.drawString(sheet.left, y, label)
        x = sheet.left + c.stringWidth(label, BOLD, 10) + 6
        draw_text(c, pass_text(pod, direction), x, y, sheet.right - x, SANS, 10, "left")
        y -= 16
    c.setFillGray(TITLE)
    note = "Seats are numbered clockwise as seen from above; sit facing the table."
    draw_text(c, note, sheet.left, y, sheet.content_width, SANS, 8.5, "left")
    c.setFillGray(0)


def two_lines(name: str, room: float, size: float) -> tuple[str, ...]:
    """`name` as one line if it fits in `room`, else split where the wider line is narrowest."""
    words = name.split(" ")
    if width(name, SANS, size) <= room or len(words) == 1:
        return (name,)
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    return min(splits, key=lambda pair: max(width(part, SANS, size) for part in pair))


def _seat_box(c: Canvas, x: float, y: float, seat: int, name: str) -> None:
    c.setLineWidth(1)
    c.setFillGray(1)
    c.roundRect(x - SEAT_W / 2, y - SEAT_H / 2, SEAT_W, SEAT_H, 6, stroke=1, fill=1)
    c.setFillGray(0)
    lines = two_lines(name, SEAT_W - 10, 10)
    c.setFont(BOLD, 10)
    c.drawCentredString(x, y + (5 if len(lines) == 1 else 9), f"Seat {seat}")
    for k, line in enumerate(lines):
        base = y - 11 if len(lines) == 1 else y - 3 - 11 * k
        draw_text(c, line, x - SEAT_W / 2 + 5, base, SEAT_W - 10, SANS, 10, "center")


def _arc_arrow(c: Canvas, cx: float, cy: float, r: float, direction: str, pack: int) -> None:
    """An arc round the table with a gap at the top and a head pointing the way packs go.

    Seen from above, "right" runs counter-clockwise (to the seat before) and "left" clockwise.
    """
    start = 90 + GAP_DEGREES / 2
    extent = 360 - GAP_DEGREES
    c.setLineWidth(2.2 if pack % 2 else 1.4)
    path = c.beginPath()
    path.arc(cx - r, cy - r, cx + r, cy + r, startAng=start, extent=extent)
    c.drawPath(path, stroke=1, fill=0)
    clockwise = direction == "left"
    end = math.radians(start if clockwise else start + extent)
    px, py = cx + r * math.cos(end), cy + r * math.sin(end)
    tx, ty = (math.sin(end), -math.cos(end)) if clockwise else (-math.sin(end), math.cos(end))
    size = 9.0
    nx, ny = -ty, tx
    head = c.beginPath()
    head.moveTo(px + tx * size, py + ty * size)
    head.lineTo(px + nx * size * 0.55, py + ny * size * 0.55)
    head.lineTo(px - nx * size * 0.55, py - ny * size * 0.55)
    head.close()
    c.drawPath(head, stroke=0, fill=1)
    c.setFont(BOLD, 9)
    gap = math.radians(90)
    label = f"{pack} {CLOCKWISE if clockwise else COUNTER_CLOCKWISE}"
    c.drawCentredString(cx + r * math.cos(gap), cy + r * math.sin(gap) - 3, label)
