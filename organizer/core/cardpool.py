"""Card pools: the card facts a deck check needs, read from a card pool CSV.

Holds `Card`, `CardPool` (lookup by normalised name and boost variant, "did you
mean" suggestions) and `parse_cardpool`, which reads the CSV described in
resources/cardpools/README.md. Every bad row is reported with its line number and
every problem in it; the good rows are kept. Card facts follow the rulebooks:
Warcaste 2e (types), 2f (boost), 2g (attributes), 2c (hand); WARS "unlimited";
WTactics "Card Layout" 6 (footer copy limit).

Rows and cells are bounded as organizer/core/input_bounds.py says (a row at
most 4,000 characters, a cell at most 1,000, at most 100,000 rows), and every
message quotes a short piece of a bad value, never a whole line.

Pure Python: the caller passes the text. Must not import Qt, SQL or anything of
ours outside organizer.core.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Final, Literal

from organizer.core.input_bounds import (
    COPY_LIMIT,
    HAND_SIZE,
    LineProblem,
    open_csv,
    quote,
    read_whole,
    text_problem,
)
from organizer.core.reprints import Printings

GAMES: Final = ("warcaste", "castle-wars", "wars", "wtactics")
BOOSTS: Final = ("Bold", "Cunning", "Stalwart")
WARCASTE_ATTRIBUTES: Final = ("Bombardment", "Hospitable", "Intelligence", "Swarming", "Targeting")
RARITIES: Final = ("common", "uncommon", "rare", "mythic")
UNLIMITED: Final = "unlimited"
CLOSED_TYPES: Final[dict[str, tuple[str, ...]]] = {
    "warcaste": ("doctrine", "unit", "tactic", "trap", "territory"),
    "castle-wars": ("castle", "soldier", "mage", "trickster", "item", "decree"),
}
"""Games whose card types are a closed list; WARS and WTactics list theirs with '...'."""

PROGRESS_STEP: Final = 2000
"""Rows read between two calls of `parse_cardpool`'s progress callback."""

CopyLimit = int | None | Literal["unlimited"]
_BOOST = re.compile(r"^(bold|cunning|stalwart)(?:\s+(\d{1,3}))?$", re.IGNORECASE)


def normalize_name(name: str) -> str:
    """The form names are compared in: Unicode NFKC, case-folded, runs of spaces as one."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def display_name(name: str, boost: str | None) -> str:
    """A card as a deck list names it: `Name` or `Name (Bold)`."""
    return f"{name} ({boost})" if boost else name


@dataclass(frozen=True, slots=True)
class Card:
    """One card of a pool; a Warcaste card with boost variants has one Card per variant."""

    game: str
    name: str
    type: str
    set: str = ""
    number: str = ""
    subtypes: tuple[str, ...] = ()
    attributes: frozenset[str] = frozenset()
    faction: str = ""
    boost: str | None = None
    boost_value: int | None = None
    hand_size: int | None = None
    copy_limit: CopyLimit = None
    rarity: str | None = None
    reprint_sets: frozenset[str] = frozenset()
    """Other sets the pool lists this card in (its reprints: docs/rules.md, Card data); a
    Warcaste draft doctrine reprinted in the drafted set is of that set (8b)."""

    @property
    def sets(self) -> frozenset[str]:
        """Every set this card is printed in."""
        return self.reprint_sets | ({self.set} if self.set else frozenset())

    @property
    def display_name(self) -> str:
        return display_name(self.name, self.boost)

    @property
    def key(self) -> tuple[str, str, str | None]:
        """(game, normalised name, boost variant): what makes a row of the pool unique."""
        return (self.game, normalize_name(self.name), self.boost)


@dataclass(frozen=True, slots=True)
class CardPool:
    """The cards of one or more games, looked up by name and boost variant."""

    cards: tuple[Card, ...] = ()
    _index: dict[tuple[str, str, str | None], Card] = field(
        init=False, repr=False, compare=False, hash=False
    )
    _names: dict[str, dict[str, list[Card]]] = field(
        init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        index: dict[tuple[str, str, str | None], Card] = {}
        names: dict[str, dict[str, list[Card]]] = {}
        for card in self.cards:
            index.setdefault(card.key, card)
            names.setdefault(card.game, {}).setdefault(normalize_name(card.name), []).append(card)
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "_names", names)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    @property
    def games(self) -> tuple[str, ...]:
        return tuple(self._names)

    def find(self, name: str, boost: str | None = None, game: str | None = None) -> Card | None:
        """The card called `name` (case and spaces do not matter) in that boost variant."""
        key = normalize_name(name)
        for g in (game,) if game is not None else tuple(self._names):
            card = self._index.get((g, key, boost))
            if card is not None:
                return card
        return None

    def variants(self, name: str, game: str | None = None) -> tuple[Card, ...]:
        """Every boost variant (and the version without a boost) of the card called `name`."""
        key = normalize_name(name)
        games = (game,) if game is not None else tuple(self._names)
        return tuple(c for g in games for c in self._names.get(g, {}).get(key, ()))

    def suggest(self, name: str, game: str | None = None, n: int = 3) -> tuple[str, ...]:
        """Close matches for a name not found, as deck lists would write them."""
        games = (game,) if game is not None else tuple(self._names)
        key = normalize_name(name)
        same_name = [c.display_name for g in games for c in self._names.get(g, {}).get(key, ())]
        if same_name:  # the name is right, the boost variant is not: offer every variant
            return tuple(same_name)
        by_key: dict[str, str] = {}
        for g in games:
            for normalized, cards in self._names.get(g, {}).items():
                by_key.setdefault(normalized, cards[0].name)
        close = difflib.get_close_matches(key, list(by_key), n=n, cutoff=0.6)
        return tuple(by_key[k] for k in close)


PoolProblem = LineProblem
"""A problem at one line of the file (`line N: message`)."""


@dataclass(frozen=True, slots=True)
class ParsedCardPool:
    pool: CardPool
    problems: tuple[PoolProblem, ...]


class CardPoolError(ValueError):
    """The file as a whole cannot be read (empty, no header, no `name` or `game` column)."""


def parse_cardpool(
    text: str,
    *,
    default_game: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> ParsedCardPool:
    """Read a card pool CSV; `default_game` serves files without a `game` column.

    `progress`, if given, is called with (line, lines in the text) every `PROGRESS_STEP`
    rows: reading 100,000 rows takes a second or two."""
    table = open_csv(text, CardPoolError)
    header = table.header
    columns = [h.strip().lower().replace(" ", "_") for h in header]
    if "name" not in columns:
        raise CardPoolError(f"line 1: the header {quote(','.join(header))} has no 'name' column")
    if "game" not in columns and default_game is None:
        raise CardPoolError(f"line 1: the header {quote(','.join(header))} has no 'game' column")
    cards: list[Card] = []
    problems: list[PoolProblem] = []
    printings = Printings()
    lines = text.count("\n") + 1
    reprinted: dict[tuple[str, str, str | None], set[str]] = {}

    def before_row(line: int) -> None:
        if progress is not None and line % PROGRESS_STEP == 0:
            progress(line, lines)

    every_row = before_row if progress is not None else None
    for line, values in table.rows("a card pool", problems, every_row):
        if len(values) > len(columns):
            msg = f"{len(values)} values but the header has {len(columns)} columns"
            problems.append(PoolProblem(line, msg))
            continue
        cell = {c: values[i].strip() if i < len(values) else "" for i, c in enumerate(columns)}
        bad_text = next(filter(None, (text_problem(f"the {c}", v) for c, v in cell.items())), None)
        if bad_text is not None:
            problems.append(PoolProblem(line, bad_text))
            continue
        if default_game is not None and not cell.get("game"):
            cell["game"] = default_game
        card, messages = _read_card(cell)
        keep = False
        if card is not None and not messages:  # a reprint is one card (docs/rules.md, Card data)
            keep, messages = printings.add(card, line)
            if not keep and not messages and card.set:
                reprinted.setdefault(card.key, set()).add(card.set)
        problems.extend(PoolProblem(line, m) for m in messages)
        if card is not None and keep:
            cards.append(card)
    cards = [
        replace(c, reprint_sets=frozenset(reprinted[c.key] - {c.set})) if c.key in reprinted else c
        for c in cards
    ]
    return ParsedCardPool(CardPool(tuple(cards)), tuple(problems))


def _read_card(cell: dict[str, str]) -> tuple[Card | None, list[str]]:
    problems: list[str] = []
    game = "-".join(cell.get("game", "").lower().split())
    if game not in GAMES:
        problems.append(
            f"unknown game {quote(cell.get('game', ''))}; games: {', '.join(GAMES)}"
            if game
            else "the game is empty"
        )
    name = " ".join(cell.get("name", "").split())
    if not name:
        problems.append("the name is empty")
    card_type = " ".join(cell.get("type", "").lower().split())
    if not card_type:
        problems.append("the type is empty")
    elif game in CLOSED_TYPES and card_type not in CLOSED_TYPES[game]:
        known = ", ".join(CLOSED_TYPES[game])
        problems.append(f"{quote(card_type)} is not a {game} card type ({known})")
    attributes = _attributes(game, cell.get("attributes", ""), problems)
    boost, boost_value = _boost(game, cell.get("boost", ""), problems)
    hand_text = cell.get("hand_size", "")
    hand = read_whole(hand_text, HAND_SIZE) if hand_text else None
    if isinstance(hand, str):
        problems.append(hand)
    copy_limit = _copy_limit(cell.get("copy_limit", ""), problems)
    rarity = cell.get("rarity", "").lower() or None
    if rarity is not None and rarity not in RARITIES:
        problems.append(f"unknown rarity {quote(rarity)}; rarities: {', '.join(RARITIES)}")
    if problems:
        return None, problems
    card = Card(
        game=game,
        name=name,
        type=card_type,
        set=cell.get("set", ""),
        number=cell.get("number", ""),
        subtypes=tuple(s.strip() for s in cell.get("subtypes", "").split("/") if s.strip()),
        attributes=attributes,
        faction=cell.get("faction", ""),
        boost=boost,
        boost_value=boost_value,
        hand_size=hand if isinstance(hand, int) else None,
        copy_limit=copy_limit,
        rarity=rarity,
    )
    return card, problems


def _attributes(game: str, text: str, problems: list[str]) -> frozenset[str]:
    names = [a.strip() for a in text.split(";") if a.strip()]
    if game != "warcaste":
        return frozenset(names)
    canonical = {a.lower(): a for a in WARCASTE_ATTRIBUTES}
    unknown = [a for a in names if a.lower() not in canonical]
    if unknown:
        problems.append(
            f"unknown attribute(s) {', '.join(map(quote, unknown[:5]))}; "
            f"attributes: {', '.join(WARCASTE_ATTRIBUTES)}"
        )
    return frozenset(canonical[a.lower()] for a in names if a.lower() in canonical)


def _boost(game: str, text: str, problems: list[str]) -> tuple[str | None, int | None]:
    if not text:
        return None, None
    if game != "warcaste":
        problems.append(f"boost {quote(text)}: only Warcaste cards have a boost")
        return None, None
    match = _BOOST.match(" ".join(text.split()))
    if match is None:
        problems.append(
            f"bad boost {quote(text)}; "
            "write Bold, Cunning or Stalwart with its value, e.g. 'Bold 2'"
        )
        return None, None
    value = match.group(2)
    return match.group(1).capitalize(), int(value) if value else None


def _copy_limit(text: str, problems: list[str]) -> CopyLimit:
    if not text:
        return None
    if text.lower() == UNLIMITED:
        return UNLIMITED
    limit = read_whole(text, COPY_LIMIT)
    if isinstance(limit, str):
        problems.append(f"{limit} (or 'unlimited')")
        return None
    return limit
