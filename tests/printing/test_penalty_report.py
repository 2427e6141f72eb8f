"""The printed penalty report read back: every penalty, its details, removals and the summary."""

from __future__ import annotations

from organizer.printing.penalty_report import PenaltyReportView, details
from organizer.printing.render import render
from organizer.printing.views import Heading
from tests.printing.pdf_reading import reader, text
from tests.printing.sample import penalty_report_view


def flat(pdf: bytes) -> str:
    return " ".join(text(pdf).split())


def test_every_penalty_is_printed_with_its_note_effect_upgrade_and_removal() -> None:
    view = penalty_report_view()
    pdf = flat(render("penalties", view))
    assert "Penalty report" in pdf
    for line in view.lines:
        assert line.player in pdf and line.given_at in pdf
        assert line.penalty in pdf and line.category in pdf
    assert "31 cards in the deck · table 3: recorded 0-1" in pdf
    assert "UPGRADE: 2nd Warning for Slow Play" in pdf
    assert "REMOVED: wrong player" in pdf
    assert details(view.lines[0]) == ""  # a plain warning has no second line


def test_the_summary_counts_each_players_standing_penalties() -> None:
    pdf = flat(render("penalties", penalty_report_view()))
    assert "Penalties by player" in pdf
    assert "Łukasz Wróblewski (p2): 2 Warning" in pdf
    assert "Ődön Szőke (p1): 1 Game Loss" in pdf
    assert "Nguyễn Thị Bích (p5): 1" not in pdf  # removed: not counted


def test_a_long_log_spans_pages_and_loses_no_row() -> None:
    view = penalty_report_view(count=120)
    pdf = render("penalties", view)
    assert len(reader(pdf).pages) > 2
    printed = flat(pdf)
    assert all(f"Player {n} " in printed + " " for n in range(4, 120))


def test_an_empty_log_says_so() -> None:
    pdf = flat(render("penalties", PenaltyReportView(Heading("Quiet night"), ())))
    assert "No penalties given." in pdf
