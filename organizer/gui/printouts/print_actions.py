"""Print commands: each printout as Preview…, Print… and Save PDF…, for a tab and the menu.

`PRINTOUTS` names what the TO can print, each tied to one kind of
`services.printouts` (deck sheets and blank deck forms are both
"decklists"). A tab makes one `PrintCommands` for its own printouts: the
Rounds tab pairings by table and by name and match slips (for the round it
shows, with a "Large type pairings" option), the Standings tab the
standings, the Pods tab pod sheets and seat slips, the Decks tab deck sheets
and blank forms. It offers a `menu` (one submenu per printout with Preview…,
Print…, Save PDF…) behind the tab's Print button, and the main window's
Print menu lists the same submenus for every tab. `preview_main` opens the
tab's first printout: Ctrl+Shift+P.

The paper is the event's `paper` setting (the preview can switch it for one
printout). The PDF always comes from `services.printouts.printout` inside
`Prompts.attempt_off_ui`, read with the paper and the file name to offer
(`printouts.print_setup`) on a worker thread, so the UI thread reads nothing;
a refusal ("no round is paired yet") is a warning and nothing else happens.
Imports Qt, services and our PDF helpers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QPushButton

from organizer.core.views.wording import plural
from organizer.gui.kit.event_screen import EventWork
from organizer.gui.kit.page_host import page_url_for
from organizer.gui.printouts.pdf_pages import ask_and_print
from organizer.gui.printouts.print_preview import PrintPreviewDialog, ask_pdf_path, write_pdf
from organizer.services.printouts import printouts
from organizer.services.printouts.printouts import PrintSetup


@dataclass(frozen=True, slots=True)
class Printout:
    key: str
    kind: str
    """The `services.printouts` kind."""
    title: str
    per_round: bool = False
    large_type: bool = False
    """Offers the large-type option (pairings for the wall)."""
    blank: bool = False


PRINTOUTS: dict[str, Printout] = {
    p.key: p
    for p in (
        Printout("pairings", "pairings", "Pairings by table", per_round=True, large_type=True),
        Printout(
            "pairings-by-name",
            "pairings-by-name",
            "Pairings by name",
            per_round=True,
            large_type=True,
        ),
        Printout("slips", "slips", "Match slips", per_round=True),
        Printout("standings", "standings", "Standings"),
        Printout("pods", "pods", "Pod sheets"),
        Printout("seat-slips", "seat-slips", "Seat slips"),
        Printout("decklists", "decklists", "Deck sheets"),
        Printout("blank-decklists", "decklists", "Blank deck forms", blank=True),
        Printout("penalties", "penalties", "Penalty report"),
        Printout("prizes", "prizes", "Prize sheet"),
    )
}


class PrintCommands(QObject):
    """The printouts `keys` of the tab `owner`; what they say goes to its status bar."""

    status_reported = Signal(str)

    def __init__(
        self,
        owner: EventWork,
        keys: Sequence[str],
        *,
        round_number: Callable[[], int | None] = lambda: None,
    ) -> None:
        super().__init__(owner)
        self.db, self.event_id, self.prompts = owner.db, owner.event_id, owner.prompts
        self.owner = owner
        owner.relay(self)
        self.printouts = [PRINTOUTS[k] for k in keys]
        self.round_number = round_number
        self.menu = QMenu("Print", owner)
        self.submenus: dict[str, QMenu] = {}
        self.large_action: QAction | None = None
        for p in self.printouts:
            self.submenus[p.key] = self._submenu(p)
            self.menu.addMenu(self.submenus[p.key])
        if any(p.large_type for p in self.printouts):
            self.large_action = QAction("Large type pairings", self)
            self.large_action.setCheckable(True)
            self.large_action.setStatusTip("Print the pairings in big letters, for the wall")
            self.menu.addSeparator()
            self.menu.addAction(self.large_action)
        self.button = QPushButton("Print")
        self.button.setMenu(self.menu)
        titles = [p.title.lower() for p in self.printouts]
        self.button.setToolTip(
            f"Preview, print or save {', '.join(titles)} (Ctrl+Shift+P previews {titles[0]})"
        )

    def _submenu(self, printout: Printout) -> QMenu:
        menu = QMenu(printout.title, self.owner)
        for text, slot in (
            ("Pre&view…", self.preview),
            ("&Print…", self.print_),
            ("&Save PDF…", self.save),
        ):
            action = menu.addAction(text)
            action.setStatusTip(f"{text.replace('&', '').rstrip('…')} {printout.title.lower()}")
            action.triggered.connect(lambda _checked=False, k=printout.key, s=slot: s(k))
        return menu

    # --- making the PDF --------------------------------------------------------

    @property
    def main_key(self) -> str:
        return self.printouts[0].key

    def large(self) -> bool:
        return self.large_action is not None and self.large_action.isChecked()

    def title(self, key: str) -> str:
        printout = PRINTOUTS[key]
        number = self.round_number() if printout.per_round else None
        return printout.title + (f", round {number}" if number is not None else "")

    def pdf(self, key: str, *, paper: str | None = None, large: bool | None = None) -> bytes | None:
        """The printout's PDF (on the event's paper unless `paper` is given), read off the UI
        thread; None after showing why it cannot be printed now."""
        made = self._read(key, paper=paper, large=large, setup=False)
        return None if made is None else made[1]

    def laid_out(self, key: str) -> tuple[PrintSetup, bytes] | None:
        """The event's paper and name with the printout's PDF laid out on that paper: one
        read off the UI thread. None after showing why it cannot be printed now."""
        made = self._read(key, paper=None, large=None, setup=True)
        if made is None:
            return None
        setup, pdf = made
        assert setup is not None
        return setup, pdf

    def _read(
        self, key: str, *, paper: str | None, large: bool | None, setup: bool
    ) -> tuple[PrintSetup | None, bytes] | None:
        printout = PRINTOUTS[key]
        number = self.round_number() if printout.per_round else None
        big = (self.large() if large is None else large) and printout.large_type
        url = page_url_for(self.event_id)  # read on the UI thread, where the page lives

        def make() -> tuple[PrintSetup | None, bytes]:
            read = printouts.print_setup(self.db, event_id=self.event_id) if setup else None
            pdf = printouts.printout(
                self.db,
                event_id=self.event_id,
                kind=printout.kind,
                round_number=number,
                paper=paper,
                large=big,
                blank=printout.blank,
                page_url=url,
            )
            return read, pdf

        return self.prompts.attempt_off_ui(
            printout.title, f"Laying out {printout.title.lower()}…", make
        )

    # --- commands -------------------------------------------------------------

    def preview_main(self) -> PrintPreviewDialog | None:
        return self.preview(self.main_key)

    def preview(self, key: str) -> PrintPreviewDialog | None:
        """Show the printout in the preview dialog (modal); the dialog, once closed."""
        made = self.laid_out(key)
        if made is None:
            return None
        setup, pdf = made
        printout = PRINTOUTS[key]
        dialog = PrintPreviewDialog(
            self.title(key),
            pdf,
            lambda paper, large: self.pdf(key, paper=paper, large=large),
            self.prompts,
            paper=setup.paper,
            large=self.large() if printout.large_type else None,
            suggested_name=setup.file_name(self.title(key)),
            parent=self.owner,
        )
        dialog.status_reported.connect(self.status_reported.emit)
        self.prompts.run_dialog(dialog)
        return dialog

    def print_(self, key: str) -> int | None:
        """Print… straight away: the system print dialog; pages printed, or None."""
        made = self.laid_out(key)
        if made is None:
            return None
        setup, pdf = made
        title = self.title(key)
        pages = ask_and_print(pdf, self.prompts, paper=setup.paper, title=title, parent=self.owner)
        if pages is not None:
            self.status_reported.emit(f"Printed {title}: {plural(pages, 'page')}.")
        return pages

    def save(self, key: str) -> str | None:
        """Save PDF…: ask for a file name first, then lay the printout out (a busy
        indicator if that takes a while: seconds at a big event) and write it there;
        the path, or None. A round's printout before round 1 is refused before asking."""
        title = self.title(key)
        pdf: bytes | None = None
        if PRINTOUTS[key].per_round and self.round_number() is None:
            made = self.laid_out(key)  # before round 1: says why at once (else: the latest)
            if made is None:
                return None
            setup: PrintSetup | None = made[0]
            pdf = made[1]
        else:  # the file's name from the event's, read off the UI thread
            setup = self.prompts.attempt_off_ui(
                title,
                "Reading the event…",
                lambda: printouts.print_setup(self.db, event_id=self.event_id),
            )
        if setup is None:
            return None
        path = ask_pdf_path(self.prompts, title=title, suggested=setup.file_name(title))
        if path is None:
            return None
        pdf = pdf or self.pdf(key)
        if pdf is None:
            return None
        saved = write_pdf(pdf, path, self.prompts, title=title)
        if saved is not None:
            self.status_reported.emit(f"Saved {title} to {saved}.")
        return saved
