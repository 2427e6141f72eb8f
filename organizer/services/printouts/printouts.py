"""Printouts of an event as PDF bytes: the one place the GUI and the CLI ask for them.

Builds the view data from the stored event (core data), then lets `printing`
lay it out. Paper size comes from the event's `paper` setting unless given;
`print_setup` gives a client that setting and the file name to offer, read off
its UI thread with the printout (issue 35 item 7).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from organizer.core.decklist import parse_deck
from organizer.core.event import EventData, PlayerId
from organizer.core.event_settings import SETTINGS, EventSettings, Paper
from organizer.core.formats import round_length
from organizer.core.formats.catalog import format_info, format_or_unknown
from organizer.printing import views
from organizer.printing.deck_views import blank_form, deck_sheet
from organizer.printing.page import PageSettings
from organizer.printing.render import render
from organizer.services.decks import cardpools, decks
from organizer.services.event.events import get_event
from organizer.services.event.interchange import load_event, round_of
from organizer.services.judging import penalties
from organizer.services.kit.errors import InputError, RefusedError
from organizer.services.rounds import pods, prizes, standings
from organizer.storage.database import Database

KINDS = (
    "pairings",
    "pairings-by-name",
    "standings",
    "slips",
    "pods",
    "seat-slips",
    "decklists",
    "penalties",
    "prizes",
)


@dataclass(frozen=True, slots=True)
class PrintSetup:
    """What a printout needs from the event before it is laid out: the paper it goes on
    and the event's name its file is named after, read together (`print_setup`)."""

    paper: Paper
    """The event's `paper` setting."""
    event_name: str

    def file_name(self, title: str) -> str:
        """The name a saved printout is offered: "friday-skirmish-standings.pdf"."""
        return f"{slug(self.event_name)}-{slug(title)}.pdf"


def slug(text: str) -> str:
    """`text` as a file name's part: word characters and hyphens, lower case."""
    return re.sub(r"[^\w-]+", "-", text).strip("-").lower() or "event"


def print_setup(db: Database, *, event_id: int) -> PrintSetup:
    """The event's paper and name, read by a client off its UI thread before it prints."""
    record = get_event(db, event_id)
    return PrintSetup(paper=record.settings.paper, event_name=record.name)


def page_settings(event: EventSettings, *, paper: str | None, large: bool = False) -> PageSettings:
    """The event's paper, or `paper` read as the `paper` setting reads what a TO types."""
    if not paper:
        return PageSettings(size=event.paper, large_type=large)
    try:
        size: Paper = SETTINGS["paper"].parse(paper)
    except ValueError as e:
        raise InputError(f"paper: {e}") from None
    return PageSettings(size=size, large_type=large)


def printout(
    db: Database,
    *,
    event_id: int,
    kind: str,
    round_number: int | None = None,
    paper: str | None = None,
    large: bool = False,
    blank: bool = False,
    page_url: str | None = None,
) -> bytes:
    """The PDF of one printout `kind` (see `KINDS`) of the event.

    `page_url`: the players' page while it is served; pairings sheets then carry its QR code.
    """
    if kind not in KINDS:
        raise InputError(f"unknown printout {kind!r}; choose one of {', '.join(KINDS)}")
    record = get_event(db, event_id)
    settings = page_settings(record.settings, paper=paper, large=large)
    event = load_event(db, event_id=event_id)
    if kind in ("pairings", "pairings-by-name"):
        view = replace(
            views.pairings_view(event, round_of(event, round_number).number), page_url=page_url
        )
        name = "pairings-by-table" if kind == "pairings" else kind
        return render(name, view, settings=settings)
    if kind == "slips":
        house = round_length.house_rule_text(
            format_or_unknown(record.format_id), record.settings.house_round_minutes
        )
        return render(
            "slips",
            views.slips_view(event, round_of(event, round_number).number, house_rule=house),
            settings=settings,
        )
    if kind == "standings":
        if record.playoff_seeds:  # a bracket or a Conquest final table
            final = standings.final_rows(
                db, event_id=event_id, event=event, settings=record.settings
            )
            return render("standings", views.final_standings_view(event, final), settings=settings)
        rows = standings.standings_of(event, record.settings)
        return render(
            "standings",
            views.standings_view(event, rows, round_number=round_number),
            settings=settings,
        )
    if kind == "penalties":  # the judge log: for judges, never on the players' page
        return render("penalties", penalties.report_view(db, event_id=event_id), settings=settings)
    if kind == "prizes":  # who gets what, signed for at the counter
        return render("prizes", prizes.sheet_view(db, event_id=event_id), settings=settings)
    if kind in ("pods", "seat-slips"):
        seated = pods.view(db, event_id=event_id)
        if seated is None:
            raise RefusedError("no draft pods are seated yet")
        sheets = tuple(
            views.PodSheet(
                pod.number,
                pod.passes,
                tuple((s.number, seated.names.get(s.player, s.player)) for s in pod.seats),
            )
            for pod in seated.seating.pods
        )
        return render(kind, views.PodsView(views.heading(event), sheets), settings=settings)
    return _decklists(db, event_id, event, record.format_id, blank=blank, settings=settings)


def _decklists(
    db: Database,
    event_id: int,
    event: EventData,
    format_id: str,
    *,
    blank: bool,
    settings: PageSettings,
) -> bytes:
    bans = get_event(db, event_id).settings.banned_cards
    if blank:
        form = blank_form(format_id, event=event.name, date=event.date, house_bans=bans)
        return render("decklists", form, settings=settings)
    sheets = []
    checkable = cardpools.has_pool(db, game=format_info(format_id).game)
    for status in decks.deck_statuses(db, event_id=event_id):
        text = decks.deck_text(db, registration_id=status.registration_id)
        if text is not None:
            report = (
                decks.check_for_player(
                    db, event_id=event_id, registration_id=status.registration_id, text=text
                )[1]
                if checkable
                else None
            )
            sheets.append(
                deck_sheet(
                    event,
                    PlayerId(status.code),
                    parse_deck(text),
                    format_id=format_id,
                    report=report,
                )
            )
    if not sheets:
        raise RefusedError("no deck lists are submitted yet (print --blank for empty forms)")
    return render("decklists", sheets, settings=settings)
