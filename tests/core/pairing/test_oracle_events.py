"""Swiss standings against 13 real events (tests/data/oracle), checked as its FORMAT.md says.

For every row that is not a playoff row: points and W-L-D equal, OMW/GW/OGW round to the
published value ("exact") or lie within one unit of its last decimal ("within_one_unit"),
the published rank falls inside the computed tie range; the playoff players are the computed
swiss top K.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from organizer.core.event import PlayerId
from organizer.core.pairing.standings import StandingRow, compute_standings, final_standings
from tests.oracle_data import OracleEvent, load_oracle, oracle_event_files

FILES = oracle_event_files()


@pytest.fixture(scope="module", params=FILES, ids=[f.stem for f in FILES])
def oracle(request: pytest.FixtureRequest) -> OracleEvent:
    path: Path = request.param
    return load_oracle(path)


def _units(value: Fraction, decimals: int) -> int:
    """`value` in units of the last decimal, rounded half up (values are never negative)."""
    scaled = value * 10**decimals
    return int(scaled + Fraction(1, 2))


def _cuts(oracle: OracleEvent) -> list[int]:
    return [c["after_round"] for c in oracle.standings["cuts"]]


def _computed(oracle: OracleEvent) -> dict[PlayerId, StandingRow]:
    return {row.player: row for row in compute_standings(oracle.event, cuts=_cuts(oracle))}


def test_swiss_rows_match_the_published_standings(oracle: OracleEvent) -> None:
    standings, decimals = oracle.standings, oracle.standings["decimals"]
    tolerance = 0 if oracle.oracle["status"] == "exact" else 1
    computed = _computed(oracle)
    compared = 0
    for pub in standings["rows"]:
        if pub.get("post_elimination"):
            continue
        row = computed[PlayerId(str(pub["player"]))]
        who = f"{row.name} (published rank {pub['rank']})"
        assert row.points == pub["points"], who
        assert row.as_of_round == pub.get("as_of_round"), who
        for name, value in (
            ("omw", row.values.omw),
            ("gw", row.values.gw),
            ("ogw", row.values.ogw),
        ):
            published = round(Fraction(repr(pub[name])) * 10**decimals)
            assert abs(_units(value, decimals) - published) <= tolerance, (who, name, float(value))
        low, high = row.tie_range
        assert low <= pub["rank"] <= high, who
        if standings["wld_published"]:
            assert (row.wins, row.losses, row.draws) == (pub["wins"], pub["losses"], pub["draws"])
        compared += 1
    assert compared == oracle.oracle["compared_rows"]


def test_playoff_players_are_the_swiss_top_k(oracle: OracleEvent) -> None:
    rows = oracle.standings["rows"]
    playoff = {PlayerId(str(r["player"])) for r in rows if r.get("post_elimination")}
    assert len(playoff) == oracle.oracle["post_elimination_rows"]
    swiss = sorted(_computed(oracle).values(), key=lambda r: r.rank)
    top = swiss[: len(playoff)]
    assert {r.player for r in top} == playoff
    if top:  # the cut line is not inside an exact tie
        assert top[-1].tie_range[1] == len(playoff)


def test_published_tie_ranges_are_the_computed_ones(oracle: OracleEvent) -> None:
    computed = {r.tie_range for r in _computed(oracle).values() if r.tied}
    assert sorted(computed) == sorted(tuple(t) for t in oracle.oracle["tied_rank_ranges"])


PLAYOFF_ROWS_NOT_IN_FINISHING_ORDER = {"melee-48579"}
"""FORMAT.md says playoff rows show the finishing order; in this event they do not (its
champion is published 7th, a semifinal loser 1st), so only the set of players is checked."""


def test_final_standings_lead_with_the_playoff_in_published_order(oracle: OracleEvent) -> None:
    rows = oracle.standings["rows"]
    published = {PlayerId(str(r["player"])): r["rank"] for r in rows if r.get("post_elimination")}
    final = final_standings(oracle.event, cuts=_cuts(oracle))
    assert len(final) == len(rows)
    k = len(published)
    assert {r.player for r in final[:k]} == set(published)
    assert all(r.playoff_round is None for r in final[k:])
    assert [r.player for r in final[k:]] == [r.player for r in _swiss_order(oracle)[k:]]
    if oracle.doc["event"]["id"] in PLAYOFF_ROWS_NOT_IN_FINISHING_ORDER:
        return
    # players who went out in the same round (or won the same round) share a published block
    for row in final[:k]:
        block = [
            r.rank
            for r in final[:k]
            if (r.playoff_round, r.won_playoff_round) == (row.playoff_round, row.won_playoff_round)
        ]
        assert min(block) <= published[row.player] <= max(block), row.name


def _swiss_order(oracle: OracleEvent) -> list[StandingRow]:
    return sorted(_computed(oracle).values(), key=lambda r: r.rank)
