"""The Pods tab: draft pods, seats and pass directions, and the draft timer.

At the top which draft is shown and how the players split ("20 players in 3
pods of at most 8: 7, 7, 6 (as equal as possible)"), then the commands: Seat
draft pods (with an optional seed, so a seating can be made again, and the
pins collected by Pins…, stored with the seating and offered again), Swap
seats…, Second draft by standings (a day-2 draft after some rounds),
Register drafted pool… for the selected player, Print (pod sheets and seat
slips, `PrintCommands`), and the event's pod settings (Pod size, Keep later
rounds inside pods); on the right the draft timer (`DraftTimerPanel`). Under
them one small table per pod (seat, player, id) with the pass direction of
each pack ("Pack 1 → right, Pack 2 ← left, Pack 3 → right"), three pods a
row.

Events in a format that is not a draft show a one-line note and seat no pods
(formats.md: pod seating exists only in draft formats; the service refuses).
Every change is one service call (`services.pods`, `services.settings`,
`services.decks`) through `Prompts.attempt`; the tab
reads the seating again when a change from here or another tab
(`refresh_for`) names players, pairings or the seating. No seating rule
lives here: the services refuse and explain.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from PySide6.QtCore import QRegularExpression, Qt
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from organizer.core.event_settings import EventSettings
from organizer.core.formats.catalog import FORMATS
from organizer.core.formats.event_rules import MAX_POD_SIZE, MIN_POD_SIZE
from organizer.core.seating.pods import Seating
from organizer.core.views.wording import plural
from organizer.gui.kit.actions import command
from organizer.gui.kit.elided_label import ElidedLabel
from organizer.gui.kit.emphasis import embolden
from organizer.gui.kit.event_screen import EventScreen
from organizer.gui.kit.layouts import STRETCH, column, row
from organizer.gui.kit.table_views import rows_table
from organizer.gui.pods.draft_timer import DraftTimerPanel
from organizer.gui.pods.drafted_pool_dialog import DraftedPoolDialog
from organizer.gui.pods.pod_dialogs import PinsDialog, SeatSwapDialog, pin_text
from organizer.gui.pods.pod_seats_model import NAME, PodSeatsModel
from organizer.gui.printouts.print_actions import PrintCommands
from organizer.services.decks import decks
from organizer.services.event import settings
from organizer.services.event.events import get_event
from organizer.services.event.interchange import load_event
from organizer.services.kit.changes import Changes, Done
from organizer.services.players.registration import list_players
from organizer.services.rounds import pods
from organizer.storage.records import PlayerRecord

POD_COLUMNS = 3
ARROWS = {"right": "\u2192", "left": "\u2190"}
NOTE_STYLE = (
    "QLabel { background: #e8f0fb; color: #1f3b63; border: 1px solid #a9c1e3;"
    " border-radius: 3px; padding: 4px 8px; }"
)


def passes_text(passes: Sequence[str]) -> str:
    """ "Pack 1 → right, Pack 2 ← left, Pack 3 → right"."""
    return ", ".join(
        f"Pack {n} {ARROWS.get(direction, '?')} {direction}"
        for n, direction in enumerate(passes, start=1)
    )


def heading_text(view: pods.PodsView | None, rounds_played: int) -> str:
    if view is None:
        return "No pods seated yet"
    how = (
        "seated before round 1"
        if view.after_round == 0
        else f"seated by standings after round {view.after_round}"
    )
    seed = f" · seed {view.seating.seed}" if view.seating.seed is not None else ""
    locked = (
        f" · seats locked (round {view.after_round + 1} is paired)"
        if rounds_played > view.after_round
        else ""
    )
    return f"Draft {view.draft} · {how}{seed}{locked}"


class PodsRead(NamedTuple):
    """What the Pods tab shows, read on a worker thread."""

    rounds_played: int
    names: dict[str, str]
    view: pods.PodsView | None
    settings: EventSettings


class PodsTab(EventScreen):
    title = "Pods"
    touched_by = frozenset({"players", "pairings", "seating", "events"})
    reading_text = "Reading the pods…"

    def build(self) -> None:
        format_id = get_event(self.db, self.event_id).format_id
        info = next((f for f in FORMATS if f.id == format_id), None)
        self.is_draft = info is not None and info.draft
        self.format_title = info.title if info is not None else format_id
        self.pins: dict[str, tuple[int, int]] = {}
        self._stored_pins: tuple[tuple[str, int, int], ...] = ()
        self.pods_view: pods.PodsView | None = None
        self.rounds_played = 0
        self.names: dict[str, str] = {}
        self.models: list[PodSeatsModel] = []
        self.pod_tables: list[QTableView] = []
        self._selected: str | None = None

        self.timer_panel = DraftTimerPanel(self.db, self.event_id, self.prompts)
        self.print_commands = PrintCommands(self, ("pods", "seat-slips"))
        self._make_widgets()
        self._layout()
        self.relay(self.timer_panel)
        self.pod_size_spin.valueChanged.connect(self.set_pod_size)
        self.keep_check.toggled.connect(self.set_keep_in_pods)

    # --- building -----------------------------------------------------------

    def _make_widgets(self) -> None:
        self.note_label = QLabel(
            f"Pods are for draft events; {self.format_title} is not a draft format, "
            "so no pods are seated (Warcaste 8b)."
        )
        self.note_label.setStyleSheet(NOTE_STYLE)
        self.note_label.setWordWrap(True)
        self.heading_label = ElidedLabel()
        embolden(self.heading_label)
        self.explanation_label = QLabel()
        self.explanation_label.setWordWrap(True)  # a long sentence never widens the window
        self.pins_label = QLabel()
        self.pins_label.setWordWrap(True)
        self.pins_label.setStyleSheet("color: palette(placeholder-text);")

        self.seed_edit = QLineEdit()
        self.seed_edit.setPlaceholderText("random")
        self.seed_edit.setValidator(
            QRegularExpressionValidator(QRegularExpression(r"\d{0,10}"), self.seed_edit)
        )
        self.seed_edit.setFixedWidth(self.seed_edit.fontMetrics().horizontalAdvance("0" * 11) + 12)
        self.seed_edit.setToolTip("The same seed and players give the same seats again")
        self.seed_label = QLabel("S&eed:")
        self.seed_label.setBuddy(self.seed_edit)

        self.pods_area = QScrollArea()
        self.pods_area.setWidgetResizable(True)
        self.pods_area.setFrameShape(QScrollArea.Shape.NoFrame)
        self.empty_label = QLabel(
            "Seat draft pods draws the seats. The pods, their seats and the pass "
            "directions show here."
        )
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setStyleSheet("color: palette(placeholder-text);")

        self.pod_size_spin = QSpinBox()
        self.pod_size_spin.setRange(MIN_POD_SIZE, MAX_POD_SIZE)  # the setting's own bounds
        self.pod_size_spin.setKeyboardTracking(False)
        self.pod_size_spin.setToolTip("Most players in a pod; the next seating uses it")
        self.keep_check = QCheckBox("&Keep later rounds inside pods")
        self.keep_check.setToolTip(
            "Round 1 after a draft is always paired inside the pods; "
            "with this, every later round is too"
        )
        self.pod_size_label = QLabel("Pod si&ze:")
        self.pod_size_label.setBuddy(self.pod_size_spin)

    def _layout(self) -> None:
        seating = row(
            self.seat_pods.button,
            self.seed_label,
            self.seed_edit,
            self.edit_pins.button,
            STRETCH,
            self.print_commands.button,
        )
        changing = row(
            self.swap_seats.button,
            self.seat_by_standings.button,
            self.register_pool.button,
            STRETCH,
        )
        options = row(self.pod_size_label, self.pod_size_spin, 12, self.keep_check, STRETCH)
        commands = column(
            self.note_label,
            self.heading_label,
            self.explanation_label,
            seating,
            changing,
            options,
            STRETCH,
        )
        top = row((commands, 1))
        top.addWidget(self.timer_panel, 0, Qt.AlignmentFlag.AlignTop)
        column(top, self.pins_label, (self.pods_area, 1), (self.empty_label, 1), parent=self)
        self.note_label.setVisible(not self.is_draft)  # only once it has a parent
        self.setFocusProxy(self.seat_pods.button)

    # --- reading ---------------------------------------------------------------

    def read(self) -> PodsRead:
        event = load_event(self.db, event_id=self.event_id)
        return PodsRead(
            len(event.rounds),
            {p.id: p.name for p in event.players},
            pods.view(self.db, event_id=self.event_id),
            settings.get_settings(self.db, event_id=self.event_id),
        )

    def show_read(self, read: PodsRead) -> None:
        """The seating and the pod settings read again, keeping the selected player."""
        keep = self._selected
        self.rounds_played = read.rounds_played
        self.names = read.names
        self.pods_view = view = read.view
        self._fill_pods()
        self._take_stored_pins(view)
        self.heading_label.setText(heading_text(view, self.rounds_played))
        self.explanation_label.setText(view.explanation if view else "")
        self.explanation_label.setVisible(view is not None)
        self._show_settings(read.settings)
        self._refresh_pins()
        if keep is not None:
            self.select_player(keep)
        self.seat_pods.action.setEnabled(self.is_draft and self.rounds_played == 0)
        self.seat_by_standings.action.setEnabled(self.is_draft and self.rounds_played > 0)
        self.swap_seats.action.setEnabled(
            view is not None and self.rounds_played <= view.after_round
        )
        self.timer_panel.redraw()

    def refresh_for(self, changes: Changes) -> None:
        """Another tab's change: players come and go, a round is paired, settings change
        (read now if shown, else when next shown); the clock redraws the draft timer."""
        if self.touches(changes):
            super().refresh_for(changes)
        elif changes.clock:
            self.timer_panel.redraw()

    def _read_settings(self) -> None:
        values = self.prompts.attempt(
            "Pod settings", lambda: settings.get_settings(self.db, event_id=self.event_id)
        )
        if values is not None:
            self._show_settings(values)

    def _show_settings(self, values: EventSettings) -> None:
        for widget in (self.pod_size_spin, self.keep_check):
            widget.blockSignals(True)
        self.pod_size_spin.setValue(values.pod_size)
        self.keep_check.setChecked(values.pods_keep_rounds)
        for widget in (self.pod_size_spin, self.keep_check):
            widget.blockSignals(False)

    def _fill_pods(self) -> None:
        self.models = []
        self.pod_tables = []
        self._selected = None
        view = self.pods_view
        self.pods_area.setVisible(view is not None)
        self.empty_label.setVisible(view is None)
        widget = QWidget()  # a new page each time: the scroll area deletes the old one
        grid = QGridLayout(widget)
        grid.setContentsMargins(0, 0, 0, 0)
        for i, pod in enumerate(view.seating.pods if view else ()):
            box = QGroupBox()
            model = PodSeatsModel(pod, view.names if view else {}, box)
            self._fill_pod_box(box, model, pod.passes)
            grid.addWidget(box, i // POD_COLUMNS, i % POD_COLUMNS)
        for grid_column in range(POD_COLUMNS):
            grid.setColumnStretch(grid_column, 1)
        grid.setRowStretch(grid.rowCount(), 1)
        self.pods_area.setWidget(widget)

    def _fill_pod_box(self, box: QGroupBox, model: PodSeatsModel, passes: Sequence[str]) -> None:
        count = model.rowCount()
        box.setTitle(f"Pod {model.pod_number} · {plural(count, 'player')}")
        table = rows_table(model, NAME)
        table.setSizeAdjustPolicy(QTableView.SizeAdjustPolicy.AdjustToContents)
        table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        table.selectionModel().selectionChanged.connect(
            lambda *_, t=table: self._pod_selection_changed(t)
        )
        passes_label = QLabel(passes_text(passes))
        passes_label.setToolTip(
            "Pass right: to the seat number before yours; pass left: to the next seat number"
        )
        layout = QVBoxLayout(box)
        layout.addWidget(passes_label)
        layout.addWidget(table)
        layout.addStretch(1)  # a smaller pod keeps its rows at the top
        self.models.append(model)
        self.pod_tables.append(table)

    # --- selection ---------------------------------------------------------------

    def _pod_selection_changed(self, table: QTableView) -> None:
        rows = table.selectionModel().selectedRows()
        if not rows:
            if all(not t.selectionModel().hasSelection() for t in self.pod_tables):
                self._selected = None
            return
        model = table.model()
        assert isinstance(model, PodSeatsModel)
        self._selected = model.player_at(rows[0].row())
        for other in self.pod_tables:
            if other is not table:
                other.selectionModel().blockSignals(True)
                other.clearSelection()
                other.selectionModel().blockSignals(False)
                other.viewport().update()

    def selected_player(self) -> str | None:
        return self._selected

    def select_player(self, player: str) -> bool:
        for table, model in zip(self.pod_tables, self.models, strict=True):
            row = model.row_of(player)
            if row is not None:
                table.selectRow(row)
                return True
        return False

    def pod_rows(self) -> list[list[list[str]]]:
        """What the pod tables show: [seat, name, id] rows, pod by pod."""
        return [
            [
                [str(m.index(r, c).data()) for c in range(m.columnCount())]
                for r in range(m.rowCount())
            ]
            for m in self.models
        ]

    # --- commands -------------------------------------------------------------

    def _seed(self) -> int | None:
        text = self.seed_edit.text().strip()
        return int(text) if text else None

    def _players(self) -> list[PlayerRecord]:
        return [
            p
            for p in list_players(self.db, event_id=self.event_id)
            if p.dropped_after_round is None
        ]

    @command("&Seat draft pods", tip="Seat every player at random, honouring the pins")
    def seat_pods(self) -> None:
        seed = self._seed()
        if self.pods_view is not None:
            count = len(self.pods_view.seating.pods)
            question = f"Seat the draft again? The {plural(count, 'pod')} seated now are replaced."
            if not self.prompts.confirm("Seat draft pods", question):
                return
        pinned = dict(self.pins)
        self.write(
            "Seat draft pods",
            lambda: pods.seat(self.db, event_id=self.event_id, seed=seed, pinned=pinned or None),
            lambda seated: self._seated(seated, "Seated"),
        )

    @command(
        "Second draft &by standings",
        tip="A new draft after some rounds: pod 1 gets the best-ranked players",
    )
    def seat_by_standings(self) -> None:
        question = (
            f"Seat a new draft by the standings after round {self.rounds_played}? "
            "Pod 1 gets the best-ranked players, pod 2 the next, and so on."
        )
        if not self.prompts.confirm("Second draft by standings", question):
            return
        seed = self._seed()
        self.write(
            "Second draft by standings",
            lambda: pods.seat_by_standings(self.db, event_id=self.event_id, seed=seed),
            lambda seated: self._seated(seated, "Seated by standings"),
        )

    def _seated(self, seated: Done[Seating], verb: str) -> str:
        seating = seated.value
        pods = plural(len(seating.pods), "pod")
        said = f"{verb}: {len(seating.players)} players in {pods} (seed {seating.seed})."
        return self._redrawn(said)

    def _redrawn(self, said: str) -> str:
        """The pods read again after a write; `said` is passed on."""
        self.refresh()
        return said

    @command("P&ins…", tip="Pin players to a pod and seat before seating")
    def edit_pins(self) -> None:
        players = [(p.code, p.name) for p in self._players()]
        dialog = PinsDialog(players, self.pins, self)
        if not self.prompts.accepted(dialog):
            return
        self.pins = dialog.pins()
        self._refresh_pins()

    def _take_stored_pins(self, view: pods.PodsView | None) -> None:
        """Start from the pins the stored seating used, whenever that seating changes.

        Pins edited since then survive other refreshes; reopening the event, or
        a restart, finds the pins of the last seating again.
        """
        stored = view.seating.pinned if view is not None else ()
        if stored != self._stored_pins:
            self._stored_pins = stored
            self.pins = {player: (pod, seat) for player, pod, seat in stored}

    def _refresh_pins(self) -> None:
        count = len(self.pins)
        self.edit_pins.action.setText(f"P&ins ({count})…" if count else "P&ins…")
        if not count:
            self.pins_label.hide()
            return
        names = self.names
        listed = "; ".join(
            pin_text(names.get(p, p), p, pod, seat)
            for p, (pod, seat) in sorted(self.pins.items(), key=lambda kv: kv[1])
        )
        self.pins_label.setText(f"Pinned at the next seating: {listed}")
        self.pins_label.show()

    @command("S&wap seats…", tip="Two players trade seats (journaled)")
    def swap_seats(self) -> None:
        view = self.pods_view
        if view is None:
            self.prompts.warn("Swap seats", "No pods are seated yet.")
            return
        dialog = SeatSwapDialog(view.seating, view.names, self)
        if self._selected is not None:
            dialog.first_combo.setCurrentIndex(dialog.first_combo.findData(self._selected))
        if not self.prompts.accepted(dialog):
            return
        a, b = dialog.players()
        said = f"Swapped the seats of {view.names.get(a, a)} and {view.names.get(b, b)}."
        self.write(
            "Swap seats",
            lambda: pods.swap(self.db, event_id=self.event_id, player_a=a, player_b=b),
            lambda _done: self._redrawn(said),
        )

    @command(
        "Register drafted &pool…",
        tip="Keep the cards the selected player drafted, for the deck check",
    )
    def register_pool(self) -> None:
        players = self._players()
        if not players:
            self.prompts.warn("Register drafted pool", "No players are registered yet.")
            return
        labels = [(p.registration_id, f"{p.name} ({p.code})") for p in players]
        chosen = next((p.registration_id for p in players if p.code == self._selected), None)
        dialog = DraftedPoolDialog(labels, self.prompts, chosen, self)
        if not self.prompts.accepted(dialog):
            return
        registration_id, text = dialog.registration_id(), dialog.text()
        if registration_id is None:
            return
        name = next(p.name for p in players if p.registration_id == registration_id)
        self.write(
            "Register drafted pool",
            lambda: decks.register_drafted_pool(
                self.db, event_id=self.event_id, registration_id=registration_id, text=text
            ),
            lambda _done: f"{name}: drafted pool registered.",
        )

    # --- settings ---------------------------------------------------------------

    def set_pod_size(self, size: int) -> None:
        self._set("pod_size", str(size), f"Pod size: at most {size} players.")

    def set_keep_in_pods(self, keep: bool) -> None:
        note = "Later rounds are paired inside the pods." if keep else "Later rounds: Swiss."
        self._set("pods_keep_rounds", "yes" if keep else "no", note)

    def _set(self, key: str, value: str, note: str) -> None:
        done = self.write(
            "Pod settings",
            lambda: settings.set_setting(self.db, event_id=self.event_id, key=key, value=value),
            lambda _done: self._redrawn(note),
        )
        if done is None:
            self._read_settings()  # back to what is stored
