"""Screenshots of the first run: the first steps panel, the demo event, the rules page.

Opens the main window at 1280x800 on an empty throwaway database, saves the
first steps panel, presses its demo button as a first-time TO would, saves the
demo's Rounds and Clock tabs, then Help → Rules and decisions:

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshot_first_run.py [OUT_DIR]

OUT_DIR defaults to docs/screenshots.
"""

from __future__ import annotations

import sys

from screenshot_support import WINDOW_SIZE, event_view, session, show_tab

from organizer.gui.clock.clock_tab import ClockTab
from organizer.gui.window.app import create_main_window
from organizer.gui.window.rules_dialog import RulesDialog


def main(argv: list[str]) -> int:
    with session(argv) as shots:
        window = create_main_window(shots.db)
        window.resize(*WINDOW_SIZE)
        window.show()
        shots.windows.append(window)
        shots.save(window, "first-run.png")

        window.first_steps.demo_button.click()
        rounds = event_view(window).rounds_tab
        rounds.table.selectRow(3)  # the table in sudden death
        shots.save(window, "demo-rounds.png")
        show_tab(window, "Clock", ClockTab)
        shots.save(window, "demo-clock.png")

        shots.save_dialog(RulesDialog(window), "rules-dialog.png", size=(820, 700))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
