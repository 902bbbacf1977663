"""The optional compiled build of the engines (``rulesets/compiled.py``).

Without ``KAOSZ_COMPILED=1`` nothing here needs a build or a C compiler. CI builds it
(``make compiled``) and runs the engine suites again under it (``KAOSZ_COMPILED=1``),
where the first test checks that the build is really what runs."""

from __future__ import annotations

import json
import sys

import pytest

from rulesets import compiled, registry


@pytest.mark.skipif(not compiled.wanted(), reason="the engine suites under KAOSZ_COMPILED=1")
def test_under_the_switch_every_engine_module_comes_from_the_build():
    for game in registry.names():
        registry.get(game)
    # (imported here: to load them under the switch, as a game's search does)
    import rulesets.search.ismcts  # noqa: F401

    loaded = compiled.loaded()
    assert set(loaded) == set(compiled.MODULES)
    assert all(loaded.values()), [m for m, built in loaded.items() if not built]


def _fake_build(tmp_path, monkeypatch, sources, python=None):
    build = tmp_path / "compiled"
    build.mkdir()
    (build / "manifest.json").write_text(json.dumps(
        {"python": python or compiled._python(), "sources": sources}))
    monkeypatch.setattr(compiled, "BUILD", build)
    monkeypatch.setattr(compiled, "MANIFEST", build / "manifest.json")


def test_a_build_of_other_sources_is_never_used(tmp_path, monkeypatch):
    sources = {m: compiled._digest(compiled.source_of(m)) for m in compiled.MODULES}
    sources["rulesets.kgk.turn"] = "0" * 64            # built before turn.py changed
    _fake_build(tmp_path, monkeypatch, sources)
    assert "rulesets.kgk.turn: its source changed since the build" in compiled.problems()


def test_a_source_edited_while_it_is_being_built_is_not_vouched_for(tmp_path, monkeypatch):
    """The manifest holds the sources as mypyc read them, not as they are after the build."""
    import mypyc.build
    import setuptools

    rule = tmp_path / "rulesets" / "kgk" / "rule.py"
    rule.parent.mkdir(parents=True)
    rule.write_text("X = 1\n")
    monkeypatch.setattr(compiled, "ROOT", tmp_path)
    monkeypatch.setattr(compiled, "MODULES", ("rulesets.kgk.rule",))
    monkeypatch.setattr(compiled, "BUILD", tmp_path / "build")
    monkeypatch.setattr(compiled, "MANIFEST", tmp_path / "build" / "manifest.json")
    monkeypatch.setattr(mypyc.build, "mypycify", lambda paths, **options: [])

    def compiling(**options):               # someone saves the file halfway through
        rule.write_text("X = 2\n")
        (tmp_path / "build").mkdir()

    monkeypatch.setattr(setuptools, "setup", compiling)
    monkeypatch.chdir(tmp_path)
    compiled.build()
    assert compiled.problems() == ["rulesets.kgk.rule: its source changed since the build"]


def test_a_build_for_another_python_or_none_at_all_is_never_used(tmp_path, monkeypatch):
    _fake_build(tmp_path, monkeypatch, {}, python="cpython-39")
    assert compiled.problems() == [f"built for cpython-39, this is {compiled._python()}"]
    monkeypatch.setattr(compiled, "MANIFEST", tmp_path / "none.json")
    assert compiled.problems()[0].startswith("no build in")


def test_the_switch_with_an_unusable_build_warns_and_stays_pure(tmp_path, monkeypatch):
    monkeypatch.setenv(compiled.SWITCH, "1")
    monkeypatch.setattr(compiled, "MANIFEST", tmp_path / "none.json")
    finders = [f for f in sys.meta_path if isinstance(f, compiled._Finder)]
    if finders:
        pytest.skip("this process already imports the build")
    with pytest.warns(RuntimeWarning, match="not used: no build in"):
        assert compiled.install() is False
    assert not any(isinstance(f, compiled._Finder) for f in sys.meta_path)


def test_every_compiled_module_exists_and_is_a_rules_module():
    for module in compiled.MODULES:
        path = compiled.source_of(module)
        assert path.is_file(), module
        text = path.read_text(encoding="utf-8")
        # a compiled module has no __file__, and nothing under rulesets/ imports Django
        assert "__file__" not in text and "django" not in text, module


def test_the_compiled_list_is_every_rules_module_but_those_named_with_a_reason():
    assert compiled.discover(compiled.ROOT) == compiled.MODULES
    assert "rulesets.kgk.turn" in compiled.MODULES
    assert "rulesets.kgk.ruleset" not in compiled.MODULES
    assert all(reason for reason in compiled.INTERPRETED.values())
    # every exception still names a module (a stale pattern would hide nothing, or a rename)
    from fnmatch import fnmatchcase
    every = [".".join(p.relative_to(compiled.ROOT).with_suffix("").parts)
             for p in (compiled.ROOT / "rulesets").rglob("*.py")]
    for pattern in compiled.INTERPRETED:
        assert any(fnmatchcase(m, pattern) for m in every), pattern


def test_a_new_rules_module_is_compiled_without_being_listed(tmp_path):
    game = tmp_path / "rulesets" / "kgk"
    game.mkdir(parents=True)
    for name in ("__init__.py", "ruleset.py", "view_shape.py", "new_rule.py"):
        (game / name).write_text("")
    assert compiled.discover(tmp_path) == ("rulesets.kgk.new_rule",)
