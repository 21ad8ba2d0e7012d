# The two commands: `make demo` and `make test`. Everything they need is installed from this repo's files.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SEED ?= 7

.PHONY: demo serve test soak train bench bench-compiled bench-mypyc bench-study bench-ray clean chromium

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# Reinstall only when the project description changes.
$(VENV)/.cli-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[cli,sim]'
	touch $@

$(VENV)/.dev-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.cli-installed

demo: $(VENV)/.cli-installed
	$(VENV)/bin/rootbotics play --bots marquise,eyrie,alliance,vagabot --map fall --seed $(SEED)
	@echo
	@echo "In a browser: make serve   (installs the web extra, starts rootbotics serve; then open http://127.0.0.1:8000/)"
	@echo "  the same by hand: $(PY) -m pip install -e '.[web]' && $(VENV)/bin/rootbotics serve"
	@echo "  this game step by step: http://127.0.0.1:8000/watch?bots=marquise,eyrie,alliance,vagabot&map=fall&seed=$(SEED)"

$(VENV)/.web-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[cli,web]'
	touch $@

# The web app on http://127.0.0.1:$(PORT)/ (rootbotics serve; PORT=... for another port).
PORT ?= 8000
serve: $(VENV)/.web-installed
	$(VENV)/bin/rootbotics serve --port $(PORT)

# The browser tests drive Debian's chromium (never a browser of Playwright's own): install the
# package when it is missing and we may (root with apt-get, as in CI); otherwise they skip.
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing Debian's chromium for the browser tests"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
	      || echo "could not install chromium: the browser tests will skip"; \
	  else echo "/usr/bin/chromium is missing and cannot be installed here: the browser tests will skip"; fi; \
	fi

# pytest exits 5 when it collects no test; that is not a failure here.
test: $(VENV)/.dev-installed chromium
	$(PY) -m pytest -q -n 2 --dist loadgroup -m "not soak"; rc=$$?; if [ $$rc -eq 5 ]; then exit 0; else exit $$rc; fi

# The long soak: GAMES random games (bots, seats, maps, difficulties and traits drawn per game) with
# every invariant checked after every event, then the soak-marked tests (among them 1,000 fuzzed bad
# position files through the command line). `rootbotics soak` runs the same soak.
# 100,000 games take about an hour on a quiet 2-core machine (docs/studying-the-bots.md, "The
# soak's speed"). A killed `make soak` run again resumes (soak-failures/soak-progress-1.json);
# `rm -rf soak-failures` plays it afresh.
# SOAK_PROGRAMS=every seats built-in programs in every game (one or more, beside a bot): issue 26's
# soak of programs in every human seat.
GAMES ?= 100000
SOAK_PROGRAMS ?= half
soak: $(VENV)/.dev-installed
	$(PY) -m rootbotics.soak --games $(GAMES) --jobs 2 --programs $(SOAK_PROGRAMS) --out soak-failures
	$(PY) -m pytest -q -n 2 -m soak; rc=$$?; if [ $$rc -eq 5 ]; then exit 0; else exit $$rc; fi

# A trained baseline, honestly measured (issue 28 part 4; docs/rl.md, "A trained baseline"):
# MaskablePPO learns the Marquise's seat against the Eyrie, Alliance and Vagabot bots on Fall for
# TRAIN_STEPS agent steps (one process, one torch thread: about 10 minutes on a quiet 2-core
# machine, 25 on this shared one under its usual load; the evaluation 5-10 more), then the policy, the random and greedy programs and the Mechanical Marquise bot each
# play that seat in the same EVAL_GAMES seeded games: results/train/ (policy.zip, eval.md, ratings.md,
# learning_curve.png). Its own extra (torch, stable-baselines3, sb3-contrib, openskill): never in
# dev, so make test never installs it. torch is installed first, pinned to the CPU build.
TRAIN_STEPS ?= 200000
EVAL_GAMES ?= 1000
TRAIN_OUT ?= results/train
$(VENV)/.train-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet torch==2.13.0
	$(PY) -m pip install --quiet -e '.[rl,train]'
	touch $@

train: $(VENV)/.train-installed
	$(PY) -m rootbotics.env.train all --steps $(TRAIN_STEPS) --games $(EVAL_GAMES) --out $(TRAIN_OUT)

# Speed on one core, every line-up: games/s and bot turns/s with events counted, the mean and p99
# explained bot turn, the ratio to a python-chess random-game loop, then a short profile; then the
# legal-move engine (decisions/s of a random program per faction beside python-chess random moves/s,
# and games/s of one program with three bots); then one bot step rendered by the web app
# server-side (mean, p95); first, the command line's start-up (CPU ms of --version and play
# --quiet, bytecode cached first). Nothing is asserted.
$(VENV)/.bench-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[cli,sim,bench,web,rl]'
	touch $@

# Then, where a C compiler and Python's headers are found, the optional mypyc build (below) is
# built and benched too, and one table shows both builds against issue 15's goals.
BENCH_OUT := test-output/bench
CAN_COMPILE := $(PYTHON) -c "import os, shutil, sys, sysconfig; sys.exit(0 if shutil.which('cc') and os.path.exists(os.path.join(sysconfig.get_paths()['include'], 'Python.h')) else 1)"
bench: $(VENV)/.bench-installed
	$(PY) -m rootbotics.sim.startup
	rm -rf $(BENCH_OUT) && mkdir -p $(BENCH_OUT)
	$(PY) -m rootbotics.sim.bench --json $(BENCH_OUT)/pure.json
	@if ! $(CAN_COMPILE); then echo "== mypyc build skipped: no C compiler or no Python headers (python3-dev)"; \
	elif ! $(MAKE) --no-print-directory bench-compiled; then echo "== mypyc build or its check failed (above): pure figures only"; fi
	$(PY) -m rootbotics.sim.bench_compare $(BENCH_OUT)/pure.json $$(ls $(BENCH_OUT)/mypyc.json 2>/dev/null)
	$(PY) -m rootbotics.sim.bench_programs
	$(PY) -m rootbotics.env.bench
	$(PY) -m rootbotics.web.bench

# Optional: the hot core modules compiled by mypyc (setup.py, ROOTBOTICS_MYPYC=1) into their own
# environment, .venv-mypyc (the pure package in .venv is never touched); check that the compiled
# build plays the same games (golden traces, each line-up's first digest block, the kept ruler), then bench
# Clockwork 1 with both, pure first. ONLY=... picks other line-ups (default Clockwork 1 on Fall).
MYPYC_VENV := .venv-mypyc
ONLY ?= marquise,eyrie,alliance,vagabot@fall
# It is a copy of the package, not an editable install: any module changed (compiled or not) rebuilds it.
MYPYC_SOURCES := $(wildcard src/rootbotics/*.py src/rootbotics/*/*.py src/rootbotics/*/*/*.py src/rootbotics/data/*.json)
$(MYPYC_VENV)/.built: pyproject.toml setup.py $(MYPYC_SOURCES) | $(VENV)/.bench-installed
	rm -rf $(MYPYC_VENV) build
	$(PYTHON) -m venv $(MYPYC_VENV)
	$(MYPYC_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(MYPYC_VENV)/bin/python -m pip install --quiet "mypy>=1.10" "setuptools>=77" wheel "pytest>=8"
	ROOTBOTICS_MYPYC=1 $(MYPYC_VENV)/bin/python -m pip install --quiet --no-build-isolation '.[sim,bench]'
	rm -rf build
	touch $@

MYPYC_SAME_GAMES := cd tests && ../$(MYPYC_VENV)/bin/python -m pytest -q -p no:cacheprovider test_compiled.py test_golden.py test_study_digests.py test_kept_rule.py -m "not soak"
bench-mypyc: $(MYPYC_VENV)/.built
	$(MYPYC_SAME_GAMES)
	@echo "== pure Python (.venv)"
	$(PY) -m rootbotics.sim.bench --only '$(ONLY)' --explained 0 --profile 0
	@echo "== compiled by mypyc ($(MYPYC_VENV))"
	cd tests && ../$(MYPYC_VENV)/bin/python -m rootbotics.sim.bench --only '$(ONLY)' --explained 0 --profile 0

# The compiled build's table alone (every line-up, events counted) for make bench's comparison,
# once it is checked to play the same games.
bench-compiled: $(MYPYC_VENV)/.built
	$(MYPYC_SAME_GAMES)
	@echo "== the same line-ups, compiled by mypyc ($(MYPYC_VENV))"
	mkdir -p $(BENCH_OUT)
	cd tests && ../$(MYPYC_VENV)/bin/python -m rootbotics.sim.bench --explained 0 --profile 0 --json ../$(BENCH_OUT)/mypyc.json

# A whole study as a user runs it (rootbotics simulate in its own process): wall-clock time, the
# main process's peak memory and the largest worker's. GAMES=... (default a million), JOBS=...
STUDY_GAMES ?= 1000000
STUDY_JOBS ?= 2
bench-study: $(VENV)/.bench-installed
	$(PY) -m rootbotics.sim.bench_study --games $(STUDY_GAMES) --jobs $(STUDY_JOBS)

# The same study on the process pool and on a local Ray runtime: games/s of each, Ray's cost per task.
bench-ray: $(VENV)/.dev-installed
	$(PY) -m rootbotics.sim.bench_ray

clean:
	rm -rf $(VENV) $(MYPYC_VENV) build src/*.egg-info .pytest_cache
