# Two commands for teachers: `make lab` (set up and open the lessons) and
# `make test` (set up with the dev tools, Debian's chromium for the browser
# tests, and run every check).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip
CONSTRAINTS := constraints.txt
PLAY_PORT ?= 8866
# the play app's language (en, pt, es, ...; default: $DICELAB_LANG, else en)
PLAY_LANG ?=
# kernels kept ready with the play app already run, so that it opens at once
POOL ?= 2
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
CHROMIUM ?= /usr/bin/chromium
USER_ID ?= $(shell id -u)
# the class on one server (make hub, make loadtest): see the hub's targets below
HUB_DIR := deploy/jupyterhub
HUB_PORT ?= 8000
HUB_PASSWORD ?=
HUB_PROXY := $(HUB_DIR)/node_modules/.installed
HUB_CACHE := build/hub/cache
HUB_LESSONS ?= notebooks
STUDENTS ?= 12
SECONDS_PLAYED ?= 60

.PHONY: lab play check test bench lessons student i18n handout setup setup-dev browser format clean hub hub-proxy loadtest

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

# setup.py builds the solver's compiled kernel from its C sources (an edit rebuilds it)
KERNEL := $(wildcard dicelab/dice_poker/solver/*.c dicelab/dice_poker/solver/*.h)
$(VENV)/.lab-installed: $(BIN)/python pyproject.toml setup.py $(CONSTRAINTS) $(KERNEL)
	$(PIP) install --quiet -c $(CONSTRAINTS) -e .
	touch $@

$(VENV)/.dev-installed: $(VENV)/.lab-installed
	$(PIP) install --quiet -c $(CONSTRAINTS) -e '.[dev]'
	touch $@

setup: $(VENV)/.lab-installed

setup-dev: $(VENV)/.dev-installed

# Debian's chromium, for the browser tests (Playwright drives it; it never
# downloads a browser of its own): installed with apt-get when root.
browser:
	@if [ -x $(CHROMIUM) ]; then \
	  :; \
	elif [ "$(USER_ID)" = 0 ]; then \
	  echo "Installing Debian's chromium for the browser tests (about a minute)"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq && apt-get install -y -qq chromium >/dev/null; \
	else \
	  echo "make test needs Debian's chromium: run 'sudo apt-get install -y chromium', then make test again"; \
	  exit 1; \
	fi

lab: setup
	$(BIN)/jupyter lab --no-browser --ip=127.0.0.1 --notebook-dir=notebooks $(ROOT_FLAG)

# `dicelab play` serves the course's play.ipynb with Voilà on 127.0.0.1 and prints its URL
play: setup
	$(BIN)/dicelab play --port $(PLAY_PORT) --pool $(POOL) $(if $(PLAY_LANG),--lang $(PLAY_LANG))

# `make check`, the inner loop of every change (about a minute): lint, format, types, and
# the unit tests and doctests on both cores; no browser, no lesson, nothing marked slow.
# Its solver cache (build/check-cache) is kept from one check to the next.
WORKERS ?= 2
PYTEST := $(BIN)/python -m pytest -n $(WORKERS)
check: setup-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	DICELAB_CACHE_DIR=$(CURDIR)/build/check-cache $(PYTEST) -m 'not browser and not lessons and not slow' tests dicelab

# `make test`, everything: the checks above, then every test, doctest, lesson (nbval) and
# browser test, on both cores (the browser tests on one worker, each lesson on one); the
# solver cache built first, by the commands a teacher uses, so no lesson solves again.
# Each part's seconds and the slowest tests: build/test-times.json (benchmarks/suite.py).
test: setup-dev browser hub-proxy
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	rm -rf build/test-cache
	$(BIN)/dicelab solve --all --cache-dir build/test-cache > /dev/null
	$(BIN)/dicelab solve sly-dice --cache-dir build/test-cache > /dev/null
	DICELAB_CACHE_DIR=$(CURDIR)/build/test-cache $(PYTEST) \
	  --nbval --nbval-current-env --durations=20 --junitxml=build/test-results.xml

BASE ?= HEAD~1
bench: setup-dev
	$(BIN)/python benchmarks/compare.py --base $(BASE)
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/solitaire.py
	$(BIN)/python benchmarks/search.py
	$(BIN)/python benchmarks/solver.py
	$(BIN)/python benchmarks/panels.py
	$(BIN)/python benchmarks/app.py
	$(BIN)/python benchmarks/cards.py
	$(BIN)/python benchmarks/suite.py --run

# Run the lessons again and store their outputs (after changing a lesson or the library).
LESSONS ?= $(wildcard notebooks/[0-9][0-9]-*.ipynb)
lessons: setup-dev
	DICELAB_CACHE_DIR=$(CURDIR)/build/test-cache $(BIN)/python tools/refresh_lessons.py $(LESSONS)

# The student edition: every notebook without its solutions, in build/student/.
student: setup
	$(BIN)/python tools/student_edition.py build/student

# The translations (docs/adding-a-language.md): every message marked in the code
# (msg, msg_plural, _ and ngettext of dicelab.core.i18n) extracted by Babel into the
# template dicelab/locale/dicelab.pot, then merged into each language's .po, where a
# translator fills the new entries (tests/test_i18n.py says which are missing).  The
# .mo files are compiled from the .po when the package is built (setup.py).
I18N_KEYWORDS := -k msg:1c,2 -k msg_plural:1c,2,3
i18n: setup-dev
	$(BIN)/pybabel extract -F babel.cfg $(I18N_KEYWORDS) --no-wrap --sort-by-file \
	  --project dicelab --copyright-holder dicelab -o dicelab/locale/dicelab.pot dicelab
	$(BIN)/pybabel update --no-wrap --ignore-obsolete -i dicelab/locale/dicelab.pot \
	  -d dicelab/locale -D dicelab

# The printable exact odds of every game (`dicelab tables`): build/handout.html,
# printed to build/handout.pdf by Debian's chromium (never a downloaded browser),
# and its first page as docs/screenshots/handout-page.png for the README; in
# English unless asked (`make handout HANDOUT_LANG=pt`), whatever the machine's locale.
HANDOUT_LANG ?= en
HEADLESS = $(CHROMIUM) --headless --no-sandbox --disable-gpu --log-level=3
handout: setup
	mkdir -p build docs/screenshots
	$(BIN)/python -m dicelab --lang $(HANDOUT_LANG) tables --format html > build/handout.html.part
	mv build/handout.html.part build/handout.html
	$(HEADLESS) --no-pdf-header-footer --print-to-pdf=build/handout.pdf \
	  file://$(CURDIR)/build/handout.html
	$(HEADLESS) --hide-scrollbars --window-size=900,1270 \
	  --screenshot=docs/screenshots/handout-page.png file://$(CURDIR)/build/handout.html

# A class on one server (deploy/jupyterhub/README.md): `make hub` runs JupyterHub
# on 127.0.0.1:$(HUB_PORT) (the class password is printed, kept in build/hub/password;
# `make hub HUB_PASSWORD=...` sets one); `make loadtest STUDENTS=N` plays N simulated
# students on a hub of its own and writes build/loadtest.json.

$(VENV)/.hub-installed: $(VENV)/.lab-installed
	$(PIP) install --quiet -c $(CONSTRAINTS) -e '.[hub]'
	touch $@

# configurable-http-proxy, exactly as package-lock.json pins it (npm ci)
$(HUB_PROXY): $(HUB_DIR)/package.json $(HUB_DIR)/package-lock.json
	@command -v npm >/dev/null || { echo "the hub needs node and npm: apt-get install -y nodejs npm"; exit 1; }
	npm ci --prefix $(HUB_DIR) --no-audit --no-fund --loglevel=error
	touch $@

# make test starts a hub too (tests/test_hub.py)
hub-proxy: $(HUB_PROXY)

# The shared solver cache every student's kernel reads (DICELAB_CACHE_DIR), read-only.
# To refill it after upgrading dicelab: chmod -R u+w build/hub/cache; rm -rf build/hub/cache
$(HUB_CACHE)/.filled: | $(VENV)/.hub-installed
	mkdir -p $(HUB_CACHE)
	$(BIN)/dicelab solve --all --cache-dir $(HUB_CACHE)
	$(BIN)/dicelab solve sly-dice --cache-dir $(HUB_CACHE)
	touch $@
	chmod -R a-w $(HUB_CACHE)

hub: $(VENV)/.hub-installed $(HUB_PROXY) $(HUB_CACHE)/.filled
	$(if $(HUB_PASSWORD),DICELAB_HUB_PASSWORD='$(HUB_PASSWORD)') $(BIN)/python \
	  $(HUB_DIR)/hub_process.py --port $(HUB_PORT) --lessons $(HUB_LESSONS)

loadtest: $(VENV)/.hub-installed $(HUB_PROXY) $(HUB_CACHE)/.filled
	$(BIN)/python $(HUB_DIR)/loadtest.py --students $(STUDENTS) --seconds $(SECONDS_PLAYED)

format: setup-dev
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
