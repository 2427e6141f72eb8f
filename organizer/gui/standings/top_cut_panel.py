"""`TopCutPanel`: starting the top cut, its bracket, and the final standings.

The Standings tab places the panel's "Top cut…" button in its top row and
the panel above the Swiss standings. The button shows the recommendation
("Recommended for 24 players: 5 Swiss rounds + top 8") and lets the TO pick
a top 4, 8 or 16 (`Prompts.choose`); `services.topcut.start` seeds the best
players of the Swiss standings and pairs the first playoff round, which the
Rounds tab then shows like any other round (Pair next round advances the
bracket). Once a cut exists the panel shows the bracket (`BracketView`) and
beside it the final standings (`services.standings.final`): playoff players
by how far they got, then everyone else.

Every read and write is a service call, run off the UI thread (the sizes on
offer come with the tie at each, `topcut.cut_options`, so the tie is asked
about without a read); nothing about brackets is decided here.

In a Conquest event the playoff is one Conquest game (8c): the choices are a
final table of 3, 4 or 5, and the panel shows that table's state instead of a
bracket (`services.topcut.final_table_state`).

A tie across the cut line (issue 25; docs/rules.md "Top cut") is shown before
anything is stored: the tied names, the values they share and how many make
it, and the TO chooses a recorded random draw, the listed order, or an order
typed as IDs (`Prompts.ask_text`); cancelling stores nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from typing import NamedTuple

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QLabel,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from organizer.core.pairing.cut_line import CutTie
from organizer.core.pairing.final_table import FinalTable
from organizer.core.pairing.standings import FinalRow
from organizer.core.pairing.topcut import Bracket, EventStructure
from organizer.core.views.round_view import RoundView
from organizer.core.views.wording import counted, plural
from organizer.gui.kit.actions import command
from organizer.gui.kit.elided_label import ElidedLabel
from organizer.gui.kit.emphasis import embolden
from organizer.gui.kit.event_screen import EventPanel
from organizer.gui.kit.table_views import rows_table
from organizer.gui.standings.bracket_view import BracketView, round_title
from organizer.gui.standings.final_standings_model import FinalStandingsModel
from organizer.services.event.interchange import load_event
from organizer.services.kit.changes import Done
from organizer.services.rounds import standings, topcut

TIE_CHOICES = ("Random draw (recorded)", "Keep the listed order (by name)", "Enter an order…")


def tie_text(tie: CutTie) -> str:
    """The tie across the line as the TO sees it before deciding."""
    lines = [
        f"An exact tie across the top {tie.size} line, ranks {tie.ranks[0]}\u2013{tie.ranks[1]}:",
        "",
        *(f"    {name} ({code})" for code, name in zip(tie.players, tie.names, strict=True)),
        "",
        "They all have " + ", ".join(f"{label} {value}" for label, value in tie.values) + ".",
        f"{tie.places} of them make{'s' if tie.places == 1 else ''} the cut. No tiebreaker "
        "separates them; the standings only list them by name.",
        "",
        "How is the tie broken?",
    ]
    return "\n".join(lines)


TIE_HOW = ("a random draw (recorded)", "the listed order (by name)", "the TO's order")


def tie_outcome_text(tie: CutTie, how: str, seated: Set[str]) -> str:
    """Who of the tied players made the cut, and how the tie was broken, said once the
    cut is stored (the judge is asked later why one of them is in and the other not)."""
    names = dict(zip(tie.players, tie.names, strict=True))
    made = [names[p] for p in tie.players if p in seated]
    out = [names[p] for p in tie.players if p not in seated]
    return (
        f"The tie at ranks {tie.ranks[0]}\u2013{tie.ranks[1]} was broken by {how}: "
        f"{', '.join(made)} made the cut; {', '.join(out)} did not."
    )


def recommendation_text(
    players: int, structure: EventStructure, *, final_table: bool = False
) -> str:
    """ "Recommended for 24 players: 5 Swiss rounds + top 8" (Conquest: "+ a final table
    of 4")."""
    rounds = plural(structure.swiss_rounds, "Swiss round")
    word = "a final table of" if final_table else "top"
    cut = f" + {word} {structure.top_cut}" if structure.top_cut else ", no top cut"
    return f"Recommended for {plural(players, 'player')}: {rounds}{cut}"


def final_table_text(table: FinalTable, names: Mapping[str, str]) -> str:
    """ "Final table of 4: won by Ada", "… game 2 being played (game 1 had no winner)"."""
    head = f"Final table of {len(table.seeds)}: "
    if table.champion is not None:
        return head + f"won by {names.get(table.champion, table.champion)}"
    game = max(1, len(table.games))
    again = (
        f" (no winner in {plural(table.drawn_games, 'game')}: played again)"
        if table.drawn_games
        else ""
    )
    return head + f"game {game} being played{again}"


def final_table_seats(table: FinalTable, names: Mapping[str, str], rounds: list[int]) -> str:
    """The seats, best seed first, then each game: "Round 3: no winner (played again)"."""
    seats = [f"Seat {i}: {names.get(p, p)} (seed {i})" for i, p in enumerate(table.seeds, 1)]
    games = []
    for number, game in zip(rounds, table.games, strict=False):
        if not game.reported:
            games.append(f"Round {number}: being played")
        elif game.winner is None:
            games.append(f"Round {number}: no winner (played again)")
        else:
            games.append(f"Round {number}: won by {names.get(game.winner, game.winner)}")
    return "\n".join([*seats, "", *games])


def state_text(bracket: Bracket, names: Mapping[str, str]) -> str:
    """Where the playoff is: the round being played, the next to pair, or the winner."""
    if bracket.champion is not None:
        return f"won by {names.get(bracket.champion.player, bracket.champion.player)}"
    if bracket.played == 0:
        return "waiting for its first round"
    current = bracket.rounds[bracket.played - 1]
    title = round_title(len(current))
    if all(m.winner is not None for m in current):
        following = round_title(len(current) // 2).lower()
        return f"{title.lower()} done; Pair next round (Rounds tab) pairs the {following}"
    return f"{title.lower()} being played"


class CutRead(NamedTuple):
    """The playoff as the panel shows it, read by any thread (`TopCutPanel.read`)."""

    bracket: Bracket | None
    names: dict[str, str]
    numbers: list[int]
    """The numbers of the playoff's rounds."""
    final: tuple[FinalRow, ...]
    table: FinalTable | None = None
    """A Conquest final table (8c), shown instead of a bracket."""


class TopCutPanel(EventPanel):
    def build(self) -> None:
        self.has_cut = False

        self.title_label = ElidedLabel()
        embolden(self.title_label)
        self.bracket_view = BracketView()
        self.bracket_area = QScrollArea()
        self.bracket_area.setWidget(self.bracket_view)
        self.bracket_area.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

        self.final_label = QLabel()
        self.final_label.setFont(self.title_label.font())
        self.final_model = FinalStandingsModel(self)
        self.final_table = rows_table(self.final_model, 1)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 4, 0)
        left_layout.addWidget(self.title_label)
        left_layout.addWidget(self.bracket_area, 1)
        self.table_label = QLabel()  # a Conquest final table's seats and games, in words
        self.table_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.table_label.setWordWrap(True)
        self.table_label.hide()
        left_layout.addWidget(self.table_label, 1)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(4, 0, 0, 0)
        right_layout.addWidget(self.final_label)
        right_layout.addWidget(self.final_table, 1)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([620, 340])  # a top 8 bracket fits beside the standings
        self.splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)
        self.hide()

    def refresh(self) -> None:
        """Read the bracket and the final standings again, off the UI thread as a tab reads
        (a big event's standings take a moment); hidden while there is no cut. A read that
        fails is said under "Top cut" and leaves the panel as it was."""
        read = self.prompts.attempt_off_ui("Top cut", "Reading the playoff…", self.read)
        if read is not None:
            self.show_read(read)

    def read(self) -> CutRead:
        """The bracket, names and final standings: service calls only (any thread)."""
        bracket = topcut.bracket(self.db, event_id=self.event_id)
        table = topcut.final_table_state(self.db, event_id=self.event_id)
        if bracket is None and table is None:
            return CutRead(None, {}, [], ())
        event = load_event(self.db, event_id=self.event_id)
        names: dict[str, str] = {p.id: p.name for p in event.players}
        numbers = [r.number for r in event.rounds if r.stage == "elimination"]
        final = standings.final(self.db, event_id=self.event_id)
        return CutRead(bracket, names, numbers, final, table)

    def show_read(self, read: CutRead) -> None:
        """Show what `read` read; hidden while there is no cut."""
        bracket, names, numbers, table = read.bracket, read.names, read.numbers, read.table
        self.has_cut = bracket is not None or table is not None
        self.start_cut.action.setEnabled(not self.has_cut)
        self.setVisible(self.has_cut)
        self.bracket_area.setVisible(table is None)
        self.table_label.setVisible(table is not None)
        if table is not None:
            self._show_final_table(table, read)
            return
        if bracket is None:
            self.bracket_view.set_bracket(None, {})
            self.final_model.set_rows((), size=0, first_round=0)
            return
        self.bracket_view.set_bracket(bracket, names, numbers)
        self.bracket_view.resize(self.bracket_view.sizeHint())
        size = 2 * len(bracket.rounds[0])
        champion = bracket.champion
        self.title_label.setText(f"Top {size}: {state_text(bracket, names)}")
        self.final_model.set_rows(
            read.final,
            size=size,
            first_round=numbers[0] if numbers else 0,
        )
        self.final_label.setText(
            "Final standings" if champion is not None else "Standings with the playoff so far"
        )

    def _show_final_table(self, table: FinalTable, read: CutRead) -> None:
        numbers = read.numbers
        self.bracket_view.set_bracket(None, {})
        self.title_label.setText(final_table_text(table, read.names))
        self.table_label.setText(final_table_seats(table, read.names, numbers))
        self.final_model.set_rows(
            read.final,
            size=len(table.seeds),
            first_round=numbers[0] if numbers else 0,
            final_table=True,
        )
        self.final_label.setText(
            "Final standings" if table.champion is not None else "Standings with the final so far"
        )

    @command("&Top cut…", tip="Seed the best Swiss players into a single-elimination playoff")
    def start_cut(self) -> None:
        options = self.prompts.attempt_off_ui(  # the standings at every size: a moment
            "Top cut",
            "Reading the standings…",
            lambda: topcut.cut_options(self.db, event_id=self.event_id),
        )
        if options is None:
            return
        conquest, sizes = options.final_table, options.sizes
        after = (
            "(no round played yet)"
            if options.after_round is None
            else f"after round {options.after_round}"
        )
        advice = recommendation_text(options.active, options.recommended, final_table=conquest)
        question = f"{advice}.\n\n" + (
            f"Seat the best players of the Swiss standings {after} at one final table "
            "(a Conquest game of 3 to 5, Warcaste 8c)?"
            if conquest
            else f"Seed the best players of the Swiss standings {after} into a "
            "single-elimination bracket and pair its first round?"
        )
        word = "Final table of" if conquest else "Top"
        labels = [
            f"{word} {s}" + (" (recommended)" if s == options.recommended.top_cut else "")
            for s in sizes
        ]
        choice = self.prompts.choose("Top cut", question, labels)
        if choice is None:
            return
        size = sizes[choice]
        decided = self._break_tie(options.ties.get(size))
        if decided is None:
            return
        break_ties, order, tie_said = decided

        def shown(started: Done[RoundView]) -> str:
            round_ = started.value
            self.refresh()
            matches = len(round_.matches)
            said = (
                f"Final table of {size} seated: round {round_.number}."
                if conquest
                else f"Top {size} started: round {round_.number} paired "
                f"({counted(matches, 'match', 'matches')})."
            )
            if tie_said is not None:
                tie, how = tie_said
                seated = {p for m in round_.matches for p in m.players}
                said += " " + tie_outcome_text(tie, how, seated)
            return said

        self.write(
            "Top cut",
            lambda: topcut.start(
                self.db, event_id=self.event_id, size=size, break_ties=break_ties, order=order
            ),
            shown,
            busy=f"Seeding the top {size}…",
        )

    def _break_tie(
        self, tie: CutTie | None
    ) -> tuple[topcut.BreakTies | None, list[str] | None, tuple[CutTie, str] | None] | None:
        """How the TO breaks `tie`, the tie across the line read with the cut's options,
        and the tie with the words for how (nothing to break: (None, None, None)); None when
        they cancel."""
        if tie is None:
            return None, None, None
        choice = self.prompts.choose("Tie across the cut", tie_text(tie), TIE_CHOICES)
        if choice is None:
            return None
        said = (tie, TIE_HOW[choice])
        if choice == 0:
            return "random", None, said
        if choice == 1:
            return "name", None, said
        typed = self.prompts.ask_text(
            "Tie across the cut",
            "Every tied player's ID, best first, separated by commas ("
            + ", ".join(tie.players)
            + "):",
        )
        if typed is None:
            return None
        return None, [part.strip() for part in typed.split(",") if part.strip()], said
