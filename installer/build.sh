#!/usr/bin/env bash
# Build the one-folder bundle dist/organizer/ (Linux or macOS) with PyInstaller.
# Uses the project's .venv (made by dev.py on first use); nothing else is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 dev.py setup
.venv/bin/pip install --disable-pip-version-check -q -c constraints.txt -e ".[installer]"
rm -rf build/pyinstaller dist/organizer
.venv/bin/pyinstaller --noconfirm --clean --log-level WARN \
  --workpath build/pyinstaller --distpath dist installer/organizer.spec
echo "built dist/organizer/ ($(du -sh dist/organizer | cut -f1))"
