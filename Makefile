# Two commands for a new user: `make play` and `make test`. Each builds .venv itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
ARGS ?=
TERMINAL_ARGS ?= --players 3 --bots 2

.PHONY: play play-terminal test coverage bench load soak clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed

play: $(VENV)/.installed
	$(BIN)/cardboard serve $(ARGS)

play-terminal: $(VENV)/.installed
	$(BIN)/cardboard play aban $(TERMINAL_ARGS)

test: $(VENV)/.installed-dev
	./scripts/ensure-chromium
	$(BIN)/python -m pytest -n 2 -p no:cacheprovider

# line coverage of src/ over the whole suite (terminal table of the files below 100%)
coverage: $(VENV)/.installed-dev
	./scripts/ensure-chromium
	$(BIN)/python -m pytest -n 2 -p no:cacheprovider --cov=cardboard --cov-report=term-missing:skip-covered

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/run.py

load: $(VENV)/.installed-dev
	$(BIN)/python benchmarks/load.py

# the server under honest play and abuse, killed with kill -9 five times (ARGS="--tables 10" for less)
soak: $(VENV)/.installed-dev
	$(BIN)/python benchmarks/soak.py $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
