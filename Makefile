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
HUB_PROXY := $(HUB_DIR)/node_modules/.installed
# axe-core for the accessibility tests (tests/browser/test_accessibility.py), from npm
AXE_DIR := tests/browser/axe
AXE := $(AXE_DIR)/node_modules/.installed
HUB_STATE := build/hub
# what every student's account reads: their Python environment and the solver cache (root's)
HUB_ENV ?= /opt/dicelab-class/env
HUB_CACHE ?= /opt/dicelab-class/cache
HUB_HOMES ?= /home
# the names that may log in, one a line (default: any name); the teacher is the hub's admin
HUB_ROSTER ?=
HUB_TEACHER ?= teacher
HUB_LESSONS ?= notebooks
STUDENTS ?= 12
SECONDS_PLAYED ?= 60
TABLE_STUDENTS ?= 30
TABLES ?= 8

.PHONY: lab play check test bench lessons student i18n handout setup setup-dev browser format clean hub hub-proxy hub-env hub-root hub-clean loadtest

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

# Python keeps its compiled modules (__pycache__) even where the environment says not to
# (PYTHONDONTWRITEBYTECODE): every test process, kernel and command would otherwise compile
# dicelab and the test modules again, several seconds each time.
unexport PYTHONDONTWRITEBYTECODE

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
# as root (CI), the students' environment for the hub's smoke test (tests/test_hub.py skips it otherwise)
test: setup-dev browser hub-proxy $(AXE) $(if $(filter 0,$(USER_ID)),hub-env)
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
	$(BIN)/python benchmarks/advisor.py
	$(BIN)/python benchmarks/panels.py
	$(BIN)/python benchmarks/app.py
	$(BIN)/python benchmarks/cards.py
	$(BIN)/python benchmarks/class_tables.py
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

# A class on one server (deploy/jupyterhub/README.md), as root: `make hub` runs
# JupyterHub on 127.0.0.1:$(HUB_PORT), every student as an account of their own
# (dicelab-<name>, home $(HUB_HOMES)/dicelab-<name>, mode 0700); the first login
# under a name sets that student's password; `make hub-clean` removes the accounts,
# their homes and the hub's state; `make loadtest STUDENTS=N` plays N simulated
# students on a hub of its own, then TABLE_STUDENTS (30) at TABLES (8) class
# tables, and writes build/loadtest.json.
hub-root:
	@[ "$(USER_ID)" = 0 ] || { echo "the class server gives every student an account of their own: run it as root (sudo make $(or $(MAKECMDGOALS),hub))"; exit 1; }

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

$(AXE): $(AXE_DIR)/package.json $(AXE_DIR)/package-lock.json
	@command -v npm >/dev/null || { echo "the browser tests need node and npm: apt-get install -y nodejs npm"; exit 1; }
	npm ci --prefix $(AXE_DIR) --no-audit --no-fund --loglevel=error
	touch $@

# The students' environment, as TLJH's /opt/tljh/user: a venv of Debian's python3
# that every account may run (this clone's .venv may be out of their reach: /root is
# 0700), root's and 0755, with dicelab and the hub extra (jupyterhub-singleuser,
# JupyterLab, Voila, nbgitpuller) installed from a copy of the working tree (nothing
# built in the clone), pinned by constraints.txt; rebuilt when the sources change.
# Debian's python3 is 3.11.2 and soupsieve's pinned release needs 3.11.5, so here
# soupsieve is the newest for 3.11.2 (2.10; beautifulsoup4 asks for >=1.6.1).
HUB_PYTHON ?= /usr/bin/python3
HUB_ENV_SOURCES := setup.py pyproject.toml MANIFEST.in $(CONSTRAINTS) $(shell find dicelab \
  notebooks -name .ipynb_checkpoints -prune -o \( -name '*.py' -o -name '*.po' -o -name '*.c' \
  -o -name '*.h' -o -name '*.ipynb' \) -print)
HUB_ENV_COPY := build/hub-env-source
$(HUB_ENV)/.installed: $(HUB_ENV_SOURCES) | hub-root
	@$(HUB_PYTHON) -c 'import ensurepip' 2>/dev/null || { \
	  echo "Installing Debian's python3-venv for the students' environment"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null; }
	umask 022; [ -x $(HUB_ENV)/bin/python ] || { $(HUB_PYTHON) -m venv $(HUB_ENV) && \
	  $(HUB_ENV)/bin/python -m pip install --quiet --upgrade pip; }
	rm -rf $(HUB_ENV_COPY) && mkdir -p $(HUB_ENV_COPY)
	tar -c --exclude=./.venv --exclude=./build --exclude=./.git --exclude=./dist \
	  --exclude=./$(HUB_DIR)/node_modules --exclude='*.egg-info' --exclude=__pycache__ \
	  --exclude='.*_cache' --exclude='*.so' -f - . | tar -x -C $(HUB_ENV_COPY)
	sed 's/^soupsieve==.*/soupsieve==2.10/' $(CONSTRAINTS) > $(HUB_ENV_COPY)/hub-env-constraints.txt
	umask 022; $(HUB_ENV)/bin/python -m pip install --quiet \
	  -c $(HUB_ENV_COPY)/hub-env-constraints.txt './$(HUB_ENV_COPY)[hub]'
	rm -rf $(HUB_ENV_COPY)
	touch $@

hub-env: $(HUB_ENV)/.installed

# The shared solver cache every student's kernel reads (DICELAB_CACHE_DIR): root's,
# folders 0755 and files 0644, so a student may read it but neither write nor chmod it.
# To refill it after upgrading dicelab: sudo rm -rf $(HUB_CACHE); sudo make hub
$(HUB_CACHE)/.filled: | hub-root $(VENV)/.hub-installed
	umask 022; mkdir -p $(HUB_CACHE)
	umask 022; $(BIN)/dicelab solve --all --cache-dir $(HUB_CACHE)
	umask 022; $(BIN)/dicelab solve sly-dice --cache-dir $(HUB_CACHE)
	touch $@
	chown -R 0:0 $(HUB_CACHE)
	chmod -R u=rwX,go=rX $(HUB_CACHE)

HUB_PLACES = --cache $(HUB_CACHE) --env $(HUB_ENV)
hub: hub-root $(VENV)/.hub-installed $(HUB_PROXY) hub-env $(HUB_CACHE)/.filled
	$(BIN)/python $(HUB_DIR)/hub_process.py --port $(HUB_PORT) --lessons $(HUB_LESSONS) \
	  --state $(HUB_STATE) --homes $(HUB_HOMES) --teacher $(HUB_TEACHER) \
	  $(if $(HUB_ROSTER),--roster $(HUB_ROSTER)) $(HUB_PLACES)

# the students' accounts (dicelab-*) and homes, and the hub's state; the environment
# and the cache stay (sudo rm -rf /opt/dicelab-class removes them)
hub-clean: hub-root
	$(BIN)/python $(HUB_DIR)/accounts.py remove --homes $(HUB_HOMES)
	rm -rf $(HUB_STATE)

loadtest: hub-root $(VENV)/.hub-installed $(HUB_PROXY) hub-env $(HUB_CACHE)/.filled
	$(BIN)/python $(HUB_DIR)/loadtest.py --students $(STUDENTS) --seconds $(SECONDS_PLAYED) \
	  --table-students $(TABLE_STUDENTS) --tables $(TABLES) $(HUB_PLACES)

format: setup-dev
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
