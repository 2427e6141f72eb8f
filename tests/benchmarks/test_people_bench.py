"""A store's years of data: 2,000 people and 150 weekly events (issue 32).

- each keystroke of the registration search (`core.people.search` over everyone,
  what the Players tab's worker runs per keystroke) <= 50 ms;
- `season standings` over 52 weekly events <= 200 ms in the app's process;
- the People screen usable (everyone and the season read and shown) <= 1 s.

The events are imported as event files (random pairings, every result in), then
their registrations are pointed at the store's 2,000 people, as weekly events
registered from the people would be. Run with `python3 dev.py bench`.
"""

from __future__ import annotations

import datetime as dt
import json
import random
from typing import Any

import pytest
from pytestqt.qtbot import QtBot
from sqlalchemy import text

from organizer.core.people.search import search
from organizer.gui.people.people_screen import open_people_screen
from organizer.services.event.interchange import import_event
from organizer.services.players import people, people_files, seasons
from organizer.storage.database import Database
from tests.benchmarks.test_names_bench import FIRST, LAST

PEOPLE = 2000
WEEKS = 150
START = dt.date(2024, 1, 5)


def event_file(rng: random.Random, week: int, chosen: list[int], names: dict[int, str]) -> str:
    players = [{"id": f"p{i}", "name": names[pid]} for i, pid in enumerate(chosen, 1)]
    codes = [p["id"] for p in players]
    rounds = []
    for number in range(1, 5):
        rng.shuffle(codes)
        matches: list[dict[str, Any]] = []
        for table, k in enumerate(range(0, len(codes) - 1, 2), 1):
            a_wins, b_wins, draws = rng.choice(((2, 0, 0), (0, 2, 0), (2, 1, 0), (1, 1, 0)))
            matches.append(
                {"table": table, "a": codes[k], "b": codes[k + 1], "a_wins": a_wins,
                 "b_wins": b_wins, "draws": draws}
            )  # fmt: skip
        if len(codes) % 2:
            matches.append({"table": None, "a": codes[-1], "b": None})
        rounds.append({"number": number, "matches": matches})
    return json.dumps(
        {
            "schema": "organizer-event/1",
            "name": f"Friday {week}",
            "date": (START + dt.timedelta(weeks=week)).isoformat(),
            "format": "castle-wars",
            "players": players,
            "rounds": rounds,
        }
    )


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Database:
    db = Database(f"sqlite:///{tmp_path_factory.mktemp('store') / 'store.sqlite3'}")
    rng = random.Random(2000)
    csv_text = "name,id\n" + "".join(
        f"{rng.choice(FIRST)} {rng.choice(LAST)} {i},{1000 + i}\n" for i in range(PEOPLE)
    )
    people_files.import_people_csv(db, text=csv_text)
    names = {p.id: p.name for p in people.list_people(db)}
    ids = sorted(names)
    regulars = ids[:60]  # the weekly crowd, and now and then someone new
    for week in range(WEEKS):
        chosen = rng.sample(regulars, rng.randint(8, 24)) + rng.sample(ids[60:], 2)
        event_id = import_event(db, text=event_file(rng, week, chosen, names)).value
        with db.transaction() as s:
            for i, pid in enumerate(chosen, 1):
                s.execute(
                    text(
                        "UPDATE registration SET person_id = :p WHERE event_id = :e AND code = :c"
                    ),
                    {"p": pid, "e": event_id, "c": f"p{i}"},
                )
    with db.transaction() as s:
        s.execute(text("DELETE FROM person WHERE id NOT IN (SELECT person_id FROM registration) "
                       "AND player_number IS NULL"))  # fmt: skip
    seasons.new_season(
        db,
        name="Last year",
        date_from=START + dt.timedelta(weeks=WEEKS - 52),
        date_to=START + dt.timedelta(weeks=WEEKS - 1),
        formats=("castle-wars",),
    )
    return db


def test_each_registration_search_keystroke(benchmark: Any, store: Database) -> None:
    known = people.known_people(store)
    assert len(known) == PEOPLE
    typed = ["lu", "luk", "luka", "lukas", "lukasz", "ż", "żó", "12", "123"]

    def keystrokes() -> int:
        return sum(len(search(t, known, limit=8)) for t in typed)

    found = benchmark(keystrokes)
    assert found > 0
    benchmark.extra_info["keystrokes"] = len(typed)


def test_season_standings_over_52_weeks(benchmark: Any, store: Database) -> None:
    [season] = seasons.list_seasons(store)
    assert len(seasons.get_season(store, season.id).events) == 52
    seasons.set_setting(store, season_id=season.id, key="placement", value="10,8,6,6,4,4,4,4")
    rows = benchmark(seasons.standings, store, season_id=season.id)
    assert len(rows) > 60


def test_people_screen_usable(benchmark: Any, store: Database, qtbot: QtBot) -> None:
    def open_and_read() -> int:
        screen = open_people_screen(store, None)
        qtbot.addWidget(screen)
        count = screen.people_model.rowCount()
        screen.close()
        return count

    shown = benchmark.pedantic(open_and_read, rounds=3, iterations=1)
    assert shown == PEOPLE


def test_season_standings_over_52_weeks_cold(benchmark: Any, store: Database) -> None:
    """The first read in a process: every week's standings computed (none remembered)."""
    [season] = seasons.list_seasons(store)

    def forget() -> tuple[tuple[()], dict[str, Any]]:
        seasons._PLACED.clear()
        return (), {}

    rows = benchmark.pedantic(
        lambda: seasons.standings(store, season_id=season.id), setup=forget, rounds=3
    )
    assert len(rows) > 60
