"""Bans through the services (formats.md, "Banned cards"): the rulebook's own (WARS: Talkan,
Section Three: Rulings) and an event's house bans (the `banned_cards` setting), in deck
submission, the deck check between games, and the printed deck sheets.
"""

from __future__ import annotations

import pytest

from organizer.services.decks import cardpools, decks
from organizer.services.event import settings
from organizer.services.event.settings import SettingsError
from organizer.services.kit.errors import RefusedError
from organizer.services.kit.resources import resources_dir, sample_pool_path
from organizer.services.players import registration
from organizer.services.printouts import printouts
from organizer.storage.database import Database
from tests.printing.pdf_reading import text as pdf_text
from tests.services.event_builders import event_with_players

WARS = "wars-constructed"
TALKAN_ROW = "wars,PF,1PF3,Talkan,character,,,,,,,rare\n"


def wars_text(swap: str | None = None) -> str:
    """The sample WARS list; with `swap`, its first card line's cards become that card."""
    text = (resources_dir() / "decklists" / f"sample-{WARS}.txt").read_text(encoding="utf-8")
    if swap is None:
        return text
    lines = text.splitlines()
    i = next(i for i, line in enumerate(lines) if line[:1].isdigit())
    count = lines[i].split()[0]
    lines[i] = f"{count} {swap}"
    return "\n".join(lines) + "\n"


@pytest.fixture
def wars_event(db: Database) -> int:
    pool = sample_pool_path("wars").read_text(encoding="utf-8") + TALKAN_ROW
    cardpools.import_pool(db, text=pool, source="sample + Talkan")
    return event_with_players(db, WARS, 2)


def p(db: Database, event_id: int, code: str) -> int:
    return registration.find_player(db, event_id=event_id, code=code).registration_id


def test_talkan_is_refused_and_the_list_without_it_is_legal(db: Database, wars_event: int) -> None:
    legal = decks.submit_deck(
        db, event_id=wars_event, registration_id=p(db, wars_event, "p1"), text=wars_text()
    )
    assert legal.value.status == "legal"
    with pytest.raises(RefusedError, match="Talkan is banned by the rulebook"):
        decks.submit_deck(
            db,
            event_id=wars_event,
            registration_id=p(db, wars_event, "p2"),
            text=wars_text("Talkan"),
        )


def test_a_house_ban_makes_a_card_illegal_for_this_event(db: Database, wars_event: int) -> None:
    card = wars_text().splitlines()
    name = next(line for line in card if line[:1].isdigit()).split(" ", 1)[1]
    settings.set_setting(db, event_id=wars_event, key="banned_cards", value=f"{name}; Other")
    assert settings.get_settings(db, event_id=wars_event).banned_cards == (name, "Other")
    with pytest.raises(RefusedError, match="banned for this event"):
        decks.submit_deck(
            db, event_id=wars_event, registration_id=p(db, wars_event, "p1"), text=wars_text()
        )
    settings.set_setting(db, event_id=wars_event, key="banned_cards", value="")
    done = decks.submit_deck(
        db, event_id=wars_event, registration_id=p(db, wars_event, "p1"), text=wars_text()
    )
    assert done.value.status == "legal"


def test_banned_cards_setting_reads_names_by_semicolon(db: Database, wars_event: int) -> None:
    settings.set_setting(
        db, event_id=wars_event, key="banned_cards", value=" Kal, the Dark ;  talkan;Talkan ;"
    )
    assert settings.get_settings(db, event_id=wars_event).banned_cards == (
        "Kal, the Dark",
        "talkan",
    )
    with pytest.raises(SettingsError, match="no setting"):
        settings.set_setting(db, event_id=wars_event, key="banned_card", value="X")


def test_deck_sheets_name_the_bans(db: Database, wars_event: int) -> None:
    settings.set_setting(db, event_id=wars_event, key="banned_cards", value="Moonlit Relic")
    blank = pdf_text(printouts.printout(db, event_id=wars_event, kind="decklists", blank=True))
    assert "Banned by the rulebook: Talkan (1PF3)" in blank
    assert "Banned for this event: Moonlit Relic" in blank
    decks.submit_deck(
        db,
        event_id=wars_event,
        registration_id=p(db, wars_event, "p1"),
        text=wars_text("Talkan"),
        accept_reason="judge: printed to show the ban",
    )
    filled = pdf_text(printouts.printout(db, event_id=wars_event, kind="decklists"))
    assert "Deck check: line" in filled and "Talkan is banned by the rulebook" in filled


CASTLE_WARS_LIST = resources_dir() / "decklists" / "sample-castle-wars.txt"


def swapped(text: str, out: int, into: str) -> str:
    """The list as it stands after taking `out` Bearclaw Pikeman out of the deck for `into`;
    the side deck then holds the Pikemen instead of its 2 Serpent Cutthroat."""
    deck = text.replace("3 Bearclaw Pikeman", f"{3 - out} Bearclaw Pikeman\n{into}", 1)
    return deck.replace("2 Serpent Cutthroat", f"{out} Bearclaw Pikeman", 1)


def test_a_deck_check_after_sideboarding(db: Database) -> None:
    cardpools.import_pool(
        db, text=sample_pool_path("castle-wars").read_text(encoding="utf-8"), source="sample"
    )
    event_id = event_with_players(db, "castle-wars", 2)
    text = CASTLE_WARS_LIST.read_text(encoding="utf-8")
    reg = p(db, event_id, "p1")
    decks.submit_deck(db, event_id=event_id, registration_id=reg, text=text)

    def now(after: str) -> set[str]:
        _, report = decks.check_for_player(
            db, event_id=event_id, registration_id=reg, text=text, after_sideboarding=after
        )
        return {f.message for f in report.errors}

    assert now(swapped(text, 2, "2 Serpent Cutthroat")) == set()  # 50 again, all registered
    assert now(swapped(text, 2, "1 Serpent Cutthroat")) == {
        "after the side deck swap the deck has 49 cards; it must have exactly 50"
    }
    foreign, copies = sorted(now(swapped(text, 2, "2 Ridge Lancer")))
    assert "5 Ridge Lancer" in foreign and "registered" in foreign
    # every deck rule holds after sideboarding too (issue 25): 5 copies break the limit of 3
    assert copies.startswith("after the side deck swap: ") and "Ridge Lancer" in copies


def test_a_stored_list_follows_the_event_bans(db: Database, wars_event: int) -> None:
    reg = p(db, wars_event, "p1")
    decks.submit_deck(db, event_id=wars_event, registration_id=reg, text=wars_text())
    name = next(line for line in wars_text().splitlines() if line[:1].isdigit()).split(" ", 1)[1]

    def status() -> tuple[str, int]:
        (row,) = [d for d in decks.deck_statuses(db, event_id=wars_event) if d.code == "p1"]
        return row.status, row.errors

    done = settings.set_setting(db, event_id=wars_event, key="banned_cards", value=name)
    assert done.changes.decks and status() == ("illegal", 1)
    settings.set_setting(db, event_id=wars_event, key="banned_cards", value="Not In The Deck")
    assert status() == ("legal", 0)
