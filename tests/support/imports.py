"""The project's own import graph, read from the source (``ast``): what the import-circle
and layering tests (tests/docs/) both walk. Imports inside functions count; a package whose
``__init__.py`` only hands names on is a face, not a module."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ROOTS = ("kaosz", "web", "cards", "decks", "matches", "players", "rulesets")


def modules(root: Path = ROOT) -> dict[str, Path]:
    out: dict[str, Path] = {}
    for top in ROOTS:
        for path in sorted((root / top).rglob("*.py")):
            if "migrations" in path.parts or "__pycache__" in path.parts:
                continue
            name = ".".join(path.relative_to(root).with_suffix("").parts)
            out[name.removesuffix(".__init__")] = path
    return out


def _resolve(node: ast.ImportFrom, package: str) -> str:
    base = node.module or ""
    if node.level:
        parts = package.split(".")
        up = parts[: len(parts) - (node.level - 1)]
        base = ".".join(up + ([base] if base else []))
    return base


def _known(name: str, known: set[str]) -> str:
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name


def imported(tree: ast.AST, module: str, is_package: bool, known: Iterable[str],
             handed: dict[str, dict[str, str]] | None = None) -> set[str]:
    """The project modules ``module``'s source imports, at any depth (in functions too).
    ``handed``: for each face, which module each name it hands on comes from; a name
    imported from a face is then an import of that module."""
    known = set(known)
    handed = handed or {}
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(node, package)
            face = handed.get(_known(base, known), {}) if _known(base, known) == base else {}
            names = [f"{base}.{a.name}" if f"{base}.{a.name}" in known
                     else face.get(a.name, base) for a in node.names]
        for name in names:
            name = _known(name, known)
            if name and name != module:
                found.add(name)
    return found


def faces(mods: dict[str, Path], trees: dict[str, ast.Module]) -> set[str]:
    """The packages whose ``__init__.py`` defines nothing: it only hands names on."""
    return {m for m, p in mods.items() if p.name == "__init__.py" and not any(
        isinstance(x, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        for x in trees[m].body)}


def handed_on(tree: ast.Module, face: str, known: set[str]) -> dict[str, str]:
    """Which project module each name a face imports comes from."""
    out: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            base = _resolve(node, face)
            for a in node.names:
                target = _known(f"{base}.{a.name}", known) or _known(base, known)
                out[a.asname or a.name] = target
    return out


def graph(root: Path = ROOT, through_faces: bool = True) -> dict[str, set[str]]:
    """Each module's project imports. A face is no module: a name imported from it is an
    import of the module the face has it from (followed through faces of faces), and an
    import of the face as a whole stands for everything it hands on. (``through_faces=
    False``: the face is dropped instead, which hid every edge through it.)"""
    mods = modules(root)
    known = set(mods)
    trees = {m: ast.parse(p.read_text(encoding="utf-8")) for m, p in mods.items()}
    face = faces(mods, trees)
    handed = {f: handed_on(trees[f], f, known) for f in face} if through_faces else {}
    direct = {m: imported(trees[m], m, mods[m].name == "__init__.py", known, handed)
              for m in mods}

    def behind(target: str, seen: frozenset[str] = frozenset()) -> set[str]:
        if target not in face:
            return {target}
        if not through_faces or target in seen:
            return set()
        return {t for h in direct[target] for t in behind(h, seen | {target})}

    return {m: {t for d in direct[m] for t in behind(d) if t != m}
            for m in mods if m not in face}


def imports_in_functions(root: Path = ROOT) -> dict[str, int]:
    """Per production file, the imports written inside a function."""
    out: dict[str, int] = {}
    for path in modules(root).values():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        n = sum(isinstance(inner, ast.Import | ast.ImportFrom)
                for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef)
                for inner in ast.walk(fn) if inner is not fn)
        if n:
            out[path.relative_to(root).as_posix()] = n
    return out
