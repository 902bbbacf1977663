"""An optional compiled build of the engines (mypyc), beside the pure-Python reference.

The rules are read and tested as Python; this module can also compile the modules a
match spends its time in (every module under ``rulesets/`` but those :data:`INTERPRETED`
names: the rules, the bots, the search) with
mypyc into ``build/compiled/`` and, when asked, import those instead:

    make compiled                   # or: .venv/bin/python -m rulesets.compiled
    KAOSZ_COMPILED=1 <any command>  # the engines from the build (pure Python otherwise)

Nothing needs it: ``make run`` and ``make test`` work on a machine without a C compiler,
and without ``KAOSZ_COMPILED=1`` a build on disk is ignored. A build is used only if it
was made from exactly the sources on disk (a hash of each compiled module's source is
kept beside it) and for this Python; a stale or foreign build is passed over with a
warning, so a compiled module never runs other rules than its source says.

mypyc checks the annotations at run time (a function annotated ``-> int`` that returns
``None`` raises ``TypeError``), so the engine tests run under the build as well
(``tests/rulesets/test_compiled.py``, and CI runs the engine suites with it).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from fnmatch import fnmatchcase
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "compiled"
MANIFEST = BUILD / "manifest.json"
SWITCH = "KAOSZ_COMPILED"

# Every module under rulesets/ is compiled, except those that match a pattern below (each
# with the reason it runs interpreted), so a new rules module is compiled without anyone
# listing it. ``__init__`` files are never compiled (they only re-export).
INTERPRETED: dict[str, str] = {
    "rulesets.base": "the protocol's types, read by the host",
    "rulesets.ruleset_base": "the ruleset objects subclass it: a compiled class cannot be",
    "rulesets.picked": "the ruleset objects subclass it: a compiled class cannot be",
    "rulesets.*.ruleset": "wires the protocol: mypyc cannot compile a method bound as a "
                          "class attribute",
    "rulesets.compiled": "the build itself",
    "rulesets.registry": "looks the games up once",
    "rulesets.stats": "statistics for benchmarks and reports, not a match",
    "rulesets.shapes": "the payload shapes, read once, not in a match",
    "rulesets.*.*_shape": "the payload shapes, read once, not in a match",
    "rulesets.*.*_shapes": "the payload shapes, read once, not in a match",
    "rulesets.kgk.schema": "the card schema, read when a card is checked, not in a match",
    "rulesets.kgk.jsontypes": "type names only",
    "rulesets.kgk.vocabulary": "the game's terms, read by the catalogue",
    "rulesets.kgk.scenario*": "positions set up from a document, once per sandbox",
    "rulesets.kgk.shipped": "finds its data files through __file__ (a compiled module has none)",
    "rulesets.*.components": "finds its data files through __file__ (a compiled module has none)",
    "rulesets.smugglers.data.*": "a script that writes the stand-in data",
    "rulesets.smugglers.play": "a seeded driver for tests and simulations",
}


def discover(root: Path) -> tuple[str, ...]:
    """The modules under ``root/rulesets`` to compile: all but ``__init__`` and those
    :data:`INTERPRETED` names, in a stable order."""
    found = []
    for path in sorted((root / "rulesets").rglob("*.py")):
        if path.name == "__init__.py":
            continue
        module = ".".join(path.relative_to(root).with_suffix("").parts)
        if not any(fnmatchcase(module, pattern) for pattern in INTERPRETED):
            found.append(module)
    return tuple(found)


MODULES: tuple[str, ...] = discover(ROOT)


def source_of(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _python() -> str:
    return sys.implementation.cache_tag or ""


def _extension(module: str) -> Path | None:
    """The built extension file of ``module``, for this Python's suffixes."""
    base = BUILD.joinpath(*module.split("."))
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = base.with_name(base.name + suffix)
        if candidate.is_file():
            return candidate
    return None


def problems() -> list[str]:
    """Why the build on disk cannot be used (empty: it can)."""
    if not MANIFEST.is_file():
        return [f"no build in {BUILD} (make compiled)"]
    try:
        manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except ValueError:
        return ["the build's manifest is unreadable"]
    if manifest.get("python") != _python():
        return [f"built for {manifest.get('python')}, this is {_python()}"]
    out = []
    sources = manifest.get("sources", {})
    for module in MODULES:
        if sources.get(module) != _digest(source_of(module)):
            out.append(f"{module}: its source changed since the build")
        elif _extension(module) is None:
            out.append(f"{module}: not built")
    return out


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules in the build; every other module as usual."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        return importlib.util.spec_from_file_location(fullname, file)


def wanted() -> bool:
    return os.environ.get(SWITCH, "").strip().lower() in ("1", "true", "yes")


def install() -> bool:
    """With ``KAOSZ_COMPILED=1`` and a build of these very sources, import the compiled
    modules from it; returns whether it does. Called by ``rulesets/__init__.py`` before any
    engine module is imported."""
    installed = any(isinstance(f, _Finder) for f in sys.meta_path)
    if installed or not wanted():
        return installed
    found = problems()
    if found:
        warnings.warn(f"{SWITCH}=1 but the compiled build is not used: {found[0]}",
                      RuntimeWarning, stacklevel=2)
        return False
    files = {m: p for m in MODULES if (p := _extension(m)) is not None}
    # mypyc puts the code shared by the modules in one top-level library beside them.
    if str(BUILD) not in sys.path:
        sys.path.append(str(BUILD))
    sys.meta_path.insert(0, _Finder(files))
    return True


def loaded() -> dict[str, bool]:
    """For each compiled module already imported: whether it came from the build."""
    return {m: not str(getattr(sys.modules[m], "__file__", "")).endswith(".py")
            for m in MODULES if m in sys.modules}


def build() -> None:
    """Compile :data:`MODULES` with mypyc into ``build/compiled/`` and write the manifest
    (the hash of each source), leaving the source tree untouched."""
    # (imported here: only a build needs mypyc and setuptools, never a game)
    from mypyc.build import mypycify
    from setuptools import setup

    MANIFEST.unlink(missing_ok=True)          # a failed build leaves no usable manifest
    # The sources are hashed before mypyc reads them: a file edited during the two-minute
    # build then no longer matches the manifest, and the switch refuses the build instead of
    # vouching for a source it was not made from.
    sources = {m: _digest(source_of(m)) for m in MODULES}
    paths = [str(source_of(m).relative_to(ROOT)) for m in MODULES]
    here = Path.cwd()
    os.chdir(ROOT)                            # mypyc names the modules by their paths
    try:
        setup(name="kaosz-compiled-engines", ext_modules=mypycify(paths, opt_level="3"),
              script_args=["build_ext", "--build-lib", str(BUILD),
                           "--build-temp", str(BUILD.parent / "compiled-temp")])
    finally:
        os.chdir(here)
    MANIFEST.write_text(json.dumps({"python": _python(), "sources": sources}, indent=1),
                        encoding="utf-8")


if __name__ == "__main__":
    build()
    missing = problems()
    print("compiled build ready" if not missing else "; ".join(missing))
    sys.exit(1 if missing else 0)
