"""The rule-coverage table (docs/rules-coverage.md) stays true.

Every rule of Law of Robotics sections 1-6 and 12 has a row; every named function exists; every
named test exists; every ruling named exists in docs/rulings.md.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "docs" / "rules-coverage.md"
RULINGS = ROOT / "docs" / "rulings.md"
LAW = ROOT.parent / "shared" / "rules" / "law-of-robotics.md"

# Rule numbers of sections 1-5 (the Law's numbered rules and the lettered steps of 5.5.1).
LAW_RULES_1_5 = """
1.1.1 1.1.2 1.1.3 1.2.1 1.3
2.1 2.2 2.3 2.4 2.5 2.6 2.7 2.8.1 2.8.2
3.1 3.2 3.3.1 3.3.2 3.4
4.2.1 4.3.1 4.3.2 4.3.3 4.3.4 4.3.5 4.4.1 4.4.2 4.5.1 4.5.2 4.5.3 4.5.4 4.5.5 4.6.1 4.6.2
4.7.1 4.7.2 4.7.3 4.7.4
5.2.1 5.3.1 5.3.2 5.3.3 5.3.4 5.4.1 5.4.2 5.4.3 5.4.4 5.5.1 5.5.2 5.6 5.7.1 5.7.2 5.7.3
""".split() + [
    "4.5.1 I",
    "4.7.1 I",
    "5.5.1 I",
    "5.5.1 I a",
    "5.5.1 I b",
    "5.5.1 I c",
    "5.5.1 II",
    "5.5.1 II a",
    "5.5.1 II b",
    "5.5.1 III",
    "5.5.1 III a",
    "5.5.1 III b",
    "5.5.1 III c",
    "5.5.1 III d",
    "5.5.1 III e",
]

# Rule numbers of section 6 (the Automated Alliance), with the lettered steps of 6.2.1 and 6.5.1.
LAW_RULES_6 = """
6.2.1 6.2.2 6.2.3 6.2.4 6.2.5 6.3.1 6.3.2 6.3.3 6.4.1 6.4.2 6.4.3 6.4.4 6.5.1 6.5.2 6.6.1 6.6.2 6.6.3
""".split() + ["6.2.1 I", "6.2.1 II", "6.5.1 I", "6.5.1 II"]
# Rule numbers of section 11 (the Cogwheel Corvids), with the lettered steps of 11.4.3, 11.5.1,
# 11.5.2 and 11.5.4.
LAW_RULES_11 = """
11.2.1 11.2.2 11.3.1 11.3.2 11.4.1 11.4.2 11.4.3 11.4.4 11.5.1 11.5.2 11.5.3 11.5.4 11.6.1 11.6.2
11.7.1 11.7.2 11.7.3 11.7.4 11.8.1 11.8.2
""".split() + ["11.4.3 I", "11.4.3 II", "11.5.1 I", "11.5.2 I", "11.5.2 II", "11.5.4 I"]
# Section 12, map interactions.
LAW_RULES_12 = ["12.1.1", "12.2.1", "12.2.2"]


def table_rows() -> dict[str, dict[str, str]]:
    rows: dict[str, dict[str, str]] = {}
    for line in TABLE.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5 or not re.match(r"^(\d|Services )", cells[0]):
            continue
        rule, what, code, tests, ruling = cells
        assert rule not in rows, f"rule {rule} is listed twice"
        rows[rule] = {"what": what, "code": code, "tests": tests, "ruling": ruling}
    return rows


# The eleven Riverfolk Bot Services cards (9.7; shared/data/clockwork-cards.md): three Basic, the
# Introduction to Advanced Services, and one Advanced card per bot.
SERVICES_CARDS = ["Services B1", "Services B2", "Services B3", "Services A"] + [
    f"Services A-{bot}" for bot in ("marquise", "eyrie", "alliance", "vagabot", "lizards", "corvids", "duchy")
]


def test_every_services_card_has_a_row() -> None:
    rows = table_rows()
    missing = [r for r in SERVICES_CARDS if r not in rows]
    assert not missing, f"Services cards missing from docs/rules-coverage.md: {missing}"


def test_every_rule_of_sections_1_to_6_has_a_row() -> None:
    rows = table_rows()
    missing = [r for r in LAW_RULES_1_5 + LAW_RULES_6 + LAW_RULES_11 + LAW_RULES_12 if r not in rows]
    assert not missing, f"rules missing from docs/rules-coverage.md: {missing}"


def numbered_rules(start: str, end: str) -> set[str]:
    """The rule numbers of the Law's text between two headings: x.y.z rules, and x.y headings
    that have no x.y.z rules under them (overviews aside)."""
    text = LAW.read_text()
    text = text[text.index(start) : text.index(end)]
    found: set[str] = set(re.findall(r"^\s*-?\s*(\d+\.\d+\.\d+)\s+\*\*", text, re.M))
    headings = list(re.finditer(r"^(\d+\.\d+) ([A-Z“][A-Z “”.]+)$", text, re.M))
    for i, h in enumerate(headings):
        body = text[h.end() : headings[i + 1].start() if i + 1 < len(headings) else len(text)]
        if "OVERVIEW" not in h.group(2) and not re.search(rf"{re.escape(h.group(1))}\.\d", body):
            found.add(h.group(1))
    assert found, "no rule numbers found: has the Law's layout changed?"
    return found


@pytest.mark.skipif(not LAW.exists(), reason="the Law text is not beside the repository")
def test_the_rule_list_matches_the_law_text() -> None:
    """Numbered rules in the Law's sections 1-5 are all in LAW_RULES_1_5."""
    found = numbered_rules("1. Changes to the Law\n\nGames", "6. Automated Alliance\n\n6.1")
    assert sorted(found - set(LAW_RULES_1_5)) == []


@pytest.mark.skipif(not LAW.exists(), reason="the Law text is not beside the repository")
def test_the_section_6_rule_list_matches_the_law_text() -> None:
    """Numbered rules in the Law's section 6 are all in LAW_RULES_6."""
    found = numbered_rules("6. Automated Alliance\n\n6.1", "7. Vagabot\n\n7.1")
    assert sorted(found - set(LAW_RULES_6)) == []
@pytest.mark.skipif(not LAW.exists(), reason="the Law text is not beside the repository")
def test_the_section_11_rule_list_matches_the_law_text() -> None:
    """Numbered rules in the Law's section 11 are all in LAW_RULES_11, and its lettered steps too."""
    text = LAW.read_text()
    text = text[text.index("11. Cogwheel Corvids\n") : text.index("Cogwheel Corvids Example Turn")]
    found = set(re.findall(r"^\s*-?\s*(11\.\d+\.\d+)\s+\*\*", text, re.M))
    assert sorted(found) == sorted(r for r in LAW_RULES_11 if " " not in r)
    steps, current = [], ""
    for line in text.splitlines():
        rule = re.match(r"^\s*-?\s*(11\.\d+\.\d+)\s+\*\*", line)
        step = re.match(r"^\s*-\s*(I|II|III|IV)\s+\*\*", line)
        if rule:
            current = rule.group(1)
        elif step:
            steps.append(f"{current} {step.group(1)}")
    assert sorted(steps) == sorted(r for r in LAW_RULES_11 if " " in r)


@pytest.mark.skipif(not LAW.exists(), reason="the Law text is not beside the repository")
def test_the_section_12_list_matches_the_law_text() -> None:
    text = LAW.read_text()
    text = text[text.index("12. Map Interactions\n") :]
    found = set(re.findall(r"^\s*-?\s*(12\.\d+\.\d+)\s+\*\*", text, re.M))
    assert sorted(found) == LAW_RULES_12


def test_every_named_function_exists() -> None:
    for rule, row in table_rows().items():
        module_name, _, attr = row["code"].partition(":")
        module = importlib.import_module(f"rootbotics.{module_name}")
        obj = module
        for part in attr.split("."):
            assert hasattr(obj, part), f"{rule}: rootbotics.{row['code']} does not exist"
            obj = getattr(obj, part)


def test_every_named_test_exists() -> None:
    for rule, row in table_rows().items():
        names = [t.strip() for t in row["tests"].split(",") if t.strip()]
        assert names, f"{rule}: no test named"
        for name in names:
            file, _, test = name.partition("::")
            source = (ROOT / "tests" / file).read_text()
            assert re.search(rf"^def {re.escape(test)}\(", source, re.M), f"{rule}: {name} does not exist"


def test_every_named_ruling_exists() -> None:
    anchors = set(re.findall(r'<a id="([A-Z0-9-]+)"></a>', RULINGS.read_text()))
    for rule, row in table_rows().items():
        for ruling in filter(None, (r.strip() for r in row["ruling"].split(","))):
            if ruling == "text":
                continue
            assert ruling in anchors, f"{rule}: ruling {ruling} is not in docs/rulings.md"


# Rule numbers of section 7 (Vagabot): the numbered rules, the sequences 7.5 I-IV and the
# lettered steps of 7.2.1, 7.5.4 and 7.7.6.
LAW_RULES_7 = """
7.2.1 7.2.2 7.2.3 7.2.4 7.2.5 7.3.1 7.3.2 7.3.3 7.3.4 7.3.5 7.4.1 7.4.2 7.4.3
7.5 7.5.1 7.5.2 7.5.3 7.5.4 7.5.5 7.5.6 7.6.1 7.6.2 7.6.3
7.7.1 7.7.2 7.7.3 7.7.4 7.7.5 7.7.6
""".split() + [
    "7.2.1 I",
    "7.5 I",
    "7.5 II",
    "7.5 III",
    "7.5 IV",
    "7.5.4 I",
    "7.5.4 II",
    "7.7.6 I",
    "7.7.6 II",
    "7.7.6 III",
]


def test_every_rule_of_section_7_has_a_row() -> None:
    rows = table_rows()
    missing = [r for r in LAW_RULES_7 if r not in rows]
    assert not missing, f"rules missing from docs/rules-coverage.md: {missing}"


@pytest.mark.skipif(not LAW.exists(), reason="the Law text is not beside the repository")
def test_the_section_7_rule_list_matches_the_law_text() -> None:
    """Numbered rules in the Law's section 7 are all in LAW_RULES_7."""
    text = LAW.read_text()
    text = text[text.index("7. Vagabot\n\n7.1") : text.index("Vagabot Example Turn")]
    found = set(re.findall(r"^\s*-?\s*(\d+\.\d+\.\d+)\s+\*\*", text, re.M))
    assert len(found) == 28, sorted(found)  # and 7.5, a heading with its own text
    assert sorted(found - set(LAW_RULES_7)) == []


# Rule numbers of section 9 (Riverfolk Robots): the numbered rules, the three services of 9.2.3,
# the tie-breaks and limits of 9.5, and 9.7 (a heading with its own text).
LAW_RULES_9 = """
9.2.1 9.2.2 9.2.3 9.2.4 9.3.1 9.3.2 9.3.3 9.3.4 9.3.5 9.4.1 9.4.2 9.4.3
9.5.1 9.5.2 9.5.3 9.5.4 9.6.1 9.6.2 9.6.3 9.7
""".split() + ["9.2.3 I", "9.2.3 II", "9.2.3 III", "9.5.1 I", "9.5.2 I", "9.5.4 I"]


def test_every_rule_of_section_9_has_a_row() -> None:
    rows = table_rows()
    missing = [r for r in LAW_RULES_9 if r not in rows]
    assert not missing, f"rules missing from docs/rules-coverage.md: {missing}"


# Rule numbers of section 10 (Drillbit Duchy), with the numbered tie-breaks of 10.5.1, 10.5.2 and 10.6.1.
LAW_RULES_10 = """
10.2.1 10.2.2 10.3.1 10.3.2 10.3.3 10.3.4 10.3.5 10.4.1 10.4.2 10.4.3 10.5.1 10.5.2 10.5.3 10.5.4
10.6.1 10.6.2 10.6.3 10.6.4 10.7.1 10.7.2 10.7.3 10.7.4 10.7.5 10.7.6 10.7.7 10.7.8 10.7.9
""".split() + ["10.5.1 I", "10.5.1 II", "10.5.2 I", "10.6.1 I", "10.6.1 II"]


def test_every_rule_of_section_10_has_a_row() -> None:
    rows = table_rows()
    missing = [r for r in LAW_RULES_10 if r not in rows]
    assert not missing, f"rules missing from docs/rules-coverage.md: {missing}"


@pytest.mark.skipif(not LAW.exists(), reason="the Law text is not beside the repository")
def test_the_section_10_rule_list_matches_the_law_text() -> None:
    """Numbered rules in the Law's section 10 are all in LAW_RULES_10."""
    text = LAW.read_text()
    text = text[text.index("10. Drillbit Duchy\n\n10.1") : text.index("11. Cogwheel Corvids\n\n11.1")]
    found = set(re.findall(r"^\s*-?\s*(\d+\.\d+\.\d+)\s+\*\*", text, re.M))
    assert len(found) == 27, sorted(found)
    assert sorted(found - set(LAW_RULES_10)) == []


# Rule numbers of section 8 (Logical Lizards): the numbered rules, 8.5 (a heading with its own
# text) and the lettered steps of 8.4.2 and 8.5.1.
LAW_RULES_8 = """
8.2.1 8.2.2 8.2.3 8.2.4 8.3.1 8.3.2 8.3.3 8.3.4 8.3.5 8.4.1 8.4.2 8.5 8.5.1 8.5.2
8.6.1 8.6.2 8.6.3 8.6.4
""".split() + [
    "8.4.2 I",
    "8.4.2 I a",
    "8.4.2 I b",
    "8.4.2 II",
    "8.4.2 II a",
    "8.4.2 III",
    "8.4.2 III a",
    "8.4.2 III b",
    "8.5.1 I",
]


def test_every_rule_of_section_8_has_a_row() -> None:
    rows = table_rows()
    missing = [r for r in LAW_RULES_8 if r not in rows]
    assert not missing, f"rules missing from docs/rules-coverage.md: {missing}"


@pytest.mark.skipif(not LAW.exists(), reason="the Law text is not beside the repository")
def test_the_section_9_rule_list_matches_the_law_text() -> None:
    """Numbered rules in the Law's section 9 are all in LAW_RULES_9."""
    found = numbered_rules("9. Riverfolk Robots\n\n9.1", "Riverfolk Robots Example Turn")
    assert sorted(found - set(LAW_RULES_9)) == []
    assert {"9.7"} <= found


@pytest.mark.skipif(not LAW.exists(), reason="the Law text is not beside the repository")
def test_the_section_8_rule_list_matches_the_law_text() -> None:
    """Numbered rules in the Law's section 8 are all in LAW_RULES_8, with its lettered steps."""
    text = LAW.read_text()
    text = text[text.index("8. Logical Lizards\n\n8.1") : text.index("Logical Lizards Example Turn")]
    found = set(re.findall(r"^\s*-?\s*(\d+\.\d+\.\d+)\s+\*\*", text, re.M))
    assert len(found) == 17, sorted(found)  # and 8.5, a heading with its own text
    assert sorted(found - set(LAW_RULES_8)) == []
    steps = re.findall(r"^\s*- ([IV]+|[a-c]) \*\*", text, re.M)
    assert steps == ["I", "a", "b", "II", "a", "III", "a", "b", "I"]
