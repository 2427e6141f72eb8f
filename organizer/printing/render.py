"""The one way in: `render(kind, view, settings=...)` returns a PDF as bytes; `save` writes one.

Kinds and the view each takes (build views from core data with the functions of
`printing.views` and `printing.deck_views`):

| kind | view | built by |
| --- | --- | --- |
| "pairings-by-table", "pairings-by-name" | `PairingsView` | `pairings_view(event, round)` |
| "standings" | `StandingsView` | `standings_view` / `final_standings_view` |
| "slips" | `SlipsView` | `slips_view(event, round)` |
| "pods", "seat-slips" | `PodsView` | `PodsView(heading, (PodSheet(...), ...))` |
| "decklists" | `DeckSheetView` or a sequence of them | `blank_form`, `deck_sheet` |
| "penalties" | `PenaltyReportView` | `services.penalties.report_view` |
| "player-cards" | `PlayerCardsView` | `PlayerCardsView(heading, url, cards)` |
| "prizes" | `PrizeSheetView` | `services.rounds.prizes.sheet_view` |

Must not import Qt, sqlmodel/sqlalchemy, organizer.services or organizer.storage.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

from organizer.core.whole_file import write_whole
from organizer.printing.deck_views import DeckSheetView
from organizer.printing.decklists import draw_deck_sheets
from organizer.printing.page import PageSettings
from organizer.printing.pairings import draw_pairings_by_name, draw_pairings_by_table
from organizer.printing.penalty_report import PenaltyReportView, draw_penalty_report
from organizer.printing.player_cards import PlayerCardsView, draw_player_cards
from organizer.printing.pods import draw_pods
from organizer.printing.prize_sheet import PrizeSheetView, draw_prize_sheet
from organizer.printing.seat_slips import draw_seat_slips
from organizer.printing.slips import draw_slips
from organizer.printing.standings_sheet import draw_standings
from organizer.printing.views import PairingsView, PodsView, SlipsView, StandingsView

_Drawer = Callable[[Any, PageSettings], bytes]
_KINDS: Final[dict[str, tuple[type, _Drawer]]] = {
    "pairings-by-table": (PairingsView, draw_pairings_by_table),
    "pairings-by-name": (PairingsView, draw_pairings_by_name),
    "standings": (StandingsView, draw_standings),
    "slips": (SlipsView, draw_slips),
    "pods": (PodsView, draw_pods),
    "seat-slips": (PodsView, draw_seat_slips),
    "penalties": (PenaltyReportView, draw_penalty_report),
    "player-cards": (PlayerCardsView, draw_player_cards),
    "prizes": (PrizeSheetView, draw_prize_sheet),
}
KINDS: Final[tuple[str, ...]] = (*_KINDS, "decklists")


class UnknownKindError(ValueError):
    """A printout kind that `render` does not know."""


def render(
    kind: str,
    view: object,
    *,
    settings: PageSettings | None = None,
) -> bytes:
    """The PDF of printout `kind` drawn from `view`; TypeError when the view does not fit."""
    settings = settings or PageSettings()
    if kind == "decklists":
        sheets = [view] if isinstance(view, DeckSheetView) else view
        if not isinstance(sheets, Sequence) or not all(
            isinstance(s, DeckSheetView) for s in sheets
        ):
            raise TypeError("decklists takes a DeckSheetView or a sequence of them")
        return draw_deck_sheets(sheets, settings)
    try:
        expected, draw = _KINDS[kind]
    except KeyError:
        raise UnknownKindError(f"unknown printout {kind!r}; kinds: {', '.join(KINDS)}") from None
    if not isinstance(view, expected):
        raise TypeError(f"{kind} takes a {expected.__name__}, not {type(view).__name__}")
    return draw(view, settings)


def save(pdf: bytes, path: str | os.PathLike[str]) -> Path:
    """Write `pdf` to `path` whole or not at all, readable as any file the TO saves
    (`core.whole_file`)."""
    return write_whole(path, pdf)
