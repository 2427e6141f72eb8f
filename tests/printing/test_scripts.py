"""Names in every script print, and read back from the PDF in logical order (issue 18).

Latin, Polish, Greek, Cyrillic, Chinese, Japanese, Korean, Arabic and Hebrew names, one with
an emoji and one of 300 characters, through the standings (normal and large type), both
pairings sheets and the match slips. The text pypdf extracts is compared after Unicode NFKC
(which maps Arabic presentation forms, what the PDF draws, back to the letters typed); the
emoji prints as the placeholder U+FFFD.
"""

from __future__ import annotations

import re
import unicodedata

import pytest

from organizer.core.event import EventData, Match, Player, PlayerId, Round
from organizer.core.pairing.standings import compute_standings
from organizer.printing.fonts import BOLD, CJK, SANS, register_fonts
from organizer.printing.page import PageSettings
from organizer.printing.render import render
from organizer.printing.text_runs import PLACEHOLDER, Run, visual_runs
from organizer.printing.views import pairings_view, slips_view, standings_view
from tests.printing.pdf_reading import fonts, text
from tests.printing.sample import DATE, WORLD_NAMES, world_event

LONG = WORLD_NAMES[-1]


def _norm(s: str) -> str:
    return unicodedata.normalize("NFKC", s)


def _printed(name: str) -> str:
    """The name as the PDF holds it: the emoji as the placeholder."""
    return "".join(PLACEHOLDER if ord(ch) >= 0x1F000 else ch for ch in name)


def _render(kind: str, large: bool = False) -> bytes:
    event = world_event()
    if kind == "standings":
        view: object = standings_view(event, compute_standings(event))
    elif kind == "slips":
        view = slips_view(event, 1)
    else:
        view = pairings_view(event, 1)
    return render(kind, view, settings=PageSettings(large_type=large))


CASES = [
    ("standings", False),
    ("standings", True),
    ("pairings-by-table", False),
    ("pairings-by-name", False),
    ("slips", False),
]


@pytest.mark.parametrize(("kind", "large"), CASES)
def test_every_name_reads_back_in_logical_order(kind: str, large: bool) -> None:
    found = _norm(text(_render(kind, large)))
    lines = {line.strip() for line in found.split("\n")}
    joined = re.sub(r"\s+", "", found)  # large standings wrap long names onto more lines
    for name in WORLD_NAMES[:-1]:
        printed = _norm(_printed(name))
        if kind == "standings" and large:
            assert re.sub(r"\s+", "", printed) in joined, name
        else:
            assert printed in lines, name


@pytest.mark.parametrize("large", [False, True])
def test_standings_print_the_300_character_name_whole(large: bool) -> None:
    found = re.sub(r"\s+", "", text(_render("standings", large)))
    assert len(LONG) == 300
    assert re.sub(r"\s+", "", LONG) in found


@pytest.mark.parametrize(("kind", "large"), CASES)
def test_cjk_comes_from_the_embedded_noto_subset(kind: str, large: bool) -> None:
    used = fonts(_render(kind, large))
    assert "NotoSansCJKjpSubset-Regular" in used and SANS in used
    assert all(used.values()), used


def test_large_standings_never_print_two_names_the_same() -> None:
    players = tuple(Player(PlayerId(f"p{i}"), f"Plain Player {i}") for i in range(1, 9))
    ids = [p.id for p in players]
    r1 = Round(1, tuple(Match(t + 1, (ids[2 * t], ids[2 * t + 1]), wins=(2, 0)) for t in range(4)))
    event = EventData(name="Plain", players=players, rounds=(r1,), date=DATE, best_of=3)
    pdf = render(
        "standings",
        standings_view(event, compute_standings(event)),
        settings=PageSettings(large_type=True),
    )
    lines = [line.strip() for line in text(pdf).split("\n")]
    for p in players:
        assert p.name in lines


def test_runs_join_arabic_reverse_hebrew_and_fall_back_per_character() -> None:
    register_fonts()
    arabic = visual_runs("محمد", BOLD)
    assert [r.font for r in arabic] == [BOLD]
    assert _norm(arabic[0].text) == "دمحم"  # joined forms, drawn right to left
    assert arabic[0].text != "دمحم"
    assert visual_runs("אבי", SANS) == (Run(SANS, "יבא"),)
    assert visual_runs("Ada 王", BOLD) == (Run(BOLD, "Ada "), Run(CJK, "王"))


def test_emoji_is_one_visible_placeholder_even_as_a_sequence() -> None:
    register_fonts()
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert visual_runs(f"Bo {family}\ufe0f!", SANS) == (Run(SANS, f"Bo {PLACEHOLDER}!"),)
    assert visual_runs("\U0001f409\U0001f409", SANS) == (Run(SANS, PLACEHOLDER * 2),)
