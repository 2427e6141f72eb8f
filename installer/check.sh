#!/usr/bin/env bash
# `make installer-check`: build the Linux bundle from this checkout, run its
# self-check offscreen, validate the .desktop file and compile the NSIS script
# (with the quick zlib compressor: the check proves it compiles; releases use lzma).
set -euo pipefail
cd "$(dirname "$0")/.."
bash installer/build.sh
QT_QPA_PLATFORM=offscreen dist/organizer/organizer --self-check
desktop-file-validate installer/linux/organizer.desktop
echo "desktop file: valid"
makensis -V2 "-XSetCompressor /FINAL zlib" -DDIST="$PWD/dist/organizer" -DOUTFILE="$PWD/dist/Organizer-Setup.exe" \
  installer/windows/organizer.nsi
echo "NSIS script: compiled dist/Organizer-Setup.exe ($(du -h dist/Organizer-Setup.exe | cut -f1))"
