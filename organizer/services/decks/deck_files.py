"""Reading a card pool file and checking a deck's text: the deck check with no database.

Apart from `cardpools` and `decks` (which store pools and lists) because
`organizer check-deck --cards POOL.csv LIST.txt` runs these alone, per list, from
scripts and bots: importing this module loads core and nothing of storage
(no SQLAlchemy, alembic), a test holds it to that.
"""

from __future__ import annotations

from collections.abc import Sequence

from organizer.core.cardpool import CardPool, CardPoolError, parse_cardpool
from organizer.core.decklist import DeckList, parse_deck
from organizer.core.formats.checker import check_deck
from organizer.core.formats.report import LegalityReport
from organizer.core.input_bounds import summarized
from organizer.services.kit.errors import InputError
from organizer.services.kit.progress import Progress
from organizer.services.kit.text_files import read_text_file


def parse_pool_text(text: str, *, source: str, progress: Progress | None = None) -> CardPool:
    try:
        parsed = parse_cardpool(text, progress=progress)
    except CardPoolError as exc:
        raise InputError(f"{source}, {exc}") from None
    if parsed.problems:
        raise InputError("\n".join(f"{source}, {p}" for p in parsed.problems))
    if not len(parsed.pool):
        raise InputError(f"{source}: the file has no cards")
    return parsed.pool


def load_pool_file(path: str) -> CardPool:
    return parse_pool_text(read_text_file(path), source=path)


def unreadable(deck: DeckList, *, source: str) -> InputError:
    lines = [f"{source}, line {p.line}: {p.message}" for p in deck.problems]
    return InputError("\n".join(summarized(lines)))


def check_text(
    text: str,
    *,
    format_id: str,
    pool: CardPool,
    drafted: DeckList | None = None,
    unknown_cards_are_errors: bool = True,
    house_bans: Sequence[str] = (),
    after_sideboarding: str | None = None,
    for_player: bool = True,
) -> tuple[DeckList, LegalityReport]:
    """The deck check every path runs (core.formats.checker): the format's rules, the
    rulebook's bans, the event's `house_bans`, and the deck `after_sideboarding` if given;
    `for_player` False for a file checked on its own (no event, no player)."""
    deck = parse_deck(text)
    report = check_deck(
        format_id,
        deck,
        pool,
        drafted_pool=drafted,
        unknown_cards_are_errors=unknown_cards_are_errors,
        after_sideboarding=parse_deck(after_sideboarding)
        if after_sideboarding is not None
        else None,
        house_bans=house_bans,
        for_player=for_player,
    )
    return deck, report
