"""Entry point: `python -m organizer` and the `organizer` script.

No subcommand opens the desktop app; a subcommand runs headless. The GUI is
imported only when it is needed, so the command line works without Qt's
libraries or a display.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    from organizer.cli.main import gui_options, run, wants_gui

    if "--self-check" in args:
        status = run(args)
        if status == 0:
            from organizer.gui.window.selfcheck import check_gui

            status = check_gui()
        return status
    if wants_gui(args):
        from organizer.system_libraries import install_message, missing_for_gui

        missing = missing_for_gui()  # before Qt loads: its own message names no package
        if missing:
            print(install_message(missing), file=sys.stderr)
            return 1
        from organizer.gui.window.app import run_app

        db, event_id = gui_options(args)
        return run_app(db=db, event_id=event_id)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
