# The two commands of the README. Each creates the virtual environment it needs (.venv) on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

CHROMIUM := /usr/bin/chromium

.PHONY: demo test browser mutation clean

# setuptools warns on every editable install (this one, and mutmut's below) made through its
# import hook, the only kind our folder-to-namespace mapping allows, that a folder named like the
# package could shadow it: no folder here is named paxc, so the warning says nothing about this
# project (README, Quickstart).
$(BIN)/paxc: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	PYTHONWARNINGS="ignore:Editable installation" $(BIN)/pip install --quiet -e '.[dev]'
	touch $@

# Compile every card, then show them working: the card list, card text, and bots playing games.
demo: $(BIN)/paxc
	$(BIN)/paxc build --stats
	$(BIN)/paxc list pamir
	$(BIN)/paxc render "Prince Akbar Khan"
	$(BIN)/paxc render cards/pamir/events/events.pax
	$(BIN)/paxc simulate pamir --players 3 --games 20 --seed 1 --check

# Every test: pytest (which also runs mypy --strict over compiler/, runtime/, generated/ and tests/),
# then the check that generated/ matches the cards, and that the card and scenario files are laid
# out as `paxc fmt` lays them out (a second or so).
test: $(BIN)/paxc browser
	$(BIN)/pytest
	$(BIN)/paxc build --check
	$(BIN)/paxc fmt --check

# What the browser tests need (tests/browser.py): Playwright (the `browser` extra) in the virtual
# environment, and Debian's Chromium, installed with apt-get when it is missing and this is root
# (as on CI); otherwise they are skipped, saying why, unless PAXC_REQUIRE_BROWSER=1 (.ci/run).
# Quiet, and nothing to do the second time; apt-get's output goes to build/apt-chromium.log.
browser: $(VENV)/.browser-extra
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing Chromium for the browser tests (apt-get install chromium)"; \
	    mkdir -p build; \
	    { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; } \
	      >build/apt-chromium.log 2>&1 || echo "could not install Chromium: see build/apt-chromium.log"; \
	  else \
	    echo "no $(CHROMIUM), and apt-get needs root: the browser tests will be skipped"; \
	  fi; \
	fi

$(VENV)/.browser-extra: $(BIN)/paxc
	PYTHONWARNINGS="ignore:Editable installation" $(BIN)/pip install --quiet -e '.[dev,browser]'
	touch $@

# Mutation testing of the rules, against the fast scenario tests (slow: not part of `make test` nor
# CI). MODULES narrows it (`make mutation MODULES="pamir/scoring porfiriana/*"`); results are kept in
# build/mutation, so a run stopped midway goes on where it stopped. See tests/mutation/run.py.
mutation: $(BIN)/mutmut
	nice -n 19 $(BIN)/python -m tests.mutation.run $(MODULES)

$(BIN)/mutmut: $(BIN)/paxc
	PYTHONWARNINGS="ignore:Editable installation" $(BIN)/pip install --quiet -e '.[dev,mutation]'
	touch $@

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .hypothesis
