# Kalamazoo: `make run` serves a demo event, `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip --disable-pip-version-check -q
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=
BENCH_ARGS ?=

NPM ?= npm

.PHONY: run test test-sqlite test-postgres test-postgres-redis package-test lint format bench clean messages

$(PY):
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: requirements.txt | $(PY)
	$(PIP) install -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(PY)
	$(PIP) install -r requirements-dev.txt
	touch $@ $(VENV)/.installed

# axe-core for the browser tests' WCAG checks, at the version package-lock.json pins (npm ci: only when
# node_modules is missing or older than the lock). Without npm the checks are skipped (CI installs npm).
node_modules/.package-lock.json: package.json package-lock.json
	@if command -v $(NPM) >/dev/null 2>&1; then $(NPM) ci --ignore-scripts --no-audit --no-fund && touch $@; \
	else echo "npm is missing: the browser tests' axe-core checks will be skipped (apt-get install npm)."; fi

# Development server on SQLite (or DATABASE_URL), with a demo event and a demo director login. The cache is
# the database's (the table migrate makes), or Redis when REDIS_URL is set. The first run analyses the demo's
# deals double dummy before serving, counting them off (about a second a deal).
run: $(VENV)/.installed
	DEBUG=1 $(PY) manage.py migrate --noinput
	DEBUG=1 $(PY) manage.py demo
	DEBUG=1 $(PY) manage.py runserver $(HOST):$(PORT)

# The whole suite on SQLite, again on PostgreSQL when POSTGRES_URL is set, and a third time on PostgreSQL with
# the Redis cache when REDIS_URL is set too (the tests empty REDIS_URL's database and the next one: give them
# numbers nothing else uses). The first two passes use Django's database cache.
test: $(VENV)/.installed-dev
	$(MAKE) --no-print-directory test-sqlite
	@if [ -n "$$POSTGRES_URL" ]; then $(MAKE) --no-print-directory test-postgres; \
	else echo "POSTGRES_URL is not set: skipped the PostgreSQL pass."; fi
	@if [ -z "$$REDIS_URL" ]; then echo "REDIS_URL is not set: skipped the PostgreSQL + Redis pass."; \
	elif [ -z "$$POSTGRES_URL" ]; then echo "POSTGRES_URL is not set: skipped the PostgreSQL + Redis pass."; \
	else $(MAKE) --no-print-directory test-postgres-redis; fi

test-sqlite: $(VENV)/.installed-dev node_modules/.package-lock.json
	@echo "=== test suite on SQLite (database cache) ==="
	env -u DATABASE_URL -u REDIS_URL $(PY) -m pytest -n 2 $(PYTEST_ARGS)

test-postgres: $(VENV)/.installed-dev node_modules/.package-lock.json
	@echo "=== test suite on PostgreSQL ($$POSTGRES_URL, database cache) ==="
	env -u REDIS_URL DATABASE_URL=$$POSTGRES_URL $(PY) -m pytest -n 2 $(PYTEST_ARGS)

test-postgres-redis: $(VENV)/.installed-dev node_modules/.package-lock.json
	@echo "=== test suite on PostgreSQL + Redis ($$POSTGRES_URL, $$REDIS_URL) ==="
	DATABASE_URL=$$POSTGRES_URL REDIS_URL=$$REDIS_URL $(PY) -m pytest -n 2 $(PYTEST_ARGS)

# The one-command install as a club does it: the wheel built, installed in a fresh virtual environment (no
# make, outside the clone), `kalamazoo demo`, then `kalamazoo serve` and `serve --room` fetched over HTTP
# (.ci/package-test; CI runs it after `make test`). The clone's Python builds the wheel and makes the fresh
# environment; PyPI gives the wheel's build tool and dependencies.
package-test: $(VENV)/.installed
	PYTHON=$(abspath $(PY)) .ci/package-test

lint: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

format: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# The translation catalogues (locale/): the marked strings gathered into each language's .po (kept
# translations kept), then compiled to the .mo files committed beside them. Needs GNU gettext (apt-get install
# gettext); serving the catalogues needs nothing. tests/test_translations.py fails on an entry left
# untranslated and on a .mo that does not say what its .po says.
messages: $(VENV)/.installed-dev
	DEBUG=1 $(PY) manage.py makemessages --no-obsolete --add-location file -l fr -l pl \
		--ignore=.venv --ignore=node_modules --ignore=bench --ignore=tests --ignore=staticfiles
	DEBUG=1 $(PY) manage.py compilemessages --ignore=.venv --ignore=node_modules

# Benchmarks in throwaway databases (never part of `make test`); BENCH_ARGS=--quick for a quick look.
# The peer scorer (bench/peer.py) is installed where npm exists; without node its rows are skipped with a line.
bench: $(VENV)/.installed-dev
	@if command -v $(NPM) >/dev/null 2>&1; then $(NPM) ci --prefix bench/peer --no-audit --no-fund --silent \
		|| echo "bench: npm ci failed, the peer comparison will be skipped"; \
	else echo "bench: npm not found, the peer comparison will be skipped"; fi
	$(PY) -m bench.run $(BENCH_ARGS)

clean:
	rm -rf $(VENV) node_modules bench/peer/node_modules db.sqlite3 staticfiles build dist .pytest_cache .mypy_cache .ruff_cache
