# Kalamazoo: `make run` serves a demo event, `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip --disable-pip-version-check -q
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=
BENCH_ARGS ?=

.PHONY: run test test-sqlite test-postgres lint format bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: requirements.txt | $(PY)
	$(PIP) install -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(PY)
	$(PIP) install -r requirements-dev.txt
	touch $@ $(VENV)/.installed

# Development server on SQLite (or DATABASE_URL), with a demo event and a demo director login.
run: $(VENV)/.installed
	DEBUG=1 $(PY) manage.py migrate --noinput
	DEBUG=1 $(PY) manage.py demo
	DEBUG=1 $(PY) manage.py runserver $(HOST):$(PORT)

# The whole suite on SQLite, then again on PostgreSQL when POSTGRES_URL is set.
test: $(VENV)/.installed-dev
	$(MAKE) --no-print-directory test-sqlite
	@if [ -n "$$POSTGRES_URL" ]; then $(MAKE) --no-print-directory test-postgres; \
	else echo "POSTGRES_URL is not set: skipped the PostgreSQL pass."; fi

test-sqlite: $(VENV)/.installed-dev
	@echo "=== test suite on SQLite ==="
	env -u DATABASE_URL $(PY) -m pytest -n 2 $(PYTEST_ARGS)

test-postgres: $(VENV)/.installed-dev
	@echo "=== test suite on PostgreSQL ($$POSTGRES_URL) ==="
	DATABASE_URL=$$POSTGRES_URL $(PY) -m pytest -n 2 $(PYTEST_ARGS)

lint: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

format: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# Benchmarks in throwaway databases (never part of `make test`); BENCH_ARGS=--quick for a quick look.
bench: $(VENV)/.installed-dev
	$(PY) -m bench.run $(BENCH_ARGS)

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache .mypy_cache .ruff_cache
