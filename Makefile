# Research Wiki: `make run` serves the wiki with demo content; `make test` runs the suite.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
RUN_STAMP := $(VENV)/.installed-run
HOST ?= 127.0.0.1
PORT ?= 8000
# The quick start runs in development mode on SQLite unless told otherwise.
export DEBUG ?= 1

.PHONY: install install-run run test test-fast lint format bench loadtest loadtest-knee clean evidence-eval figures-eval results-eval deploy-check lock code-css

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Running needs only the project; tests, lint and benchmarks add the dev extra.
$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $(RUN_STAMP)

$(STAMP): pyproject.toml $(RUN_STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install-run: $(RUN_STAMP)

install: $(STAMP)

# DEMO_ARGS=--reset-passwords prints new demo passwords. Quiet migrations: the demo passwords
# setup_demo prints, boxed, stay in view. The jobs worker (imports, emails) runs beside the
# server and stops when it stops (Ctrl+C stops both); it does not reload on code changes:
# run `make run` again.
run: install-run
	$(BIN)/python manage.py migrate --no-input --verbosity 0
	$(BIN)/python manage.py setup_demo $(DEMO_ARGS)
	$(BIN)/python manage.py db_worker --no-reload & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT INT TERM; \
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

# Against PostgreSQL too when DATABASE_URL is set (the tests create their own test database).
test: install
	$(BIN)/python -m pytest $(PYTEST_ARGS)

test-fast: install
	$(BIN)/python -m pytest -m "not browser" $(PYTEST_ARGS)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/python -m core.template_layers

format: install
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) staticfiles .pytest_cache

# Benchmarks on PostgreSQL (BENCH_DATABASE_URL may name another server); see docs/benchmarks.md.
bench: install
	$(BIN)/python bench/run.py $(BENCH_ARGS)

# Load test, local only: a team of 50 people for three minutes against three gunicorn servers
# on PostgreSQL and Redis (LOAD_DATABASE_URL names a server on 127.0.0.1; the cache is Redis
# db 7, emptied once during the run); see docs/benchmarks.md.
loadtest: install
	$(BIN)/python loadtest/run.py $(LOADTEST_ARGS)

# The same servers, more and more people with no think time: p95 per step and the knee.
loadtest-knee: install
	$(BIN)/python loadtest/run.py --saturate $(LOADTEST_ARGS)

# Precision and recall of the evidence rules on the labelled sets (docs/evidence.md).
evidence-eval: install
	$(BIN)/python -m evaluation.evidence

# "No figure stated" by the quantity grammar on the labelled notes of six other fields.
figures-eval: install
	$(BIN)/python -m evaluation.figures

# Results a claim states (value, metric, benchmark, protocol, direction) on both halves.
results-eval: install
	$(BIN)/python -m evaluation.results

# What the Dockerfile does, without Docker: a fresh non-editable install from the lock file,
# the image's static build and command with compose's environment on a PostgreSQL database
# of its own (DEPLOY_CHECK_ADMIN_URL names the server), then every page kind.
deploy-check: install
	$(BIN)/python deploy/check.py $(DEPLOY_CHECK_ARGS)

# The image installs exactly these versions; run after changing dependencies in pyproject.toml.
lock: install
	$(BIN)/python -m pip install --quiet uv
	$(BIN)/uv pip compile pyproject.toml --extra redis --python-version 3.11 --generate-hashes \
		--quiet -o requirements.lock

# The colours of highlighted code, from the Pygments styles named in core/highlight.py.
code-css: install-run
	$(BIN)/python -m core.highlight
