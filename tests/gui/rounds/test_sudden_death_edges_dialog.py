"""The sudden-death dialog at the rules' edges (formats.md, "Decided here for sudden death"):
a level playoff grows extra turns until a winner and the top cut reaches its champion; before
time only when the judge ticks "Called early"; a stored result only replaced as a correction.

Real widgets on a real SQLite file, opened the way the Clock and Rounds tabs open it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from organizer.core.results import Score
from organizer.gui.kit.event_screen import EventPanel
from organizer.gui.kit.prompts import Prompts
from organizer.gui.rounds.sudden_death_dialog import SuddenDeathDialog, open_sudden_death
from organizer.services.clock import clock
from organizer.services.event import events, interchange
from organizer.services.players import registration
from organizer.services.rounds import standings, topcut
from organizer.services.rounds.pairing import pair_next
from organizer.services.rounds.results import record_result
from organizer.storage.database import Database
from tests.gui.clock_events import NAMES, T0

AT_TIME = T0 + dt.timedelta(minutes=60)
Walk = Callable[[SuddenDeathDialog], None]


def event(db: Database, players: int) -> int:
    event_id = events.create_event(
        db, name="Top cut", format_id="warcaste-skirmish-constructed"
    ).value.id
    text = "name\n" + "".join(f"{n}\n" for n in NAMES[:players])
    registration.import_players_csv(db, event_id=event_id, text=text)
    return event_id


def walk_dialog(
    db: Database, event_id: int, prompts: Prompts, qtbot: QtBot, walk: Walk, now: dt.datetime
) -> None:
    def judge(dialog: QDialog) -> int:
        assert isinstance(dialog, SuddenDeathDialog)
        dialog.now = lambda: now
        qtbot.addWidget(dialog)
        dialog.show()
        walk(dialog)
        dialog.close()
        return dialog.result()

    prompts.run_dialog = judge
    open_sudden_death(EventPanel(db, event_id, prompts, prompts.parent), 1)


def record(dialog: SuddenDeathDialog, number: int, counters: int) -> None:
    dialog.rows[number - 1].spin.setValue(counters)
    dialog.rows[number - 1].button.click()
    assert dialog.error_label.isHidden(), dialog.error_label.text()


def semifinals(db: Database) -> int:
    """An 8-player event after 3 Swiss rounds, its top cut of 4 paired, the clock running."""
    event_id = event(db, 8)
    for n in range(3):
        for m in pair_next(db, event_id=event_id, seed=n + 1).value.matches:
            if m.table is not None:
                record_result(db, event_id=event_id, table=m.table, score=Score(1, 0))
    topcut.start(db, event_id=event_id, size=4)
    clock.start(db, event_id=event_id, now=T0)
    return event_id


def test_a_level_semifinal_in_the_dialog_plays_on_to_a_champion(
    db: Database, prompts: Prompts, qtbot: QtBot
) -> None:
    event_id = semifinals(db)
    seen: dict[str, object] = {}

    def walk(dialog: SuddenDeathDialog) -> None:
        assert "playoff" in dialog.turns_box.title() and "cannot end in a draw" in (
            dialog.rules_label.text()
        )
        dialog.first_buttons[0].click()
        for n in range(1, 7):
            record(dialog, n, 1)
        assert dialog.outcome_label.isHidden()
        assert len(dialog.rows) == 7 and dialog.rows[6].spin.isVisibleTo(dialog)
        assert dialog.next_label.text().startswith("Level after 6 turns")
        assert "extra turn 1" in dialog.rows[6].player_label.text()
        record(dialog, 7, 0)
        assert "extra turn 1" in dialog.rows[7].player_label.text()
        record(dialog, 8, 2)
        seen["outcome"] = dialog.outcome_label.text()
        seen["b"] = dialog.names[str(dialog.state.record.players[1])]

    walk_dialog(db, event_id, prompts, qtbot, walk, AT_TIME)
    assert seen["outcome"] == f"{seen['b']} wins 5\u20133 on counters"
    semi = interchange.load_event(db, event_id=event_id).rounds[-1].matches[0]
    assert semi.wins == (0, 1)
    record_result(db, event_id=event_id, table=2, score=Score(1, 0))
    final = pair_next(db, event_id=event_id).value.matches[0]
    b = semi.players[1]
    record_result(
        db, event_id=event_id, table=1, score=Score(1, 0) if final.players[0] == b else Score(0, 1)
    )
    bracket = topcut.bracket(db, event_id=event_id)
    assert bracket is not None and bracket.champion is not None and bracket.champion.player == b
    assert standings.final(db, event_id=event_id)[0].player == b


def test_before_time_the_dialog_needs_called_early(
    db: Database, prompts: Prompts, qtbot: QtBot
) -> None:
    event_id = event(db, 2)
    pair_next(db, event_id=event_id, seed=1)
    clock.start(db, event_id=event_id, now=T0)

    def walk(dialog: SuddenDeathDialog) -> None:
        dialog.first_buttons[0].click()
        assert "time is not up" in dialog.error_label.text()
        assert not dialog.first_buttons[0].isChecked()
        dialog.early_box.setChecked(True)
        dialog.first_buttons[0].click()
        assert dialog.error_label.isHidden()
        assert "Called early by the judge" in dialog.first_note.text()
        assert dialog.state.record.called_early

    walk_dialog(db, event_id, prompts, qtbot, walk, AT_TIME - dt.timedelta(minutes=1))


def test_a_stored_result_is_replaced_only_with_correction_ticked(
    db: Database, prompts: Prompts, qtbot: QtBot
) -> None:
    event_id = event(db, 2)
    pair_next(db, event_id=event_id, seed=1)
    clock.start(db, event_id=event_id, now=T0)
    record_result(db, event_id=event_id, table=1, score=Score(0, 1))

    def walk(dialog: SuddenDeathDialog) -> None:
        assert dialog.correct_box.isVisibleTo(dialog) and "0-1" in dialog.correct_box.text()
        dialog.first_buttons[0].click()
        assert "already has 0-1" in dialog.error_label.text()
        dialog.correct_box.setChecked(True)
        dialog.first_buttons[0].click()
        for n in range(1, 7):
            record(dialog, n, 2 if n == 1 else 0)

    walk_dialog(db, event_id, prompts, qtbot, walk, AT_TIME)
    assert interchange.load_event(db, event_id=event_id).rounds[-1].matches[0].wins == (1, 0)


def test_a_playoff_lead_after_turn_7_is_shown_as_a_lead(
    db: Database, prompts: Prompts, qtbot: QtBot
) -> None:
    """Issue 36 item 10: not "Level after 7 turns" while one player leads 4-1."""
    event_id = semifinals(db)
    seen: dict[str, str] = {}

    def walk(dialog: SuddenDeathDialog) -> None:
        dialog.first_buttons[0].click()
        for n, counters in enumerate([1, 0, 0, 1, 0, 0, 3], start=1):
            record(dialog, n, counters)
        seen["next"] = dialog.next_label.text()
        seen["a"] = dialog.names[str(dialog.state.record.players[0])]

    walk_dialog(db, event_id, prompts, qtbot, walk, AT_TIME)
    assert seen["next"].startswith(f"{seen['a']} leads 4\u20131 after 7 turns: next, turn 8")
