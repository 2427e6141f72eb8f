"""Sample events for the printing tests, the benchmarks and docs/printouts.

Built by hand (no pairing engine): names with letters Helvetica lacks (Ł, Ő, ễ), a 40-character
name, a bye, a Warcaste Skirmish event, a Warcaste Conquest event and a large generated one;
`sample_view(kind)` gives the view each printout kind is tested with.
"""

from __future__ import annotations

import datetime as dt

from organizer.core.decklist import parse_deck
from organizer.core.event import EventData, Match, Player, PlayerId, Round
from organizer.core.formats.catalog import format_info
from organizer.core.pairing.standings import compute_standings
from organizer.printing.deck_views import DeckSheetView, blank_form, deck_sheet
from organizer.printing.fonts import resources_dir
from organizer.printing.penalty_report import PenaltyLine, PenaltyReportView
from organizer.printing.player_cards import PlayerCard, PlayerCardsView
from organizer.printing.prize_sheet import PrizeLine as PrizeSheetLine
from organizer.printing.prize_sheet import PrizeSheetView
from organizer.printing.views import (
    Heading,
    PodSheet,
    PodsView,
    pairings_view,
    slips_view,
    standings_view,
)

DATE = dt.date(2026, 3, 14)
LONG_NAME = "Maximiliana Wolkenstein-Oberhollenzer Ltd"[:40]
NAMES = (
    "Łukasz Wróblewski",
    "Ődön Szőke",
    "Nguyễn Thị Bích",
    "Aoife O'Brien",
    "Björn Ekström",
    "Zoë Castellanos",
    "Chidi Okafor",
    LONG_NAME,
    "Marta Nowak",
)


def players(names: tuple[str, ...] = NAMES) -> tuple[Player, ...]:
    return tuple(Player(PlayerId(f"p{i:03d}"), name) for i, name in enumerate(names, start=1))


def warcaste_event() -> EventData:
    """9 players, Warcaste Skirmish Constructed: round 1 played, round 2 paired with a bye."""
    ps = players()
    ids = [p.id for p in ps]
    r1 = Round(
        1,
        (
            Match(1, (ids[0], ids[1]), wins=(1, 0)),
            Match(2, (ids[2], ids[3]), wins=(0, 1)),
            Match(3, (ids[4], ids[5]), wins=(0, 0), draws=1),
            Match(4, (ids[6], ids[7]), wins=(1, 0)),
            Match(None, (ids[8],)),
        ),
    )
    r2 = Round(
        2,
        (
            Match(1, (ids[0], ids[8])),
            Match(2, (ids[3], ids[6])),
            Match(3, (ids[4], ids[5])),
            Match(4, (ids[7], ids[1])),
            Match(None, (ids[2],)),
        ),
    )
    return EventData(
        name="Warcaste Spring Open \u2013 Kraków",
        players=ps,
        rounds=(r1, r2),
        date=DATE,
        format_id="warcaste-skirmish-constructed",
        best_of=1,
    )


def conquest_event() -> EventData:
    """9 players of Warcaste Conquest in round 1: a table of 5 and a table of 4."""
    ps = players()
    ids = tuple(p.id for p in ps)
    r1 = Round(1, (Match(1, ids[:5]), Match(2, ids[5:])))
    return EventData(
        name="Conquest Night",
        players=ps,
        rounds=(r1,),
        date=DATE,
        format_id="warcaste-conquest",
    )


def castle_wars_event() -> EventData:
    """The Warcaste event's players and rounds as a best-of-3 Castle Wars event."""
    base = warcaste_event()
    return EventData(
        name="Castle Wars League",
        players=base.players,
        rounds=base.rounds,
        date=DATE,
        format_id="castle-wars",
        best_of=3,
    )


def big_event(count: int, *, format_id: str = "warcaste-skirmish-constructed") -> EventData:
    """`count` players, round 1 played (table i: 2i-1 beats 2i), round 2 paired, odd one a bye."""
    ps = tuple(
        Player(PlayerId(f"p{i:05d}"), f"{_SURNAMES[i % len(_SURNAMES)]} {i}")
        for i in range(1, count + 1)
    )
    ids = [p.id for p in ps]

    def pair(order: list[PlayerId], number: int, played: bool) -> Round:
        matches = [
            Match(t + 1, (order[2 * t], order[2 * t + 1]), wins=(1, 0) if played else None)
            for t in range(len(order) // 2)
        ]
        if len(order) % 2:
            matches.append(Match(None, (order[-1],)))
        return Round(number, tuple(matches))

    second = ids[::2] + ids[1::2]
    return EventData(
        name="Grand Prix Bench",
        players=ps,
        rounds=(pair(ids, 1, True), pair(second, 2, False)),
        date=DATE,
        format_id=format_id,
        best_of=format_info(format_id).best_of,
    )


_SURNAMES = (
    "Łukaszewicz", "Őry", "Nguyễn", "Smith", "García", "Müller", "Kowalski", "Rossi",
    "Dubois", "Novák", "Jensen", "Silva", "Tanaka", "O'Neill", "Ivanova", "Horváth",
)  # fmt: skip


def top_cut_event() -> EventData:
    """8 players: two swiss rounds (with a drawn match), then a top 4 (semifinals, final)."""
    ps = players(NAMES[:8])
    i = [p.id for p in ps]
    swiss1 = Round(
        1,
        (
            Match(1, (i[0], i[1]), wins=(2, 0)),
            Match(2, (i[2], i[3]), wins=(2, 1)),
            Match(3, (i[4], i[5]), wins=(1, 1)),
            Match(4, (i[6], i[7]), wins=(0, 2)),
        ),
    )
    swiss2 = Round(
        2,
        (
            Match(1, (i[0], i[2]), wins=(2, 1)),
            Match(2, (i[7], i[4]), wins=(2, 0)),
            Match(3, (i[5], i[1]), wins=(2, 0)),
            Match(4, (i[3], i[6]), wins=(2, 0)),
        ),
    )
    semis = Round(
        3,
        (Match(1, (i[0], i[5]), wins=(2, 0)), Match(2, (i[7], i[2]), wins=(1, 2))),
        stage="elimination",
    )
    final = Round(4, (Match(1, (i[0], i[2]), wins=(0, 2)),), stage="elimination")
    return EventData(
        name="Castle Wars Regional",
        players=ps,
        rounds=(swiss1, swiss2, semis, final),
        date=DATE,
        format_id="castle-wars",
        best_of=3,
    )


def tied_event() -> EventData:
    """4 players, one round: p001 beats p002, p003 and p004 draw (tied exactly: ranks 2-3)."""
    ps = players(("Anna Kowalczyk", "Bo Lindqvist", "Cem Y\u0131lmaz", "Dóra Őri"))
    i = [p.id for p in ps]
    r1 = Round(1, (Match(1, (i[0], i[1]), wins=(2, 0)), Match(2, (i[2], i[3]), wins=(1, 1))))
    return EventData(name="Tie Test", players=ps, rounds=(r1,), date=DATE, best_of=3)


PASSES = ("right", "left", "right")


def pods_view() -> PodsView:
    seats = tuple(enumerate(NAMES[:8], start=1))
    return PodsView(
        Heading("Draft Weekend"),
        (PodSheet(1, PASSES, seats), PodSheet(2, PASSES, tuple(enumerate(NAMES[3:8], 1)))),
    )


def player_cards_view() -> PlayerCardsView:
    cards = tuple(
        PlayerCard(name, f"p{i}", f"{i * 7919 % 10**6:06d}") for i, name in enumerate(NAMES, 1)
    )
    return PlayerCardsView(Heading("Friday Skirmish"), "http://192.168.1.20:8080/me", cards)


def sample_deck_sheet() -> DeckSheetView:
    event = warcaste_event()
    path = resources_dir() / "decklists" / "sample-warcaste-skirmish-constructed.txt"
    deck = parse_deck(path.read_text(encoding="utf-8"))
    return deck_sheet(event, event.players[0].id, deck)


def sample_view(kind: str) -> object:
    event = warcaste_event()
    if kind.startswith("pairings"):
        return pairings_view(event, 2)
    if kind == "standings":
        return standings_view(event, compute_standings(event))
    if kind == "slips":
        return slips_view(event, 2)
    if kind in ("pods", "seat-slips"):
        return pods_view()
    if kind == "penalties":
        return penalty_report_view()
    if kind == "player-cards":
        return player_cards_view()
    if kind == "prizes":
        return prize_sheet_view()
    assert kind == "decklists"
    return [sample_deck_sheet(), blank_form("castle-wars", event="Open")]


def prize_sheet_view() -> PrizeSheetView:
    """A night's prizes: the champion, three level players sharing, a participation prize."""
    shared = "4 packs (12 packs shared by 3) + 1 promo"
    lines = (
        PrizeSheetLine("1", "Łukasz Wróblewski (p2)", "3-0-0", "10 packs + 1 promo"),
        PrizeSheetLine("2-4", "Ődön Szőke (p1)", "2-1-0", shared),
        PrizeSheetLine("2-4", "Nguyễn Thị Bích (p5)", "2-1-0", shared),
        PrizeSheetLine("2-4", "Ada Byrne (p3)", "2-1-0", shared),
        PrizeSheetLine("5", "Bo Chen (p4)", "1-2-0", "1 promo"),
    )
    terms = "By placing; participation: 1 promo; level players share their places' prizes."
    return PrizeSheetView(Heading("Friday Skirmish", dt.date(2026, 11, 27)), lines, terms)


def penalty_report_view(count: int = 4) -> PenaltyReportView:
    """A judge log: a warning, its upgrade, a game loss that changed a score, one removed."""
    lines = [
        PenaltyLine("19:05", 1, 4, "Łukasz Wróblewski (p2)", "Slow Play", "Warning", "Ana"),
        PenaltyLine(
            "19:40", 2, 1, "Łukasz Wróblewski (p2)", "Slow Play", "Warning", "Ana",
            upgrade="2nd Warning for Slow Play",
        ),
        PenaltyLine(
            "20:14", 2, 3, "Ődön Szőke (p1)", "Deck/Decklist Problem", "Game Loss", "Bo",
            note="31 cards in the deck", effect="table 3: recorded 0-1",
        ),
        PenaltyLine(
            "20:20", 2, 5, "Nguyễn Thị Bích (p5)", "Tardiness", "Match Loss", "Bo",
            removed="wrong player",
        ),
    ]  # fmt: skip
    while len(lines) < count:
        lines.append(
            PenaltyLine("21:00", 3, len(lines), f"Player {len(lines)}", "Tardiness", "Warning", "")
        )
    return PenaltyReportView(Heading("Friday Skirmish", dt.date(2026, 11, 27)), tuple(lines))


WORLD_NAMES = (
    "Ada Byrne",
    "Łukasz Żółć-Wróblewska",
    "Αλέξανδρος Παπαδόπουλος",
    "Дмитрий Шостакович",
    "王小明",
    "山田 はるか",
    "김민준",
    "محمد علي",
    "אבי כהן",
    "Zoë 🐉 Drake",
    ("Maximiliana Wolkenstein-Oberhollenzer " * 8)[:300].strip(),
)
"""Names in every script the printouts must show; one with an emoji, one of 300 characters."""


def world_event() -> EventData:
    """11 players named in WORLD_NAMES: round 1 played, with a bye."""
    ps = players(WORLD_NAMES)
    ids = [p.id for p in ps]
    matches = [Match(t + 1, (ids[2 * t], ids[2 * t + 1]), wins=(2, 1)) for t in range(5)]
    r1 = Round(1, (*matches, Match(None, (ids[10],))))
    return EventData(
        name="Worlds \u2013 東京 \u2013 القاهرة",
        players=ps,
        rounds=(r1,),
        date=DATE,
        format_id="castle-wars",
        best_of=3,
    )
