"""docs/law-of-root-coverage.md stays true: every numbered rule of the Law of Root's general
sections and the four base factions has a row, and every row's code and tests exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "docs" / "law-of-root-coverage.md"
RULINGS = ROOT / "docs" / "rulings.md"
# The rule numbers of LoR 1-9 and 26 in the publisher's text (LederCards/rules, p16).
RULES = "1.1 1.1.1 1.1.2 1.1.3 1.2 1.2.1 1.2.2 1.3 1.3.1 1.3.2 1.3.3 1.4 1.4.1 1.4.2 1.4.3 1.5 1.5.1 1.5.2 1.5.3 1.5.4 1.5.5 1.5.5.1 2.1 2.1.1 2.1.1.1 2.1.1.2 2.1.2 2.1.3 2.1.4 2.2 2.2.1 2.2.2 2.2.3 2.2.4 2.3 2.4 2.4.1 2.5 3.1 3.1.1 3.2 3.2.1 3.2.2 3.3 3.3.1 3.3.1.1 3.3.1.2 3.3.2 3.3.3 3.3.4 4.1 4.1.1 4.1.2 4.1.3 4.1.4 4.2 4.2.1 4.2.2 4.3 4.3.1 4.3.1.1 4.3.1.2 4.3.2 4.3.3 4.3.3.1 4.3.4 4.3.5 4.3.5.1 4.3.5.2 4.3.5.3 4.3.6 5.1 5.1.1 5.1.2 5.1.3 5.1.4 5.1.5 5.1.6 5.1.7 5.2 5.2.1 5.2.2 6.1 6.2 6.2.1 6.2.2 6.2.3 6.3 6.3.1 6.3.2 6.3.3 6.3.4 6.3.5 6.4 6.5 6.5.1 6.5.2 6.5.3 6.5.4 6.5.4.1 6.5.4.2 6.5.4.3 6.5.5 6.6 7.1 7.2 7.2.1 7.2.2 7.2.3 7.3 7.3.1 7.3.2 7.3.3 7.3.4 7.3.5 7.4 7.4.1 7.4.2 7.4.3 7.5 7.5.1 7.5.2 7.5.2.1 7.5.2.2 7.5.2.3 7.5.2.4 7.6 7.6.1 7.6.2 7.7 7.7.1 7.7.2 7.7.3 7.7.3.1 7.7.4 7.8 7.8.1 7.8.2 7.8.3 7.8.4 8.1 8.2 8.2.1 8.2.2 8.2.3 8.2.3.1 8.2.4 8.2.5 8.2.5.1 8.2.5.2 8.2.6 8.3 8.3.1 8.3.2 8.3.3 8.3.4 8.4 8.4.1 8.4.1.1 8.4.1.2 8.4.1.3 8.4.2 8.4.2.1 8.4.2.2 8.4.2.2.1 8.4.2.3 8.5 8.5.1 8.5.2 8.5.3 8.6 8.6.1 8.6.1.1 8.6.1.2 8.6.1.3 8.6.1.4 8.6.2 9.1 9.2 9.2.1 9.2.2 9.2.2.1 9.2.3 9.2.4 9.2.5 9.2.5.1 9.2.5.2 9.2.6 9.2.7 9.2.8 9.2.9 9.2.9.1 9.2.9.1.1 9.2.9.1.2 9.2.9.2 9.2.9.2.1 9.2.9.2.2 9.2.9.2.3 9.2.9.2.4 9.2.9.3 9.2.9.3.1 9.2.9.3.2 9.2.9.3.3 9.2.9.3.4 9.2.10 9.3 9.3.1 9.3.2 9.3.3 9.3.4 9.3.5 9.3.6 9.4 9.4.1 9.4.2 9.5 9.5.1 9.5.2 9.5.3 9.5.4 9.5.5 9.5.6 9.5.7 9.5.8 9.5.9 9.6 9.6.1 9.6.2 9.6.3 9.6.4 9.7 9.7.1 9.7.2 9.7.3 26.1 26.1.1 26.1.2 26.2 26.2.1 26.2.2 26.3 26.3.1 26.3.2 26.4 26.4.1 26.4.2 26.5 26.5.1 26.5.2 26.6 26.6.1 26.6.2 26.7 26.7.1 26.7.2 26.8 26.8.1 26.8.2 26.9 26.9.1 26.9.2 26.10 26.10.1 26.10.2 26.11 26.11.1 26.11.2 26.12 26.12.1 26.12.2 ".split()
RULES += "15.1 15.2 15.2.1 15.2.2 15.2.3 15.2.4 15.2.5 15.3 15.3.1 15.3.2 15.3.3 15.3.4 15.3.5 15.3.6 15.4 15.4.1 15.4.2 15.4.3 15.5 15.5.1 15.5.2 15.5.2.1 15.5.2.2 15.5.2.2.1 15.5.2.2.2 15.5.2.3 15.5.2.3.1 15.5.2.3.2 15.5.2.3.3 15.6 15.6.1 15.6.2 15.6.3".split()  # LoR 15 Keepers in Iron
RULES += "13.1 13.2 13.2.1 13.2.2 13.2.2.1 13.2.2.2 13.2.3 13.2.4 13.2.5 13.3 13.3.1 13.3.2 13.4 13.4.1 13.4.2 13.4.3 13.5 13.5.1 13.5.2 13.5.3 13.5.4 13.6 13.6.1 13.6.2 13.7 13.7.1 13.7.2 13.7.3 13.7.4".split()  # LoR 13 Corvid Conspiracy
RULES += "12.1 12.2 12.2.1 12.2.2 12.2.3 12.2.4 12.3 12.3.1 12.3.2 12.3.3 12.3.4 12.3.5 12.3.6 12.4 12.5 12.5.1 12.5.1.1 12.5.1.2 12.5.1.3 12.5.1.4 12.5.1.5 12.5.2 12.5.2.1 12.5.2.2 12.5.2.3 12.5.2.4 12.5.2.5 12.5.2.6 12.5.2.7 12.5.2.8 12.5.2.9 12.5.3 12.5.3.1 12.5.3.2 12.5.3.3 12.6 12.6.1 12.6.2 12.6.3".split()  # LoR 12 Underground Duchy
RULES += "10.1 10.2 10.2.1 10.2.2 10.2.3 10.2.4 10.2.5 10.2.6 10.3 10.3.1 10.3.2 10.3.3 10.3.4 10.4 10.4.1 10.4.2 10.4.3 10.4.3.1 10.4.3.2 10.4.3.3 10.5 10.5.1 10.5.2 10.5.3 10.5.4 10.6 10.6.1 10.6.2 10.6.3".split()  # LoR 10 Lizard Cult
RULES += "11.1 11.2 11.2.1 11.2.2 11.2.3 11.2.4 11.2.5 11.2.5.1 11.2.6 11.2.6.1 11.2.6.2 11.2.6.3 11.2.7 11.2.7.1 11.2.7.2 11.2.7.3 11.2.7.3.1 11.2.7.3.2 11.3 11.3.1 11.3.2 11.3.3 11.3.4 11.3.5 11.4 11.4.1 11.4.2 11.4.3 11.5 11.5.1 11.5.2 11.5.3 11.5.3.1 11.5.4 11.5.5 11.5.6 11.5.6.1 11.5.6.2 11.5.6.3 11.6 11.6.1 11.6.2".split()  # LoR 11 Riverfolk Company
RULES += "14.1 14.2 14.2.1 14.2.2 14.2.3 14.2.4 14.2.4.1 14.2.4.2 14.2.5 14.3 14.3.1 14.3.2 14.3.3 14.3.4 14.4 14.4.1 14.4.2 14.4.3 14.4.4 14.5 14.5.1 14.5.2 14.5.2.1 14.5.2.2 14.5.2.3 14.5.3 14.6 14.6.1 14.6.2 14.6.3 14.7 14.7.1 14.7.2 14.7.3 14.7.4 14.7.5 14.7.6 14.7.7 14.7.8".split()  # LoR 14 Lord of the Hundreds
EP_ROW = re.compile(r"^\| E&P (?P<rule>[a-z_]+)\s*\|(?P<what>[^|]*)\|(?P<code>[^|]*)\|(?P<tests>[^|]*)\|(?P<status>[^|]*)\|$")
ROW = re.compile(r"^\| LoR (?P<rule>[0-9.]+)\s*\|(?P<what>[^|]*)\|(?P<code>[^|]*)\|(?P<tests>[^|]*)\|(?P<status>[^|]*)\|$")


def rows(pattern: re.Pattern[str] = ROW) -> dict[str, dict[str, str]]:
    out = {}
    for line in TABLE.read_text().splitlines():
        m = pattern.match(line)
        if m:
            assert m["rule"] not in out, f"LoR {m['rule']} has two rows"
            out[m["rule"]] = {k: v.strip() for k, v in m.groupdict().items()}
    return out


def all_rows() -> dict[str, dict[str, str]]:
    """The rule rows and the Exiles and Partisans card rows, keyed ``LoR 4.1`` / ``E&P tunnels``."""
    return {**{f"LoR {k}": v for k, v in rows().items()}, **{f"E&P {k}": v for k, v in rows(EP_ROW).items()}}


def test_every_exiles_and_partisans_card_has_a_row() -> None:
    from rootbotics.core.cards import load_deck

    deck = load_deck("exiles-partisans")
    cards = {c.name.split("#")[0] for c in deck.cards if c.kind == "effect"}
    have = rows(EP_ROW)
    assert sorted(cards - set(have)) == [], "E&P cards without a row"
    assert sorted(set(have) - cards) == [], "rows for cards the deck does not have"


def test_every_rule_has_a_row() -> None:
    have = rows()
    missing = [r for r in RULES if r not in have]
    assert not missing, f"rules without a row: {missing}"
    extra = [r for r in have if r not in RULES]
    assert not extra, f"rows for rules the text does not have: {extra}"


def test_every_status_is_known() -> None:
    for rule, row in all_rows().items():
        status = row["status"]
        assert re.match(r"^(done|open|ruling R-[A-Z0-9-]+|n/a: .+|open: .+)", status), f"{rule}: unknown status {status!r}"


def _code_refs(text: str) -> list[tuple[str, str]]:
    return [tuple(ref.strip().strip("`").split(":", 1)) for ref in text.split(",") if ref.strip()]  # type: ignore[misc]


def test_done_rows_name_code_and_tests_that_exist() -> None:
    for rule, row in all_rows().items():
        if row["status"] != "done":
            continue
        assert row["code"] and row["tests"], f"{rule}: a done row names its code and its tests"
        for path, name in _code_refs(row["code"]):
            source = ROOT / "src" / "rootbotics" / path
            assert source.exists(), f"{rule}: {path} does not exist"
            assert re.search(rf"^\s*(def|class) {re.escape(name)}\b", source.read_text(), re.M), f"{rule}: {path} has no {name}"
        for ref in row["tests"].split(","):
            path, _, name = ref.strip().strip("`").partition("::")
            test = ROOT / path
            assert test.exists(), f"{rule}: {path} does not exist"
            assert re.search(rf"^def {re.escape(name)}\b", test.read_text(), re.M), f"{rule}: {path} has no {name}"


def test_rulings_named_exist() -> None:
    text = RULINGS.read_text()
    for rule, row in all_rows().items():
        m = re.match(r"ruling (R-[A-Z0-9-]+)", row["status"])
        if m:
            assert m.group(1) in text, f"{rule}: {m.group(1)} is not in docs/rulings.md"
