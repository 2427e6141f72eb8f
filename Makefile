# Both targets go through dev.py, which needs nothing but Python 3.11+.
PYTHON ?= python3

.PHONY: run test bench installer-check
run:
	$(PYTHON) dev.py run

test:
	$(PYTHON) dev.py test

bench:
	$(PYTHON) dev.py bench

# Build the Linux bundle, run its self-check offscreen, validate the .desktop
# file and compile the Windows installer script (needs nsis, desktop-file-utils).
installer-check:
	bash installer/check.sh
