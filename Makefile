# Two commands do everything on a fresh machine: `make serve` and `make test`.
PYTHON ?= python3
# Quiet the theme's end-of-life banner in every build log.
export NO_MKDOCS_2_WARNING := 1
VENV := .venv
PY := $(VENV)/bin/python
STAMPS := .stamps
WHEEL := dist/sixcardgolf-0.1.0-py3-none-any.whl
ENGINE_SOURCES := $(shell find engine/sixcardgolf -name '*.py' -o -name '*.json') engine/pyproject.toml

.PHONY: setup build serve test lint pytest bench wheel clean

setup: $(STAMPS)/system $(STAMPS)/python $(STAMPS)/node

$(STAMPS)/system: tools/setup-system.sh
	bash tools/setup-system.sh
	@mkdir -p $(STAMPS) && touch $@

$(STAMPS)/python: requirements.txt engine/pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -r requirements.txt
	$(PY) -m pip install -q -e engine
	@mkdir -p $(STAMPS) && touch $@

$(STAMPS)/node: package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	@mkdir -p $(STAMPS) && touch $@

wheel: $(WHEEL)
$(WHEEL): $(STAMPS)/python $(ENGINE_SOURCES)
	rm -rf dist engine/build && $(PY) -m build --wheel --outdir dist engine >/dev/null

# The whole site: rules pages (generated from the engine), printables, playground.
build: setup $(WHEEL)
	$(PY) -m printables build-all --out build/printables
	$(PY) -m mkdocs build --strict --quiet

serve: build
	@echo "Serving http://127.0.0.1:8000 (Ctrl-C stops)"
	$(PY) -m http.server 8000 --bind 127.0.0.1 --directory site

lint: setup
	$(VENV)/bin/ruff check engine tests bench printables docs/hooks playground
	$(VENV)/bin/ruff format --check engine tests bench printables docs/hooks playground
	$(VENV)/bin/mypy --strict engine/sixcardgolf

pytest: setup build
	$(PY) -m pytest -n 2 -q tests

test: lint pytest

bench: setup $(WHEEL)
	$(PY) bench/run_all.py

clean:
	rm -rf site build dist $(STAMPS) engine/build
