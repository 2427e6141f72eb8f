"""The Conquest slip in the Rounds tab (issue 36 items 4 and 8; docs/rules.md, "Conquest" and
"Penalties and the judge log"): "l 2" records a game seat 2 ended by conceding or losing
their last territory (everyone else draws, under the default end-of-round rule too), and a
result naming a penalized player the winner is recorded only once the TO says Yes."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from organizer.gui.rounds.table_result_entry import TableResultEntry
from organizer.gui.window.main_window import MainWindow
from organizer.services.judging.penalties import add_penalty
from organizer.storage.database import Database
from tests.gui.answers import Answers, type_keys
from tests.gui.played_events import event_with_players
from tests.gui.rounds.test_conquest_rounds import entry_of, load, rounds_tab, table


def round_one(window: MainWindow, db: Database) -> tuple[int, TableResultEntry, Answers]:
    """A 13-player Conquest event under the default end-of-round rule, round 1 paired; the
    slip, and the TO's answers (No until a test says Yes)."""
    event_id = event_with_players(db, "warcaste-conquest", 13, name="Conquest Sunday")
    window.open_event(event_id)
    tab = rounds_tab(window)
    answers = Answers(window, confirm=False)
    tab.pair_next_round.button.click()
    return event_id, entry_of(tab), answers


def test_l_and_a_seat_records_one_loser_and_a_draw_for_the_others(
    window: MainWindow, db: Database, qtbot: QtBot, tmp_path: Path
) -> None:
    event_id, entry, _ = round_one(window, db)
    type_keys(qtbot, "1 l 2\n")
    assert entry.error_label.text() == ""
    first = table(load(db, event_id), 1)
    assert first.winner is None
    assert set(first.drew) == set(first.players) - {first.players[1]}
    window.grab().save(str(tmp_path / "conquest_loser_entry.png"))  # to look at


def test_a_penalized_winner_is_recorded_only_once_the_to_confirms(
    window: MainWindow, db: Database, qtbot: QtBot
) -> None:
    event_id, entry, answers = round_one(window, db)
    seated = table(load(db, event_id), 1).players
    add_penalty(db, event_id=event_id, player=seated[1], category="Slow Play", penalty="Game Loss")
    type_keys(qtbot, "1 2\n")
    assert "Game Loss" in answers.questions[-1]
    assert table(load(db, event_id), 1).winner is None
    assert "--confirm" in entry.error_label.text()
    answers.confirm = True
    entry.result_edit.selectAll()
    type_keys(qtbot, "2\n")
    assert table(load(db, event_id), 1).winner == seated[1]
