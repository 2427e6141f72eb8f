"""Printing from the GUI: Save PDF…, the preview, Print… and the refusals, on real data.

A Warcaste Skirmish Draft event with named players, two submitted deck lists,
draft pods seated and round 1 paired offers every printout. The file names
come back through `Prompts.save_path`, the print dialog through
`Prompts.run_dialog` (its printer writes a PDF into tmp_path), and every PDF
is read back with pypdf.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog, QLabel
from pytestqt.qtbot import QtBot

from organizer.gui.printouts.pdf_pages import print_pdf
from organizer.gui.printouts.print_actions import PRINTOUTS, PrintCommands
from organizer.gui.printouts.print_preview import PrintPreviewDialog
from organizer.gui.window.main_window import MainWindow
from organizer.services.decks import cardpools, decks
from organizer.services.event import events, settings
from organizer.services.kit.resources import resources_dir, sample_pool_path
from organizer.services.players import registration
from organizer.services.printouts import printouts
from organizer.services.rounds import pods
from organizer.services.rounds.pairing import pair_next
from organizer.storage.database import Database
from tests.gui.answers import Answers
from tests.gui.ui_thread_sql import sql_on_ui_thread

FORMAT = "warcaste-skirmish-draft"  # pods are seated only in a draft (formats.md)
NAMES = ["Ada Byrne", "Bo Chen", "Cy Dorn", "Di Eng", "Ed Fox", "Flo Gray"]
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def page_size(pdf: bytes) -> tuple[int, int]:
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    return round(float(box.width)), round(float(box.height))


@pytest.fixture
def event(db: Database) -> int:
    """Six players, Ada's and Bo's lists in, pods seated, round 1 paired."""
    cardpools.import_pool(
        db, text=sample_pool_path("warcaste").read_text(encoding="utf-8"), source="sample"
    )
    record = events.create_event(db, name="Friday Skirmish", format_id=FORMAT).value
    ids = [registration.add_player(db, event_id=record.id, name=n).value for n in NAMES]
    deck = (resources_dir() / "decklists" / f"sample-{FORMAT}.txt").read_text(encoding="utf-8")
    for player in ids[:2]:
        decks.submit_deck(db, event_id=record.id, registration_id=player.registration_id, text=deck)
    pods.seat(db, event_id=record.id, seed=4)
    pair_next(db, event_id=record.id, seed=1, allow_missing_decks=True)
    return record.id


def commands_of(window: MainWindow, tab_title: str) -> PrintCommands:
    assert window.event_view is not None
    tab = window.event_view.tab(tab_title)
    assert tab is not None
    window.event_view.tabs.setCurrentWidget(tab)
    commands = getattr(tab, "print_commands", None)
    assert isinstance(commands, PrintCommands)
    return commands


def trigger(commands: PrintCommands, key: str, text: str) -> None:
    """Click `text` ("Save PDF…") in the printout's submenu, as the TO would."""
    (action,) = [a for a in commands.submenus[key].actions() if a.text().replace("&", "") == text]
    action.trigger()


TAB_PRINTOUTS = {
    "Rounds": ("pairings", "pairings-by-name", "slips"),
    "Standings": ("standings", "prizes"),
    "Pods": ("pods", "seat-slips"),
    "Decks": ("decklists", "blank-decklists"),
    "Penalties": ("penalties",),
}


@pytest.mark.usefixtures("event")
def test_save_pdf_asks_for_the_file_first_and_lays_out_only_then(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a big event laying out takes seconds: the TO names the file first, and a
    cancelled file dialog lays nothing out. Layouts are counted by wrapping the real
    service function (every call still goes through to it)."""
    order: list[str] = []
    real = printouts.printout

    def printout(*args: object, **kwargs: object) -> bytes:
        order.append("laid out")
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(printouts, "printout", printout)
    answer: list[str | None] = [None]  # Cancel first

    def save_path(_title: str, suggested: str, _filter: str) -> str | None:
        order.append("asked")
        return answer[0] and str(tmp_path / suggested)

    window.prompts.save_path = save_path
    rounds = commands_of(window, "Rounds")
    trigger(rounds, "pairings", "Save PDF…")
    assert order == ["asked"]  # cancelled: nothing laid out
    answer[0] = "save"
    trigger(rounds, "pairings", "Save PDF…")
    assert order == ["asked", "asked", "laid out"]
    assert next(tmp_path.glob("*.pdf")).read_bytes().startswith(b"%PDF")


@pytest.mark.usefixtures("event")
def test_save_pdf_writes_every_printout_with_the_players_names(
    window: MainWindow, tmp_path: Path
) -> None:
    answers = Answers(window)
    asked: list[tuple[str, str]] = []

    def save_path(title: str, suggested: str, _filter: str) -> str:
        asked.append((title, suggested))
        return str(tmp_path / suggested)

    window.prompts.save_path = save_path
    for tab_title, keys in TAB_PRINTOUTS.items():
        commands = commands_of(window, tab_title)
        assert [p.key for p in commands.printouts] == list(keys)
        for key in keys:
            trigger(commands, key, "Save PDF…")
            title, suggested = asked[-1]
            path = tmp_path / suggested
            if key == "prizes":  # no prize table yet: refused, with the way to set one
                assert not path.exists()
                assert "no prize table yet" in answers.warnings.pop()
                continue
            assert path.read_bytes().startswith(b"%PDF")
            text = text_of(path.read_bytes())
            if key == "blank-decklists":
                assert "Friday Skirmish" in text and "Doctrine" in text
            elif key == "decklists":
                assert "Ada Byrne" in text and "Bo Chen" in text
            elif key == "penalties":  # none given: the judge log says so
                assert "Penalty report" in text and "No penalties given." in text
            else:
                assert all(name in text for name in NAMES), key
            assert title == f"Save {commands.title(key)}"
            assert window.statusBar().currentMessage() == (
                f"Saved {commands.title(key)} to {path}."
            )
    assert [s for _, s in asked] == [
        "friday-skirmish-pairings-by-table-round-1.pdf",
        "friday-skirmish-pairings-by-name-round-1.pdf",
        "friday-skirmish-match-slips-round-1.pdf",
        "friday-skirmish-standings.pdf",
        "friday-skirmish-prize-sheet.pdf",
        "friday-skirmish-pod-sheets.pdf",
        "friday-skirmish-seat-slips.pdf",
        "friday-skirmish-deck-sheets.pdf",
        "friday-skirmish-blank-deck-forms.pdf",
        "friday-skirmish-penalty-report.pdf",
    ]
    assert answers.warnings == []


@pytest.mark.usefixtures("event")
def test_the_print_menu_lists_every_printout_of_the_open_event(window: MainWindow) -> None:
    window.print_menu.aboutToShow.emit()  # as when the TO opens it: the tabs are built then
    titles = [a.text() for a in window.print_menu.actions() if not a.isSeparator()]
    assert titles == [
        "Pre&view this tab's printout",
        "Deck sheets",  # then tab by tab, in the order of the tabs
        "Blank deck forms",
        "Pairings by table",
        "Pairings by name",
        "Match slips",
        "Large type pairings",
        "Standings",
        "Prize sheet",
        "Pod sheets",
        "Seat slips",
        "Penalty report",
    ]
    assert {p.title for p in PRINTOUTS.values()} <= set(titles)


@pytest.mark.usefixtures("event")
def test_ctrl_shift_p_previews_the_tabs_main_printout_with_its_page_count(
    window: MainWindow, db: Database, event: int, qtbot: QtBot, tmp_path: Path
) -> None:
    answers = Answers(window)
    seen: list[tuple[str, int, str, int]] = []

    def look(dialog: QDialog) -> int:
        assert isinstance(dialog, PrintPreviewDialog)
        assert isinstance(dialog.view, QPdfView)
        document = dialog.view.document()
        seen.append(
            (dialog.title, dialog.page_count(), dialog.pages_label.text(), document.pageCount())
        )
        if dialog.title == "Standings":  # switch the paper: the printout is made again
            dialog.paper_combo.setCurrentText("Letter")
            assert dialog.pages_label.text().endswith("· Letter")
            assert page_size(dialog.pdf) == (612, 792)
            window.prompts.save_path = lambda _t, name, _f: str(tmp_path / name)
            dialog.save_button.click()
        return int(QDialog.DialogCode.Rejected)

    window.prompts.run_dialog = look
    for tab_title in ("Rounds", "Standings", "Pods"):
        commands_of(window, tab_title)
        qtbot.keyClick(window, Qt.Key.Key_P, CTRL_SHIFT)
    slips = printouts.printout(db, event_id=event, kind="pods")
    pages = len(PdfReader(io.BytesIO(slips)).pages)
    assert seen == [
        ("Pairings by table, round 1", 1, "1 page · A4", 1),
        ("Standings", 1, "1 page · A4", 1),
        ("Pod sheets", pages, f"{pages} page{'' if pages == 1 else 's'} · A4", pages),
    ]
    saved = (tmp_path / "friday-skirmish-standings.pdf").read_bytes()
    assert page_size(saved) == (612, 792)  # what the preview showed, on Letter
    assert window.statusBar().currentMessage().startswith("Saved Standings to ")

    assert window.event_view is not None
    window.event_view.tabs.setCurrentIndex(0)
    qtbot.keyClick(window, Qt.Key.Key_P, CTRL_SHIFT)
    assert len(seen) == 3
    assert window.statusBar().currentMessage() == (
        "The Players tab has nothing to print; the Print menu lists every printout."
    )
    assert answers.warnings == []


@pytest.mark.usefixtures("event")
def test_large_type_pairings_follow_the_rounds_tab_option(window: MainWindow) -> None:
    commands = commands_of(window, "Rounds")
    assert commands.large_action is not None
    normal = commands.pdf("pairings")
    commands.large_action.setChecked(True)
    large = commands.pdf("pairings")
    assert normal is not None and large is not None and normal != large
    checked: list[bool] = []

    def look(dialog: QDialog) -> int:
        assert isinstance(dialog, PrintPreviewDialog)
        checked.append(dialog.large_check.isChecked() and not dialog.large_check.isHidden())
        return 0

    window.prompts.run_dialog = look
    commands.preview("pairings")
    commands.preview("slips")  # slips have no large type
    assert checked == [True, False]


def test_print_pdf_prints_every_page_to_a_pdf_printer(
    db: Database, event: int, tmp_path: Path, qtbot: QtBot
) -> None:
    slips = printouts.printout(db, event_id=event, kind="slips")
    printer = QPrinter(QPrinter.PrinterMode.ScreenResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    printer.setResolution(150)
    assert print_pdf(slips, printer) == len(PdfReader(io.BytesIO(slips)).pages)
    printed = (tmp_path / "printed.pdf").read_bytes()
    assert printed.startswith(b"%PDF") and len(printed) > 10_000
    assert len(PdfReader(io.BytesIO(printed)).pages) == len(PdfReader(io.BytesIO(slips)).pages)


@pytest.mark.usefixtures("event")
def test_print_from_the_preview_goes_through_the_print_dialog(
    window: MainWindow, tmp_path: Path
) -> None:
    answers = Answers(window)
    output = tmp_path / "to-printer.pdf"

    def answer(dialog: QDialog) -> int:
        if isinstance(dialog, PrintPreviewDialog):
            dialog.print_button.click()
            return 0
        assert isinstance(dialog, QPrintDialog)
        printer = dialog.printer()
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(output))
        printer.setResolution(100)
        assert printer.pageLayout().pageSize().name() == "A4"  # the event's paper
        return int(QDialog.DialogCode.Accepted)

    window.prompts.run_dialog = answer
    commands_of(window, "Rounds").preview("slips")
    assert output.read_bytes().startswith(b"%PDF")
    assert window.statusBar().currentMessage() == "Printed Match slips, round 1: 1 page."
    assert answers.warnings == []


def test_the_preview_falls_back_to_page_images(
    db: Database, event: int, window: MainWindow
) -> None:
    pdf = printouts.printout(db, event_id=event, kind="seat-slips")
    dialog = PrintPreviewDialog(
        "Seat slips",
        pdf,
        lambda _paper, _large: pdf,
        window.prompts,
        paper="A4",
        large=None,
        suggested_name="seat-slips.pdf",
        parent=window,
        use_pdf_view=False,
    )
    assert dialog.view is None and dialog.pages_area is not None
    holder = dialog.pages_area.widget()
    assert holder is not None
    pages = [label for label in holder.findChildren(QLabel) if not label.pixmap().isNull()]
    assert len(pages) == dialog.page_count() == len(PdfReader(io.BytesIO(pdf)).pages)
    assert pages[0].pixmap().width() == round(595.28 * 96 / 72)
    dialog.close()


@pytest.mark.usefixtures("event_id")  # no players, no round, no pods
def test_every_printout_is_refused_with_a_warning_before_round_one(
    window: MainWindow, qtbot: QtBot
) -> None:
    answers = Answers(window)
    asked: list[str] = []

    def save_path(_title: str, name: str, _filter: str) -> None:
        asked.append(name)

    def run_dialog(dialog: QDialog) -> int:
        asked.append(dialog.windowTitle())
        return 0

    window.prompts.save_path = save_path
    window.prompts.run_dialog = run_dialog
    rounds = commands_of(window, "Rounds")
    trigger(rounds, "pairings", "Save PDF…")
    trigger(rounds, "slips", "Print…")
    qtbot.keyClick(window, Qt.Key.Key_P, CTRL_SHIFT)
    trigger(commands_of(window, "Pods"), "pods", "Preview…")
    assert answers.warnings == [
        "no round is paired yet",
        "no round is paired yet",
        "no round is paired yet",
        "no draft pods are seated yet",
    ]
    assert asked == []  # no file name asked, no dialog opened


def test_saving_and_previewing_read_nothing_on_the_ui_thread(
    event: int, window: MainWindow, db: Database, tmp_path: Path, qtbot: QtBot
) -> None:
    """Issue 35 item 7: the paper and the file name offered come from the services with the
    printout (`printouts.print_setup`), read on a worker thread like the PDF itself (the
    Rounds tab itself has read before: its own reads are its own)."""
    settings.set_setting(db, event_id=event, key="paper", value="Letter")
    suggested: list[str] = []

    def save_path(_title: str, name: str, _filter: str) -> str:
        suggested.append(name)
        return str(tmp_path / name)

    window.prompts.save_path = save_path
    shown: list[PrintPreviewDialog] = []

    def look(dialog: QDialog) -> int:
        assert isinstance(dialog, PrintPreviewDialog)
        shown.append(dialog)
        return int(QDialog.DialogCode.Rejected)

    window.prompts.run_dialog = look
    rounds = commands_of(window, "Rounds")
    view = window.event_view
    assert view is not None
    qtbot.waitUntil(lambda: not view.rounds_tab.stale)
    with sql_on_ui_thread(db, asked_by="gui/printouts/") as statements:
        trigger(rounds, "pairings", "Save PDF…")
        trigger(rounds, "slips", "Preview…")
    assert statements == []
    assert suggested == ["friday-skirmish-pairings-by-table-round-1.pdf"]
    saved = tmp_path / suggested[0]
    assert page_size(saved.read_bytes()) == (612, 792)  # Letter, the event's paper
    saved.unlink()
    (dialog,) = shown
    assert dialog.suggested_name == "friday-skirmish-match-slips-round-1.pdf"
    assert dialog.paper_combo.currentText() == "Letter"
