"""A 12-week season against a computation written here, for two points schemes.

The test keeps what it recorded each week (who won and drew which Swiss
match, byes as wins) and takes each event's final places from the event's
own standings service (`services.rounds.standings.final`, what the Standings
tab shows); the points, the best-N, the minimum and the tie order are
computed here, independently of `core.season.leaderboard`.
"""

from __future__ import annotations

import datetime as dt
import random

import pytest

from organizer.core.names import sort_key
from organizer.core.results import Score
from organizer.services.event import interchange
from organizer.services.kit.errors import InputError
from organizer.services.players import people, seasons
from organizer.services.rounds import standings as event_standings
from organizer.services.rounds.results import record_result
from organizer.storage.database import Database
from tests.services.players.weekly_events import FORMAT, Week, play_week, regulars

START = dt.date(2026, 1, 2)


def twelve_weeks(db: Database) -> list[Week]:
    rng = random.Random(32)
    store = regulars(30)
    weeks = []
    for w in range(12):
        count = rng.randint(8, 24)
        weeks.append(
            play_week(
                db,
                rng,
                date=START + dt.timedelta(weeks=w),
                players=rng.sample(store, count),
                drop=1 if w % 3 == 0 else 0,
                top_cut=4 if w == 6 else 0,
            )
        )
    return weeks


def expected(
    db: Database,
    weeks: list[Week],
    *,
    participation: int = 0,
    win: int = 0,
    draw: int = 0,
    placement: tuple[int, ...] = (),
    best: int = 0,
    minimum: int = 0,
) -> list[tuple[int | None, str, int, int, int]]:
    """(rank, name, points, events, counted) rows, computed here."""
    per_person: dict[str, list[int]] = {}
    best_place: dict[str, int] = {}
    for week in weeks:
        for row in event_standings.final(db, event_id=week.event_id):
            number = people_number(db, row.name)
            earned = participation + win * week.wins.get(number, 0)
            earned += draw * week.draws.get(number, 0)
            if row.rank <= len(placement):
                earned += placement[row.rank - 1]
            per_person.setdefault(row.name, []).append(earned)
            best_place[row.name] = min(best_place.get(row.name, row.rank), row.rank)
    rows = []
    for name, points in per_person.items():
        kept = sorted(points, reverse=True)[: best or len(points)]
        rows.append((name, sum(kept), len(points), len(kept), best_place[name]))
    ranked = sorted(
        (r for r in rows if r[2] >= minimum), key=lambda r: (-r[1], -r[2], r[4], sort_key(r[0]))
    )
    out: list[tuple[int | None, str, int, int, int]] = []
    for i, (name, pts, n, kept_n, place) in enumerate(ranked):
        prev = ranked[i - 1] if i else None
        same = prev is not None and (prev[1], prev[2], prev[4]) == (pts, n, place)
        out.append((out[-1][0] if same else i + 1, name, pts, n, kept_n))
    unranked = sorted(
        (r for r in rows if r[2] < minimum), key=lambda r: (-r[1], -r[2], r[4], sort_key(r[0]))
    )
    out += [(None, name, pts, n, kept_n) for name, pts, n, kept_n, _ in unranked]
    return out


def people_number(db: Database, name: str) -> str:
    [found] = [p for p in people.list_people(db) if p.name == name]
    assert found.number is not None
    return found.number


def board(db: Database, season_id: int) -> list[tuple[int | None, str, int, int, int]]:
    return [
        (r.rank, r.name, r.points, r.events, r.counted)
        for r in seasons.standings(db, season_id=season_id)
    ]


@pytest.fixture(scope="module")
def season_db(tmp_path_factory: pytest.TempPathFactory) -> Database:
    db = Database(f"sqlite:///{tmp_path_factory.mktemp('season') / 'season.sqlite3'}")
    weeks = twelve_weeks(db)
    db.info_weeks = weeks  # type: ignore[attr-defined]
    return db


def new_season(db: Database, **settings: str) -> int:
    season_id = seasons.new_season(
        db,
        name="Winter league",
        date_from=START,
        date_to=START + dt.timedelta(weeks=12),
        formats=(FORMAT,),
    ).value
    for key, value in settings.items():
        seasons.set_setting(db, season_id=season_id, key=key, value=value)
    return season_id


def test_a_placement_table_season_matches_the_computation_here(season_db: Database) -> None:
    weeks: list[Week] = season_db.info_weeks  # type: ignore[attr-defined]
    season_id = new_season(season_db, placement="10,8,6,6,4,4,4,4")
    assert len(seasons.get_season(season_db, season_id).events) == 12
    got = board(season_db, season_id)
    assert got == expected(season_db, weeks, placement=(10, 8, 6, 6, 4, 4, 4, 4))
    assert len(got) == len({n for w in weeks for n in w.numbers})


def test_participation_and_wins_with_best_8_and_minimum_4(season_db: Database) -> None:
    weeks: list[Week] = season_db.info_weeks  # type: ignore[attr-defined]
    season_id = new_season(season_db, participation="2", win="3", draw="1", best="8", minimum="4")
    got = board(season_db, season_id)
    assert got == expected(season_db, weeks, participation=2, win=3, draw=1, best=8, minimum=4)
    assert any(rank is None for rank, *_ in got)  # someone played fewer than 4 weeks
    assert any(n > 8 for *_, n, _ in got)  # someone played more weeks than count


def test_a_multiplier_and_a_removed_event_change_the_board(season_db: Database) -> None:
    weeks: list[Week] = season_db.info_weeks  # type: ignore[attr-defined]
    season_id = new_season(season_db, participation="1")
    seasons.set_multiplier(season_db, season_id=season_id, event=weeks[0].event_id, multiplier=3)
    seasons.include_event(season_db, season_id=season_id, event=weeks[1].event_id, included=False)
    events_of = {r[1]: r[3] for r in board(season_db, season_id)}
    points = {r[1]: r[2] for r in board(season_db, season_id)}
    for name in points:
        number = people_number(season_db, name)
        played = [w for w in weeks if number in w.numbers and w is not weeks[1]]
        assert events_of[name] == len(played)
        assert points[name] == sum(3 if w is weeks[0] else 1 for w in played)
    with pytest.raises(InputError, match="multiplier"):
        seasons.set_multiplier(
            season_db, season_id=season_id, event=weeks[0].event_id, multiplier=0
        )


def test_a_corrected_result_changes_the_board(tmp_path_factory: pytest.TempPathFactory) -> None:
    db = Database(f"sqlite:///{tmp_path_factory.mktemp('fix') / 'fix.sqlite3'}")
    rng = random.Random(5)
    week = play_week(db, rng, date=START, players=regulars(8), rounds=1)
    season_id = new_season(db, win="3")
    before = {r.name: r.points for r in seasons.standings(db, season_id=season_id)}
    decided = [
        m
        for m in interchange.load_event(db, event_id=week.event_id).rounds[0].matches
        if m.wins is not None and m.wins[0] != m.wins[1]
    ]
    m = decided[0]
    assert m.table is not None and m.wins is not None
    flipped = Score(0, 2) if m.wins[0] > m.wins[1] else Score(2, 0)
    record_result(db, event_id=week.event_id, table=m.table, score=flipped, correct=True)
    after = {r.name: r.points for r in seasons.standings(db, season_id=season_id)}
    winner, loser = m.players if m.wins[0] > m.wins[1] else m.players[::-1]
    names = {p.id: p.name for p in interchange.load_event(db, event_id=week.event_id).players}
    assert after[names[winner]] == before[names[winner]] - 3
    assert after[names[loser]] == before[names[loser]] + 3


def test_a_setting_typed_wrong_is_refused_by_name(season_db: Database) -> None:
    season_id = new_season(season_db)
    with pytest.raises(InputError, match="placement"):
        seasons.set_setting(season_db, season_id=season_id, key="placement", value="10,x")
    with pytest.raises(InputError, match="no season setting 'points'"):
        seasons.set_setting(season_db, season_id=season_id, key="points", value="1")
