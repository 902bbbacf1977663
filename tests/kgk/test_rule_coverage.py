"""Every KGK rule that describes behaviour is cited by a test.

The rule reference is ``docs/rules/kgk/``: one Markdown file per section, where a rule is
defined by a line starting with its bold number (a bold ``KG-x.y`` followed by its title
and text, or the same as a list item). Numbers that only define a term, give advice or are
a heading or an engine note are listed in ``docs/rules/kgk/not-behaviour*.md``, one line
each: ``- KG-x.y — definition|advice|note: reason``. Every other number of sections 1-13
must be cited by a test under ``tests/``: in the test's docstring (the number not followed
by a further ``.digit`` or digit; a test class's docstring covers its tests), or in its name
(``test_kg_4_5_3`` or ``test_kg_4_5_3_<words>``). A number in a comment, a helper or an
assertion message is not a test citing it. A behavioural rule no test can reach yet is named, with the
reason, in ``UNREACHABLE``: tolerated, until a test cites it.

``python tests/kgk/test_rule_coverage.py`` prints the counts per section.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES_DIR = ROOT / "docs" / "rules" / "kgk"
TESTS_DIR = ROOT / "tests"
SECTIONS = range(1, 14)                    # the rule sections that must be covered
# Behavioural rules no test can reach yet, with the reason (docs/rules/kgk/not-behaviour.md
# says the same): tolerated by the section check, and a test fails as soon as one of them is
# cited, so that this list only ever shrinks.
UNREACHABLE: dict[str, str] = {
    "10.12": "no shipped card calls several players to act (who begins then)",
    "12.7": "the twin of KG-10.12: no shipped card calls several players to act",
}
KINDS = ("definition", "advice", "note")

DEFINED = re.compile(r"^\s*(?:[-*]\s+)?\*\*KG-(\d+(?:\.\d+)+)\*\*", re.MULTILINE)
LISTED = re.compile(r"^- KG-(\d+(?:\.\d+)+) — (\w+): \S.*$")
CITED = re.compile(r"KG-(\d+(?:\.\d+)*)(?!\.?\d)")
NAMED = re.compile(r"\bdef\s+test_kg_(\d+(?:_\d+)*)(?![0-9])")


def section_file(n: int) -> Path | None:
    found = sorted(RULES_DIR.glob(f"{n:02d}-*.md"))
    return found[0] if found else None


def defined_in(n: int) -> list[str]:
    """The rule numbers a section's file defines, in order (empty when it is missing)."""
    path = section_file(n)
    if path is None:
        return []
    return [m for m in DEFINED.findall(path.read_text(encoding="utf-8"))
            if int(m.split(".")[0]) == n]


def not_behaviour() -> tuple[dict[str, str], list[str]]:
    """The listed non-behaviour numbers (number -> kind) and the malformed lines."""
    listed: dict[str, str] = {}
    bad: list[str] = []
    for path in sorted(RULES_DIR.glob("not-behaviour*.md")):
        for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.startswith("- KG-"):
                continue
            m = LISTED.match(line)
            if m is None or m.group(2) not in KINDS:
                bad.append(f"{path.name}:{k}: {line}")
                continue
            listed[m.group(1)] = m.group(2)
    return listed, bad


def cited_by_tests(text: str) -> set[str]:
    """The rule numbers a test module's tests cite: in a test's name (``test_kg_4_5_3…``) or
    its docstring (a test class's docstring covers its tests). A number in a comment, a
    helper, an assertion message or the module's docstring is not a test citing it."""
    cited: set[str] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            if not node.name.startswith("test"):
                continue
            cited.update(m.replace("_", ".") for m in NAMED.findall(f"def {node.name}("))
        elif not (isinstance(node, ast.ClassDef) and node.name.startswith("Test")):
            continue
        cited.update(CITED.findall(ast.get_docstring(node) or ""))
    return cited


def citations() -> set[str]:
    """Every rule number a test under tests/ cites (:func:`cited_by_tests`; this checker
    excepted: its own tests name rules only as examples)."""
    cited: set[str] = set()
    me = Path(__file__).resolve()
    for path in TESTS_DIR.rglob("test_*.py"):
        if path.resolve() == me or "__pycache__" in path.parts:
            continue
        cited |= cited_by_tests(path.read_text(encoding="utf-8"))
    return cited


def coverage() -> dict[int, dict[str, list[str]]]:
    """Per section: the rules defined, listed as non-behaviour, and cited."""
    listed, _ = not_behaviour()
    cited = citations()
    out = {}
    for n in SECTIONS:
        rules = defined_in(n)
        behaviour = [r for r in rules if r not in listed]
        out[n] = {"defined": rules,
                  "not_behaviour": [r for r in rules if r in listed],
                  "behaviour": behaviour,
                  "cited": [r for r in behaviour if r in cited],
                  "uncited": [r for r in behaviour if r not in cited]}
    return out


@pytest.fixture(scope="module")
def cover():
    return coverage()


@pytest.mark.parametrize("n", SECTIONS, ids=lambda n: f"section-{n}")
def test_every_behavioural_rule_of_the_section_is_cited_by_a_test(n, cover):
    assert section_file(n) is not None, f"docs/rules/kgk/{n:02d}-*.md is missing"
    sec = cover[n]
    assert sec["defined"], f"section {n}'s file defines no **KG-{n}.x** rule"
    uncited = [r for r in sec["uncited"] if r not in UNREACHABLE]
    assert not uncited, (
        f"section {n}: {len(uncited)} behavioural rule(s) no test cites: "
        + ", ".join(f"KG-{r}" for r in uncited)
        + " (cite each in a test, or list it in docs/rules/kgk/not-behaviour*.md if it "
          "only defines, advises or notes)")


def test_the_unreachable_rules_are_behaviour_and_still_uncited(cover):
    """UNREACHABLE names defined, behavioural rules that no test cites; once a test cites
    one (or it is listed as non-behaviour) it must leave the list."""
    listed, _ = not_behaviour()
    for r, why in UNREACHABLE.items():
        n = int(r.split(".")[0])
        assert r in cover[n]["defined"], f"KG-{r} ({why}) is not defined"
        assert r not in listed, f"KG-{r} is listed as non-behaviour: drop it from UNREACHABLE"
        assert r in cover[n]["uncited"], f"KG-{r} is cited now: drop it from UNREACHABLE"


def test_the_non_behaviour_lists_are_well_formed():
    listed, bad = not_behaviour()
    assert not bad, "lines not in the form '- KG-x.y — definition|advice|note: reason':\n" + \
        "\n".join(bad)


def test_every_listed_non_behaviour_rule_exists():
    listed, _ = not_behaviour()
    known = {r for n in SECTIONS for r in defined_in(n)}
    unknown = sorted((r for r in listed if r not in known),
                     key=lambda r: [int(x) for x in r.split(".")])
    assert not unknown, ("listed as non-behaviour but defined in no section file: "
                         + ", ".join(f"KG-{r}" for r in unknown))


def test_the_citation_patterns():
    """The checker's own reading of a citation: a number ends where no ".digit" or digit
    follows (rule numbers only, all defined: tests/docs checks every citation)."""
    text = "KG-4.5.3, KG-4.5.13 and KG-4.3.7.1; KG-9.3.3 h. (KG-2.1)"
    assert set(CITED.findall(text)) == {"4.5.3", "4.5.13", "4.3.7.1", "9.3.3", "2.1"}
    assert not {"4.5", "4.5.1", "4.3.7"} & set(CITED.findall(text))
    names = "def test_kg_4_5_3():\ndef test_kg_4_5_13_two():\ndef test_kg_9_3_3_a_x():"
    assert [m.replace("_", ".") for m in NAMED.findall(names)] == ["4.5.3", "4.5.13", "9.3.3"]
    assert DEFINED.findall("**KG-4.5** Base\n- **KG-4.5.3** Development. …\n**KG-1.2 x**") == [
        "4.5", "4.5.3"]
    assert LISTED.match("- KG-1.1 — note: the theme")


def test_only_a_tests_name_or_docstring_cites_a_rule():
    """A number in a comment, a helper, an assertion message or the module's docstring does
    not count: the rule is covered by a test that says so."""
    n = "KG-" + "4.5"
    text = "\n".join([
        f'"""The module ({n}.1)."""',
        f"# {n}.2 a heading comment",
        "def helper():",
        f'    """{n}.3 a helper\'s docstring"""',
        "def test_kg_4_5_4_named():",
        f"    assert 1, '{n}.5 in a message'  # {n}.6",
        "def test_plain():",
        f'    """What it shows ({n}.7)."""',
        "class TestGroup:",
        f'    """{n}.8"""',
        "    def test_x(self):",
        "        pass",
    ])
    assert cited_by_tests(text) == {"4.5.4", "4.5.7", "4.5.8"}


if __name__ == "__main__":
    total = {"behaviour": 0, "cited": 0, "not_behaviour": 0}
    for n, sec in coverage().items():
        if section_file(n) is None:
            print(f"section {n:2d}: no file yet")
            continue
        for k in total:
            total[k] += len(sec[k])
        print(f"section {n:2d}: {len(sec['defined']):3d} rules, {len(sec['cited']):3d} of "
              f"{len(sec['behaviour']):3d} behavioural cited, {len(sec['not_behaviour']):3d} "
              f"definitions/advice/notes"
              + (f"; uncited: {' '.join(sec['uncited'])}" if sec["uncited"] else "")
              + (" (unreachable so far, see UNREACHABLE)"
                 if sec["uncited"] and set(sec["uncited"]) <= set(UNREACHABLE) else ""))
    print(f"total: {total['cited']} of {total['behaviour']} behavioural rules cited, "
          f"{total['not_behaviour']} definitions/advice/notes")
