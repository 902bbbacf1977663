"""The project's own import graph, read from the source (``ast``): what the import-circle
and layering tests (tests/docs/) both walk. Imports inside functions count; a package whose
``__init__.py`` only hands names on is a face, not a module."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ROOTS = ("kaosz", "cards", "decks", "matches", "players", "rulesets")


def modules(root: Path = ROOT) -> dict[str, Path]:
    out: dict[str, Path] = {}
    for top in ROOTS:
        for path in sorted((root / top).rglob("*.py")):
            if "migrations" in path.parts or "__pycache__" in path.parts:
                continue
            name = ".".join(path.relative_to(root).with_suffix("").parts)
            out[name.removesuffix(".__init__")] = path
    return out


def imported(tree: ast.AST, module: str, is_package: bool, known: Iterable[str]
             ) -> set[str]:
    """The project modules ``module``'s source imports, at any depth (in functions too)."""
    known = set(known)
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                up = parts[: len(parts) - (node.level - 1)]
                base = ".".join(up + ([base] if base else []))
            names = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base
                     for a in node.names]
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module:
                found.add(name)
    return found


def graph(root: Path = ROOT) -> dict[str, set[str]]:
    mods = modules(root)
    trees = {m: ast.parse(p.read_text(encoding="utf-8")) for m, p in mods.items()}
    faces = {m for m, p in mods.items() if p.name == "__init__.py" and not any(
        isinstance(x, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        for x in trees[m].body)}
    return {m: {t for t in imported(trees[m], m, mods[m].name == "__init__.py", mods)
                if t not in faces}
            for m in mods}
