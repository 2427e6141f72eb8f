"""What a station does in a race: one service call each, as the GUI or the command line makes it.

Each returns a short text for the test to read; refusals are raised, as the
services raise them.
"""

from __future__ import annotations

import datetime as dt

from organizer.core.results import Score
from organizer.services.clock import clock, sudden_death
from organizer.services.decks import cardpools
from organizer.services.judging import penalties
from organizer.services.kit.changes import Done
from organizer.services.phones import phone_lists, pins, self_service
from organizer.services.players import registration
from organizer.services.rounds import pairing, results, rewind, topcut
from organizer.services.rounds.results import ResultOutcome
from organizer.storage.database import Database


def pair(db: Database, *, event_id: int) -> str:
    outcome = pairing.pair_next(db, event_id=event_id, seed=5)
    return f"round {outcome.value.number}"


def _record(
    db: Database, event_id: int, table: int, score: str, round_number: int | None, correct: bool
) -> Done[ResultOutcome]:
    a, b = (int(x) for x in score.split("-"))
    return results.record_result(
        db,
        event_id=event_id,
        table=table,
        score=Score(a, b),
        round_number=round_number,
        correct=correct,
    )


def result(db: Database, *, event_id: int, table: int, score: str, correct: bool = False) -> str:
    outcome = _record(db, event_id, table, score, None, correct)
    return f"recorded {outcome.value.recorded}; " + "; ".join(outcome.warnings)


def correct_round(db: Database, *, event_id: int, round_number: int, table: int, score: str) -> str:
    outcome = _record(db, event_id, table, score, round_number, True)
    return "warned" if outcome.warnings else "no warning"


def add_minute(db: Database, *, event_id: int) -> str:
    clock.add_time(db, event_id=event_id, seconds=60)
    return "added"


def start_topcut(db: Database, *, event_id: int, size: int) -> str:
    first = topcut.start(db, event_id=event_id, size=size).value
    return f"top cut round {first.number}"


def penalty(db: Database, *, event_id: int, player: str, given: str) -> str:
    return penalties.add_penalty(
        db, event_id=event_id, player=player, category="Tardiness", penalty=given
    ).value.effect_text


def player_report(db: Database, *, event_id: int, code: str, result: str) -> str:
    player = registration.find_player(db, event_id=event_id, code=code)
    return self_service.report_result(
        db, event_id=event_id, player=player, result=result
    ).value.state


def wrong_pin(db: Database, *, event_id: int, who: str, address: str) -> str:
    now = dt.datetime.now(dt.UTC)
    pins.check_pin(db, event_id=event_id, who=who, pin="not a pin", address=address, now=now)
    return "signed in"


def warning(db: Database, *, event_id: int, player: str) -> str:
    done = penalties.add_penalty(
        db, event_id=event_id, player=player, category="slow play", penalty="warning"
    )
    return "; ".join(done.warnings) or "first warning"


def self_drop(db: Database, *, event_id: int, code: str) -> str:
    player = registration.find_player(db, event_id=event_id, code=code)
    after = self_service.drop(db, event_id=event_id, player=player).value
    return f"dropped after round {after}"


def desk_drop(db: Database, *, event_id: int, code: str) -> str:
    player = registration.find_player(db, event_id=event_id, code=code)
    registration.set_dropped(
        db, event_id=event_id, registration_id=player.registration_id, dropped=True
    )
    return "dropped"


def edit_player(
    db: Database, *, event_id: int, code: str, name: str | None = None, email: str | None = None
) -> str:
    player = registration.find_player(db, event_id=event_id, code=code)
    registration.edit_player(
        db, event_id=event_id, registration_id=player.registration_id, name=name, email=email
    )
    return "edited"


def sudden_death_turn(db: Database, *, event_id: int, player: str, counters: int) -> str:
    """Turn 1 as a judge's screen showed it (the turn number and whose it is)."""
    sudden_death.record_turn(
        db, event_id=event_id, table=1, number=1, player=player, counters=counters
    )
    return f"turn 1: {counters}"


def player_list(db: Database, *, event_id: int, code: str, text: str) -> str:
    player = registration.find_player(db, event_id=event_id, code=code)
    now = dt.datetime.now(dt.UTC)
    sent = self_service.submit_list(db, event_id=event_id, player=player, text=text, now=now)
    return sent.value.status


def lock_list(db: Database, *, event_id: int, code: str) -> str:
    player = registration.find_player(db, event_id=event_id, code=code)
    phone_lists.set_locked(
        db, event_id=event_id, registration_id=player.registration_id, locked_=True
    )
    return "locked"


def import_pool(db: Database, *, text: str) -> str:
    (stored,) = cardpools.import_pool(db, text=text, source="race").value
    return f"{stored.game}: {stored.cards} cards, {stored.added} new"


def edit_person(db: Database, *, person_id: int, revision: int, **values: str) -> str:
    from organizer.services.players import people

    people.edit_person(db, person_id=person_id, revision=revision, **values)
    return "edited"


def merge_people(
    db: Database, *, keep: int, other: int, keep_revision: int, other_revision: int
) -> str:
    from organizer.services.players import people

    people.merge_people(
        db, keep=keep, other=other, keep_revision=keep_revision, other_revision=other_revision
    )
    return "merged"


def rewind_to(db: Database, *, event_id: int, round_number: int) -> str:
    outcome = rewind.rewind(db, event_id=event_id, round_number=round_number)
    return f"rewound {outcome.value.rounds}"


def undo(db: Database, *, event_id: int) -> str:
    from organizer.services.event import undo as undo_service

    return undo_service.undo_last(db, event_id=event_id).value


def register(db: Database, *, event_id: int, name: str) -> str:
    done = registration.add_player(db, event_id=event_id, name=name).value
    return "waiting" if done.waiting is not None else "in"


def check_in(db: Database, *, event_id: int, code: str) -> str:
    from organizer.services.players import door

    player = registration.find_player(db, event_id=event_id, code=code)
    door.check_in(db, event_id=event_id, registration_id=player.registration_id)
    return "checked in"


def judge_call(db: Database, *, event_id: int, code: str) -> str:
    """A player's phone calls a judge to their table."""
    from tests.services.judging.phones import call_from_phone

    call = call_from_phone(db, event_id=event_id, code=code)
    return f"called to table {call.table}"


def fix_table(db: Database, *, event_id: int, code: str, table: int) -> str:
    """The TO at one station keeps a player at a table (Players tab, Fixed table…)."""
    from organizer.services.players import fixed_seats

    player = registration.find_player(db, event_id=event_id, code=code)
    done = fixed_seats.fix_table(
        db, event_id=event_id, registration_id=player.registration_id, table=table
    )
    return f"{code} at table {done.value.fixed_table}"


def pin_key_check(db: Database) -> str:
    """A station's first PIN on a hosted server: the key it keys with, as a short check."""
    import hashlib

    key = db.pin_key()
    return "no key" if key is None else hashlib.sha256(key).hexdigest()[:16]


def self_check_in(db: Database, *, event_id: int, code: str) -> str:
    """A player checks themselves in from the players' page."""
    from organizer.services.phones import self_service

    player = registration.find_player(db, event_id=event_id, code=code)
    self_service.check_in(db, event_id=event_id, player=player)
    return "checked in"


def set_setting(db: Database, *, event_id: int, key: str, value: str) -> str:
    """The TO changes one of the event's settings."""
    from organizer.services.event import settings

    settings.set_setting(db, event_id=event_id, key=key, value=value)
    return f"{key} = {value}"


def plain_import(db: Database, *, event_id: int, names: list[str]) -> str:
    """`players import` as the command runs it: on a `PlainWriter`, without the ORM."""
    from organizer.services.phones import pinned_import
    from organizer.storage.plain_writer import PlainWriter

    writer = PlainWriter(db.url)
    try:
        text = "name\n" + "".join(f"{name}\n" for name in names)
        done = pinned_import.import_players_csv(writer, event_id=event_id, text=text)
    finally:
        writer.close()
    return "waiting" if done.warnings else "in"


def register_person(db: Database, *, event_id: int, person_id: int) -> str:
    """A known person registered at the counter (the People screen's "Register in event")."""
    registration.add_player(db, event_id=event_id, name="", person_id=person_id)
    return "registered"
