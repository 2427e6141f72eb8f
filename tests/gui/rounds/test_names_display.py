"""Names on the projector: the latest round by name (name → table, opponent), paging itself;
screenshots at 1366x768 and 1920x1080 (saved where ORGANIZER_SHOTS says) are looked at by
hand."""

from __future__ import annotations

import html
import re

import pytest
from pytestqt.qtbot import QtBot

from organizer.core.names import sort_key
from organizer.core.results import Score
from organizer.gui.rounds.names_display import NamesDisplay
from organizer.gui.window.main_window import MainWindow
from organizer.services.event import events, interchange
from organizer.services.players import registration
from organizer.services.rounds import pairing, results
from organizer.storage.database import Database
from tests.gui.rounds.test_rounds_tab import rounds_tab
from tests.gui.shots import save_shot
from tests.gui.ui_thread_sql import sql_on_ui_thread

FIRST_CELL = re.compile(r"<tr><td style='padding-right:0.8em'>(.*?)</td>")
"""The name column of a line (the header row has no padding there)."""
NAMES = ["Zoë Ångström", "Иван Петров", "山田 太郎", "محمد علي", "Ada Byrne", "Bo Chen"]


@pytest.fixture
def paired(db: Database) -> int:
    event_id = events.create_event(db, name="Big hall", format_id="castle-wars").value.id
    names = NAMES + [f"Player {i:03d}" for i in range(1, 96)]
    registration.import_players_csv(db, event_id=event_id, text="name\n" + "\n".join(names))
    pairing.pair_next(db, event_id=event_id, seed=3)
    return event_id


@pytest.mark.usefixtures("paired")
def test_every_player_appears_once_in_name_order_across_the_pages(
    window: MainWindow, db: Database, paired: int, qtbot: QtBot
) -> None:
    tab = rounds_tab(window)
    display = tab.open_names_display()
    assert isinstance(display, NamesDisplay)
    event = interchange.load_event(db, event_id=paired)
    assert [n for n, _, _ in display.lines] == sorted((p.name for p in event.players), key=sort_key)
    where = {n: (t, o) for n, t, o in display.lines}
    for m in event.rounds[0].matches:
        a = event.player(m.players[0]).name
        if m.is_bye:
            assert where[a] == ("bye", "")
        else:
            assert where[a] == (str(m.table), event.player(m.players[1]).name)

    for width, height in ((1366, 768), (1920, 1080)):
        display.resize(width, height)
        qtbot.wait(20)
        assert display.font_px() >= 30  # readable from the back of the room
        seen: list[str] = []
        display.page = 0
        display.redraw()
        for page in range(display.pages()):
            assert display.page == page
            body = display.body.text()
            seen += [html.unescape(n) for n in FIRST_CELL.findall(body)]
            if page == 0:
                save_shot(display, f"floor_names_{width}x{height}.png")
            display.next_page()
        assert display.page == 0  # wrapped round, the round read again
        assert sorted(seen, key=sort_key) == [n for n, _, _ in display.lines]
        assert display.pages() > 1


@pytest.mark.usefixtures("paired")
def test_the_first_page_reads_the_round_again_only_once_the_event_moved(
    window: MainWindow, db: Database, paired: int
) -> None:
    display = rounds_tab(window).open_names_display()
    with sql_on_ui_thread(db, asked_by="names_display") as quiet:
        display.reload()  # nothing moved: one look at the event's revision
    selects = [q for q in quiet if q.startswith("SELECT")]
    assert len(selects) == 1 and "revision" in selects[0], quiet
    for table in range(1, 51):
        results.record_result(db, event_id=paired, table=table, score=Score(2, 0))
    pairing.pair_next(db, event_id=paired, seed=4)  # another station pairs round 2
    display.reload()
    assert display.round_number == 2
    assert display.heading.text().startswith("Round 2:")
