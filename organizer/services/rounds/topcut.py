"""The top cut: recommended structure, starting the playoff, advancing the bracket.

Seeds are the top of the Swiss standings among players who have not dropped,
stored in the event's own column (`playoff_seeds`) so the bracket can always
be rebuilt from them and the elimination rounds played. Starting the cut and
pairing its first round are one transaction under the event's write lock, so
a result entered at the same moment on another station either counts for the
seeding or is refused as too late. `pairing.pair_next` advances the bracket
once a playoff has started, so "pair the next round" always does the right
thing for the TO.

A tie across the cut line (players equal on every tiebreaker, some in and some
out) is never broken silently (docs/rules.md "Top cut", issue 25): `cut_tie`
(and `cut_options`, for every size offered) shows it before anything is
stored, and `start` refuses with `CutTieError` until the TO says how:
`break_ties="name"` (the listing order), `"random"` (a draw from a recorded
seed) or `order` (every tied player, best first). The
decision and its seed are journaled with the cut.

A Conquest event's playoff is a Conquest game (8c; `core.pairing.final_table`):
a top 3, 4 or 5 seats one final table, and `advance` seats it again after a
game without a winner; no two-player bracket is ever built for it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from organizer.core.event import EventData, PlayerId, Round
from organizer.core.event_settings import EventSettings
from organizer.core.formats.catalog import format_or_unknown
from organizer.core.pairing import cut_line
from organizer.core.pairing.cut_line import CutTie
from organizer.core.pairing.final_table import FinalTable, FinalTableError, final_table
from organizer.core.pairing.final_table import check_size as final_table_check
from organizer.core.pairing.standings import StandingRow
from organizer.core.pairing.topcut import (
    BothLeftError,
    Bracket,
    BracketError,
    EventStructure,
    build_bracket,
    next_elimination_round,
    recommended_structure,
)
from organizer.core.views.round_view import RoundView, new_round_view
from organizer.services.event.events import get_event
from organizer.services.event.interchange import load_event
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import InputError, RefusedError, refused_on
from organizer.services.kit.seeds import new_seed
from organizer.services.kit.write_lock import write
from organizer.services.rounds.standings import standings_of, tiebreaker_order
from organizer.storage import events_repo, journal_repo, registrations_repo, rounds_repo
from organizer.storage.database import Database, Tx
from organizer.storage.journal_repo import Action

CUT_SIZES = (2, 4, 8, 16, 32)
OFFERED_CUTS = (4, 8, 16)
"""The bracket sizes a TO is offered (any of `CUT_SIZES` can be typed on the command line)."""
OFFERED_FINAL_TABLES = (3, 4, 5)
"""A Conquest final table seats 3 to 5 (Warcaste 8c)."""

BreakTies = Literal["name", "random"]


class CutTieError(RefusedError):
    """A tie across the cut line stands and the call did not say how to break it."""

    def __init__(self, tie: CutTie) -> None:
        super().__init__(
            f"a tie across the cut line: {tie.describe()}. Say how to break it: "
            "--break-ties random (a recorded draw), --break-ties name (the order listed), "
            "or --order ID,ID,... (every tied player, best first)"
        )
        self.tie = tie


def recommended(db: Database, *, event_id: int) -> EventStructure:
    """Appendix E's structure; for Conquest a cut is one final table of 4 (8c: 3 to 5)."""
    event = load_event(db, event_id=event_id)
    return _recommended(event, sum(1 for p in event.players if p.dropped_after_round is None))


def _recommended(event: EventData, active: int) -> EventStructure:
    advice = recommended_structure(active)
    if is_final_table(event) and advice.top_cut:
        return EventStructure(advice.swiss_rounds, 4)
    return advice


def expected_structure(event: EventData, planned_rounds: int | None) -> EventStructure:
    """The Swiss rounds and the cut an event is heading for, before its TO starts a cut:
    the planned rounds (else Appendix E's for the players who started) and the cut
    recommended for those players (for Conquest one final table of 4). Who-can-draw asks
    about this cut on the player's page and, until the TO picks another, in the app."""
    started = sum(1 for p in event.players if p.dropped_after_round != 0)
    advice = _recommended(event, started)
    return EventStructure(planned_rounds or advice.swiss_rounds, advice.top_cut)


DRAW_CUT_WITHOUT_ONE = 8
"""The cut the draw question asks about where the event is heading for none (too few
players for Appendix E to recommend one)."""


def draw_cut(event: EventData, planned_rounds: int | None) -> int:
    """The cut who-can-draw asks about until the TO picks another: the one the event is
    heading for (`expected_structure`), as the player's page asks it."""
    return expected_structure(event, planned_rounds).top_cut or DRAW_CUT_WITHOUT_ONE


@dataclass(frozen=True, slots=True)
class CutOptions:
    """What a TO chooses a top cut from: the sizes the players still in allow, the
    recommendation (Appendix E), and which Swiss round the seeds come from."""

    sizes: tuple[int, ...]
    recommended: EventStructure
    final_table: bool
    """A Conquest event: one final table rather than a bracket."""
    active: int
    after_round: int | None
    """The last Swiss round (None before any)."""
    ties: Mapping[int, CutTie | None] = field(default_factory=dict)
    """The tie across the line of each size offered (None: none), as `cut_tie` finds it:
    read with the options, so a client asks the TO about it without reading again."""


def cut_options(db: Database, *, event_id: int) -> CutOptions:
    """The top cuts this event can start now, each with its tie across the line; too few
    players still in is refused."""
    record = get_event(db, event_id)
    event = load_event(db, event_id=event_id)
    active = sum(1 for p in event.players if p.dropped_after_round is None)
    conquest = is_final_table(event)
    offered = OFFERED_FINAL_TABLES if conquest else OFFERED_CUTS
    sizes = tuple(size for size in offered if size <= active)
    if not sizes:
        raise RefusedError(f"a top cut needs at least {offered[0]} players; {active} are in")
    swiss = [r.number for r in event.rounds if r.stage != "elimination"]
    return CutOptions(
        sizes=sizes,
        recommended=_recommended(event, active),
        final_table=conquest,
        active=active,
        after_round=swiss[-1] if swiss else None,
        ties=_ties(event, record.settings, sizes),
    )


def is_final_table(event: EventData) -> bool:
    """A multiplayer (Conquest) event: its playoff is one final table (8c)."""
    return format_or_unknown(event.format_id).multiplayer


def final_table_of(event: EventData, seeds: Sequence[PlayerId] | None) -> FinalTable | None:
    """A Conquest event's final table from the stored seeds (None before the cut, and for
    events whose playoff is a bracket)."""
    if not seeds or not is_final_table(event):
        return None
    return final_table(seeds, [r for r in event.rounds if r.stage == "elimination"])


def final_table_state(db: Database, *, event_id: int) -> FinalTable | None:
    record = get_event(db, event_id)
    return final_table_of(load_event(db, event_id=event_id), record.playoff_seeds)


def bracket_of(event: EventData, seeds: Sequence[PlayerId] | None) -> Bracket | None:
    """The bracket from the stored seeds and the playoff rounds played (None before the cut,
    and for a Conquest event, whose playoff is a final table)."""
    if not seeds or is_final_table(event):
        return None
    played = [r for r in event.rounds if r.stage == "elimination"]
    return build_bracket(seeds, played)


def bracket(db: Database, *, event_id: int) -> Bracket | None:
    record = get_event(db, event_id)
    return bracket_of(load_event(db, event_id=event_id), record.playoff_seeds)


def _store_round(s: Tx, *, event_id: int, round_: Round, summary: str) -> None:
    reg = registrations_repo.registration_ids(s, event_id=event_id)
    rounds_repo.insert_round(s, event_id=event_id, round_=round_, registration_of=reg)
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.TOPCUT_ROUND,
        summary=summary,
        after={"round": round_.number, "pairings": [list(m.players) for m in round_.matches]},
    )


def gone_before(event: EventData, number: int) -> frozenset[PlayerId]:
    """The players who left the event (dropped or disqualified) before round `number`: a
    playoff never seats them again (docs/rules.md "Top cut")."""
    return frozenset(p.id for p in event.players if not p.active_in(number))


def _players_in(event: EventData, rows: Sequence[StandingRow]) -> list[StandingRow]:
    return [r for r in rows if event.player(r.player).dropped_after_round is None]


def cut_tie(db: Database, *, event_id: int, size: int) -> CutTie | None:
    """The tie across the line of a top `size` today (None if there is none), to show the
    TO before anything is stored."""
    record = get_event(db, event_id)
    return _ties(load_event(db, event_id=event_id), record.settings, (size,))[size]


def _ties(
    event: EventData, settings: EventSettings, sizes: Sequence[int]
) -> dict[int, CutTie | None]:
    """The tie across the line of each cut size, from one reading of the standings."""
    rows = _players_in(event, standings_of(event, settings))
    order = tiebreaker_order(event.format_id, settings)
    return {size: cut_line.tie_across_cut(rows, size, order) for size in sizes}


@write
def start(
    s: Tx,
    *,
    event_id: int,
    size: int,
    break_ties: BreakTies | None = None,
    order: Sequence[str] | None = None,
    seed: int | None = None,
) -> Done[RoundView]:
    """Seed the top `size` players and pair the first playoff round (returned as every
    client shows it, `core.views.round_view`, from the event read under the lock).

    A tie across the cut line is refused (`CutTieError`) unless `break_ties` or `order`
    says how to break it; `seed` replays a random draw (a fresh one is drawn otherwise).
    """
    if break_ties is not None and order is not None:
        raise InputError("break the tie one way: a random draw, the listed order or an order")
    record = get_event(s.db, event_id)
    event = load_event(s.db, event_id=event_id)
    conquest = is_final_table(event)
    if conquest:
        with refused_on(FinalTableError):
            final_table_check(size)
    elif size not in CUT_SIZES:
        raise RefusedError(f"a top cut has 2, 4, 8, 16 or 32 players, not {size}")
    if record.playoff_seeds is not None:
        raise RefusedError("the top cut has already started")
    if not event.rounds:
        raise RefusedError("play the Swiss rounds before the top cut")
    missing = [m.table for m in event.rounds[-1].matches if not m.reported]
    if missing:
        raise RefusedError(f"round {event.rounds[-1].number} still has results missing")
    rows = _players_in(event, standings_of(event, record.settings))
    if len(rows) < size:
        raise RefusedError(f"only {len(rows)} players are still in: too few for a top {size}")
    tie = cut_line.tie_across_cut(rows, size, tiebreaker_order(event.format_id, record.settings))
    chosen, words, facts = _broken(tie, break_ties, order, seed)
    seeds = cut_line.seeds_with(rows, size, tie, chosen)
    with refused_on(BracketError, FinalTableError):
        first = (
            final_table(seeds).next_game(len(event.rounds) + 1)
            if conquest
            else next_elimination_round(build_bracket(seeds), len(event.rounds) + 1)
        )
    assert first is not None
    row = events_repo.get_row(s, event_id)
    assert row is not None
    events_repo.save_seeds(s, row, tuple(seeds))
    journal_repo.append(
        s,
        event_id=event_id,
        action=Action.TOPCUT_START,
        summary=(f"seated a final table of {size}" if conquest else f"started a top {size}")
        + words,
        after={"size": size, "seeds": list(seeds), "cut_tie": facts},
    )
    what = "final table" if conquest else f"top {size}"
    _store_round(s, event_id=event_id, round_=first, summary=f"{what}: paired round {first.number}")
    return Done(new_round_view(event, first))


def _broken(
    tie: CutTie | None,
    break_ties: BreakTies | None,
    order: Sequence[str] | None,
    seed: int | None,
) -> tuple[tuple[PlayerId, ...], str, dict[str, object] | None]:
    """The tied players' order, the journal's words for it and its record."""
    if tie is None:
        return (), "", None
    if break_ties is None and order is None:
        raise CutTieError(tie)
    if order is not None:
        try:
            chosen = cut_line.check_order(tie, order)
        except cut_line.CutLineError as exc:
            raise InputError(f"--order: {exc}") from None
        how = "the TO's order"
    elif break_ties == "random":
        seed = new_seed() if seed is None else seed
        chosen = cut_line.random_order(tie, seed)
        how = f"a random draw (seed {seed})"
    else:
        chosen = tie.players
        how = "the listed order (by name)"
    facts: dict[str, object] = {
        "ranks": list(tie.ranks),
        "tied": list(tie.players),
        "values": dict(tie.values),
        "how": "order" if order is not None else break_ties,
        "seed": seed if break_ties == "random" else None,
        "order": list(chosen),
    }
    words = f"; tie across the cut at ranks {tie.ranks[0]}-{tie.ranks[1]} broken by {how}: " + (
        ", ".join(chosen)
    )
    return chosen, words, facts


@write
def advance(s: Tx, *, event_id: int) -> Done[Round]:
    """Pair the next playoff round from the winners of the last one."""
    record = get_event(s.db, event_id)
    event = load_event(s.db, event_id=event_id)
    table = final_table_of(event, record.playoff_seeds)
    if table is not None:
        return _advance_final_table(s, event_id=event_id, event=event, table=table)
    current = bracket_of(event, record.playoff_seeds)
    if current is None:
        raise RefusedError("no top cut has started")
    if current.champion is not None:
        raise RefusedError(f"the playoff is over: {current.champion.player} won")
    number = len(event.rounds) + 1
    try:
        nxt = next_elimination_round(current, number, gone_before(event, number))
    except BothLeftError as exc:
        raise RefusedError(str(exc)) from None
    except BracketError:
        raise RefusedError(
            f"round {event.rounds[-1].number} still has playoff results missing"
        ) from None
    assert nxt is not None
    _store_round(s, event_id=event_id, round_=nxt, summary=f"playoff: paired round {nxt.number}")
    return Done(nxt)


def _advance_final_table(
    s: Tx, *, event_id: int, event: EventData, table: FinalTable
) -> Done[Round]:
    """A Conquest final game without a winner is played again by the same table (8c has no
    champion by seed: docs/rules.md, decided here)."""
    if table.champion is not None:
        raise RefusedError(f"the playoff is over: {table.champion} won")
    number = len(event.rounds) + 1
    with refused_on(FinalTableError):
        nxt = table.next_game(number, gone_before(event, number))
    assert nxt is not None
    _store_round(
        s,
        event_id=event_id,
        round_=nxt,
        summary=f"final table: no winner in round {event.rounds[-1].number}; "
        f"the same table plays again in round {nxt.number}",
    )
    return Done(nxt)
