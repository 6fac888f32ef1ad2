# Ludoteca: every command creates the virtual environment it needs first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run dev test lint typecheck check bench bench-load install clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip==25.3
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# `make run` serves the production settings (no debug pages; a secret key
# generated into var/ on the first run) over plain http on this machine;
# `make dev` serves the development settings, with Django's debug pages.
run: $(STAMP)
	LUDOTECA_ENV=prod HTTPS=$${HTTPS:-false} $(VENV)/bin/ludoteca serve --host $(HOST) --port $(PORT)

dev: $(STAMP)
	$(VENV)/bin/ludoteca serve --host $(HOST) --port $(PORT)

lint: $(STAMP)
	$(VENV)/bin/ruff check ludoteca tests bench
	$(VENV)/bin/ruff format --check ludoteca tests bench
	$(VENV)/bin/lint-imports

typecheck: $(STAMP)
	$(VENV)/bin/mypy

test: lint typecheck
	$(PY) -m pytest -n 2 --dist loadgroup --durations=25

bench: $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[bench]'
	$(PY) bench/engine.py

# The load bench (docs/performance.md): Ludoteca beside a bare websocket relay
# and boardgame.io's server (npm, installed into the ignored bench/.peer/).
bench-load: $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[bench]'
	$(PY) bench/load.py $(BENCH_ARGS)

clean:
	rm -rf $(VENV)
