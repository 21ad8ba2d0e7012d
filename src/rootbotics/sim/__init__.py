"""Batch simulation for people studying the bots.

- ``study``: what a study is (bots, map, difficulty, traits, options, seat rotation) and how one
  seeded game of it becomes one result row; a failing game is a row too, never a crash.
- ``results``: the Parquet tables (games, and rounds for VP trajectories) and atomic chunk files.
- ``runner``: seed ranges cut into chunks, shards, a process pool, a progress bar, Ctrl-C.
- ``report``: DuckDB queries over result files, Wilson intervals, matplotlib plots.
- ``replay``: play one game of a study again (or a failing game's saved position), explained.
- ``bench``: the single-core benchmark behind ``make bench``.

Only ``study`` and ``bench`` are standard library; the rest needs the ``sim`` extra
(``pip install 'rootbotics[sim]'``).
"""
