"""PINs & cards… in the Players tab: issue new PINs and print the players' cards in one step.

A PIN exists in clear only when it is made, so the cards are printed then:
the TO chooses the players without a PIN yet, the selected player, or every
player (whose old PINs stop working, asked first); the PINs are made and the
cards shown in the print preview (Print…, Save PDF…). Changing the paper there
lays out the same PINs again; closing the preview without printing loses
them (issue again). The cards carry the players' page's address, so the page
must be switched on (Stations) first.

Imports Qt, services, printing and the Stations room's page address only.
"""

from __future__ import annotations

from organizer.core.views import times
from organizer.gui.kit.event_screen import EventWork
from organizer.gui.kit.page_host import page_url_for
from organizer.gui.printouts.print_preview import PrintPreviewDialog
from organizer.printing.page import PageSettings
from organizer.printing.render import render
from organizer.services.event.events import get_event
from organizer.services.phones import pins, player_cards
from organizer.services.players import registration
from organizer.storage.records import PlayerRecord

TITLE = "PINs & player cards"
WITHOUT, SELECTED, EVERYONE = range(3)


def locks_text(locks: tuple[pins.SignInLock, ...]) -> str:
    """The sign-in locks in force, in words: "Sign-in locked after wrong PINs: …"."""
    if not locks:
        return ""
    parts = []
    for lock in locks:
        kind, _, who = lock.subject.partition(":")
        until = times.time_of_day(lock.until)
        parts.append(f"{'player' if kind == 'player' else 'phone at'} {who} until {until}")
    return "Sign-in locked after wrong PINs: " + "; ".join(parts) + "."


def choices(without: int, selected: PlayerRecord | None, everyone: int) -> list[str]:
    return [
        f"Players without a PIN ({without})",
        f"Only {selected.name}" if selected else "Only the selected player (none selected)",
        f"Every player: new PINs for all {everyone}",
    ]


def issue_and_preview(work: EventWork, selected: PlayerRecord | None) -> PrintPreviewDialog | None:
    """Ask whom, issue their PINs (`work.write`: the window hears what changed), show
    their cards; the preview once closed, or None."""
    db, event_id, prompts = work.db, work.event_id, work.prompts
    url = page_url_for(event_id)
    if url is None:
        prompts.warn(
            TITLE,
            "Switch the players' page on first (Stations): the cards carry its address.",
        )
        return None
    active = [p for p in registration.list_players(db, event_id=event_id) if not p.dropped]
    have = pins.pins_issued(db, event_id=event_id)
    without = sum(p.registration_id not in have for p in active)
    choice = prompts.choose(
        TITLE,
        "Issue new PINs and print the cards for:\n\n"
        "(A PIN can be printed only now: the database keeps no copy.)",
        choices(without, selected, len(active)),
    )
    if choice is None:
        return None
    if choice == SELECTED and selected is None:
        prompts.warn(TITLE, "Select a player first.")
        return None
    codes = [selected.code] if choice == SELECTED and selected is not None else []
    replacing = (choice == EVERYONE and bool(have)) or bool(
        codes and selected and selected.registration_id in have
    )
    question = "The old PINs of these players stop working, and they are signed out. Go on?"
    if replacing and not prompts.confirm(TITLE, question):
        return None
    made = work.write(
        TITLE,
        lambda: player_cards.issue_cards(
            db,
            event_id=event_id,
            registration_ids=player_cards.chosen(
                db, event_id=event_id, codes=codes, everyone=choice == EVERYONE
            ),
            page_url=url,
        ),
    )
    if made is None:
        return None
    view = made.value.view
    paper = get_event(db, event_id).settings.paper
    dialog = PrintPreviewDialog(
        f"Player cards ({len(made.value.pins)})",
        made.value.pdf,
        lambda size, _large: render("player-cards", view, settings=PageSettings(size=size)),  # type: ignore[arg-type]
        prompts,
        paper=paper,
        large=None,
        suggested_name="player-cards.pdf",
        parent=work,
    )
    prompts.run_dialog(dialog)
    return dialog
