# The two commands: `make demo` and `make test`. Everything they need is installed from this repo's files.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SEED ?= 7

.PHONY: demo test soak bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# Reinstall only when the project description changes.
$(VENV)/.cli-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[cli]'
	touch $@

$(VENV)/.dev-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.cli-installed

demo: $(VENV)/.cli-installed
	$(VENV)/bin/rootbotics play --bots marquise,eyrie,alliance,vagabot --map fall --seed $(SEED)

# pytest exits 5 when it collects no test; that is not a failure here.
test: $(VENV)/.dev-installed
	$(PY) -m pytest -q -n 2 -m "not soak"; rc=$$?; if [ $$rc -eq 5 ]; then exit 0; else exit $$rc; fi

# The long soak: GAMES random games (bots, seats, maps, difficulties and traits drawn per game) with
# every invariant checked after every event, then the soak-marked tests (among them 1,000 fuzzed bad
# position files through the command line). `rootbotics soak` runs the same soak.
GAMES ?= 10000
soak: $(VENV)/.dev-installed
	$(PY) -m rootbotics.soak --games $(GAMES) --jobs 2 --out soak-failures
	$(PY) -m pytest -q -n 2 -m soak; rc=$$?; if [ $$rc -eq 5 ]; then exit 0; else exit $$rc; fi

# Speed on one core, every line-up: games/s and bot turns/s with events counted, the mean and p99
# explained bot turn, the ratio to a python-chess random-game loop, then a short profile.
# Nothing is asserted.
$(VENV)/.bench-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[cli,bench]'
	touch $@

bench: $(VENV)/.bench-installed
	$(PY) -m rootbotics.sim.bench

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache
