"""`CardPoolBar`: which card pools are loaded, and importing one, at the top of the Decks tab.

Deck checks need the cards' facts, which come from a card pool CSV the TO
imports (resources/cardpools/README.md). The bar names the pool of the event's
game ("Warcaste pool: 51 cards") and any other loaded pools, offers
"Import card pool…", and "Load sample pool" while the event's game has none.
A file with bad rows is refused whole by `services.cardpools`; every bad line
is listed in `PoolProblemsDialog`. The import runs off the UI thread with a
progress bar (`kit.progress`): 100,000 cards take seconds.

Calls services only: `cardpools.import_pool`, `stored_pools`, and
`resources.sample_pool_path` for the shipped sample.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QWidget,
)

from organizer.gui.kit.actions import command
from organizer.gui.kit.event_screen import EventWork
from organizer.gui.kit.layouts import column
from organizer.gui.kit.progress import run_with_progress
from organizer.gui.kit.prompts import Prompts
from organizer.services.decks.cardpools import PoolImport, import_pool, stored_pools
from organizer.services.kit.changes import Done
from organizer.services.kit.errors import InputError
from organizer.services.kit.resources import sample_pool_path
from organizer.storage.database import Database

POOL_FILTER = "Card pool CSV (*.csv);;All files (*)"
GAME_TITLES = {
    "warcaste": "Warcaste",
    "castle-wars": "Castle Wars",
    "wars": "WARS",
    "wtactics": "WTactics",
}


def game_title(game: str) -> str:
    return GAME_TITLES.get(game, game)


def pools_text(game: str, pools: list[tuple[str, str, int]]) -> str:
    """The bar's line: the event's game's pool first, then any others loaded."""
    by_game = {g: (Path(name).name, count) for g, name, count in pools}
    if game in by_game:
        name, count = by_game[game]
        text = f"<b>{game_title(game)} pool:</b> {count} cards <i>({name})</i>"
    else:
        text = (
            f"<b>No {game_title(game)} card pool yet:</b> deck lists cannot be checked. "
            "Import one, or load the sample."
        )
    others = [f"{game_title(g)} ({c} cards)" for g, (_, c) in sorted(by_game.items()) if g != game]
    if others:
        text += "  ·  also loaded: " + ", ".join(others)
    return text


def imported_text(results: list[PoolImport]) -> str:
    return "; ".join(
        f"{game_title(r.game)}: {r.cards} cards ({r.added} new, {r.changed} changed, "
        f"{r.removed} gone)"
        for r in results
    )


class PoolProblemsDialog(QDialog):
    """Why a pool file was refused: every bad line with its number."""

    def __init__(self, source: str, problems: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Card pool not imported")
        self.resize(640, 360)
        lines = problems.splitlines()
        self.headline = QLabel(
            f"Nothing was imported from {source}: fix these {len(lines)} line(s) and import "
            "it again. A half-imported pool would make good decks look illegal."
        )
        self.headline.setWordWrap(True)
        self.details = QPlainTextEdit(problems)
        self.details.setReadOnly(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        column(self.headline, (self.details, 1), buttons, parent=self)


class CardPoolBar(EventWork, QFrame):
    """The pools of the event's `game`; an import is a write (`changes_applied`)."""

    def __init__(
        self,
        db: Database,
        event_id: int,
        prompts: Prompts,
        *,
        game: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(db, event_id, prompts, parent)
        self.game = game
        self.setFrameShape(QFrame.Shape.StyledPanel)
        tip = f"The invented sample cards shipped for {game_title(game)}"
        self.load_sample.action.setStatusTip(tip)  # the game is the bar's, not the class's

        self.label = QLabel()
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setWordWrap(True)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.load_sample.button)
        layout.addWidget(self.import_file.button)
        # Not read here: the Decks tab reads the pools with the rest (`show_pools`).

    def refresh(self) -> None:
        """Read the pools again (after an import of this bar's)."""
        self.show_pools(self.prompts.attempt("Card pools", lambda: stored_pools(self.db)) or [])

    def show_pools(self, pools: list[tuple[str, str, int]]) -> None:
        """Show the pools read (`services.cardpools.stored_pools`)."""
        loaded = any(g == self.game for g, _, _ in pools)
        self.label.setText(pools_text(self.game, pools))
        self.load_sample.button.setVisible(not loaded)
        self.load_sample.action.setEnabled(not loaded)

    @command("&Import card pool…", tip="Read the cards' facts from a card pool CSV")
    def import_file(self) -> None:
        path = self.prompts.open_path("Import card pool", POOL_FILTER)
        if path:
            self.import_path(path)

    @command("Load sampl&e pool")
    def load_sample(self) -> None:
        self.import_path(str(sample_pool_path(self.game)))

    def import_path(self, path: str) -> None:
        text = self.prompts.read_text("Import card pool", path)
        if text is None:
            return
        source = Path(path).name

        def run() -> Done[list[PoolImport]] | None:
            try:
                return run_with_progress(
                    lambda progress: import_pool(
                        self.db, text=text, source=source, progress=progress
                    ),
                    parent=self,
                    title="Import card pool",
                    text=f"Importing {source}…",
                )
            except InputError as exc:
                self.prompts.run_dialog(PoolProblemsDialog(source, str(exc), self))
                return None

        def shown(imported: Done[list[PoolImport]]) -> str:
            self.refresh()
            return f"Imported {source}: {imported_text(imported.value)}."

        self.write("Import card pool", run, shown)
