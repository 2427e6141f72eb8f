# Build the one-folder bundle dist\organizer\ on Windows, then the installer
# (needs Python 3.11+ and NSIS's makensis on PATH).
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "..")
python dev.py setup
.\.venv\Scripts\pip install --disable-pip-version-check -q -c constraints.txt -e ".[installer]"
if (Test-Path dist\organizer) { Remove-Item -Recurse -Force dist\organizer }
.\.venv\Scripts\pyinstaller --noconfirm --clean --log-level WARN `
  --workpath build\pyinstaller --distpath dist installer\organizer.spec
.\dist\organizer\organizer.exe --self-check
makensis /DDIST=..\..\dist\organizer installer\windows\organizer.nsi
Write-Host "built dist\Organizer-Setup.exe"
