"""Card pools in the database: one pool per game, each card a row with its facts as JSON.

Decks are stored as the text the player handed in, never as links to card
rows, so re-importing a pool (new cards, corrected facts) never breaks a deck:
the next check simply reads the new facts.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import func
from sqlalchemy import insert as sa_insert
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, delete, select

from organizer.core.cardpool import Card, CardPool
from organizer.storage.tables import CardPoolRow, CardRow, core_table


def card_to_json(card: Card) -> str:
    data: dict[str, Any] = {
        "game": card.game,
        "name": card.name,
        "type": card.type,
        "set": card.set,
        "number": card.number,
        "subtypes": list(card.subtypes),
        "attributes": sorted(card.attributes),
        "faction": card.faction,
        "boost": card.boost,
        "boost_value": card.boost_value,
        "hand_size": card.hand_size,
        "copy_limit": card.copy_limit,
        "rarity": card.rarity,
        "reprint_sets": sorted(card.reprint_sets),
    }
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


def card_from_json(text: str) -> Card:
    d = json.loads(text)
    return Card(
        game=d["game"],
        name=d["name"],
        type=d["type"],
        set=d["set"],
        number=d["number"],
        subtypes=tuple(d["subtypes"]),
        attributes=frozenset(d["attributes"]),
        faction=d["faction"],
        boost=d["boost"],
        boost_value=d["boost_value"],
        hand_size=d["hand_size"],
        copy_limit=d["copy_limit"],
        rarity=d["rarity"],
        reprint_sets=frozenset(d.get("reprint_sets", ())),  # absent in rows from before
    )


def pool_row(session: Session, *, game: str) -> CardPoolRow | None:
    return session.exec(select(CardPoolRow).where(CardPoolRow.game == game)).first()


POOL_LOCK = "card_pool:"
"""What the game's advisory lock is keyed on (with the game's name) on PostgreSQL."""


def lock_game_pool(session: Session, *, game: str) -> None:
    """Hold the game's pool until the transaction ends, before looking for it.

    Why: a pool belongs to no event, so no event lock orders two imports. On SQLite the
    write transaction already holds the file's one write lock (BEGIN IMMEDIATE); on
    PostgreSQL two stations importing a game's first pool at once each found none and
    each made one. An advisory lock taken for the transaction (no privilege needed, no
    table locked) makes the second wait, then find the first one's pool."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(sa_select(func.pg_advisory_xact_lock(func.hashtext(POOL_LOCK + game))))


INSERT_CHUNK = 5000
"""Cards written per statement; `written` is called after each."""


def replace_pool(
    session: Session,
    *,
    game: str,
    name: str,
    cards: Iterable[Card],
    source_csv: str,
    written: Callable[[int], None] | None = None,
) -> tuple[int, int, int]:
    """Make the game's pool hold exactly `cards`; returns (added, changed, removed).

    `written`, if given, is called with how many cards are written so far."""
    lock_game_pool(session, game=game)
    row = pool_row(session, game=game)
    if row is None:
        row = CardPoolRow(game=game, name=name, source_csv=source_csv)
        session.add(row)
        session.flush()
    else:
        row.name = name
        row.source_csv = source_csv
        session.add(row)
    assert row.id is not None
    stored = session.execute(
        sa_select(col(CardRow.name), col(CardRow.boost), col(CardRow.data)).where(
            col(CardRow.pool_id) == row.id
        )
    ).all()
    old = {(name.casefold(), boost): data for name, boost, data in stored}
    new = {(c.name.casefold(), c.boost or ""): c for c in cards}
    data = {key: card_to_json(c) for key, c in new.items()}
    added = sum(1 for k in new if k not in old)
    changed = sum(1 for k in new if k in old and old[k] != data[k])
    removed = sum(1 for k in old if k not in new)
    session.exec(delete(CardRow).where(col(CardRow.pool_id) == row.id))
    values = [
        {
            "pool_id": row.id,
            "name": card.name,
            "boost": card.boost or "",
            "card_type": card.type,
            "data": data[key],
        }
        for key, card in new.items()
    ]
    for start in range(0, len(values), INSERT_CHUNK):  # executemany: no ORM object per card
        session.execute(sa_insert(core_table("card")), values[start : start + INSERT_CHUNK])
        if written is not None:
            written(min(start + INSERT_CHUNK, len(values)))
    session.flush()
    return added, changed, removed


def load_pool(session: Session, *, game: str) -> CardPool | None:
    row = pool_row(session, game=game)
    if row is None:
        return None
    cards = session.exec(select(CardRow.data).where(CardRow.pool_id == row.id)).all()
    return CardPool(tuple(card_from_json(d) for d in cards))


def pools(session: Session) -> list[tuple[str, str, int]]:
    """(game, pool name, number of cards) for every stored pool."""
    out = []
    for row in session.exec(select(CardPoolRow).order_by(col(CardPoolRow.game))).all():
        count = len(session.exec(select(CardRow.id).where(CardRow.pool_id == row.id)).all())
        out.append((row.game, row.name, count))
    return out
