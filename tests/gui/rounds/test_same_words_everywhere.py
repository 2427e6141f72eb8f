"""Paper, the players' page, the GUI and the command line say the same of the same event.

One event (7 players, so a bye each round, best of 3 with drawn games, so percentages
such as 66.67 and shared ranks) is read by all four clients: the standings sheet and the
pairings sheet (PDF text read back), the page served by waitress, the Rounds and
Standings models, and `organizer standings` / `organizer pair`. Before `core.views`
phones said 66.7 where paper said 66.67 (issue 27); here each client's words are
compared with the others', not with a hard-coded answer.
"""

from __future__ import annotations

import html
import io
import re
from pathlib import Path

from organizer.cli.main import run
from organizer.core.results import Score
from organizer.gui.rounds.pairings_model import PairingsModel
from organizer.gui.standings.standings_model import StandingsModel
from organizer.services.printouts import printouts
from organizer.services.rounds import results
from organizer.storage.database import Database
from tests.gui.played_events import event_with_players, play_round
from tests.printing.pdf_reading import text
from tests.web.served import serving

NAME_WIDTH = 28


def score_rule(table: int) -> Score:
    return (Score(2, 1), Score(1, 1, 1), Score(0, 2), Score(2, 0))[table % 4]


def cli(db_path: Path, *args: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert run(["--db", str(db_path), *args], out=out, err=err) == 0, err.getvalue()
    return out.getvalue()


def cli_standings(db_path: Path, event_id: int) -> dict[str, tuple[str, ...]]:
    """name -> (rank, points, W-L-D, OMW, GW, OGW) as the terminal prints them."""
    lines = cli(db_path, "--event", str(event_id), "standings").splitlines()[1:]
    rows = {}
    for line in lines:
        rank, name, rest = line[:5].strip(), line[7 : 7 + NAME_WIDTH].strip(), line[36:].split()
        rows[name] = (rank, *rest)
    return rows


def gui_standings(db: Database, event_id: int) -> dict[str, tuple[str, ...]]:
    model = StandingsModel(db, event_id)
    cells = [[model.index(r, c).data() for c in range(7)] for r in range(model.rowCount())]
    return {c[1]: (c[0], *c[2:]) for c in cells}


def page_standings(page: str) -> dict[str, tuple[str, ...]]:
    """name -> (rank, points, W-L-D, OMW, GW, OGW) from each row's summary and breakdown."""
    rows = {}
    for item in re.findall(r"<summary>(.*?)</dl>", page, re.S):
        rank = re.search(r'class="rank">([^<]+)<', item)
        name = re.search(r'class="who">([^<]+)<', item)
        facts = dict(re.findall(r"<dt>([^<]+)</dt><dd>([^<]+)</dd>", item))
        assert rank and name
        rows[html.unescape(name.group(1))] = (
            rank.group(1),
            facts["Match points"],
            facts["Won-lost-drawn"],
            *(facts[k].rstrip("%") for k in ("Opponents' match wins (OMW)", "Game wins (GW)")),
            facts["Opponents' game wins (OGW)"].rstrip("%"),
        )
    return rows


def test_every_client_shows_the_same_standings_and_tables(db: Database, db_path: Path) -> None:
    event_id = event_with_players(db, "castle-wars", 7)
    play_round(db, event_id, seed=3, rule=score_rule)
    play_round(db, event_id, seed=4, rule=score_rule)

    gui = gui_standings(db, event_id)
    assert "66.67" in {v for r in gui.values() for v in r[3:]}  # where phones said 66.7
    assert len({r[0] for r in gui.values()}) < len(gui)  # a shared rank ("2-3")
    assert cli_standings(db_path, event_id) == gui
    paper = text(printouts.printout(db, event_id=event_id, kind="standings")).splitlines()
    for name, (rank, points, record, omw, gw, ogw) in gui.items():
        assert name in paper
        assert [points, record, omw, gw, ogw] in (
            paper[i + 1 : i + 6] for i, line in enumerate(paper) if line == rank
        )
    with serving(db, event_id) as served:
        page = served.get("/standings").text
    assert page_standings(page) == gui

    # Round 3 paired through the command line: its display is the round's view too.
    printed = cli(db_path, "--event", str(event_id), "pair", "--seed", "5").splitlines()[1:]

    results.record_result(db, event_id=event_id, table=1, score=Score(1, 1, 1))
    model = PairingsModel(db, event_id)
    on_paper = text(printouts.printout(db, event_id=event_id, kind="pairings")).splitlines()
    with serving(db, event_id) as served:
        pairings_page = served.get("/pairings").text
    assert len(printed) == model.rowCount() == 4
    for r, line in enumerate(printed):  # both by table, the bye last
        row = model.row_at(r)
        table, _, _, result = (model.index(r, c).data() for c in range(4))
        # The terminal: the table (a bye says so) and the players, as the GUI lists them.
        assert line.split()[0] == ("bye" if row.is_bye else table)
        assert all(f"{s.name} ({s.id})" in line for s in row.seats)
        # Paper: the table, then each player with the points the GUI shows in brackets.
        cells = [table, *(x for s in row.seats for x in (s.name, str(s.points)))]
        assert [f"{n} ({p})" for n, p in zip(cells[1::2], cells[2::2], strict=True)] == [
            model.index(r, c).data() for c in (1, 2)[: len(row.seats)]
        ]
        at = on_paper.index(cells[1])
        assert on_paper[at - 1 : at - 1 + len(cells)] == cells
        # The page: the GUI's result text in the table's row once it is in.
        if row.is_bye:
            assert on_paper[at + 2] == result == "bye"
        elif row.reported:
            assert f'<td class="res">{html.escape(result)}</td>' in pairings_page
    assert '<td class="res">1-1-1</td>' in pairings_page
