"""Penalties through the services: the log, what a loss does to a match, a disqualification,
upgrades, and taking a wrong penalty back."""

from __future__ import annotations

import pytest

from organizer.core.results import Score
from organizer.services.event import interchange, settings
from organizer.services.judging import penalties
from organizer.services.kit.errors import InputError, NotFoundError, RefusedError
from organizer.services.players import registration
from organizer.services.rounds.pairing import pair_next
from organizer.services.rounds.results import record_result, record_table_result
from organizer.storage.database import Database
from tests.journal import journal_entries
from tests.services.event_builders import event_with_players, store_round


def match_at(db: Database, event_id: int, round_number: int, table: int) -> tuple[object, ...]:
    event = interchange.load_event(db, event_id=event_id)
    rnd = next(r for r in event.rounds if r.number == round_number)
    m = next(m for m in rnd.matches if m.table == table)
    return (m.wins, m.draws)


def actions(db: Database, event_id: int) -> list[str]:
    return [e.action for e in journal_entries(db, event_id=event_id)]


def test_a_warning_is_logged_with_its_round_table_note_and_judge(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    store_round(db, event_id, 1, [("p1", "p2"), ("p3", "p4")])
    done = penalties.add_penalty(
        db, event_id=event_id, player="p3", category="slow play", penalty="warning",
        note="took 3 minutes for one attack", judge="  Ana   Ruiz ",
    )  # fmt: skip
    r = done.value.record
    assert (r.code, r.round_number, r.table, r.category, r.penalty) == (
        "p3", 1, 2, "Slow Play", "Warning"
    )  # fmt: skip
    assert (r.note, r.judge, done.value.effect_text, done.warnings) == (
        "took 3 minutes for one attack", "Ana Ruiz", "", ()
    )  # fmt: skip
    assert match_at(db, event_id, 1, 2) == (None, 0)  # a warning changes no result
    assert actions(db, event_id)[-1] == "penalty.add"


def test_the_table_given_must_be_the_players_and_names_must_be_the_events(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    store_round(db, event_id, 1, [("p1", "p2"), ("p3", "p4")])
    add = dict(event_id=event_id, category="Tardiness", penalty="Warning")
    with pytest.raises(InputError, match="Player 1 sits at table 1 in round 1, not at table 2"):
        penalties.add_penalty(db, player="p1", table=2, **add)  # type: ignore[arg-type]
    with pytest.raises(NotFoundError, match="no player with id 'p9'"):
        penalties.add_penalty(db, player="p9", **add)  # type: ignore[arg-type]
    with pytest.raises(RefusedError, match="there is no round 4"):
        penalties.add_penalty(db, player="p1", round_number=4, **add)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="'Caution' is not a penalty"):
        penalties.add_penalty(
            db, event_id=event_id, player="p1", category="Tardiness", penalty="Caution"
        )
    with pytest.raises(InputError, match="'Marked Cards' is not a category"):
        penalties.add_penalty(
            db, event_id=event_id, player="p1", category="Marked Cards", penalty="Warning"
        )
    settings.set_setting(
        db, event_id=event_id, key="penalty_categories", value="Marked Cards, Tardiness"
    )
    done = penalties.add_penalty(
        db, event_id=event_id, player="p1", category="marked cards", penalty="Warning"
    )
    assert done.value.record.category == "Marked Cards"
    assert penalties.categories(db, event_id=event_id) == ("Marked Cards", "Tardiness")
    assert penalties.log(db, event_id=event_id)[0].record.code == "p1"


def test_a_game_loss_in_a_one_game_match_without_a_result_ends_it(db: Database) -> None:
    event_id = event_with_players(db, "warcaste-skirmish-constructed", 4)
    store_round(db, event_id, 1, [("p1", "p2"), ("p3", "p4")])
    done = penalties.add_penalty(
        db, event_id=event_id, player="p4", category="Deck/Decklist Problem", penalty="Game Loss"
    )
    assert match_at(db, event_id, 1, 2) == ((1, 0), 0)
    assert done.value.effect_text == "table 2: recorded 1-0"
    assert done.changes.results
    assert actions(db, event_id)[-2:] == ["result.record", "penalty.add"]


def test_a_game_loss_at_a_table_with_a_result_corrects_it_through_the_result_rules(
    db: Database,
) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    store_round(db, event_id, 1, [("p1", "p2"), ("p3", "p4")])
    record_result(db, event_id=event_id, table=1, score=Score(2, 1))
    store_round(db, event_id, 2, [("p1", "p3"), ("p2", "p4")])
    done = penalties.add_penalty(
        db, event_id=event_id, player="p1", category="Cheating", penalty="Game Loss",
        round_number=1,
    )  # fmt: skip
    assert match_at(db, event_id, 1, 1) == ((1, 2), 0)  # the won third game is lost instead
    assert done.value.effect_text == "table 1: 2-1 -> 1-2"
    assert any("round(s) 2 were paired from the old result" in w for w in done.warnings)
    assert actions(db, event_id)[-2:] == ["result.correct", "penalty.add"]


def test_a_game_loss_in_a_longer_match_without_a_result_is_counted_by_its_slip(
    db: Database,
) -> None:
    event_id = event_with_players(db, "castle-wars", 2)
    store_round(db, event_id, 1, [("p1", "p2")])
    done = penalties.add_penalty(
        db, event_id=event_id, player="p2", category="Tardiness", penalty="Game Loss"
    )
    assert match_at(db, event_id, 1, 1) == (None, 0)
    assert done.value.effect_text == "a game lost at table 1: its slip counts it"
    assert "the slip is to count it" in done.warnings[0]
    assert not done.changes.results


def test_a_match_loss_without_draws_and_at_a_bye(db: Database) -> None:
    event_id = event_with_players(db, "wars-constructed", 3)
    store_round(db, event_id, 1, [("p1", "p2"), ("p3", None)])
    record_result(db, event_id=event_id, table=1, score=Score(1, 0))
    done = penalties.add_penalty(
        db, event_id=event_id, player="p1", category="Unsporting Conduct", penalty="Match Loss"
    )
    assert match_at(db, event_id, 1, 1) == ((0, 2), 0)
    assert done.value.effect_text == "table 1: 1-0 -> 0-2"
    with pytest.raises(RefusedError, match="Player 3 has a bye in round 1"):
        penalties.add_penalty(
            db, event_id=event_id, player="p3", category="Tardiness", penalty="Match Loss"
        )
    # a game loss that leaves the match level: it stands level, as a WARS match at time does
    store_round(db, event_id, 2, [("p2", "p3"), ("p1", None)])
    record_result(db, event_id=event_id, table=1, score=Score(1, 0))
    penalties.add_penalty(
        db, event_id=event_id, player="p2", category="Tardiness", penalty="Game Loss"
    )
    assert match_at(db, event_id, 2, 1) == ((1, 1), 0)


def test_a_loss_needs_a_match(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 2)
    with pytest.raises(RefusedError, match="Player 1 has no match yet"):
        penalties.add_penalty(
            db, event_id=event_id, player="p1", category="Tardiness", penalty="Game Loss"
        )
    done = penalties.add_penalty(  # a warning before round 1 needs none
        db, event_id=event_id, player="p1", category="Tardiness", penalty="Warning"
    )
    assert done.value.record.round_number is None


def test_a_conquest_table_is_one_game_the_player_loses(db: Database) -> None:
    event_id = event_with_players(db, "warcaste-conquest", 4)
    seats = pair_next(db, event_id=event_id, seed=1).value.matches[0].players
    first, second = str(seats[0]), str(seats[1])
    done = penalties.add_penalty(
        db, event_id=event_id, player=first, category="Slow Play", penalty="Game Loss"
    )
    assert done.value.effect_text == "a game lost at table 1: its slip counts it"
    record_table_result(db, event_id=event_id, table=1, winner=second)
    with pytest.raises(RefusedError, match=r"names .* the winner: record the table's result"):
        penalties.add_penalty(
            db, event_id=event_id, player=second, category="Slow Play", penalty="Match Loss"
        )
    done = penalties.add_penalty(
        db, event_id=event_id, player=first, category="Slow Play", penalty="Match Loss"
    )
    assert done.value.effect_text.endswith("had already lost the game")


def test_a_disqualification_drops_the_player_and_loses_their_open_match(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    store_round(db, event_id, 1, [("p1", "p2"), ("p3", "p4")])
    done = penalties.add_penalty(
        db, event_id=event_id, player="p2", category="Cheating", penalty="disqualification",
        judge="Head judge",
    )  # fmt: skip
    assert match_at(db, event_id, 1, 1) == ((2, 0), 0)
    assert registration.find_player(db, event_id=event_id, code="p2").dropped_after_round == 1
    assert done.value.effect_text == "table 1: recorded 2-0; dropped after round 1"
    assert done.changes.players and done.changes.results
    assert actions(db, event_id)[-3:] == ["result.record", "penalty.drop", "penalty.add"]


def test_a_second_warning_of_a_kind_is_flagged_as_an_upgrade(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 2)
    store_round(db, event_id, 1, [("p1", "p2")])
    add = dict(event_id=event_id, player="p1", penalty="Warning")
    penalties.add_penalty(db, category="Slow Play", **add)  # type: ignore[arg-type]
    other = penalties.add_penalty(db, category="Tardiness", **add)  # type: ignore[arg-type]
    assert not other.value.upgrade and other.warnings == ()
    second = penalties.add_penalty(db, category="Slow Play", **add)  # type: ignore[arg-type]
    assert second.value.upgrade and second.value.upgrade_text == "2nd Warning for Slow Play"
    assert "this 2nd one is an upgrade" in second.warnings[0]
    history = penalties.history(db, event_id=event_id, code="p1")
    assert [line.upgrade for line in history] == [False, False, True]
    assert penalties.history(db, event_id=event_id, code="p2") == []


def test_removing_a_penalty_keeps_it_on_the_log_and_undoes_what_it_did(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    store_round(db, event_id, 1, [("p1", "p2"), ("p3", "p4")])
    record_result(db, event_id=event_id, table=2, score=Score(2, 0))
    loss = penalties.add_penalty(
        db, event_id=event_id, player="p3", category="Cheating", penalty="Match Loss"
    ).value.record
    dq = penalties.add_penalty(
        db, event_id=event_id, player="p1", category="Cheating", penalty="Disqualification"
    ).value.record
    assert match_at(db, event_id, 1, 2) == ((0, 2), 0)
    penalties.remove_penalty(db, event_id=event_id, penalty_id=loss.id, reason="wrong player")
    assert match_at(db, event_id, 1, 2) == ((2, 0), 0)  # back to the score it replaced
    done = penalties.remove_penalty(db, event_id=event_id, penalty_id=dq.id)
    assert match_at(db, event_id, 1, 1) == (None, 0)  # the match loss it wrote is taken back
    assert not registration.find_player(db, event_id=event_id, code="p1").dropped
    assert done.value.removed_reason == "entered by mistake"
    assert penalties.log(db, event_id=event_id) == []
    kept = penalties.log(db, event_id=event_id, include_removed=True)
    assert [(line.record.penalty, line.record.removed) for line in kept] == [
        ("Match Loss", True), ("Disqualification", True)
    ]  # fmt: skip
    with pytest.raises(RefusedError, match="already removed"):
        penalties.remove_penalty(db, event_id=event_id, penalty_id=dq.id)
    assert actions(db, event_id).count("penalty.remove") == 2


def test_a_result_changed_after_the_penalty_is_left_as_it_is(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 2)
    store_round(db, event_id, 1, [("p1", "p2")])
    record_result(db, event_id=event_id, table=1, score=Score(2, 0))
    loss = penalties.add_penalty(
        db, event_id=event_id, player="p1", category="Cheating", penalty="Game Loss"
    ).value.record
    assert match_at(db, event_id, 1, 1) == ((2, 1), 0)
    record_result(db, event_id=event_id, table=1, score=Score(1, 2), correct=True)
    done = penalties.remove_penalty(db, event_id=event_id, penalty_id=loss.id)
    assert "result is now 1-2, not the 2-1 the penalty wrote: left as it is" in done.warnings[0]
    assert match_at(db, event_id, 1, 1) == ((1, 2), 0)


def test_a_slip_that_leaves_out_a_game_loss_is_questioned(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 4)
    store_round(db, event_id, 1, [("p1", "p2"), ("p3", "p4")])
    penalties.add_penalty(
        db, event_id=event_id, player="p2", category="Tardiness", penalty="Game Loss"
    )
    penalties.add_penalty(
        db, event_id=event_id, player="p4", category="Tardiness", penalty="Game Loss"
    )
    counted = record_result(db, event_id=event_id, table=1, score=Score(2, 1))
    assert counted.warnings == ()  # p1 won 2 games: the lost game is among them
    left_out = record_result(db, event_id=event_id, table=2, score=Score(0, 2))
    assert left_out.warnings == (
        "table 2: Player 4 has 1 Game Loss(es) here, but the slip shows their opponent "
        "winning 0 game(s): check it",
    )
    assert match_at(db, event_id, 1, 2) == ((0, 2), 0)  # recorded as written, but questioned


def test_a_disqualification_and_its_removal_journal_the_drop_before_and_after(
    db: Database,
) -> None:
    event_id = event_with_players(db, "castle-wars", 2)
    store_round(db, event_id, 1, [("p1", "p2")])
    dq = penalties.add_penalty(
        db, event_id=event_id, player="p1", category="Cheating", penalty="Disqualification"
    ).value.record
    penalties.remove_penalty(db, event_id=event_id, penalty_id=dq.id)
    drops = [
        (e.summary, e.before["dropped_after_round"], e.after["dropped_after_round"])
        for e in journal_entries(db, event_id=event_id)
        if e.action in ("penalty.drop", "penalty.undrop")
    ]
    assert drops == [
        ("dropped Player 1 (Disqualification)", None, 1),
        ("took back the drop of Player 1 (Disqualification removed)", 1, None),
    ]


def test_removing_a_disqualification_leaves_a_drop_changed_since_as_it_is(db: Database) -> None:
    event_id = event_with_players(db, "castle-wars", 2)
    store_round(db, event_id, 1, [("p1", "p2")])
    dq = penalties.add_penalty(
        db, event_id=event_id, player="p1", category="Cheating", penalty="Disqualification"
    ).value.record
    p1 = registration.find_player(db, event_id=event_id, code="p1")
    registration.set_dropped(
        db, event_id=event_id, registration_id=p1.registration_id, dropped=False
    )
    removed = penalties.remove_penalty(db, event_id=event_id, penalty_id=dq.id)
    assert removed.warnings == ("Player 1's drop has changed since: left as it is",)
    assert registration.find_player(db, event_id=event_id, code="p1").dropped_after_round is None
    assert "penalty.undrop" not in actions(db, event_id)
