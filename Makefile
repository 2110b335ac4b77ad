# Two commands for a newcomer: `make play` starts Caldera, `make test` runs every check.
# Both build .venv on first use (only python3 >= 3.11 and make are needed).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
SHELL  := /bin/bash
.SHELLFLAGS := -eo pipefail -c

.PHONY: play test lint bench clean

# The app's own packages for `make play`; the developer's tools (pytest, ruff, mypy…) on top for
# everything else. Each stamp is redone when pyproject.toml changes.
APP_STAMP := $(VENV)/.installed-app

$(APP_STAMP): pyproject.toml
	@echo "Setting up Caldera in $(VENV)/ (first run only, about half a minute)"
	@$(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --upgrade pip
	@echo "  fetching Caldera's packages:"
	@$(BIN)/python -m pip install -e . | $(COUNT)
	@touch $(APP_STAMP)

$(STAMP): $(APP_STAMP)
	@echo "  fetching the developer's tools:"
	@$(BIN)/python -m pip install -e '.[dev]' | $(COUNT)
	@touch $(STAMP)

# The translations: each core/locale/<lang>/LC_MESSAGES/<domain>.po compiled to its .mo (the
# install does it too, hatch_build.py; this redoes it when a catalogue changes).
CATALOGUES := core/locale/.compiled

$(CATALOGUES): $(APP_STAMP) $(wildcard core/locale/*/LC_MESSAGES/*.po)
	@$(BIN)/python -m core.locale compile
	@touch $(CATALOGUES)

COUNT = awk '\
    /^Collecting /       { n++; printf "    %2d %s\n", n, $$2; fflush() } \
    /^Installing collected/ { print "  installing them"; fflush() } \
    /^Successfully installed/ { print "  done: " NF - 2 " packages installed" }'

play: $(APP_STAMP) $(CATALOGUES)
	$(BIN)/caldera

lint: $(STAMP) $(CATALOGUES)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# Two workers (pytest-xdist), each taking the next test as it frees up: much of the suite waits
# on real terminals and brokers. The slowest tests are listed at the end, so a suite drifting
# toward its 15 minutes shows why.
test: lint
	$(BIN)/pytest -q -n 2 --dist worksteal --durations=12 --durations-min=5

bench: $(STAMP)
	$(BIN)/python bench/run_all.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
