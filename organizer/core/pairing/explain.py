"""Why a table of a swiss round was paired as it was, in sentences a player understands.

"Why am I paired down?" is asked at every event. The pairer (swiss.py, an exact
solver reproducing real events) is not changed to say why: the reasons are read
back from what it produced and the standings it paired from (the points and the
opponents of the rounds before, `pairing_history`), against the rules it applies
(docs/rules.md, "Swiss pairing"):

- players meet their own score group; when two players' points differ, the
  higher one was paired down (floated) and the lower one paired up, because the
  group was odd in number, or because everyone left in it had been met already
  (no rematches), or, failing both, because the closest scores overall needed it;
- a rematch only when no pairing without one existed;
- one bye when the players to pair are odd in number: a player with no bye yet,
  from the lowest score group that can take it without forcing a rematch; an
  awarded bye is the TO's decision, not the pairing's;
- tables numbered from the highest scores down, around the tables fixed for players
  (`core.seating.fixed_tables`).

The words name the rules, never the solver's internals. Works for a round as
paired and for one the TO changed by hand (a swap): the reasons then say what the
round is, and a rematch or a float says so.

Pure Python: must not import Qt, SQL or any other organizer layer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from organizer.core.event import EventData, Match, PlayerId, Round
from organizer.core.pairing.history import PairingHistory, pairing_history
from organizer.core.seating.fixed_tables import fixed_of
from organizer.core.views.wording import plural


class ExplainError(ValueError):
    """No such table or bye in the round; the message says which."""


@dataclass(frozen=True, slots=True)
class Explanation:
    round: int
    table: int | None
    """None for a bye."""
    players: tuple[PlayerId, ...]
    names: tuple[str, ...]
    reasons: tuple[str, ...]


def explain(event: EventData, rnd: Round, table: int | None) -> tuple[Explanation, ...]:
    """The reasons for table `table` of `rnd` (a swiss round of `event`), or for its byes
    when `table` is None (one explanation per bye)."""
    if rnd.stage != "swiss":
        raise ExplainError(f"round {rnd.number} is a playoff round: it is seeded, not paired")
    history = pairing_history(event, rnd.number)
    names = {p.id: p.name for p in event.players}
    if table is None:
        byes = [m for m in rnd.matches if m.is_bye]
        if not byes:
            raise ExplainError(f"round {rnd.number} has no bye")
        return tuple(_bye(event, rnd, m, history, names) for m in byes)
    found = explain_tables(event, rnd, (table,), history=history)
    if table not in found:
        raise ExplainError(f"round {rnd.number} has no table {table}")
    return (found[table],)


def explain_tables(
    event: EventData,
    rnd: Round,
    tables: Iterable[int],
    *,
    history: PairingHistory | None = None,
) -> dict[int, Explanation]:
    """The reasons for each of `tables` of `rnd` (a swiss round), the round's history
    worked out once (a judge's queue asks for every calling table); a table the round
    does not have is left out."""
    if rnd.stage != "swiss":
        raise ExplainError(f"round {rnd.number} is a playoff round: it is seeded, not paired")
    history = history if history is not None else pairing_history(event, rnd.number)
    names = {p.id: p.name for p in event.players}
    wanted = set(tables)
    return {
        m.table: _table(event, rnd, m, history, names)
        for m in rnd.matches
        if m.table is not None and m.table in wanted and not m.is_bye
    }


def _points(history: PairingHistory, pid: PlayerId) -> int:
    return history.points[history.position[pid]]


def _paired(rnd: Round, event: EventData) -> list[PlayerId]:
    """The players the pairing seated against each other (awarded byes left out)."""
    awarded = {p.id for p in event.players if p.awarded_byes >= rnd.number}
    return [p for m in rnd.matches for p in m.players if p not in awarded]


def _met(history: PairingHistory, a: PlayerId, b: PlayerId) -> bool:
    return history.position[b] in history.opponents[history.position[a]]


def _table(
    event: EventData, rnd: Round, match: Match, history: PairingHistory, names: dict[PlayerId, str]
) -> Explanation:
    players = match.players
    reasons: list[str] = []
    if len(players) == 2:
        high, low = sorted(players, key=lambda p: -_points(history, p))
        ph, pl = _points(history, high), _points(history, low)
        if ph == pl:
            reasons.append(
                f"Both players have {plural(ph, 'point')}: players meet their own score "
                "group (players on the same points) whenever they can."
            )
        else:
            reasons.append(
                f"{names[high]} ({plural(ph, 'point')}) is paired down to play "
                f"{names[low]} ({plural(pl, 'point')}), who is paired up."
            )
            reasons.append(_float_why(event, rnd, history, names, high, ph))
        if _met(history, high, low):
            reasons.append(
                f"{names[high]} and {names[low]} have played each other before: no pairing "
                "of this round without a rematch was possible, and the pairing keeps "
                "rematches to the fewest."
            )
        else:
            reasons.append("They have not played each other before (no rematch).")
    reasons.extend(_table_number(event, rnd, match, names))
    return Explanation(
        rnd.number, match.table, players, tuple(names[p] for p in players), tuple(reasons)
    )


def _table_number(
    event: EventData, rnd: Round, match: Match, names: dict[PlayerId, str]
) -> list[str]:
    """Why the table has its number: the scores' order, or a player's fixed seat."""
    fixed = fixed_of(event)
    here = [p for p in match.players if p in fixed]
    if not here:
        around = any(fixed.get(p) == m.table for m in rnd.matches for p in m.players)
        return [
            "Tables are numbered from the highest scores down, the player with more points "
            "seated first" + (", around the tables kept for fixed seats." if around else ".")
        ]
    reasons = []
    for p in here:
        if fixed[p] == match.table:
            reasons.append(
                f"Table {match.table} is fixed for {names[p]}: the organizer keeps "
                f"{names[p]} at this table every round, and numbers the others around it."
            )
        elif match.table == min(fixed[q] for q in here):
            reasons.append(
                f"{names[p]}'s fixed table is {fixed[p]}: two players with fixed tables who "
                "play each other sit at the lower of their two numbers."
            )
        else:  # fixed (or moved) once this round was paired: a paired round keeps its tables
            reasons.append(
                f"{names[p]}'s fixed table is {fixed[p]}, set after this round was paired: "
                "it holds from the next pairing."
            )
    return reasons


def _float_why(
    event: EventData,
    rnd: Round,
    history: PairingHistory,
    names: dict[PlayerId, str],
    high: PlayerId,
    points: int,
) -> str:
    """Why `high` (on `points`) plays someone from a lower score group."""
    pool = _paired(rnd, event)
    group = [p for p in pool if _points(history, p) == points]
    above = [p for p in pool if _points(history, p) > points]
    floated_in = sum(
        1
        for m in rnd.matches
        if len(m.players) == 2
        and any(p in above for p in m.players)
        and any(p in group for p in m.players)
    )
    left = len(group) - floated_in
    met = [p for p in group if p != high and _met(history, high, p)]
    group_words = f"the {points}-point group"
    if left % 2 == 1:
        came = f" ({floated_in} of them paired up to a higher group)" if floated_in else ""
        return (
            f"The {points}-point group has {plural(len(group), 'player')}{came}, an odd "
            "number, so one of them plays someone from the next group down."
        )
    if met:
        who = ", ".join(names[p] for p in met)
        return (
            f"{names[high]} has already played {who} of {group_words}: the pairing avoids "
            "rematches, so they play someone from a lower group."
        )
    return (
        f"Pairing everyone else without a rematch needed one player of {group_words} "
        "to play a lower group; the pairing keeps the difference in points as small as it can."
    )


def _bye(
    event: EventData, rnd: Round, match: Match, history: PairingHistory, names: dict[PlayerId, str]
) -> Explanation:
    (pid,) = match.players
    name = names[pid]
    player = event.player(pid)
    if player.awarded_byes >= rnd.number:
        reasons = [
            f"{name} has an awarded bye for round {rnd.number} (given by the organizer, "
            f"{plural(player.awarded_byes, 'round')} of byes): it is not the pairing's choice."
        ]
        return Explanation(rnd.number, None, (pid,), (name,), tuple(reasons))
    pool = _paired(rnd, event)
    points = _points(history, pid)
    had = history.byes[history.position[pid]]
    reasons = [
        f"{plural(len(pool), 'player')} were to be paired, an odd number, so one of them "
        "gets a bye (a match win).",
    ]
    no_bye_yet = [p for p in pool if history.byes[history.position[p]] == 0]
    if had == 0:
        reasons.append(f"{name} has had no bye yet: a bye goes to someone who has not had one.")
    else:
        reasons.append(
            f"Everyone who could take it has had a bye already, so {name} gets a second one."
            if not no_bye_yet
            else f"{name} has had a bye before: nobody without one could take it without "
            "forcing a rematch."
        )
    candidates = no_bye_yet if had == 0 else pool
    lower = [p for p in candidates if _points(history, p) < points]
    if not lower:
        reasons.append(
            f"{name} is in the lowest score group ({plural(points, 'point')}) of the "
            "players who could take it: the bye goes to the lowest group."
        )
    else:
        who = ", ".join(names[p] for p in lower[:5]) + (" …" if len(lower) > 5 else "")
        reasons.append(
            f"Players on fewer points ({who}) could not take it: giving them the bye would "
            f"have forced a rematch among the rest, so it went up to {name} "
            f"({plural(points, 'point')})."
        )
    return Explanation(rnd.number, None, (pid,), (name,), tuple(reasons))
