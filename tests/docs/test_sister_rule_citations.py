"""Every rule number the sister games cite is defined in that game's rule reference.

The three sister games keep the numbering the project has cited since their first engines:
``A1.x`` and ``B3`` for Űrcsempészek (``docs/rules/smugglers/``), ``A2.x`` and ``B2`` for
Pulsar 2849 (``docs/rules/pulsar/``), ``A3.x`` and ``B1.x`` for Roll for the Galaxy
(``docs/rules/roll/``; its tests and error fields also write ``RFTG-A3.x``), plus the
smugglers' rulebook examples ``TV-U1`` to ``TV-U5``. A number is defined by the one line that
starts with it in bold, ``**A1.3**`` or ``- **A1.3.2**``, in that game's reference.

A citation is a dotted number (``A1.3.2``, ``RFTG-A3.4``, ``B1.3``), a test-vector name
(``TV-U3``), or a bare part (``A3``, ``B1``) written as a word on its own. Quoted ids such as
the transmitter tiles ``"A1"`` and ``"B2"``, the technology boards ``SI-1`` and the systems
``S1`` are not citations. This module reads each game's engine, board script and tests, and
the page tests, and fails, naming the file and the line, for a number the game's reference
does not define. It reads only files inside the repository: no database, no Django.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import NamedTuple

from tests.support.citations import report, undefined

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"

# Each game: its reference directory and the parts its numbers start with.
GAMES: dict[str, tuple[str, ...]] = {
    "smugglers": ("A1", "B3", "TV-U"),
    "pulsar": ("A2", "B2"),
    "roll": ("A3", "B1"),
}

# The numbering the code has cited since the games were first written: every one of these is
# defined in the game's reference, whether cited today or not, so that it is kept whole.
NUMBERING: dict[str, tuple[str, ...]] = {
    "smugglers": ("A1", *(f"A1.{i}" for i in range(1, 9)), *(f"A1.3.{i}" for i in range(1, 7)),
                  *(f"A1.6.{i}" for i in range(1, 4)), *(f"TV-U{i}" for i in range(1, 6)), "B3"),
    "pulsar": ("A2", *(f"A2.{i}" for i in range(1, 9)), "B2"),
    "roll": ("A3", *(f"A3.{i}" for i in range(1, 11)), "B1", "B1.1", "B1.2", "B1.3"),
}

DEFINITION = re.compile(r"^(?:- )?\*\*((?:[AB]\d+|TV-[A-Z]+\d+)(?:\.\d+)*)\*\* ")

# A dotted number: "A1.3.2", "RFTG-A3.4", "B1.3". The longest run of ".digits" ("A1.3.2."
# ends a sentence; "A1.3.1-3" cites A1.3.1). Not inside a longer word or id ("XA1.2", "1A2.3").
DOTTED = re.compile(r"(?<![\w.-])(?:RFTG-)?([AB]\d+(?:\.\d+)+)(?!\.?\d)")
# A bare part "A3" or "B1" as a word of prose: not quoted, not in backticks, not a key like
# tx["A1"], not "A1's" (a transmitter tile's possessive), not the "A1.x" of a sentence that
# explains the numbering.
BARE = re.compile(r"(?<![\w.\-'\"`\[])([AB]\d+)(?![\w\-'\"`\]]|\.\w)")
VECTOR = re.compile(r"(?<![\w-])(TV-[A-Z]+\d+)(?!\w)")


class Citation(NamedTuple):
    path: str       # relative to the repository root
    line: int
    number: str     # "A1.3.2", "B3", "TV-U1"

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.number}"


class Definition(NamedTuple):
    path: str
    line: int
    number: str


def citations_in(text: str, rel: str) -> Iterator[Citation]:
    for i, line in enumerate(text.splitlines(), 1):
        found: list[tuple[int, str]] = []
        for pattern in (DOTTED, BARE, VECTOR):
            found.extend((m.start(1), m.group(1)) for m in pattern.finditer(line))
        for _, number in sorted(found):
            yield Citation(rel, i, number)


def places(game: str, root: Path = ROOT) -> Iterator[Path]:
    """The files that cite this game's rules: its engine, its board script, its tests and its
    page test."""
    for start, suffixes in ((root / "rulesets" / game, (".py", ".md", ".js", ".html")),
                            (root / "tests" / game, (".py", ".md"))):
        if start.is_dir():
            yield from (p for p in sorted(start.rglob("*"))
                        if p.is_file() and p.suffix in suffixes and "__pycache__" not in p.parts)
    for single in (root / "matches" / "static" / "matches" / f"{game}.js",
                   root / "tests" / "pages" / f"test_board_{game}.py"):
        if single.is_file():
            yield single


def shared_places(root: Path = ROOT) -> Iterator[Path]:
    """Page tests that are not one game's board test, the project README and the documents
    outside the rule references (docs/ARCHITECTURE.md cites A2.3 today): they may cite any game."""
    pages = root / "tests" / "pages"
    if pages.is_dir():
        for path in sorted(pages.glob("*.py")):
            if not any(path.name == f"test_board_{g}.py" for g in GAMES):
                yield path
    if (root / "README.md").is_file():
        yield root / "README.md"
    docs = root / "docs"
    if docs.is_dir():
        yield from (p for p in sorted(docs.rglob("*.md")) if "rules" not in p.relative_to(docs).parts)


def citations(paths: Iterable[Path], root: Path = ROOT) -> list[Citation]:
    out: list[Citation] = []
    for path in paths:
        text = path.read_text(encoding="utf-8", errors="replace")
        out.extend(citations_in(text, path.relative_to(root).as_posix()))
    return out


def definitions(rules_dir: Path) -> list[Definition]:
    out = []
    for path in sorted(rules_dir.glob("*.md")):
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = DEFINITION.match(line)
            if m:
                rel = path.relative_to(ROOT) if ROOT in path.parents else path
                out.append(Definition(rel.as_posix(), i, m.group(1)))
    return out


def defined_numbers(game: str) -> set[str]:
    return {d.number for d in definitions(RULES / game)}


# --- the citations ------------------------------------------------------------------------


def test_every_cited_sister_rule_is_defined_in_its_games_reference() -> None:
    missing: list[Citation] = []
    total = 0
    for game in GAMES:
        cited = citations(places(game))
        assert len(cited) > 20, f"the scan found almost no citations for {game}"
        total += len(cited)
        missing += undefined(cited, defined_numbers(game))
    assert total > 200
    assert not missing, (
        "cited, but not defined in the game's docs/rules/<game>/ (a line starting **A1.x**):\n"
        + report(missing))


def test_page_tests_and_documents_cite_only_defined_sister_rules() -> None:
    everything = set().union(*(defined_numbers(g) for g in GAMES))
    cited = citations(shared_places())
    missing = undefined(cited, everything)
    assert not missing, "cited, but defined in no sister game's reference:\n" + report(missing)


def test_the_references_cite_their_own_numbers() -> None:
    """A reference's own cross-references (and the index's) lead to defined numbers too."""
    missing: list[Citation] = []
    for game in GAMES:
        docs = sorted((RULES / game).glob("*.md"))
        missing += undefined(citations(docs), defined_numbers(game))
    assert not missing, "the references cite numbers they do not define:\n" + report(missing)


# --- the references themselves --------------------------------------------------------------


def test_each_reference_keeps_the_whole_numbering_once_and_only_its_own_parts() -> None:
    problems = []
    for game, prefixes in GAMES.items():
        defs = definitions(RULES / game)
        seen: dict[str, Definition] = {}
        for d in defs:
            if d.number in seen:
                first = seen[d.number]
                problems.append(f"{d.path}:{d.line}: {d.number} defined again "
                                f"(first {first.path}:{first.line})")
            seen.setdefault(d.number, d)
            if not d.number.startswith(prefixes):
                problems.append(f"{d.path}:{d.line}: {d.number} is not a {game} number")
        absent = [n for n in NUMBERING[game] if n not in seen]
        if absent:
            problems.append(f"docs/rules/{game}/: numbers of the game's numbering not defined: "
                            f"{absent}")
        orphans = sorted(n for n in seen if "." in n and n.rsplit(".", 1)[0] not in seen)
        if orphans:
            problems.append(f"docs/rules/{game}/: parts whose rule is not defined: {orphans}")
    assert not problems, "\n".join(problems)


def test_the_index_links_every_games_reference() -> None:
    index = (RULES / "README.md").read_text(encoding="utf-8")
    for game in ("kgk", *GAMES):
        assert f"]({game}/README.md)" in index, f"docs/rules/README.md does not link {game}"
        assert (RULES / game / "README.md").is_file()


def test_each_game_readme_points_at_its_reference_and_back() -> None:
    for game in GAMES:
        engine_readme = (ROOT / "rulesets" / game / "README.md").read_text(encoding="utf-8")
        assert f"docs/rules/{game}/" in engine_readme
        reference = (RULES / game / "README.md").read_text(encoding="utf-8")
        assert f"rulesets/{game}/README.md" in reference, (
            f"docs/rules/{game}/README.md does not link the engine's readings")


TEST_NAMED = re.compile(r"`(test_\w+)`")


def test_the_tests_a_reference_names_exist() -> None:
    """Each reference says which tests replay its examples and check its rules; a test renamed
    or removed must be renamed or removed there too."""
    gone = []
    for game in GAMES:
        sources = [p for p in places(game) if p.suffix == ".py" and p.name.startswith("test_")]
        defined = {m.group(1) for p in sources
                   for m in re.finditer(r"\bdef (test_\w+)", p.read_text(encoding="utf-8"))}
        doc = RULES / game / "README.md"
        for i, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            gone += [f"docs/rules/{game}/README.md:{i}: {name}"
                     for name in TEST_NAMED.findall(line) if name not in defined]
    assert not gone, "the reference names tests that do not exist:\n" + report(gone)


# --- the scanner, on text of our own -----------------------------------------------------------


def test_the_scan_catches_citations_and_leaves_component_ids_alone(tmp_path: Path) -> None:
    # Assembled, so that this file itself cites nothing undefined.
    a1, a2, a3 = "A" + "1", "A" + "2", "A" + "3"
    text = "\n".join([
        f'"""Phase 3 ({a1}.3.4), the tie ({a1}.3.1-3) and {a1}.9.9."""',
        f'raise IllegalAction("x", "y", rule="RFTG-{a3}.4")',
        f"# rules {a3}, components B{1}; no public list ({a1}.8, B{3}).",
        f'_set_display(s, "{a1}", "{a2}", "{a3}")  # tiles, not parts',
        f'assert tx["{a1}"]["costs"] == [2]  # {a1}\'s reward; boards SI-1, SI-2; systems S1, J2',
        f"cited as {a1}.x, the numbering of the reference; example (A1.7 TV-U{3}).",
        f"version 1.2.3 and hexA2.3 and 4{a2}.5 are not citations",
    ])
    cited = [str(c) for c in citations_in(text, "f.py")]
    assert cited == [
        f"f.py:1: {a1}.3.4", f"f.py:1: {a1}.3.1", f"f.py:1: {a1}.9.9",
        f"f.py:2: {a3}.4",
        f"f.py:3: {a3}", "f.py:3: B1", f"f.py:3: {a1}.8", "f.py:3: B3",
        f"f.py:6: {a1}.7", "f.py:6: TV-U3",
    ]
    missing = undefined(citations_in(text, "f.py"), {f"{a1}.3.4", f"{a1}.3.1", f"{a3}.4", a3,
                                                     "B1", f"{a1}.8", "B3", f"{a1}.7", "TV-U3"})
    assert [str(c) for c in missing] == [f"f.py:1: {a1}.9.9"]


def test_the_scan_fails_for_a_bogus_citation_in_a_games_files(tmp_path: Path) -> None:
    bogus = "A" + "2.99"
    (tmp_path / "rulesets" / "pulsar").mkdir(parents=True)
    (tmp_path / "rulesets" / "pulsar" / "dice.py").write_text(
        f"x = 1\n# the snake draft ({bogus})\n", encoding="utf-8")
    (tmp_path / "matches" / "static" / "matches").mkdir(parents=True)
    (tmp_path / "matches" / "static" / "matches" / "pulsar.js").write_text(
        "// A" + "2.3 the action phase\n", encoding="utf-8")
    cited = citations(places("pulsar", tmp_path), tmp_path)
    assert [str(c) for c in undefined(cited, {"A" + "2.3"})] == [
        f"rulesets/pulsar/dice.py:2: {bogus}"]


def test_definition_lines_are_recognised_only_in_their_own_form(tmp_path: Path) -> None:
    n = "A" + "1.3"
    (tmp_path / "README.md").write_text(
        f"**{n}** Round structure.\n"
        f"- **{n}.2** Bidding.\n"
        f"  - **{n}.5** indented: not a definition\n"
        f"**{n}.6 Title in bold** (the number must be bold on its own)\n"
        f"### {n}.4 a heading is not a definition\n"
        "- **TV-U" + "1** Bidding and payment.\n"
        "**B" + "3** Public material.\n", encoding="utf-8")
    assert [d.number for d in definitions(tmp_path)] == [n, n + ".2", "TV-U1", "B3"]
