"""Sudden death at its edges, through the services (formats.md, "Decided here for sudden
death"; docs/rules.md, "Sudden death"): only two-player Warcaste matches, only once time is
up at that table unless called early, a stored result only replaced as a correction, and
a level playoff going on turn by turn until a top cut of 4 reaches its champion.
"""

from __future__ import annotations

import datetime as dt

import pytest

from organizer.core.results import Score
from organizer.services.clock import clock, sudden_death
from organizer.services.event import interchange
from organizer.services.kit.errors import InputError, RefusedError
from organizer.services.rounds import standings, topcut
from organizer.services.rounds.pairing import pair_next
from organizer.services.rounds.results import ResultExistsError, record_result
from organizer.storage import journal_repo
from organizer.storage.database import Database
from tests.services.event_builders import event_with_players

START = dt.datetime(2026, 5, 2, 10, 0, tzinfo=dt.UTC)
AT_TIME = START + dt.timedelta(minutes=60)
MINUTE_BEFORE = AT_TIME - dt.timedelta(minutes=1)


def paired(db: Database, format_id: str, players: int = 2) -> tuple[int, tuple[str, ...]]:
    event_id = event_with_players(db, format_id, players)
    match = pair_next(db, event_id=event_id, seed=1).value.matches[0]
    clock.start(db, event_id=event_id, now=START)
    return event_id, tuple(match.players)


def journal(db: Database, event_id: int) -> list[tuple[str, str]]:
    with db.reading() as s:
        return [(e.action, e.summary) for e in journal_repo.entries(s, event_id=event_id)]


def stored(db: Database, event_id: int, table: int = 1) -> tuple[tuple[int, ...] | None, int]:
    matches = interchange.load_event(db, event_id=event_id).rounds[-1].matches
    m = next(m for m in matches if m.table == table)
    return m.wins, m.draws


def test_it_begins_at_time_and_not_a_minute_before(db: Database) -> None:
    event_id, (a, _) = paired(db, "warcaste-skirmish-constructed")
    with pytest.raises(RefusedError, match="time is not up"):
        sudden_death.set_active_player(db, event_id=event_id, table=1, player=a, now=MINUTE_BEFORE)
    st = sudden_death.set_active_player(db, event_id=event_id, table=1, player=a, now=AT_TIME)
    assert st.value.record.first == a and not st.value.record.called_early


def test_a_table_extension_moves_its_time(db: Database) -> None:
    event_id, (a, _) = paired(db, "warcaste-skirmish-constructed")
    clock.extend_table(db, event_id=event_id, table=1, seconds=180)
    with pytest.raises(RefusedError, match="time is not up"):
        sudden_death.set_active_player(db, event_id=event_id, table=1, player=a, now=AT_TIME)
    later = AT_TIME + dt.timedelta(minutes=3)
    sudden_death.set_active_player(db, event_id=event_id, table=1, player=a, now=later)


def test_a_judge_may_call_it_early_and_the_record_says_so(db: Database) -> None:
    event_id, (a, _) = paired(db, "warcaste-skirmish-constructed")
    st = sudden_death.set_active_player(
        db, event_id=event_id, table=1, player=a, early=True, now=START
    ).value
    assert st.record.called_early
    assert sudden_death.load(db, event_id=event_id, table=1).record.called_early
    assert any("called early by the judge" in summary for _, summary in journal(db, event_id))


@pytest.mark.parametrize("format_id", ["wars-constructed", "castle-wars", "wtactics-orc"])
def test_other_games_have_no_sudden_death(db: Database, format_id: str) -> None:
    event_id, (a, _) = paired(db, format_id)
    with pytest.raises(RefusedError, match="has no sudden death"):
        sudden_death.set_active_player(
            db, event_id=event_id, table=1, player=a, early=True, now=AT_TIME
        )
    with pytest.raises(RefusedError, match="has no sudden death"):
        sudden_death.load(db, event_id=event_id, table=1)


def test_a_conquest_table_has_no_sudden_death(db: Database) -> None:
    event_id, players = paired(db, "warcaste-conquest", 4)
    with pytest.raises(RefusedError, match="Conquest game ends"):
        sudden_death.set_active_player(
            db, event_id=event_id, table=1, player=players[0], now=AT_TIME
        )
    status = clock.status(db, event_id=event_id, now=AT_TIME)
    assert status.view.phase == "games_end" and status.as_dict()["state"] == "time"


def test_a_stored_result_is_replaced_only_as_a_correction(db: Database) -> None:
    event_id, (a, b) = paired(db, "warcaste-skirmish-constructed")
    record_result(db, event_id=event_id, table=1, score=Score(0, 1))
    with pytest.raises(ResultExistsError, match="already has 0-1"):
        sudden_death.set_active_player(db, event_id=event_id, table=1, player=a, now=AT_TIME)
    assert stored(db, event_id) == ((0, 1), 0)
    steps = dict(event_id=event_id, table=1, correct=True)
    sudden_death.set_active_player(db, player=a, now=AT_TIME, **steps)  # type: ignore[arg-type]
    for n in range(1, 6):
        sudden_death.record_turn(db, number=n, player=a if n % 2 else b, counters=0, **steps)  # type: ignore[arg-type]
    with pytest.raises(ResultExistsError):
        sudden_death.record_turn(db, event_id=event_id, table=1, number=6, player=b, counters=2)
    sudden_death.record_turn(db, number=6, player=b, counters=2, **steps)  # type: ignore[arg-type]
    assert stored(db, event_id) == ((0, 1), 0)
    assert "result.correct" in {action for action, _ in journal(db, event_id)}


def test_its_own_result_is_corrected_by_a_turn_correction(db: Database) -> None:
    event_id, (a, b) = paired(db, "warcaste-skirmish-constructed")
    sudden_death.set_active_player(db, event_id=event_id, table=1, player=a, now=AT_TIME)
    for n in range(1, 7):
        sudden_death.record_turn(
            db, event_id=event_id, table=1, number=n, player=a if n % 2 else b, counters=1
        )
    assert stored(db, event_id) == ((0, 0), 1)  # Swiss: equal counters are a drawn game
    with pytest.raises(ResultExistsError):  # sudden death's own result is a stored result
        sudden_death.correct_turn(db, event_id=event_id, table=1, number=1, counters=3)
    sudden_death.correct_turn(db, event_id=event_id, table=1, number=1, counters=3, correct=True)
    assert stored(db, event_id) == ((1, 0), 0)


def cut_to_four(db: Database) -> int:
    """An 8-player Warcaste event, 3 Swiss rounds, then a top cut of 4 with its clock running."""
    event_id = event_with_players(db, "warcaste-skirmish-constructed", 8)
    for n in range(3):
        done = pair_next(db, event_id=event_id, seed=n + 1).value
        for m in done.matches:
            if m.table is not None:
                record_result(db, event_id=event_id, table=m.table, score=Score(1, 0))
    topcut.start(db, event_id=event_id, size=4)
    clock.start(db, event_id=event_id, now=START)
    return event_id


def play_level(db: Database, event_id: int, table: int) -> tuple[str, str]:
    st = sudden_death.load(db, event_id=event_id, table=table)
    a, b = st.record.players
    sudden_death.set_active_player(db, event_id=event_id, table=table, player=a, now=AT_TIME)
    for n in range(1, 7):
        done = sudden_death.record_turn(
            db, event_id=event_id, table=table, number=n, player=a if n % 2 else b, counters=2
        ).value
    assert done.outcome is None and done.record.next_turn is not None
    assert done.record.next_turn.number == 7 and "playing on" in done.describe()
    return a, b


def test_a_level_semifinal_plays_on_and_the_cut_reaches_a_champion(db: Database) -> None:
    event_id = cut_to_four(db)
    a, b = play_level(db, event_id, 1)
    assert stored(db, event_id) == (None, 0)  # no draw is stored in a playoff
    with pytest.raises(RefusedError, match=r"result\(s\) missing"):
        pair_next(db, event_id=event_id)
    with pytest.raises(InputError, match="turn 7 is"):
        sudden_death.record_turn(db, event_id=event_id, table=1, number=7, player=b, counters=1)
    sudden_death.record_turn(db, event_id=event_id, table=1, number=7, player=a, counters=0)
    done = sudden_death.record_turn(
        db, event_id=event_id, table=1, number=8, player=b, counters=1
    ).value
    assert done.outcome is not None and done.outcome.winner == b
    assert stored(db, event_id) == ((0, 1), 0)
    record_result(db, event_id=event_id, table=2, score=Score(1, 0))
    final = pair_next(db, event_id=event_id).value
    assert b in final.matches[0].players
    b_wins = Score(0, 1) if final.matches[0].players[1] == b else Score(1, 0)
    record_result(db, event_id=event_id, table=1, score=b_wins)
    bracket = topcut.bracket(db, event_id=event_id)
    assert bracket is not None and bracket.champion is not None
    assert bracket.champion.player == b
    assert standings.final(db, event_id=event_id)[0].player == b


def test_a_playoff_lead_after_an_odd_turn_is_not_called_level(db: Database) -> None:
    """Issue 36 item 10: after turn 7 one player may lead; the state says who, not "level"."""
    event_id = cut_to_four(db)
    a, b = play_level(db, event_id, 1)
    done = sudden_death.record_turn(
        db, event_id=event_id, table=1, number=7, player=a, counters=3
    ).value
    assert done.outcome is None
    assert done.describe() == (
        f"in progress: {done.names[a]} leads 9-6 after 7 turns; "
        f"{done.names[b]}'s answering turn decides"
    )
