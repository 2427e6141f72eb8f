"""Every sample deck list in resources/decklists is legal against its sample card pool."""

from __future__ import annotations

from pathlib import Path

import pytest

from organizer.core.decklist import parse_deck
from organizer.core.formats.catalog import FORMATS, format_info
from organizer.core.formats.checker import check_deck
from tests.core.formats.helpers import DECKLISTS, sample_pool

SAMPLES = sorted(DECKLISTS.glob("sample-*.*"))


def format_of(path: Path) -> str:
    return path.stem.removeprefix("sample-")


def test_there_is_a_sample_deck_for_every_format() -> None:
    assert sorted(format_of(p) for p in SAMPLES) == sorted(f.id for f in FORMATS)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_deck_is_legal(path: Path) -> None:
    fmt = format_of(path)
    deck = parse_deck(path.read_text(encoding="utf-8"))
    assert deck.readable, deck.problems
    report = check_deck(fmt, deck, sample_pool(format_info(fmt).game))
    assert report.legal, [str(f) for f in report.findings]
    assert report.rule_ids("warning") <= {"wc-draft-pool"}
