"""Issue PINs and print the players' cards in one step.

A PIN is stored only as a digest, so a card can be printed only when its PIN
is made: `issue_cards` makes new PINs for the players asked for (all of them,
those without one yet, or a few) and returns the PDF of their cards with the
PINs. The old PINs of those players stop working.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from organizer.printing.player_cards import PlayerCard, PlayerCardsView
from organizer.printing.render import render
from organizer.printing.views import Heading
from organizer.services.event.events import get_event
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import RefusedError
from organizer.services.phones import pin_issue, pins
from organizer.services.players import registration
from organizer.services.printouts.printouts import page_settings
from organizer.storage.database import Database

SIGN_IN_PATH = "me"


@dataclass(frozen=True, slots=True)
class IssuedCards:
    pins: tuple[pin_issue.IssuedPin, ...]
    pdf: bytes
    view: PlayerCardsView
    """What was printed, to print it again (on other paper) without new PINs."""


def sign_in_url(page_url: str) -> str:
    """The sign-in page under the players' page's address."""
    return page_url.rstrip("/") + "/" + SIGN_IN_PATH


def chosen(
    db: Database, *, event_id: int, codes: Sequence[str] = (), everyone: bool = False
) -> list[int]:
    """The registrations to issue for: `codes`, every player (`everyone`), or else those
    without a PIN yet; dropped players only when named."""
    players = registration.list_players(db, event_id=event_id)
    if codes:
        by_code = {p.code: p.registration_id for p in players}
        unknown = [c for c in codes if c not in by_code]
        if unknown:
            raise RefusedError(f"no player with id {', '.join(map(repr, unknown))}")
        return [by_code[c] for c in codes]
    active = [p for p in players if not p.dropped]
    if everyone:
        return [p.registration_id for p in active]
    have = pins.pins_issued(db, event_id=event_id)
    return [p.registration_id for p in active if p.registration_id not in have]


def issue_cards(
    db: Database,
    *,
    event_id: int,
    registration_ids: Sequence[int],
    page_url: str,
    paper: str | None = None,
) -> Done[IssuedCards]:
    """New PINs for these players and the PDF of their cards (the only copy of the PINs)."""
    if not registration_ids:
        raise RefusedError("no player to print a card for (every player has a PIN already)")
    record = get_event(db, event_id)
    settings = page_settings(record.settings, paper=paper)
    issued = pins.issue_pins(db, event_id=event_id, registration_ids=registration_ids)
    view = PlayerCardsView(
        Heading(record.name, record.date),
        sign_in_url(page_url),
        tuple(PlayerCard(p.name, p.code, p.pin) for p in issued.value),
    )
    pdf = render("player-cards", view, settings=settings)
    return Done(IssuedCards(issued.value, pdf, view), issued.changes)
