# The two commands: `make demo` and `make test`. Everything they need is installed from this repo's files.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SEED ?= 7

.PHONY: demo test soak bench clean chromium

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
	@echo "In a browser: $(PY) -m pip install -e '.[web]' && $(VENV)/bin/rootbotics serve   (then open http://127.0.0.1:8000/)"

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
