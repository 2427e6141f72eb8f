# Both targets go through dev.py, which needs nothing but Python 3.11+.
PYTHON ?= python3

.PHONY: run test bench
run:
	$(PYTHON) dev.py run

test:
	$(PYTHON) dev.py test

bench:
	$(PYTHON) dev.py bench
