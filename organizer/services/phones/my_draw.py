"""Can my table draw into the cut? The one line a signed-in player's page shows for it.

At the last Swiss round two players at a table ask whether an intentional draw puts both
in the top cut (issue 34). The answer is the Standings tab's and `standings --can-draw`'s
(`core.pairing.can_draw`: exact on match points, tiebreaker cases as "maybe"), for the
player's own table only. Decided here (docs/rules.md, "Going back, why a pairing, who can
draw"): the line is shown while the latest round is a Swiss round, it is the last one
(the event's planned rounds, else the recommended number for the players who started),
the player's table has two players and no result yet, and the event has a top cut (the
recommended size, `topcut.expected_structure`: Appendix E for the players who started, a
final table of 4 for Conquest); otherwise nothing is shown.

`round_draws` works out every open table at once (a few tenths of a second at 4,096
players); the page keeps it until the event's revision moves, and `my_draw` looks up
each player's line.
"""

from __future__ import annotations

from dataclasses import dataclass

from organizer.core.event import PlayerId
from organizer.core.pairing.can_draw import TableDraw, Verdict, can_draw
from organizer.services.event.events import get_event
from organizer.services.event.interchange import load_event
from organizer.services.rounds.standings import tiebreaker_order
from organizer.services.rounds.topcut import expected_structure
from organizer.storage.database import Database


@dataclass(frozen=True, slots=True)
class MyDraw:
    """Whether a draw at the player's table reaches the top `cut`."""

    round: int
    table: int
    cut: int
    verdict: Verdict
    why: str

    def as_json(self) -> dict[str, object]:
        """`GET /api/me`'s "draw": the page's line for a phone that reads JSON."""
        return {
            "round": self.round,
            "table": self.table,
            "cut": self.cut,
            "verdict": self.verdict,
            "why": self.sentence(),
        }

    def words(self) -> str:
        """ "A draw: safe", "A draw: maybe", "A draw: out"."""
        return f"A draw: {self.verdict}"

    def sentence(self) -> str:
        """`why` as a sentence: its first letter a capital, the names as they are."""
        return f"{self.why[:1].upper()}{self.why[1:]}."


@dataclass(frozen=True, slots=True)
class RoundDraws:
    """The draw line of every open two-player table of the last Swiss round, by player:
    worked out once per change of the event, looked up for each player's page."""

    round: int
    cut: int
    tables: dict[PlayerId, TableDraw]


def round_draws(db: Database, *, event_id: int) -> RoundDraws | None:
    """Every open table's draw line now, or None when draws are not the question."""
    event = load_event(db, event_id=event_id)
    if not event.rounds:
        return None
    last = max(event.rounds, key=lambda r: r.number)
    if last.stage != "swiss":
        return None
    record = get_event(db, event_id)
    expected = expected_structure(event, record.planned_rounds)
    last_swiss, cut = expected.swiss_rounds, expected.top_cut
    if last.number != last_swiss or not 0 < cut < len(event.players):
        return None
    order = tiebreaker_order(event.format_id, record.settings)
    answer = can_draw(event, cut=cut, tiebreakers=order)
    open_tables = {m.table for m in last.matches if len(m.players) == 2 and not m.reported}
    return RoundDraws(
        last.number,
        cut,
        {p.player: t for t in answer.tables if t.table in open_tables for p in t.players},
    )


def my_draw(draws: RoundDraws | None, code: str) -> MyDraw | None:
    """Player `code`'s line from `draws`: None unless their table is open and it matters."""
    table = None if draws is None else draws.tables.get(PlayerId(code))
    if draws is None or table is None:
        return None
    return MyDraw(draws.round, table.table or 0, draws.cut, table.verdict, table.why)
