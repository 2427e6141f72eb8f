"""Can my table draw into the cut? The one line a signed-in player's page shows for it.

At the last Swiss round two players at a table ask whether an intentional draw puts both
in the top cut (issue 34). The answer is the Standings tab's and `standings --can-draw`'s
(`core.pairing.can_draw`: exact on match points, tiebreaker cases as "maybe"), for the
player's own table only. Decided here (docs/rules.md, "Going back, why a pairing, who can
draw"): the line is shown while the latest round is a Swiss round, it is the last one
(the event's planned rounds, else the recommended number for the players who started),
the player's table has two players and no result yet, and the event has a top cut (the
recommended size: Appendix E for the players who started); otherwise nothing is shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from organizer.core.event import EventData, PlayerId
from organizer.core.pairing.can_draw import Verdict, can_draw
from organizer.core.pairing.topcut import recommended_structure
from organizer.services.event.events import get_event
from organizer.services.event.interchange import load_event
from organizer.services.rounds.standings import tiebreaker_order
from organizer.storage.database import Database


@dataclass(frozen=True, slots=True)
class MyDraw:
    """Whether a draw at the player's table reaches the top `cut`."""

    round: int
    table: int
    cut: int
    verdict: Verdict
    why: str

    def words(self) -> str:
        """ "A draw: safe", "A draw: maybe", "A draw: out"."""
        return f"A draw: {self.verdict}"

    def sentence(self) -> str:
        """`why` as a sentence: its first letter a capital, the names as they are."""
        return f"{self.why[:1].upper()}{self.why[1:]}."


def structure(event: EventData, planned_rounds: int | None) -> tuple[int, int]:
    """(the last Swiss round, the top cut's size) as the page assumes them."""
    started = sum(1 for p in event.players if p.dropped_after_round != 0)
    plan = recommended_structure(started)
    return planned_rounds or plan.swiss_rounds, plan.top_cut


def my_draw(db: Database, *, event_id: int, code: str) -> MyDraw | None:
    """The draw line of player `code`'s table, or None when it is not the question now."""
    event = load_event(db, event_id=event_id)
    if not event.rounds:
        return None
    last = max(event.rounds, key=lambda r: r.number)
    mine = next((m for m in last.matches if PlayerId(code) in m.players), None)
    if last.stage != "swiss" or mine is None or len(mine.players) != 2 or mine.reported:
        return None
    record = get_event(db, event_id)
    last_swiss, cut = structure(event, record.planned_rounds)
    if last.number != last_swiss or not 0 < cut < len(event.players):
        return None
    order = tiebreaker_order(event.format_id, record.settings)
    answer = can_draw(event, cut=cut, tiebreakers=order)
    table = next(t for t in answer.tables if t.table == mine.table)
    return MyDraw(last.number, mine.table or 0, cut, table.verdict, table.why)
