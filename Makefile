# Two commands do everything on a fresh machine: `make serve` and `make test`.
PYTHON ?= python3
# Quiet the theme's end-of-life banner in every build log.
export NO_MKDOCS_2_WARNING := 1
VENV := .venv
PY := $(VENV)/bin/python
STAMPS := .stamps
WHEEL := dist/sixcardgolf-0.1.0-py3-none-any.whl
# The site's own pyodide-lock.json: Pyodide's, with the engine wheel registered (name, sha256) by pyodide-build,
# which needs Python 3.12+ and so has its own venv.
PYODIDE_VENV := .venv-pyodide
LOCKFILE := dist/pyodide-lock.json
# The interpreter snapshot the site ships (a Python that has imported the engine), named by the wheel's sha256.
SNAPSHOT_STAMP := $(STAMPS)/snapshot
ENGINE_SOURCES := $(shell find engine/sixcardgolf -name '*.py' -o -name '*.json' -o -name '*.toml') engine/pyproject.toml

.PHONY: setup build serve test test-slow lint pytest bench wheel lockfile snapshot texts clean puzzles soak-rooms

setup: $(STAMPS)/system $(STAMPS)/python $(STAMPS)/node $(STAMPS)/pyodide-build

$(STAMPS)/system: tools/setup-system.sh
	bash tools/setup-system.sh
	@mkdir -p $(STAMPS) && touch $@

# --no-compile: Python compiles a module the first time it is imported; compiling every installed file up front
# (mypy's, fontTools', Hypothesis' many never imported here) was a third of pip's time on a fresh clone.
$(STAMPS)/python: requirements.txt engine/pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --no-compile -r requirements.txt
	$(PY) -m pip install -q -e engine
	@mkdir -p $(STAMPS) && touch $@

$(STAMPS)/node: package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	@mkdir -p $(STAMPS) && touch $@

$(STAMPS)/pyodide-build: tools/pyodide-requirements.txt tools/find-python312.sh
	test -x $(PYODIDE_VENV)/bin/python || "$$(bash tools/find-python312.sh)" -m venv $(PYODIDE_VENV)
	$(PYODIDE_VENV)/bin/python -m pip install -q -r tools/pyodide-requirements.txt
	@mkdir -p $(STAMPS) && touch $@

wheel: $(WHEEL)
$(WHEEL): $(STAMPS)/python $(STAMPS)/node $(ENGINE_SOURCES) tools/precompile-wheel.mjs
	rm -rf dist engine/build && $(PY) -m build --wheel --outdir dist engine >/dev/null
	node tools/precompile-wheel.mjs $(WHEEL) >/dev/null

lockfile: $(LOCKFILE)
$(LOCKFILE): $(WHEEL) $(STAMPS)/pyodide-build $(STAMPS)/node
	cd dist && ../$(PYODIDE_VENV)/bin/pyodide lockfile add-wheels --input ../node_modules/pyodide/pyodide-lock.json \
		--output pyodide-lock.json --base-path . $(notdir $(WHEEL))

snapshot: $(SNAPSHOT_STAMP)
$(SNAPSHOT_STAMP): $(LOCKFILE) $(STAMPS)/node tools/make-snapshot.mjs
	node tools/make-snapshot.mjs $(LOCKFILE) dist >/dev/null
	@mkdir -p $(STAMPS) && touch $@

# The pages' texts, playground/text-en.js and text-ja.js, from the [page] table of the engine's catalogues (the site
# build writes its own copy; these are for ESLint and for Node, which imports the pages' modules from here).
texts: $(STAMPS)/python
	$(PY) playground/page_texts.py

# The whole site: rules pages (generated from the engine), printables, playground.
build: setup texts $(WHEEL) $(LOCKFILE) $(SNAPSHOT_STAMP)
	$(PY) -m printables build-all --out build/printables
	$(PY) -m mkdocs build --strict --quiet

# The site and the rooms (server/) on one origin: http://127.0.0.1:$(PORT); the rooms are kept in var/.
PORT ?= 8000
serve: build
	PORT=$(PORT) GOLF_SITE=site $(PY) -m server

# ruff and mypy --strict for the Python (the engine, the printables, the site's and the playground's MkDocs hooks,
# the room server); ESLint (eslint.config.js) for the pages' scripts, the build's Node tools and the JavaScript
# unit tests (tests/js/, run by pytest through `node --test`).
lint: setup texts
	$(VENV)/bin/ruff check engine tests bench printables docs/hooks playground server
	$(VENV)/bin/ruff format --check engine tests bench printables docs/hooks playground server
	$(VENV)/bin/mypy --strict engine/sixcardgolf printables docs/hooks playground/mkdocs_hook.py playground/page_texts.py
	MYPYPATH=engine $(VENV)/bin/mypy --strict server
	node_modules/.bin/eslint --max-warnings 0 playground/*.js tools/*.mjs tests/js/*.mjs eslint.config.js

# pytest's worker processes: one per core. Three were measured faster on one tree (pytest 5 min 52 s against
# 6 min 25 s at -n 2, the processor 2% idle), but the first clean-clone run at -n 3 met two failures no run at
# -n 2 had shown (a Redis fault test that hung, a printables process that crashed on exit), so two it stays.
# Four were measured slower two stops before (17 min against 9). `--dist worksteal` hands a worker that ran out
# of tests half of a busy worker's queue, so one long test at the end does not hold the run.
TEST_JOBS ?= 2
PYTEST := $(PY) -m pytest -n $(TEST_JOBS) --dist worksteal -q

pytest: setup build
	$(PYTEST) tests

# The setup's four parts at once (Debian's packages, the Python venv, npm and pyodide-build's venv are
# independent; pip and npm wait on the network and the disk for much of their time); lint (mypy, one process)
# beside the build (the printables use both cores only part of the time); then the tests, on what that build made.
test:
	$(MAKE) -j4 setup
	$(MAKE) -j2 lint build
	$(PYTEST) tests

# The large runs (marker `slow`): the conformance check's ~10,000 more holes over every preset and option mix and
# 100,000 random ones against the reference rules, and the door fuzz's thousands of examples; several CPU minutes.
test-slow: setup
	$(PYTEST) --run-slow -m slow tests

bench: setup $(WHEEL)
	$(PY) bench/run_all.py

# The puzzles (issue 28): positions mined from self-play with a clearly best move, written to
# engine/sixcardgolf/puzzles/puzzles.json (committed data; a few minutes of one core, run at low priority).
puzzles: setup
	nice $(PY) -m sixcardgolf.puzzles.mine

# The long run: a million random holes, every step checked (an hour or more; not part of `make test`).
soak: setup
	$(PY) tests/engine/soak.py

# Rooms on two server processes sharing one Redis, one process SIGKILLed every few minutes and started again:
# 0 acknowledged actions lost, 0 rooms stuck, every client back in its seat (bench/results/rooms_soak.md).
# Not part of `make test`. SOAK_ROOMS, SOAK_MINUTES and SOAK_KILL_EVERY (seconds) change its size.
SOAK_ROOMS ?= 1000
SOAK_MINUTES ?= 30
SOAK_KILL_EVERY ?= 180
soak-rooms: setup
	cd bench && setsid nice -n -20 ../$(PY) rooms_soak.py --rooms $(SOAK_ROOMS) --minutes $(SOAK_MINUTES) \
		--kill-every $(SOAK_KILL_EVERY)

clean:
	rm -rf site build dist $(STAMPS) engine/build $(PYODIDE_VENV)
