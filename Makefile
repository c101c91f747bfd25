# The two commands of the README. Each creates the virtual environment it needs (.venv) on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test clean

$(BIN)/paxc: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

# Compile every card, then show them working: the card list, card text, and bots playing games.
demo: $(BIN)/paxc
	$(BIN)/paxc build --stats
	$(BIN)/paxc list pamir
	$(BIN)/paxc render "Prince Akbar Khan"
	$(BIN)/paxc render cards/pamir/events/events.pax
	$(BIN)/paxc simulate pamir --players 3 --games 20 --seed 1 --check

# Every test: pytest (which also runs mypy --strict over compiler/, runtime/, generated/ and tests/),
# then the check that generated/ matches the cards.
test: $(BIN)/paxc
	$(BIN)/pytest
	$(BIN)/paxc build --check

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .hypothesis
