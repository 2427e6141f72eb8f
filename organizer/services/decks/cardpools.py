"""Importing card pools, and finding the pool a deck check should use.

A pool file is refused whole when any row is wrong (every bad row is named):
a half-imported pool would make good decks look illegal. Re-importing a game's
pool replaces its cards; decks keep their text and are simply checked anew.
"""

from __future__ import annotations

from dataclasses import dataclass

from organizer.core.cardpool import CardPool
from organizer.services.decks.deck_files import load_pool_file as load_pool_file
from organizer.services.decks.deck_files import parse_pool_text as parse_pool_text
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import RefusedError
from organizer.services.kit.progress import Progress
from organizer.services.kit.resources import sample_pool_path
from organizer.services.kit.write_lock import write
from organizer.storage import cardpool_repo, journal_repo
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action


@dataclass(frozen=True, slots=True)
class PoolImport:
    game: str
    cards: int
    added: int
    changed: int
    removed: int


def import_pool(
    db: Database, *, text: str, source: str, progress: Progress | None = None
) -> Done[list[PoolImport]]:
    """Store every game's cards from a pool CSV, replacing that game's earlier pool.

    `progress` counts the file's lines twice: once read, once stored."""
    lines = text.count("\n") + 1
    total = 2 * lines

    def read(line: int, _lines: int) -> None:
        if progress is not None:
            progress(line, total)

    pool = parse_pool_text(text, source=source, progress=read)
    stored = _store_pool(db, pool=pool, text=text, source=source, progress=progress)
    if progress is not None:
        progress(total, total)
    return stored


@write
def _store_pool(
    s: Tx, *, pool: CardPool, text: str, source: str, progress: Progress | None
) -> Done[list[PoolImport]]:
    """Each game's cards of `pool` in place of its earlier pool; progress goes on from the
    file read (its second half)."""
    lines = text.count("\n") + 1
    total = 2 * lines
    results = []
    before = 0
    for game in pool.games:
        cards = [c for c in pool if c.game == game]

        def stored(count: int, before: int = before) -> None:
            if progress is not None:
                progress(min(lines + before + count, total - 1), total)

        added, changed, removed = cardpool_repo.replace_pool(
            s, game=game, name=source, cards=cards, source_csv=text, written=stored
        )
        before += len(cards)
        results.append(PoolImport(game, len(cards), added, changed, removed))
        journal_repo.append(
            s,
            event_id=None,
            action=Action.CARDS_IMPORT,
            summary=f"{game}: {len(cards)} cards from {source} "
            f"({added} new, {changed} changed, {removed} gone)",
        )
    return Done(results)


def has_pool(db: Database, *, game: str) -> bool:
    with db.reading() as s:
        return cardpool_repo.pool_row(s, game=game) is not None


def pool_for_game(db: Database, *, game: str) -> CardPool:
    with db.reading() as s:
        pool = cardpool_repo.load_pool(s, game=game)
    if pool is None:
        sample = sample_pool_path(game)
        raise RefusedError(
            f"no {game} card pool in the database: import one with "
            f"'organizer cards import POOL.csv' (a sample is {sample})"
        )
    return pool


def stored_pools(db: Database) -> list[tuple[str, str, int]]:
    with db.reading() as s:
        return cardpool_repo.pools(s)
