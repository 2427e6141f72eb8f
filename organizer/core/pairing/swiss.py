"""Pairing the next Swiss round of an event: `pair_next_round`.

Holds the rules of a Swiss pairing as the organizer applies them, on top of the
exact solver in optimum.py. Pure Python: must not import Qt, SQL or any other
organizer layer; randomness comes only from the `seed` passed in, so pairing
again with the same seed gives the same round.

Rules (the organizer's Swiss pairing; the data as in shared/spec/event-json.md):

- Every player active in the round (`Player.active_in`) plays exactly once;
  dropped players never. Players whose awarded byes cover the round
  (`awarded_byes >= round`) get a bye and are left out of the pairing.
- When the rest are odd in number, exactly one of them gets the bye: a player who
  has had no bye yet (unless all have), from the lowest score group that can give
  it without adding a rematch.
- No rematch when a pairing without one exists, otherwise the fewest rematches.
- Then the sum over pairs of the squared difference in match points is the
  exact minimum: players meet their own score group, and an odd group floats one
  player to the next group down.
- Ties between equally good pairings are broken at random from `seed`. Round 1,
  where everyone has 0 points, is therefore a random pairing.
- A late entry (no match in earlier rounds) joins on 0 points, as does anyone for
  a round they missed: scoring missed rounds as losses changes records, not points.

The round's tables are numbered 1.. from the highest pair of scores down (higher
score first, then the partner's), the higher-scored player seated first; byes
follow with table None, awarded ones first.
"""

from __future__ import annotations

import random

from organizer.core.event import EventData, Match, PlayerId, Round
from organizer.core.gc_pause import gc_paused
from organizer.core.pairing.history import PairingError, swiss_round
from organizer.core.pairing.optimum import optimal_pairing

__all__ = ["PairingError", "pair_next_round"]


def pair_next_round(event: EventData, *, seed: int, round_number: int | None = None) -> Round:
    """Pair Swiss round `round_number` (default: the round after the last one) of `event`.

    Rounds numbered `round_number` or later are ignored, so an existing round can be
    paired again. Raises PairingError when an earlier round still lacks results.
    """
    with gc_paused():  # a collection mid-pairing would triple its worst case (gc_pause.py)
        return _pair(event, seed, round_number)


def _pair(event: EventData, seed: int, round_number: int | None) -> Round:
    swiss = swiss_round(event, round_number)
    number, history, awarded, to_pair = swiss.number, swiss.history, swiss.awarded, swiss.to_seat
    players = event.players
    scores = history.points
    eligible = [b == 0 for b in history.byes]
    rng = random.Random(seed)
    pairing = optimal_pairing(to_pair, scores, history.opponents, eligible, rng)

    tables: list[tuple[int, int, float, PlayerId, PlayerId]] = []
    for a, b in pairing.pairs:
        if scores[a] < scores[b]:
            a, b = b, a
        tables.append((-scores[a], -scores[b], rng.random(), players[a].id, players[b].id))
    tables.sort()
    matches = [Match(table=t, players=(a, b)) for t, (_, _, _, a, b) in enumerate(tables, 1)]
    byes = awarded + ([pairing.bye] if pairing.bye is not None else [])
    matches += [Match(table=None, players=(players[i].id,)) for i in byes]
    return Round(number=number, matches=tuple(matches), stage="swiss", seed=seed)
