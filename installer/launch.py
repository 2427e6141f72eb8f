"""PyInstaller's entry script: the bundled app starts exactly as `python -m organizer`."""

import sys

from organizer.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
