"""The figures and lists ``docs/ARCHITECTURE.md`` states are the code's: its count of imports
inside functions, and its list of the test folders. (Written by hand, they drifted: "19 in 9
files" was 23 in 11, and 12 test folders were listed where 21 existed.) The modules over
400 lines are held to their table by ``test_module_sizes.py``."""

from __future__ import annotations

import re

from tests.support.imports import ROOT, imports_in_functions

TEXT = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")


def test_the_imports_inside_functions_are_counted_as_stated():
    stated = re.search(r"\*\*Imports inside functions, each with its reason\*\* "
                       r"\((\d+) in (\d+) files", TEXT)
    assert stated, "ARCHITECTURE.md no longer states the count of imports inside functions"
    found = imports_in_functions()
    assert (int(stated[1]), int(stated[2])) == (sum(found.values()), len(found)), (
        f"ARCHITECTURE.md says {stated[1]} in {stated[2]} files; the code has "
        f"{sum(found.values())} in {len(found)}: {found}")


def test_the_test_folders_are_listed_as_they_are():
    stated = re.search(r"`tests/` has a directory per part \(([^)]*)\)", TEXT)
    assert stated, "ARCHITECTURE.md no longer lists the test folders"
    listed = set(re.findall(r"`([a-z_]+)`", stated[1]))
    folders = {p.name for p in (ROOT / "tests").iterdir()
               if p.is_dir() and (p / "__init__.py").exists() and p.name != "support"}
    assert listed == folders, (f"listed, no such folder: {sorted(listed - folders)}; "
                               f"not listed: {sorted(folders - listed)}")
