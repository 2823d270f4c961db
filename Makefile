# rulesite: `make run` (install, migrate, import, serve) and `make test` (the whole suite).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1:8000

.PHONY: run install static migrate import serve test bench clean messages

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

test: static
	$(PY) manage.py check
	DEBUG=false SECRET_KEY=check-deploy-key-0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJ ALLOWED_HOSTS=example.org \
		$(PY) manage.py check --deploy --fail-level WARNING
	$(PY) manage.py makemigrations --check --dry-run
	$(VENV)/bin/pytest $(PYTEST_ARGS)

bench: static
	$(PY) benchmarks/run.py

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
