"""Every rule number the project cites is defined in the repository's own rule reference.

The KGK rule reference is ``docs/rules/kgk/`` (one file per section, ``00-reading.md`` to
``17-readings.md``). A rule is defined on the one line that starts with its number in bold,
``**KG-10.4** …`` or ``- **KG-10.1.1** …``. A citation is any ``KG-x.y[.z…]`` written in the
code, the tests, the docs, the pages and the fixtures, or a test named ``test_kg_4_5_3…``;
this module fails, naming the file and the line, for a citation the reference does not
define, and checks the reference itself: each number defined once, in its own section's
file, every part under a defined rule.

It reads only files inside the repository. Pure file reading: no database, no Django.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

from tests.support.citations import report, undefined

ROOT = Path(__file__).resolve().parents[2]
RULES_DIR = ROOT / "docs" / "rules" / "kgk"

# The section files, by section number (the reference's layout, docs/rules/kgk/README.md).
SECTION_FILES: dict[int, str] = {
    0: "00-reading.md",
    1: "01-object-and-formats.md",
    2: "02-card-anatomy.md",
    3: "03-card-states.md",
    4: "04-card-types.md",
    5: "05-races.md",
    6: "06-zones.md",
    7: "07-ship-abilities.md",
    8: "08-game-start.md",
    9: "09-turn.md",
    10: "10-chain.md",
    11: "11-definitions.md",
    12: "12-other-rules.md",
    13: "13-optional-rules.md",
    14: "14-worked-examples.md",
    15: "15-named-cards.md",
    16: "16-quick-start.md",
    17: "17-readings.md",
}

# Where citations live: (directory or file, suffixes read there).
CODE_SUFFIXES = (".py", ".md", ".html", ".js")
CITING_PLACES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("rulesets", CODE_SUFFIXES),
    ("matches", CODE_SUFFIXES),
    ("decks", CODE_SUFFIXES),
    ("cards", CODE_SUFFIXES),
    ("tournaments", CODE_SUFFIXES),      # tournaments live in matches/ today; read if it appears
    ("tests", CODE_SUFFIXES),
    ("kaosz", CODE_SUFFIXES),            # the project's own templates and messages
    ("bench", (".py", ".md")),
    ("docs", (".md",)),
    ("fixtures", (".json", ".md")),
    ("README.md", (".md",)),
)
SKIPPED_DIRS = {"__pycache__", "node_modules", ".venv", ".git"}

DEFINITION = re.compile(r"^(?:- )?\*\*(KG-\d+(?:\.\d+)+)\*\* ")
# A number is the longest run of ".digits": "KG-9.3.3." ends a sentence and cites KG-9.3.3;
# "KG-9.4-9.9" cites KG-9.4. Not preceded by a letter or digit (no "XKG-1.1").
CITATION = re.compile(r"(?<![A-Za-z0-9])KG-\d+(?:\.\d+)+(?!\.?\d)")
TEST_NAME = re.compile(r"\bdef (test_kg_(\d+(?:_\d+)+))")

class Citation(NamedTuple):
    path: str       # relative to the repository root
    line: int
    number: str     # "KG-9.7.6"

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.number}"


class Definition(NamedTuple):
    path: str
    line: int
    number: str


def section_of(number: str) -> int:
    return int(number[3:].split(".")[0])


def definitions(rules_dir: Path = RULES_DIR) -> list[Definition]:
    """Every definition line in the reference's Markdown files (all of them, so that a
    definition put in a stray file is found and reported, not silently counted)."""
    out = []
    for path in sorted(rules_dir.glob("*.md")):
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = DEFINITION.match(line)
            if m:
                out.append(Definition(path.name, i, m.group(1)))
    return out


def files_to_read(root: Path) -> Iterator[Path]:
    for place, suffixes in CITING_PLACES:
        start = root / place
        if start.is_file():
            yield start
            continue
        if not start.is_dir():
            continue
        for path in sorted(start.rglob("*")):
            rel_parts = path.relative_to(root).parts
            if any(part in SKIPPED_DIRS or part.startswith(".") for part in rel_parts):
                continue
            if path.is_file() and path.suffix in suffixes:
                yield path


def citations_in(text: str, rel: str) -> Iterator[Citation]:
    for i, line in enumerate(text.splitlines(), 1):
        for m in CITATION.finditer(line):
            yield Citation(rel, i, m.group())
        for m in TEST_NAME.finditer(line):
            yield Citation(rel, i, "KG-" + m.group(2).replace("_", "."))


def citations(root: Path = ROOT) -> list[Citation]:
    out: list[Citation] = []
    for path in files_to_read(root):
        text = path.read_text(encoding="utf-8", errors="replace")
        out.extend(citations_in(text, path.relative_to(root).as_posix()))
    return out


# --- the citations ----------------------------------------------------------------------


def test_every_cited_rule_is_defined_in_docs_rules() -> None:
    cited = citations()
    assert len(cited) > 100          # the scan found the code's citations at all
    missing = undefined(cited, (d.number for d in definitions()))
    assert not missing, (
        "cited, but not defined in docs/rules/kgk/ (a line starting **KG-x.y**):\n"
        + report(missing))


# --- the reference itself ---------------------------------------------------------------


def test_each_rule_is_defined_once_in_its_own_section_file() -> None:
    defs = definitions()
    assert len(defs) > 200
    seen: dict[str, Definition] = {}
    twice, misplaced = [], []
    for d in defs:
        if d.number in seen:
            first = seen[d.number]
            twice.append(f"{d.path}:{d.line}: {d.number} (also {first.path}:{first.line})")
        seen.setdefault(d.number, d)
        if SECTION_FILES.get(section_of(d.number)) != d.path:
            misplaced.append(f"{d.path}:{d.line}: {d.number} belongs in "
                             f"{SECTION_FILES.get(section_of(d.number), 'no section file')}")
    assert not twice, "defined more than once:\n" + report(twice)
    assert not misplaced, "defined outside its section's file:\n" + report(misplaced)


def test_every_part_belongs_to_a_defined_rule() -> None:
    numbers = {d.number for d in definitions()}
    orphans = sorted(n for n in numbers if n.count(".") >= 2 and n.rsplit(".", 1)[0] not in numbers)
    assert not orphans, f"parts whose rule is not defined: {orphans}"


def test_the_section_files_are_the_listed_ones_and_the_index_links_them() -> None:
    present = {p.name for p in RULES_DIR.glob("[0-9][0-9]-*.md")}
    strays = present - set(SECTION_FILES.values())
    assert not strays, f"section files with names the reference does not list: {strays}"
    missing = [name for name in SECTION_FILES.values() if name not in present]
    assert not missing, f"section files missing: {missing}"
    index = (RULES_DIR / "README.md").read_text(encoding="utf-8")
    unlinked = [name for name in SECTION_FILES.values() if f"]({name})" not in index]
    assert not unlinked, f"docs/rules/kgk/README.md does not link {unlinked}"


def test_the_worked_examples_link_scenario_files_that_exist() -> None:
    text = (RULES_DIR / SECTION_FILES[14]).read_text(encoding="utf-8")
    links = re.findall(r"\]\((\.\./\.\./\.\./fixtures/scenarios/kgk/[^)]+\.json)\)", text)
    shipped = sorted(p.name for p in (ROOT / "fixtures" / "scenarios" / "kgk").glob("kg-14-*.json"))
    assert shipped, "no shipped KG-14 scenarios found"
    linked = sorted(Path(link).name for link in links)
    assert linked == shipped
    for link in links:
        assert (RULES_DIR / link).resolve().is_file(), link


# --- the scanner, on a tree of our own --------------------------------------------------


def test_the_scan_names_the_file_and_line_of_an_undefined_citation(tmp_path: Path) -> None:
    # The numbers are assembled so that this file itself cites nothing undefined.
    good, bad, bad_name = "KG-" + "10.4", "KG-" + "99.1", "KG-" + "99.2"
    (tmp_path / "rulesets").mkdir()
    (tmp_path / "rulesets" / "engine.py").write_text(
        f"x = 1  # {good}.\n# see {bad}; also {good}.2 is not {good}\n", encoding="utf-8")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text(
        "def test_kg_10_4_last_in_first_out():\n    pass\n"
        "def test_" + "kg_99_2():\n    pass\n", encoding="utf-8")
    (tmp_path / "fixtures").mkdir()
    (tmp_path / "fixtures" / "s.json").write_text(f'{{"rule": "{bad}"}}', encoding="utf-8")
    (tmp_path / "matches").mkdir()
    (tmp_path / "matches" / "notes.txt").write_text(bad, encoding="utf-8")   # not a read suffix

    cited = citations(tmp_path)
    assert [str(c) for c in cited] == [
        f"rulesets/engine.py:1: {good}",
        f"rulesets/engine.py:2: {bad}",
        f"rulesets/engine.py:2: {good}.2",
        f"rulesets/engine.py:2: {good}",
        f"tests/test_x.py:1: {good}",
        f"tests/test_x.py:3: {bad_name}",
        f"fixtures/s.json:1: {bad}",
    ]
    missing = undefined(cited, {good})
    assert [str(c) for c in missing] == [
        f"rulesets/engine.py:2: {bad}",
        f"rulesets/engine.py:2: {good}.2",
        f"tests/test_x.py:3: {bad_name}",
        f"fixtures/s.json:1: {bad}",
    ]


def test_definition_lines_are_recognised_only_in_their_own_form(tmp_path: Path) -> None:
    n = "KG-" + "10.1"
    (tmp_path / "10-chain.md").write_text(
        f"**{n}** What goes on the chain.\n"
        f"- **{n}.1** Interrupt cards.\n"
        f"  - **{n}.2** indented: not a definition\n"
        f"**{n}.3 Title in bold** (the number must be bold on its own)\n"
        f"See {n}.4 in prose.\n", encoding="utf-8")
    assert [d.number for d in definitions(tmp_path)] == [n, n + ".1"]


# --- nothing of one machine in the repository --------------------------------------------


def tracked_files() -> list[Path]:
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                             check=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        pytest.skip("not a git checkout: the tracked files are unknown")
    return [ROOT / name for name in out.decode("utf-8").split("\0") if name]


# Assembled so that this file does not contain the strings it looks for.
MACHINE_PATHS = re.compile("(?<![\\w.])/(?:" + "|".join(["wo" + "rk", "ho" + "me", "t" + "mp"])
                           + ")/")


def test_no_absolute_path_of_a_machine_in_the_tracked_files() -> None:
    found = []
    for path in tracked_files():
        if not path.is_file() or path.suffix in {".png", ".jpg", ".jpeg", ".webp", ".ico"}:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for i, line in enumerate(text.splitlines(), 1):
            if MACHINE_PATHS.search(line):
                found.append(f"{path.relative_to(ROOT).as_posix()}:{i}: {line.strip()[:120]}")
    assert not found, "absolute paths of a machine in the repository:\n" + report(found)


# --- links in the documents ---------------------------------------------------------------

LINK = re.compile(r"\]\(([^)\s]+)\)")
# Files of docs/rules/kgk/ that work still under way writes (the rule-coverage list); the lead
# removes this once they are merged.
PENDING: set[str] = set()


def markdown_documents() -> list[Path]:
    return sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md"),
                   *ROOT.glob("rulesets/*/README.md")])


def test_relative_links_in_the_documents_lead_to_files_in_the_repository() -> None:
    broken = []
    for doc in markdown_documents():
        for i, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            for target in LINK.findall(line):
                if re.match(r"^[a-z]+:", target) or target.startswith(("#", "/")):
                    continue        # a web address, an anchor, or a path on the server
                path = target.split("#", 1)[0]
                if Path(path).name in PENDING and not (doc.parent / path).exists():
                    continue        # written in parallel: checked once it lands
                resolved = (doc.parent / path).resolve()
                if not resolved.exists() or ROOT not in (resolved, *resolved.parents):
                    broken.append(f"{doc.relative_to(ROOT).as_posix()}:{i}: {target}")
    assert not broken, "links that lead nowhere in the repository:\n" + report(broken)
