# Ludoteca: every command creates the virtual environment it needs first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run dev test lint typecheck check bench bench-load install native clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip==25.3
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)
	@$(MAKE) --no-print-directory native

# The live tables' hot path compiled with mypyc into .venv/ludoteca-native/
# (ludoteca/native.py), again whenever its sources change; without a C
# compiler the server runs it as Python.
native: $(STAMP)
	@$(PY) -m ludoteca.native build --if-stale || true

# `make run` serves the production settings (no debug pages; a secret key
# generated into var/ on the first run) over plain http on this machine;
# `make dev` serves the development settings, with Django's debug pages.
run: native
	LUDOTECA_ENV=prod HTTPS=$${HTTPS:-false} $(VENV)/bin/ludoteca serve --host $(HOST) --port $(PORT)

dev: native
	$(VENV)/bin/ludoteca serve --host $(HOST) --port $(PORT)

lint: $(STAMP)
	$(VENV)/bin/ruff check ludoteca tests bench
	$(VENV)/bin/ruff format --check ludoteca tests bench
	$(VENV)/bin/lint-imports

typecheck: $(STAMP)
	$(VENV)/bin/mypy

# The tests that run the hot path, once more on its compiled modules.
NATIVE_TESTS := tests/test_native.py tests/games/catinthebox \
	tests/web/test_frames.py tests/web/test_frame_views.py \
	tests/web/test_owners.py tests/web/test_socket.py tests/web/test_live.py \
	tests/web/test_clocks_bots.py tests/web/test_snapshot_memo.py \
	tests/web/test_security_socket.py tests/web/test_outbox_frames.py \
	tests/web/test_rows.py tests/web/test_mafia_table.py \
	tests/web/test_events_you.py tests/web/test_plural_events.py

test: lint typecheck
	$(PY) -m pytest -n 2 --dist loadgroup --durations=25
	@if $(PY) -m ludoteca.native build --if-stale; then \
	  LUDOTECA_NATIVE=on $(PY) -m pytest -p tests.native_plugin -n 2 $(NATIVE_TESTS); \
	elif [ "$$CI" = true ]; then \
	  echo "the compiled hot path did not build (CI=true: that fails)"; exit 1; \
	else \
	  echo "the compiled hot path did not build: its second test pass is skipped"; \
	fi

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
