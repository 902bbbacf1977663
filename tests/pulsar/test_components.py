"""Component data: the labelled stand-in set, validation errors, loading a real set."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rulesets.base import ConfigError
from rulesets.pulsar import RULESET as R
from rulesets.pulsar.components import load_components, standin, validate


def test_standin_is_labelled_and_valid() -> None:
    data = standin()
    assert data["standin"] is True and "STAND-IN" in data["label"]
    validate(data)
    nodes = data["board"]["nodes"]
    assert sum(1 for n in nodes.values() if n["kind"] == "system") == 16
    assert len(data["systems"]) == 17 and len(data["exploration"]) == 12
    assert len(data["transmitters"]) == 24
    assert sum(1 for e in data["exploration"] if e.get("keep")) == 1
    assert data["station_table"][13] == 50


def test_config_with_components_uses_them() -> None:
    data = standin()
    data["label"] = "custom"
    data["rings"] = 5
    s = R.new_game({"players": 2, "components": data}, "c")
    assert s.comp["rings"] == 5 and "components" not in s.config


@pytest.mark.parametrize(("mutate", "where"), [
    (lambda d: d["board"]["segments"].append(["S1", "NOPE"]), "board.segments"),
    (lambda d: d["board"]["segments"].append(["S1", "J1"]), "duplicate segment"),
    (lambda d: d["systems"][0].update(planets=[{"kind": "barren", "block": None}]), "systems[0]"),
    (lambda d: d["transmitters"][0].update(costs=[7]), "transmitters[0].costs[0]"),
    (lambda d: d["tech_boards"][0]["rows"][0]["techs"][0].update(immediate=[{"zap": 1}]), "unknown effect"),
    (lambda d: d.pop("goals"), "missing key 'goals'"),
    (lambda d: d["station_table"].pop(), "station_table"),
    (lambda d: d["board"]["nodes"]["S1"].update(kind="moon"), "board.nodes.S1.kind"),
    (lambda d: d["hq_boards"][0]["sides"]["1"]["rows"][0].append("ghost"), "unknown project"),
    (lambda d: d["goals"][0]["sides"][0]["condition"].update(kind="wealth"), "condition"),
])
def test_bad_components_raise_config_error_with_path(mutate, where: str) -> None:
    data = standin()
    mutate(data)
    with pytest.raises(ConfigError) as err:
        R.new_game({"players": 3, "components": data}, "x")
    assert err.value.code == "bad_components"
    assert where in err.value.message


def test_bad_configs() -> None:
    cases: tuple[tuple[Any, str], ...] = (
        ({"players": 5}, "bad_players"), ({"players": 1}, "bad_players"),
        ({"players": 2, "hq": "yes"}, "bad_config"),
        ({"players": 2, "colour": "red"}, "bad_config"), ([], "bad_config"))
    for cfg, code in cases:
        with pytest.raises(ConfigError) as err:
            R.new_game(cfg, "x")
        assert err.value.code == code


def test_load_components_from_file(tmp_path: Path) -> None:
    path = tmp_path / "real.json"
    path.write_text(json.dumps(standin()), encoding="utf-8")
    assert load_components(path)["rings"] == 6
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_components(path)
    assert err.value.code == "components_unreadable"


def test_example_config_is_ready() -> None:
    for n in (2, 3, 4):
        cfg = R.example_config(n)
        s = R.new_game(cfg, "ex")
        assert s.comp["standin"] is True
        assert R.to_act(s) and R.legal_actions(s, R.to_act(s)[0])


def test_games_on_the_stand_in_get_their_own_copy_of_it() -> None:
    """The shipped stand-in is validated once per process; each game still gets a copy of
    its own, so a game never sees another's components."""
    a = R.new_game(R.example_config(2), "a")
    b = R.new_game(R.example_config(2), "b")
    assert a.comp == b.comp == standin()
    assert a.comp is not b.comp
    a.comp["board"]["nodes"].clear()
    assert R.new_game(R.example_config(2), "c").comp == standin()
