# rulesite: `make run` (install, migrate, import, serve) and `make test` (the whole suite).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1:8000
# pytest-xdist workers for make test: one per core by default; TEST_WORKERS=0 runs in one process.
TEST_WORKERS ?= auto

.PHONY: run install static migrate import serve test browsers bench bench-search load fuzz audit wrk clean messages

$(STAMP): requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

install: $(STAMP)

static: install
	$(PY) manage.py collectstatic --noinput -v0

migrate: static
	$(PY) manage.py migrate --noinput

import: migrate
	$(PY) manage.py import_rules
	$(PY) manage.py load_scenarios

run: import
	$(PY) manage.py runserver $(HOST)

serve: install
	$(PY) manage.py runserver $(HOST)

test: static browsers
	$(PY) manage.py check
	DEBUG=false SECRET_KEY=check-deploy-key-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJ ALLOWED_HOSTS=example.org \
		$(PY) manage.py check --deploy --fail-level WARNING
	$(PY) manage.py makemigrations --check --dry-run
	$(VENV)/bin/pytest -n $(TEST_WORKERS) $(PYTEST_ARGS)

# The browser tests drive Debian's Chromium and need CJK fonts for the Chinese pages: install
# both with apt-get when missing (nothing is downloaded by Playwright), or stop saying why.
# BROWSER_TESTS=skip runs the suite without them (each is reported as skipped, with the reason).
browsers:
	@if [ "$${BROWSER_TESTS:-}" = skip ]; then echo "BROWSER_TESTS=skip: the browser tests will be skipped"; exit 0; fi; \
	missing=""; command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing="chromium"; \
	dpkg -s fonts-noto-cjk >/dev/null 2>&1 || fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || missing="$$missing fonts-noto-cjk"; \
	if [ -n "$$missing" ]; then \
		echo "installing$$missing with apt-get (the browser tests need them)"; \
		{ DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null 2>&1 || \
		  { apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null 2>&1; }; } || \
		{ echo "make test: could not install$$missing with apt-get (needs root and Debian's package archive);"; \
		  echo "install it yourself, or run BROWSER_TESTS=skip make test to run the rest without the browser tests"; exit 1; }; \
	fi

# Timing report: SQLite, then a temporary PostgreSQL database (skipped when unreachable),
# gunicorn throughput with wrk, the engines' synthetic benchmarks. Not part of `make test`.
bench: static wrk
	$(PY) benchmarks/run.py

# The search part only (import, then the 200 fixed queries beside the floor), on SQLite and PostgreSQL.
bench-search: install
	$(PY) benchmarks/run.py --only search

# Bounded load test (LOAD_SECONDS, default 60) of a local gunicorn: reads, permalinks,
# searches and resolves; prints req/s, p50/p90/p99 and errors. Not part of `make test`.
LOAD_SECONDS ?= 60
load: static wrk
	$(PY) benchmarks/load.py --seconds $(LOAD_SECONDS)

# The long fuzzing run (hypothesis JSON documents and schemathesis from the OpenAPI schema);
# `make test` runs the same tests with 25 examples each.
FUZZ_EXAMPLES ?= 1000
fuzz: static
	FUZZ_MAX_EXAMPLES=$(FUZZ_EXAMPLES) $(VENV)/bin/pytest -p no:cacheprovider -q rulesite/api/tests/test_fuzz_api.py
	RULESITE_FULL_BUILDER_TESTS=true $(VENV)/bin/pytest -p no:cacheprovider -q rulesite/scenarios/tests/test_builder.py rulesite/scenarios/tests/test_builder_games.py -k rendered

# pip-audit of the pinned requirements; says plainly when nothing could be audited. Exits 0.
audit: install
	$(PY) scripts/audit.py

# wrk (HTTP load generator) for bench and load: installed with apt-get when missing.
wrk:
	@command -v wrk >/dev/null 2>&1 || { echo "wrk is not installed: installing it with apt-get (bench and load use it)"; \
		apt-get install -y wrk >/dev/null 2>&1 || { apt-get update >/dev/null 2>&1 && apt-get install -y wrk >/dev/null 2>&1; } || \
		echo "could not install wrk: bench falls back to a Python load loop, load needs wrk"; }

# Translations: engine trace templates -> engine_msgids.py, then the .po files (zh_Hant
# regenerated from zh_Hans by OpenCC), then the .mo files (committed; CI need not compile).
messages: install
	$(PY) manage.py engine_messages
	$(PY) manage.py makemessages -l zh_Hans -l zh_Hant --no-obsolete \
		--ignore='.venv/*' --ignore='staticfiles/*' --ignore='engine/*' --ignore='fixtures/*'
	$(PY) scripts/make_zh_hant.py
	$(PY) manage.py compilemessages -l zh_Hans -l zh_Hant --ignore='.venv/*'

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache
