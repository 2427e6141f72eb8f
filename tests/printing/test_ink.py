"""The dashed cut line of organizer/printing/ink.py, read back from a real PDF's drawing operators.

Why: the cut sheets (seat slips, player cards) and the match slips draw their cut lines with
this one function; a cut line must be dashed and grey, and must not leave the dash or the
grey behind for what the sheet draws next.
"""

from __future__ import annotations

import io

from pypdf.generic import ContentStream
from reportlab.pdfgen.canvas import Canvas

from organizer.printing.ink import CUT, cut_line
from tests.printing.pdf_reading import reader


def _operators(draw: str) -> list[tuple[str, list[float]]]:
    """The operators of the one page a drawing makes, with their numeric operands."""
    out = io.BytesIO()
    c = Canvas(out)
    if draw == "cut then solid":
        cut_line(c, 10, 20, 200, 20)
    c.line(10, 50, 200, 50)
    c.showPage()
    c.save()
    page = reader(out.getvalue()).pages[0]
    stream = ContentStream(page.get_contents(), page.pdf)
    ops = []
    for operands, op in stream.operations:
        numbers = []
        for o in operands:
            values = o if isinstance(o, list) else [o]
            numbers += [float(v) for v in values if isinstance(v, int | float)]
        ops.append((op.decode(), numbers))
    return ops


def test_a_cut_line_is_dashed_grey_and_leaves_the_canvas_as_it_was() -> None:
    ops = _operators("cut then solid")
    names = [name for name, _ in ops]
    start, end = names.index("q"), names.index("Q")
    inside = dict(ops[start:end])
    assert inside["d"] == [4.0, 3.0, 0.0]  # dash 4 on, 3 off
    assert inside["G"] == [CUT]
    assert inside["w"] == [0.6]
    assert inside["m"] == [10.0, 20.0] and inside["l"] == [200.0, 20.0]
    assert "S" in names[start:end]
    after = names[end:]
    # what is drawn next is the caller's own line, with no dash or grey set again
    assert after.count("S") == 1 and "d" not in after and "G" not in after
    assert dict(ops[end:])["m"] == [10.0, 50.0]


def test_without_a_cut_line_nothing_is_dashed() -> None:
    names = [name for name, _ in _operators("solid only")]
    assert "d" not in names and names.count("S") == 1
