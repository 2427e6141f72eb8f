"""Two to four stations (processes) write to one event at the same moment.

Each race runs on a real SQLite file and on a real PostgreSQL server, 3 times
in `make test` and 20 times in `make bench` (tests/stress.py). After every
race: no duplicate round, no lost clock change, no result silently
overwritten, the loser refused with a message or acting on the winner's write,
and no station crashed. The counts of who won are printed (`-s`) for the
issue's note.
"""

from __future__ import annotations

import collections
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text as sql_text

from organizer.core.results import Score
from organizer.services.clock import clock, sudden_death
from organizer.services.decks import cardpools, decks
from organizer.services.event import events, interchange, settings
from organizer.services.kit.resources import sample_pool_path
from organizer.services.phones import pins
from organizer.services.players import registration
from organizer.services.rounds import pairing, results
from organizer.storage import pins_repo
from organizer.storage.database import Database
from tests.journal import journal_entries
from tests.races import tasks
from tests.races.stations import Outcome, Stations, stations
from tests.services.decks.test_decks import FORMAT, illegal_text, legal_text
from tests.services.event_builders import event_with_players
from tests.storage.postgres_server import available, postgres_server
from tests.stress import repeats

pytestmark = [pytest.mark.stress, pytest.mark.slow]

RACES = repeats(3, 20)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('races') / 'shared.sqlite3'}"
        return
    if not available():
        pytest.skip("PostgreSQL is not installed")
    with postgres_server() as pg:
        yield pg


@pytest.fixture(scope="module")
def db(url: str) -> Iterator[Database]:
    database = Database(url)
    yield database
    database.close()


@pytest.fixture(scope="module")
def two(url: str, db: Database) -> Iterator[Stations]:
    with stations(url, 2) as s:
        yield s


@pytest.fixture(scope="module")
def four(url: str, db: Database) -> Iterator[Stations]:
    with stations(url, 4) as s:
        yield s


def no_crash(outcomes: list[Outcome]) -> None:
    crashes = [text for kind, text in outcomes if kind == "crash"]
    assert not crashes, crashes[0]


def finish_round(db: Database, event_id: int) -> None:
    event = interchange.load_event(db, event_id=event_id)
    for m in event.rounds[-1].matches:
        if m.table is not None and not m.reported:
            results.record_result(db, event_id=event_id, table=m.table, score=Score(2, 1))


def test_four_stations_pairing_at_once_make_one_round(four: Stations, db: Database) -> None:
    tally: collections.Counter[str] = collections.Counter()
    for i in range(RACES):
        event_id = event_with_players(db, "castle-wars", 8)
        pairing.pair_next(db, event_id=event_id, seed=i)
        finish_round(db, event_id)
        outcomes = four.race([("pair", {"event_id": event_id})] * 4)
        no_crash(outcomes)
        numbers = [r.number for r in interchange.load_event(db, event_id=event_id).rounds]
        assert numbers == [1, 2]
        assert [k for k, _ in outcomes].count("ok") == 1
        assert all("result(s) missing" in text for k, text in outcomes if k == "refused")
        tally.update(k for k, _ in outcomes)
    print(f"pair x4, {RACES} races: {dict(tally)}")


def test_two_results_for_one_table_never_overwrite_silently(two: Stations, db: Database) -> None:
    tally: collections.Counter[str] = collections.Counter()
    for i in range(RACES):
        event_id = event_with_players(db, "castle-wars", 4)
        pairing.pair_next(db, event_id=event_id, seed=i)
        outcomes = two.race(
            [
                ("result", {"event_id": event_id, "table": 1, "score": "2-0"}),
                ("result", {"event_id": event_id, "table": 1, "score": "0-2"}),
            ]
        )
        no_crash(outcomes)
        kinds = [k for k, _ in outcomes]
        assert sorted(kinds) == ["ok", "refused"]
        winner = kinds.index("ok")
        refusal = outcomes[1 - winner][1]
        assert "table 1 already has" in refusal and "--correct" in refusal
        stored = interchange.load_event(db, event_id=event_id).rounds[0].matches[0].wins
        assert stored == ((2, 0) if winner == 0 else (0, 2))
        entries = [e.action for e in journal_entries(db, event_id=event_id)]
        assert entries.count("result.record") == 1 and "result.correct" not in entries
        tally[f"station {winner + 1} first"] += 1
    print(f"result/result, {RACES} races: {dict(tally)}")


def test_a_players_report_racing_the_tos_slip_never_overwrites_it(
    two: Stations, db: Database
) -> None:
    """The second seat's report would store the table: the TO's slip at the same moment
    is stored and stays, or the report went first and the slip is refused, never silent."""
    tally: collections.Counter[str] = collections.Counter()
    for i in range(RACES):
        event_id = event_with_players(db, "castle-wars", 4)
        settings.set_setting(db, event_id=event_id, key="self_report", value="on")
        match = pairing.pair_next(db, event_id=event_id, seed=i).value.matches[0]
        a, b = match.players
        assert tasks.player_report(db, event_id=event_id, code=a, result="0-2") == "waiting"
        outcomes = two.race(
            [
                ("player_report", {"event_id": event_id, "code": b, "result": "2-0"}),
                ("result", {"event_id": event_id, "table": match.table, "score": "1-2"}),
            ]
        )
        no_crash(outcomes)
        stored = interchange.load_event(db, event_id=event_id).rounds[0].matches[0].wins
        if outcomes[1][0] == "ok":  # the slip went first: it stands, the report stored nothing
            assert stored == (1, 2)
            tally["slip first"] += 1
        else:  # both reports agreed first (b won 2-0): the slip is refused, not applied
            assert "already has" in outcomes[1][1] and stored == (0, 2)
            tally["reports first"] += 1
    print(f"report/slip, {RACES} races: {dict(tally)}")


def test_a_penalty_racing_a_slip_at_its_table_is_applied_to_the_result(
    two: Stations, db: Database
) -> None:
    """A Match Loss given while the slip of that table is typed: whichever comes first, the
    table ends as the penalty says (the slip refused, or corrected by the penalty)."""
    tally: collections.Counter[str] = collections.Counter()
    for i in range(RACES):
        event_id = event_with_players(db, "castle-wars", 4)
        match = pairing.pair_next(db, event_id=event_id, seed=i).value.matches[0]
        a = match.players[0]
        outcomes = two.race(
            [
                ("penalty", {"event_id": event_id, "player": a, "given": "Match Loss"}),
                ("result", {"event_id": event_id, "table": match.table, "score": "2-1"}),
            ]
        )
        no_crash(outcomes)
        assert outcomes[0][0] == "ok"
        stored = interchange.load_event(db, event_id=event_id).rounds[0].matches[0].wins
        assert stored == (0, 2)  # a lost the match, whatever the slip said
        if outcomes[1][0] == "ok":
            assert "2-1 -> 0-2" in outcomes[0][1]  # the penalty corrected the slip's result
            tally["slip first"] += 1
        else:
            assert "already has" in outcomes[1][1]
            tally["penalty first"] += 1
    print(f"penalty/slip, {RACES} races: {dict(tally)}")


def test_two_clock_changes_at_once_both_count(two: Stations, db: Database) -> None:
    for i in range(RACES):
        event_id = event_with_players(db, "castle-wars", 4)
        pairing.pair_next(db, event_id=event_id, seed=i)
        before = clock.status(db, event_id=event_id).facts
        outcomes = two.race([("add_minute", {"event_id": event_id})] * 2)
        no_crash(outcomes)
        assert [k for k, _ in outcomes] == ["ok", "ok"]
        after = clock.status(db, event_id=event_id).facts
        assert after.total_s == before.total_s + 120


def test_a_correction_racing_the_next_pairing_is_used_or_warned(
    two: Stations, db: Database
) -> None:
    tally: collections.Counter[str] = collections.Counter()
    for i in range(RACES):
        event_id = event_with_players(db, "castle-wars", 4)
        pairing.pair_next(db, event_id=event_id, seed=i)
        finish_round(db, event_id)
        outcomes = two.race(
            [
                (
                    "correct_round",
                    {"event_id": event_id, "round_number": 1, "table": 1, "score": "0-2"},
                ),
                ("pair", {"event_id": event_id}),
            ]
        )
        no_crash(outcomes)
        assert [k for k, _ in outcomes] == ["ok", "ok"]
        order = [
            e.action
            for e in journal_entries(db, event_id=event_id)
            if e.action in ("result.correct", "round.pair")
        ]
        paired_after = order.index("result.correct") < order.index("round.pair", 1)
        warned = outcomes[0][1] == "warned"
        assert paired_after != warned  # used by the pairing, or the TO is told it was not
        tally["correction first" if paired_after else "pairing first, warned"] += 1
    print(f"correction/pair, {RACES} races: {dict(tally)}")


def test_a_top_cut_racing_the_last_result_waits_for_it(two: Stations, db: Database) -> None:
    tally: collections.Counter[str] = collections.Counter()
    for i in range(RACES):
        event_id = event_with_players(db, "castle-wars", 8)
        pairing.pair_next(db, event_id=event_id, seed=i)
        last = interchange.load_event(db, event_id=event_id).rounds[-1].matches
        for m in last[1:]:
            assert m.table is not None
            results.record_result(db, event_id=event_id, table=m.table, score=Score(2, 0))
        outcomes = two.race(
            [
                ("result", {"event_id": event_id, "table": 1, "score": "2-1"}),
                ("start_topcut", {"event_id": event_id, "size": 4}),
            ]
        )
        no_crash(outcomes)
        assert outcomes[0][0] == "ok"  # the result is never lost
        record = events.get_event(db, event_id)
        event = interchange.load_event(db, event_id=event_id)
        if outcomes[1][0] == "ok":
            assert record.playoff_seeds is not None and event.rounds[0].complete
            tally["result first, cut seeded with it"] += 1
        else:
            assert "results missing" in outcomes[1][1] and record.playoff_seeds is None
            tally["cut refused: result missing"] += 1
    print(f"topcut/result, {RACES} races: {dict(tally)}")


def test_both_players_reporting_at_once_store_their_result_once(
    two: Stations, db: Database
) -> None:
    tally: collections.Counter[str] = collections.Counter()
    for i in range(RACES):
        event_id = event_with_players(db, "castle-wars", 2)
        settings.set_setting(db, event_id=event_id, key="self_report", value="on")
        (match,) = pairing.pair_next(db, event_id=event_id, seed=i).value.matches
        a, b = match.players
        outcomes = two.race(
            [
                ("player_report", {"event_id": event_id, "code": a, "result": "2-1"}),
                ("player_report", {"event_id": event_id, "code": b, "result": "1-2"}),
            ]
        )
        no_crash(outcomes)
        assert sorted(outcomes) == [("ok", "stored"), ("ok", "waiting")]  # never both waiting
        stored = interchange.load_event(db, event_id=event_id).rounds[0].matches[0]
        assert dict(zip(stored.players, stored.wins or (), strict=True)) == {a: 2, b: 1}
        entries = [e.action for e in journal_entries(db, event_id=event_id)]
        assert entries.count("result.player_report") == 2
        assert entries.count("result.record") == 1
        tally[f"station {[o[1] for o in outcomes].index('stored') + 1} stored"] += 1
    print(f"report/report, {RACES} races: {dict(tally)}")


def test_wrong_pins_guessed_at_once_are_all_counted(four: Stations, db: Database) -> None:
    for _ in range(RACES):
        event_id = event_with_players(db, "castle-wars", 2)
        player = registration.list_players(db, event_id=event_id)[0]
        pins.issue_pins(db, event_id=event_id, registration_ids=[player.registration_id])
        guess = {"event_id": event_id, "who": player.code, "address": "10.0.0.9"}
        outcomes = four.race([("wrong_pin", guess)] * 4)
        no_crash(outcomes)
        assert all(k == "refused" and "do not match" in text for k, text in outcomes)
        with db.reading() as s:
            counted = [
                pins_repo.guard(s, event_id=event_id, subject=subject).failures
                for subject in ("address:10.0.0.9", f"player:{player.code}")
            ]
        assert counted == [4, 4]  # none lost: the fifth wrong guess locks sign-in
    print(f"pin x4, {RACES} races: every guess counted")


def test_two_warnings_given_at_once_see_each_other(two: Stations, db: Database) -> None:
    for _ in range(RACES):
        event_id = event_with_players(db, "castle-wars", 2)
        outcomes = two.race([("warning", {"event_id": event_id, "player": "p1"})] * 2)
        no_crash(outcomes)
        texts = sorted(text for kind, text in outcomes if kind == "ok")
        assert len(texts) == 2 and texts[1] == "first warning"
        assert "already has 1 Warning(s) for Slow Play" in texts[0]  # the upgrade is flagged
    print(f"warning x2, {RACES} races: the second always sees the first")


def test_a_player_dropping_as_the_desk_drops_them_is_dropped_once(
    two: Stations, db: Database
) -> None:
    for _ in range(RACES):
        event_id = event_with_players(db, "castle-wars", 4)
        settings.set_setting(db, event_id=event_id, key="self_report", value="on")
        pairing.pair_next(db, event_id=event_id, seed=5)
        who = {"event_id": event_id, "code": "p1"}
        outcomes = two.race([("self_drop", who), ("desk_drop", who)])
        no_crash(outcomes)
        kinds = sorted(kind for kind, _ in outcomes)
        assert kinds == ["ok", "refused"], outcomes  # the second sees the first's drop
        drops = [e for e in journal_entries(db, event_id=event_id) if e.action == "player.drop"]
        assert len(drops) == 1
    print(f"drop x2, {RACES} races: one drop, the other refused")


def test_two_stations_editing_one_player_at_once_keep_both_edits(
    two: Stations, db: Database
) -> None:
    for _ in range(RACES):
        event_id = event_with_players(db, "castle-wars", 2)
        who = {"event_id": event_id, "code": "p1"}
        outcomes = two.race(
            [
                ("edit_player", who | {"name": "Ada Byrne"}),
                ("edit_player", who | {"email": "a@b.co"}),
            ]
        )
        no_crash(outcomes)
        assert outcomes == [("ok", "edited"), ("ok", "edited")]
        stored = registration.find_player(db, event_id=event_id, code="p1")
        assert (stored.name, stored.email) == ("Ada Byrne", "a@b.co")  # no edit lost
        first, second = [
            e for e in journal_entries(db, event_id=event_id) if e.action == "player.edit"
        ]
        assert second.before == first.after  # the second read what the first wrote: undo holds
        assert (second.after["name"], second.after["email"]) == ("Ada Byrne", "a@b.co")
    print(f"edit x2, {RACES} races: both edits kept, journaled one after the other")


def test_two_judges_recording_one_sudden_death_turn_store_it_once(
    two: Stations, db: Database
) -> None:
    for _ in range(RACES):
        event_id = event_with_players(db, "warcaste-skirmish-constructed", 2)
        a, _b = pairing.pair_next(db, event_id=event_id, seed=1).value.matches[0].players
        sudden_death.set_active_player(db, event_id=event_id, table=1, player=a, early=True)
        turn = {"event_id": event_id, "player": a}
        outcomes = two.race(
            [
                ("sudden_death_turn", turn | {"counters": 2}),
                ("sudden_death_turn", turn | {"counters": 3}),
            ]
        )
        no_crash(outcomes)
        assert sorted(kind for kind, _ in outcomes) == ["ok", "refused"], outcomes
        stored = sudden_death.load(db, event_id=event_id, table=1).record
        won = next(text for kind, text in outcomes if kind == "ok")
        assert len(stored.turns) == 1 and won == f"turn 1: {stored.turns[0].counters}"
    print(f"sudden death turn x2, {RACES} races: stored once, the other refused")


def test_a_list_sent_as_the_desk_locks_it_is_never_changed_after_the_lock(
    two: Stations, db: Database
) -> None:
    cardpools.import_pool(
        db, text=sample_pool_path("warcaste").read_text(encoding="utf-8"), source="sample"
    )
    for _ in range(RACES):
        event_id = event_with_players(db, FORMAT, 2)
        settings.set_setting(db, event_id=event_id, key="self_decks", value="on")
        p1 = registration.find_player(db, event_id=event_id, code="p1").registration_id
        earlier = illegal_text()
        decks.submit_deck(
            db, event_id=event_id, registration_id=p1, text=earlier, store_illegal=True
        )
        who = {"event_id": event_id, "code": "p1"}
        outcomes = two.race([("player_list", who | {"text": legal_text()}), ("lock_list", who)])
        no_crash(outcomes)
        sent, locked = outcomes
        assert locked == ("ok", "locked")
        order = [
            e.action
            for e in journal_entries(db, event_id=event_id)
            if e.action in ("deck.submit", "deck.lock")
        ]
        if sent[0] == "ok":  # before the lock
            assert order == ["deck.submit", "deck.submit", "deck.lock"]
        else:  # after it: refused, the list as it was
            assert "locked your list" in sent[1] and order == ["deck.submit", "deck.lock"]
            assert decks.deck_text(db, registration_id=p1) == earlier
    print(f"list x lock, {RACES} races: never changed after the lock")


def test_a_stale_station_sees_the_revision_move(db: Database, tmp_path: Path) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    seen = events.revision(db, event_id=event_id)
    other = Database(db.url)
    try:
        pairing.pair_next(other, event_id=event_id, seed=1)
    finally:
        other.close()
    assert events.revision(db, event_id=event_id) > seen


def test_two_stations_importing_a_games_first_pool_at_once_store_it_once(
    two: Stations, db: Database
) -> None:
    """Neither station finds the game's pool, so each would make one: the game must end
    with one pool holding the file's cards (a second pool row made `pool_for_game` pick
    either, and the journal say both were new)."""
    header = (
        "game,set,number,name,type,subtypes,attributes,faction,boost,hand_size,copy_limit,rarity"
    )
    game = "wtactics"  # no other race imports its pool
    for _ in range(RACES):
        with db.transaction() as s:
            s.execute(
                sql_text(
                    "DELETE FROM card WHERE pool_id IN (SELECT id FROM card_pool WHERE game = :g)"
                ),
                {"g": game},
            )
            s.execute(sql_text("DELETE FROM card_pool WHERE game = :g"), {"g": game})
        rows = [f"{game},RACE,R-{n:03d},Card {n},unit,,,,,,,common" for n in range(1, 41)]
        text = "\n".join([header, *rows]) + "\n"
        outcomes = two.race([("import_pool", {"text": text})] * 2)
        no_crash(outcomes)
        with db.reading() as s:
            pools = s.execute(
                sql_text("SELECT id FROM card_pool WHERE game = :game"), {"game": game}
            ).all()
            cards = s.execute(
                sql_text(
                    "SELECT count(*) FROM card JOIN card_pool ON card.pool_id = card_pool.id"
                    " WHERE card_pool.game = :game"
                ),
                {"game": game},
            ).scalar_one()
        assert len(pools) == 1, (pools, outcomes)
        assert cards == 40
        assert cardpools.has_pool(db, game=game)
        said = sorted(text for _, text in outcomes)
        assert said == [f"{game}: 40 cards, 0 new", f"{game}: 40 cards, 40 new"], outcomes
    print(f"first pool x2, {RACES} races: stored once")
