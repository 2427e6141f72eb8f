"""Building deck lists for the deck-rule tests from the sample card pools.

Decks are computed from the pools in resources/cardpools (never typed out), written
out as deck list text and read back through the parser, so every test also goes
through `parse_deck_text` and its findings carry real line numbers.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from organizer.core.cardpool import Card, CardPool, parse_cardpool
from organizer.core.decklist import DeckList, Part, parse_deck_text
from organizer.core.formats.checker import check_deck
from organizer.core.formats.report import LegalityReport

ROOT = Path(__file__).resolve().parents[3]
CARDPOOLS = ROOT / "resources" / "cardpools"
DECKLISTS = ROOT / "resources" / "decklists"

Parts = dict[Part, list[tuple[int, str]]]
HEADINGS = {
    Part.DOCTRINE: "Doctrine:",
    Part.DECK: "Deck:",
    Part.SIDEBOARD: "Sideboard:",
    Part.CASTLE: "Castle:",
    Part.REGIONS: "Regions:",
}


@functools.cache
def sample_pool(game: str) -> CardPool:
    parsed = parse_cardpool((CARDPOOLS / f"sample-{game}.csv").read_text(encoding="utf-8"))
    assert parsed.problems == ()
    return parsed.pool


def of_type(pool: CardPool, *types: str) -> list[Card]:
    return [c for c in pool if c.type in types]


def take(cards: Iterable[Card], total: int, limit: Callable[[Card], int]) -> list[Card]:
    """`total` cards from `cards` in order, each at most `limit(card)` times."""
    out: list[Card] = []
    for card in cards:
        out += [card] * min(limit(card), total - len(out))
        if len(out) == total:
            return out
    raise AssertionError(f"the sample pool is too small for {total} cards")


def entries(cards: Sequence[Card]) -> list[tuple[int, str]]:
    counts: dict[str, int] = {}
    for c in cards:
        counts[c.display_name] = counts.get(c.display_name, 0) + 1
    return [(n, name) for name, n in counts.items()]


def render(parts: Parts) -> str:
    lines: list[str] = []
    for part, rows in parts.items():
        if rows:
            lines.append(HEADINGS[part])
            lines += [f"{n} {name}" for n, name in rows]
            lines.append("")
    return "\n".join(lines)


def deck_of(parts: Parts) -> DeckList:
    deck = parse_deck_text(render(parts))
    assert deck.readable, deck.problems
    return deck


def count(parts: Parts, *which: Part) -> int:
    return sum(n for p in which for n, _ in parts.get(p, []))


def copied(parts: Parts) -> Parts:
    return {p: list(rows) for p, rows in parts.items()}


def add(parts: Parts, part: Part, n: int, name: str) -> Parts:
    """A copy of `parts` with `n` more `name` in `part` (its own line)."""
    out = copied(parts)
    out.setdefault(part, []).append((n, name))
    return out


def drop(parts: Parts, part: Part, n: int = 1, keep: str | None = None) -> Parts:
    """A copy of `parts` with `n` cards fewer in `part`, taken from the first lines (not `keep`),
    so that cards added at the end by `add` and `swap_in` stay."""
    out = copied(parts)
    rows = out[part]
    for i in range(len(rows)):
        have, name = rows[i]
        if name == keep or n == 0:
            continue
        cut = min(have, n)
        rows[i] = (have - cut, name)
        n -= cut
    assert n == 0, "not enough cards to drop"
    out[part] = [(c, name) for c, name in rows if c > 0]
    return out


def swap_in(parts: Parts, part: Part, n: int, name: str) -> Parts:
    """`n` cards of `part` replaced by `n` `name`: the part keeps its size."""
    return add(drop(parts, part, n, keep=name), part, n, name)


def check(
    format_id: str,
    parts: Parts,
    pool: CardPool,
    *,
    drafted_pool: Sequence[Card] | DeckList | None = None,
    unknown_cards_are_errors: bool = True,
    after_sideboarding: Parts | None = None,
) -> LegalityReport:
    return check_deck(
        format_id,
        deck_of(parts),
        pool,
        drafted_pool=drafted_pool,
        unknown_cards_are_errors=unknown_cards_are_errors,
        after_sideboarding=deck_of(after_sideboarding) if after_sideboarding is not None else None,
    )


def errors(report: LegalityReport) -> frozenset[str]:
    return report.rule_ids("error")
