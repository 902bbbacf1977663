# `make run`: set up and serve on http://127.0.0.1:8000 (SQLite, in-process tasks, cards loaded)
#   with uvicorn, the ASGI server production uses; it restarts itself when a .py file changes
#   (RELOAD=0: not; a club night needs no reloading). Only what serving needs is installed.
# `make test`: set up with the development tools and run the whole suite (against
#   DATABASE_URL / REDIS_URL when set).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HASH := $(shell cat pyproject.toml | sha1sum | cut -c1-12)
# What is installed, for this pyproject.toml: serving's dependencies, or those and the
# development tools (a venv set up for the tests serves too).
SERVE_STAMP := $(VENV)/.installed-serve-$(HASH)
DEV_STAMP := $(VENV)/.installed-dev-$(HASH)
HOST ?= 127.0.0.1
PORT ?= 8000
RELOAD ?= 1
# Links in e-mails name the address served (a wildcard HOST: this machine's name).
SITE_HOST := $(if $(filter 0.0.0.0 :: [::],$(HOST)),$(shell hostname),$(HOST))
KAOSZ_SITE_URL ?= http://$(SITE_HOST):$(PORT)
# Reloading watches the project's own code only (not the virtualenv's thousands of files).
RELOAD_ARGS := $(if $(filter 1,$(RELOAD)),--reload $(foreach d,kaosz web cards decks matches players rulesets,--reload-dir $(d)))
PYTEST_ARGS ?=

.PHONY: run test setup setup-serve db browser ocr lint typecheck bench clean schemathesis compiled

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

# Serving needs the dependencies only (the project runs from here): installing them from
# the list spares building the project itself (about 20 s on this machine kind).
$(SERVE_STAMP): pyproject.toml | $(VENV)/bin/python
	$(PY) -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["dependencies"]))' > $(VENV)/serve-requirements.txt
	$(PY) -m pip install --quiet --disable-pip-version-check -r $(VENV)/serve-requirements.txt
	rm -f $(VENV)/.installed-serve-* && touch $(SERVE_STAMP)

$(DEV_STAMP): pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	rm -f $(VENV)/.installed-* && touch $(DEV_STAMP) $(SERVE_STAMP)

setup: $(DEV_STAMP)

setup-serve: $(SERVE_STAMP)

# Migrate and load the cards in one process (the dependencies' migrations first: faster).
db: setup-serve
	mkdir -p var
	DEBUG=$${DEBUG:-1} $(PY) manage.py setup_site

run: db
	DEBUG=$${DEBUG:-1} KAOSZ_SITE_URL=$(KAOSZ_SITE_URL) \
	  $(PY) -m uvicorn kaosz.asgi:application --host $(HOST) --port $(PORT) --lifespan off $(RELOAD_ARGS)

# Page tests drive a real Chromium: install Debian's when missing (root on this machine kind).
browser:
	@if ! command -v chromium >/dev/null 2>&1; then \
	  echo "installing chromium (Debian package) for the page tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	fi

# Photo reading needs Tesseract with Hungarian data for the tests; `make run`
# works without it (the contribution page then says photo reading is not available).
ocr:
	@if ! command -v tesseract >/dev/null 2>&1 || ! tesseract --list-langs 2>/dev/null | grep -qx hun; then \
	  echo "installing tesseract-ocr and tesseract-ocr-hun (Debian packages) for the photo tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tesseract-ocr tesseract-ocr-hun >/dev/null; \
	fi

test: setup browser ocr
	$(PY) -m pytest $(PYTEST_ARGS)

# Schemathesis against the live schema (needs DATABASE_URL; CI: the PostgreSQL pass): every
# default check, a fixed seed; any failure fails (exceptions: tests/api/schemathesis.toml).
SCHEMATHESIS_ARGS ?= --max-examples 5
schemathesis: setup
	$(PY) tests/api/schemathesis_live.py $(SCHEMATHESIS_ARGS)

lint: setup
	$(VENV)/bin/ruff check .

# mypy over the whole project (configuration in pyproject.toml: lenient, strict on rulesets/)
typecheck: setup
	$(VENV)/bin/mypy

# Optional: the engines compiled with mypyc into build/compiled/ (needs a C compiler and
# Python's headers); used only with KAOSZ_COMPILED=1 (rulesets/compiled.py). Nothing needs it.
compiled: setup
	$(PY) -m rulesets.compiled

bench: setup
	$(PY) bench/engine.py

clean:
	rm -rf $(VENV) var .pytest_cache build
