"""No new import circle in the project's own code.

Two modules that import each other, directly or round a longer loop, cannot be read, tested
or loaded one without the other; an import moved inside a function hides the circle from
Python at load time but not from the reader, so imports inside functions count here too.
The graph is built from the source (``ast``, ``tests/support/imports.py``), over ``kaosz``,
``web``, ``cards``, ``decks``, ``matches``, ``players`` and ``rulesets`` (migrations left out). A
package whose ``__init__.py`` only hands names on (defines no function or class) is a face,
not a module: a name imported from it is an edge to the module the face has it from.

The circles that existed when this test came in were listed in ``KNOWN`` (now empty; the
one between whole apps is in ``KNOWN_APPS``): a list that may only shrink. A circle not in it
fails the test; a listed circle that is gone fails it too, until its line is deleted.
``python tests/docs/test_import_circles.py`` prints the circles and the imports inside
functions.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

from tests.support.imports import ROOT, graph, imports_in_functions, modules

# The circles of modules still to break (six when this test came in, each closed by an
# import inside a function; all broken since by moving code where it belongs). Never add one.
KNOWN: set[frozenset[str]] = set()
# Circles between whole apps (an import of any module of one by any module of the other).
# Broken by keeping the library every app uses apart (``web``), each app's words in its own
# template library, the collection pages with the decks, and the modules that compose the
# project (below) out of the ``kaosz`` app. Never add one.
KNOWN_APPS: set[frozenset[str]] = set()
# The project's composition root: the settings, the URL configuration and the server entry
# points name every app by design (Django's ROOT_URLCONF, INSTALLED_APPS); they are the
# project, not the ``kaosz`` app the others import, and nothing imports them back.
PROJECT = frozenset({"kaosz.urls", "kaosz.settings", "kaosz.settings_test", "kaosz.asgi",
                     "kaosz.wsgi"})


def circles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected parts of more than one node (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[frozenset[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges.get(w, ())))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                part = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    part.append(w)
                    if w == v:
                        break
                if len(part) > 1:
                    out.append(frozenset(part))
    return out


def app_of(module: str) -> str:
    return "project" if module in PROJECT else module.split(".")[0]


def app_graph(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    apps: dict[str, set[str]] = {}
    for m, targets in edges.items():
        apps.setdefault(app_of(m), set()).update(
            app_of(t) for t in targets if app_of(t) != app_of(m))
    return apps


def compare(found: Iterable[frozenset[str]], known: set[frozenset[str]]
            ) -> tuple[list[str], list[str]]:
    """(new circles, known circles gone). A circle inside a known one (it lost a module)
    is not new; the known one is then not gone."""
    found = list(found)
    new = [" <-> ".join(sorted(c)) for c in found if not any(c <= k for k in known)]
    gone = [" <-> ".join(sorted(k)) for k in known if not any(c <= k for c in found)]
    return sorted(new), sorted(gone)


def test_no_new_import_circle_between_modules():
    new, gone = compare(circles(graph()), KNOWN)
    assert not new, ("new import circles (an import inside a function counts too): break "
                     "them, do not list them:\n" + "\n".join(new))
    assert not gone, ("these known circles are gone: delete them from KNOWN in "
                      "tests/docs/test_import_circles.py:\n" + "\n".join(gone))


def test_no_new_import_circle_between_apps():
    new, gone = compare(circles(app_graph(graph())), KNOWN_APPS)
    assert not new, "new import circles between apps:\n" + "\n".join(new)
    assert not gone, "known app circles gone: delete them from KNOWN_APPS:\n" + "\n".join(gone)


def test_the_scan_finds_a_circle_closed_inside_a_function(tmp_path: Path):
    pkg = tmp_path / "matches"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from matches import b\n")
    (pkg / "b.py").write_text("def f():\n    from . import c\n")
    (pkg / "c.py").write_text("import matches.a\n")
    (pkg / "d.py").write_text("from matches.a import x\n")
    found = circles(graph(tmp_path))
    assert found == [frozenset({"matches.a", "matches.b", "matches.c"})]
    assert compare(found, set()) == (["matches.a <-> matches.b <-> matches.c"], [])
    assert compare(found, {frozenset({"matches.a", "matches.b", "matches.c", "matches.d"})}
                   ) == ([], [])
    assert compare([], {frozenset({"matches.a", "matches.b"})}) == (
        [], ["matches.a <-> matches.b"])
    assert imports_in_functions(tmp_path) == {"matches/b.py": 1}


def test_the_scan_follows_names_through_a_face(tmp_path: Path):
    """``from b import f`` where ``b/__init__.py`` only hands ``f`` on from ``b.impl``: the
    edge is to ``b.impl``, and a circle through it is found (dropping the face's edges hid
    one between whole apps)."""
    for name in ("kaosz", "cards"):
        (tmp_path / name).mkdir()
    (tmp_path / "kaosz" / "__init__.py").write_text("")
    (tmp_path / "kaosz" / "tags.py").write_text("from cards import words\n")
    (tmp_path / "cards" / "__init__.py").write_text("from cards.impl import words\n")
    (tmp_path / "cards" / "impl.py").write_text("from kaosz import tags\n")
    edges = graph(tmp_path)
    assert edges["kaosz.tags"] == {"cards.impl"} and "cards" not in edges
    assert circles(edges) == [frozenset({"kaosz.tags", "cards.impl"})]
    assert circles(graph(tmp_path, through_faces=False)) == []


if __name__ == "__main__":
    edges = graph()
    for c in circles(edges):
        print("modules:", " <-> ".join(sorted(c)))
    for c in circles(app_graph(edges)):
        print("apps:", " <-> ".join(sorted(c)))
    inside = imports_in_functions()
    print(f"imports inside functions: {sum(inside.values())} in {len(inside)} files")


def unexplained_imports_in_functions(root: Path = ROOT) -> list[str]:
    """Imports written inside a function with no reason beside them: a comment on the
    import's own lines or on the line just above it (one comment may head a run of imports)."""
    out: list[str] = []
    for path in modules(root).values():
        lines = path.read_text(encoding="utf-8").splitlines()
        tree = ast.parse("\n".join(lines))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            explained_until = 0  # the last line of an explained run of imports
            found = sorted((n for n in ast.walk(fn)
                            if n is not fn and isinstance(n, ast.Import | ast.ImportFrom)),
                           key=lambda n: n.lineno)
            for inner in found:
                first, last = inner.lineno, inner.end_lineno or inner.lineno
                own = lines[first - 1:last]
                above = lines[first - 2].strip() if first >= 2 else ""
                if any("#" in x for x in own) or above.startswith("#") \
                        or explained_until == first - 1:
                    explained_until = last
                else:
                    out.append(f"{path.relative_to(root).as_posix()}:{first}")
    return sorted(set(out))


def test_every_import_inside_a_function_says_why():
    """An import inside a function only where a reason is written beside it."""
    assert unexplained_imports_in_functions() == []


def test_the_scan_finds_an_import_inside_a_function_without_a_reason(tmp_path: Path):
    pkg = tmp_path / "kaosz"
    pkg.mkdir()
    (pkg / "a.py").write_text(
        "def f():\n    import json\n    return json\n\n"
        "def g():\n    # (lazy: the reason)\n    import json\n    return json\n\n"
        "def h():\n    import json  # (lazy: the reason)\n    import os\n    return json, os\n\n"
        "def k():\n    x = 1\n    import os\n    return x, os\n",
        encoding="utf-8")
    assert unexplained_imports_in_functions(tmp_path) == ["kaosz/a.py:17", "kaosz/a.py:2"]
