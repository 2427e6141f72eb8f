"""The Standings tab: who is where, and for the player selected, why.

The standings table (`StandingsModel`: rank with tie ranges, points, W-L-D,
OMW %, GW %, OGW %) beside a breakdown panel for the selected player
(`BreakdownModel`): every opponent by round with their MWP % and GWP %, and
the player's own OMW % and OGW % as the mean of those columns, plus a line
saying which players share their points and how the tie is ordered. Find
(Ctrl+F) selects the first player whose name contains the text typed.

Standings are computed by `services.standings` from every result, which is
cheap but not free, so the tab computes them only while it is visible: a
change from another tab (`refresh_for`) naming results, pairings or players
marks them stale, and they are read again when the tab is shown. Nothing is
computed here but the text.

Print (`PrintCommands`) previews, prints or saves the standings sheet.

While a swiss round is being played, the panel also says whether the selected
player's table can draw into the top N (the "Top" box, 8 unless changed): exact
on points, with tiebreaker cases as "maybe" (`core.pairing.can_draw`, issue 34).

Top cut… (`TopCutPanel`) starts a single-elimination playoff; once one
exists its bracket and the final standings show above the Swiss standings.
"""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QTableView,
    QWidget,
)

from organizer.core.names import fold, matches
from organizer.core.pairing.can_draw import CanDraw, CanDrawError, TableDraw, can_draw
from organizer.core.pairing.standings import StandingRow
from organizer.core.views.wording import plural
from organizer.gui.kit.actions import command
from organizer.gui.kit.elided_label import ElidedLabel
from organizer.gui.kit.emphasis import embolden
from organizer.gui.kit.entry_labels import focus_selected
from organizer.gui.kit.event_screen import EventScreen
from organizer.gui.kit.layouts import STRETCH, column, row
from organizer.gui.kit.table_views import rows_table, select_row_at, selected_item
from organizer.gui.printouts.print_actions import PrintCommands
from organizer.gui.standings.breakdown_model import BreakdownModel
from organizer.gui.standings.standings_model import (
    EN_DASH,
    StandingsModel,
    StandingsRead,
    percent,
    read_standings,
    record_text,
    row_texts,
)
from organizer.gui.standings.top_cut_panel import CutRead, TopCutPanel
from organizer.services.event.events import get_event
from organizer.services.rounds import topcut
from organizer.services.rounds.pairing import open_tables
from organizer.services.rounds.standings import tiebreaker_order

TIEBREAKER_TITLES = {
    "points": "points",
    "mw": "MWP %",
    "omw": "OMW %",
    "gw": "GW %",
    "ogw": "OGW %",
}


def player_summary(row: StandingRow, total: int) -> str:
    """Two lines: the player's rank, then points, record, MWP and GWP."""
    first, last = row.tie_range
    tied = f" (tied {first}{EN_DASH}{last})" if first != last else ""
    parts = [
        f"{row.points} points ({record_text(row)})",
        f"MWP\u00a0{percent(row.values.mw)}%",  # no break inside a figure, "66.67%" as on the page
        f"GWP\u00a0{percent(row.values.gw)}%",
    ]
    if row.byes:
        parts.append(f"{plural(row.byes, 'bye')} (no opponent)")
    return f"{row.name}: rank {row.rank} of {total}{tied}\n" + "  ·  ".join(parts)


def tie_summary(row: StandingRow, rows: tuple[StandingRow, ...], order: tuple[str, ...]) -> str:
    """Which ranks share the player's points, and what orders them."""
    same = [r.rank for r in rows if r.points == row.points]
    then = ", then ".join(TIEBREAKER_TITLES.get(t, t) for t in order if t != "points")
    if len(same) == 1:
        return f"Alone on {row.points} points."
    ranks = f"{min(same)}{EN_DASH}{max(same)}"
    return (
        f"{len(same)} players have {row.points} points (ranks {ranks}); "
        f"among them {then or 'the name'} decides."
    )


class StandingsTabRead(NamedTuple):
    """What the Standings tab shows, worked out on a worker thread."""

    standings: StandingsRead
    texts: list[tuple[str, ...]]
    cut: CutRead
    order: tuple[str, ...]
    """The tiebreaker order (a setting the TO may change), for the tie line."""
    draws: CanDraw | None = None
    """Who can draw into the cut, while a swiss round is being played."""
    draw_cut: int = topcut.DRAW_CUT_WITHOUT_ONE
    """The cut `draws` is about: the TO's choice, else the one the event is heading for."""


class StandingsTab(EventScreen):
    title = "Standings"
    touched_by = frozenset({"results", "pairings", "players"})
    reading_text = "Working out the standings…"

    def build(self) -> None:
        self.order: tuple[str, ...] = ()  # read with the standings (`read`)
        self.draws: CanDraw | None = None
        self.chosen_cut: int | None = None
        """The cut the TO set for the draw question; None: the event's expected cut."""

        self.model = StandingsModel(self.db, self.event_id, self, load=False)
        self.breakdown = BreakdownModel(self)
        self.top_cut = TopCutPanel(self.db, self.event_id, self.prompts)
        self.relay(self.top_cut)
        self.print_commands = PrintCommands(self, ("standings", "prizes"))
        self._make_widgets()
        self._layout()
        self.find_edit.textChanged.connect(self.find_player)
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._selected())
        self.draw_cut.valueChanged.connect(self._cut_chosen)

    # --- building -----------------------------------------------------------

    def _make_widgets(self) -> None:
        self.heading_label = ElidedLabel()
        embolden(self.heading_label)
        self.find_edit = QLineEdit()
        self.find_edit.setPlaceholderText("Name (Ctrl+F)")
        self.find_edit.setClearButtonEnabled(True)
        self.find_edit.setMaximumWidth(260)
        self.find_label = QLabel("&Find:")
        self.find_label.setBuddy(self.find_edit)

        self.table = rows_table(self.model, 1)

        self.breakdown_title = QLabel("Tiebreakers of the selected player")
        embolden(self.breakdown_title)
        self.summary_label = QLabel("Select a player to see how their tiebreakers add up.")
        self.summary_label.setWordWrap(True)
        self.tie_label = QLabel()
        self.tie_label.setWordWrap(True)
        self.tie_label.setStyleSheet("color: palette(placeholder-text);")
        self.draw_title = QLabel("Can the table draw into the cut?")
        embolden(self.draw_title)
        self.draw_cut = QSpinBox()
        self.draw_cut.setRange(1, 9_999)
        self.draw_cut.setValue(topcut.DRAW_CUT_WITHOUT_ONE)
        self.draw_cut.setPrefix("Top ")
        self.draw_cut.setToolTip(
            "The cut the draw question is about: the one recommended for this event (as the "
            "players' page asks) until you choose another"
        )
        self.draw_label = QLabel()
        self.draw_label.setWordWrap(True)
        self.breakdown_view = rows_table(self.breakdown, 1)
        self.breakdown_view.setSelectionMode(QTableView.SelectionMode.NoSelection)
        self.breakdown_view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # As tall as its lines (one per round at most), the explanation right under it.
        self.breakdown_view.setSizeAdjustPolicy(QTableView.SizeAdjustPolicy.AdjustToContents)
        self.breakdown_view.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

    def _layout(self) -> None:
        top = row(
            (self.heading_label, 1),
            self.find_label,
            self.find_edit,
            self.top_cut.start_cut.button,
            self.print_commands.button,
        )

        panel = QWidget()
        column(
            self.breakdown_title,
            self.summary_label,
            self.breakdown_view,
            self.tie_label,
            row((self.draw_title, 1), self.draw_cut),
            self.draw_label,
            STRETCH,
            parent=panel,
        ).setContentsMargins(4, 0, 0, 0)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.table)
        splitter.addWidget(panel)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([520, 330])
        splitter.setChildrenCollapsible(False)

        self.cut_splitter = QSplitter(Qt.Orientation.Vertical)
        self.cut_splitter.addWidget(self.top_cut)
        self.cut_splitter.addWidget(splitter)
        self.cut_splitter.setStretchFactor(0, 3)
        self.cut_splitter.setStretchFactor(1, 2)
        self.cut_splitter.setChildrenCollapsible(False)

        column(top, (self.cut_splitter, 1), parent=self)
        self.setFocusProxy(self.table)

    # --- reading ---------------------------------------------------------------

    def read(self) -> StandingsTabRead:
        standings = read_standings(self.db, self.event_id)
        record = get_event(self.db, self.event_id)
        order = tiebreaker_order(record.format_id, record.settings)
        event = standings[0]
        draws = None
        cut = self.chosen_cut or topcut.draw_cut(event, record.planned_rounds)
        if event.rounds and open_tables(event.rounds[-1]):
            try:
                draws = can_draw(event, cut=cut, tiebreakers=order)
            except CanDrawError:  # a playoff round: nobody draws into a cut any more
                draws = None
        texts = [row_texts(r) for r in standings[1]]
        return StandingsTabRead(standings, texts, self.top_cut.read(), order, draws, cut)

    def show_read(self, read: StandingsTabRead) -> None:
        """The standings worked out again, keeping the selected player selected."""
        keep = self.selected_standing()
        self.order = read.order
        self.draws = read.draws
        if self.chosen_cut is None:
            with QSignalBlocker(self.draw_cut):
                self.draw_cut.setValue(read.draw_cut)
        scrolled = self.table.verticalScrollBar().value()
        event, rows, dropped = read.standings
        self.model.show(rows, dropped, read.texts)
        swiss = [r for r in event.rounds if r.stage != "elimination"]
        if swiss:
            last = swiss[-1]
            missing = len(open_tables(last))
            text = f"Standings after round {last.number}"
            if missing:
                text += f" ({plural(missing, 'result')} still missing)"
        else:
            text = "Standings: no round played yet"
        self.heading_label.setText(f"{text}  ·  {self.model.rowCount()} players")
        if keep is not None:
            self.select_player(keep.player)
        self.table.verticalScrollBar().setValue(scrolled)
        self._selected()
        self.top_cut.show_read(read.cut)

    def _cut_chosen(self, cut: int) -> None:
        self.chosen_cut = cut
        self.refresh()

    # --- selection ---------------------------------------------------------------

    def selected_standing(self) -> StandingRow | None:
        return selected_item(self.table, self.model.standing_at)

    def select_player(self, player: str) -> None:
        select_row_at(self.table, self.model.row_of(player))

    @command("Find player", QKeySequence.StandardKey.Find)
    def focus_find(self) -> None:
        focus_selected(self.find_edit, Qt.FocusReason.ShortcutFocusReason)

    def find_player(self, text: str) -> None:
        if not fold(text):
            return
        for standing in self.model.rows():
            if matches(text, standing.name):
                self.select_player(standing.player)
                return

    def _selected(self) -> None:
        standing = self.selected_standing()
        self.breakdown.set_standing(standing)
        if standing is None:
            self.summary_label.setText("Select a player to see how their tiebreakers add up.")
            self.tie_label.clear()
            self.draw_label.setText(self._draw_overview())
            return
        self.summary_label.setText(player_summary(standing, self.model.rowCount()))
        self.tie_label.setText(tie_summary(standing, self.model.rows(), self.order))
        self.draw_label.setText(draw_text(self.draws, standing.player) or self._draw_overview())

    def _draw_overview(self) -> str:
        if self.draws is None:
            return (
                "Once a swiss round is paired, select a player to see whether their table can draw."
            )
        counts = {
            v: sum(t.verdict == v for t in self.draws.tables) for v in ("safe", "maybe", "out")
        }
        return (
            f"Round {self.draws.round}, top {self.draws.cut}: {counts['safe']} tables can draw "
            f"safely, {counts['maybe']} maybe, {counts['out']} cannot draw in."
        )


VERDICT_WORDS = {
    "safe": "Yes: a draw puts both players in the cut.",
    "maybe": "Maybe.",
    "out": "No: a draw does not get both players in.",
}


def draw_text(draws: CanDraw | None, player: str) -> str:
    """The selected player's table and whether it can draw, "" when the player has none."""
    if draws is None:
        return ""
    table: TableDraw | None = next(
        (t for t in draws.tables if any(p.player == player for p in t.players)), None
    )
    if table is None:
        return ""
    where = f"Table {table.table}" if table.table is not None else "Their table"
    lines = [f"{where}, round {draws.round}: {VERDICT_WORDS[table.verdict]}"]
    lines += [f"{p.name}: {p.why}." for p in table.players]
    return "\n".join(lines)
