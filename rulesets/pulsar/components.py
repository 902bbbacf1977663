"""Component data: the stand-in set shipped here, a loader for a real set, and validation.

The star-cluster graph, system tiles, technology and HQ boards, transmitters, goal values and the
station table are printed on the components, not in the rulebook (A2.8), so the engine
takes them as data. ``data/standin.json`` is an invented set labelled as such inside itself.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from rulesets.base import ConfigError

STANDIN_PATH = Path(__file__).parent / "data" / "standin.json"

SIZES = ("small", "medium", "large")
NODE_KINDS = ("start", "gate", "system", "pulsar")
EFFECT_KEYS = {"vp", "cubes", "gyro", "modifier", "bonus_die", "explore", "isolated_pulsar",
               "teleport", "keep_station"}
PRODUCTION_KEYS = {"vp", "cubes", "cube_for_vp"}
COUNTERS = {"pulsars", "stations", "patents", "active_transmitters", "spinning", "awards",
            "hq_done", "races_used", "gyros_placed"}
GOAL_KINDS = {"finished_same", "finished_different", "gyros_any", "stations", "patents",
              "active_transmitters", "hq_done", "races_used"}
GYRO_GOALS = {"finished_same", "finished_different", "gyros_any"}


@lru_cache(maxsize=1)
def _standin_text() -> str:
    return STANDIN_PATH.read_text(encoding="utf-8")


def standin() -> dict[str, Any]:
    """A fresh copy of the stand-in set (invented data, labelled ``standin: true``)."""
    value: dict[str, Any] = json.loads(_standin_text())
    return value


@lru_cache(maxsize=1)
def _checked_standin_text() -> str:
    validate(json.loads(_standin_text()))
    return _standin_text()


def checked_standin() -> dict[str, Any]:
    """A fresh copy of the stand-in set, validated once per process: the shipped file
    does not change while the process runs, and a simulation starts thousands of games
    on it (its validation was a tenth of a random game's time)."""
    value: dict[str, Any] = json.loads(_checked_standin_text())
    return value


def load_components(path: str | Path) -> dict[str, Any]:
    """Read a real component set from a JSON file and validate it."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ConfigError("components_unreadable", f"cannot read components from {path}: {exc}") from exc
    validate(data)
    value: dict[str, Any] = data
    return value


def _fail(where: str, problem: str) -> None:
    raise ConfigError("bad_components", f"components.{where}: {problem}",
                      {"where": where, "problem": problem})


def _need(d: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(d, dict) or key not in d:
        _fail(where, f"missing key {key!r}")
    val = d[key]
    if not isinstance(val, kind) or (isinstance(val, bool) and kind is int):
        _fail(f"{where}.{key}", f"expected {kind}, got {type(val).__name__}")
    return val


def _die(v: Any, where: str, lo: int = 1) -> None:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= 6:
        _fail(where, f"die value must be an integer {lo}..6, got {v!r}")


def _effects(effs: Any, where: str, keys: set[str] = EFFECT_KEYS) -> None:
    if not isinstance(effs, list):
        _fail(where, "effects must be a list")
    for i, e in enumerate(effs):
        w = f"{where}[{i}]"
        if not isinstance(e, dict) or len(e) != 1:
            _fail(w, "each effect is an object with exactly one key")
        (k, v), = e.items()
        if k not in keys:
            _fail(w, f"unknown effect {k!r} (known: {sorted(keys)})")
        if k in ("vp", "cubes", "explore", "cube_for_vp") and (not isinstance(v, int) or v < 0):
            _fail(w, f"{k} needs a non-negative integer")
        if k == "gyro":
            ok = v in SIZES or v in ("any", "two_different") or (
                isinstance(v, list) and v and all(s in SIZES for s in v))
            if not ok:
                _fail(w, f"bad gyro choice {v!r}")
        if k == "modifier" and v not in ("pm", "p2"):
            _fail(w, "modifier is 'pm' or 'p2'")
        if k == "bonus_die":
            _die(v, w, lo=0)
        if k == "teleport" and v not in ("pulsar", "system", "any"):
            _fail(w, "teleport is 'pulsar', 'system' or 'any'")


def _scoring(spec: Any, where: str) -> None:
    if not isinstance(spec, dict):
        _fail(where, "scoring spec must be an object")
    if "vp" in spec:
        if not isinstance(spec["vp"], int):
            _fail(where, "vp must be an integer")
    elif spec.get("vp_per") in COUNTERS:
        if not isinstance(spec.get("n"), int):
            _fail(where, "vp_per needs an integer n")
    else:
        _fail(where, f"needs 'vp' or 'vp_per' in {sorted(COUNTERS)}")


def validate(data: Any) -> None:
    """Raise ConfigError with the failing path for anything the engine could not run on:
    one check per part of the box, in the order of the data."""
    if not isinstance(data, dict):
        _fail("", "components must be a JSON object")
    systems_on_board = _board(_need(data, "board", dict, ""))
    _systems(_need(data, "systems", list, ""), systems_on_board)
    _exploration(_need(data, "exploration", list, ""))
    _tracks(_need(_need(data, "dice_board", dict, ""), "tracks", dict, "dice_board"))
    _gyrodynes(_need(data, "gyrodynes", dict, ""))
    aw = _need(data, "awards", dict, "")
    _need(aw, "first", int, "awards")
    _need(aw, "second", int, "awards")
    _transmitters(_need(data, "transmitters", list, ""))
    _tech_boards(_need(data, "tech_boards", list, ""))
    for i, hb in enumerate(_need(data, "hq_boards", list, "")):
        _hq_board(hb, f"hq_boards[{i}]")
    _goals(_need(data, "goals", list, ""))
    table = _need(data, "station_table", list, "")
    if len(table) != 14 or table[13] != 50:
        _fail("station_table", "14 entries (0..13 stations); 13 stations score 50 (rulebook)")
    for k in ("markers_per_player", "rings"):
        _need(data, k, int, "")


def _board(board: dict[str, Any]) -> int:
    """The board's locations and segments; returns how many system spaces it has."""
    nodes = _need(board, "nodes", dict, "board")
    for nid, nd in nodes.items():
        kind = _need(nd, "kind", str, f"board.nodes.{nid}")
        if kind not in NODE_KINDS:
            _fail(f"board.nodes.{nid}.kind", f"unknown kind {kind!r}")
        if kind == "gate" and not isinstance(nd.get("color"), str):
            _fail(f"board.nodes.{nid}", "a jump gate needs a colour")
    segs = _need(board, "segments", list, "board")
    degree = _segment_degrees(segs, nodes)
    for i, s in enumerate(segs):
        if len(s) == 3 and not [x for x in s[:2] if degree[x] == 1]:
            _fail(f"board.segments[{i}]", "a double (dead-end) segment must lead to a location with no other segment")
    starts = [n for n, d in nodes.items() if d["kind"] == "start"]
    if len(starts) < 4:
        _fail("board.nodes", f"need at least 4 starting gates, found {len(starts)}")
    for n, d in nodes.items():
        if d["kind"] != "pulsar" and degree[n] == 0:
            _fail(f"board.nodes.{n}", "only pulsars may be isolated (no segments)")
    return sum(1 for d in nodes.values() if d["kind"] == "system")


def _segment_degrees(segs: list[Any], nodes: dict[str, Any]) -> dict[str, int]:
    """Each segment checked; how many segments meet at each location."""
    seen: set[tuple[str, str]] = set()
    degree: dict[str, int] = {n: 0 for n in nodes}
    for i, s in enumerate(segs):
        w = f"board.segments[{i}]"
        if not isinstance(s, list) or len(s) not in (2, 3) or (len(s) == 3 and s[2] != "double"):
            _fail(w, "a segment is [a, b] or [a, b, 'double']")
        a, b = s[0], s[1]
        for x in (a, b):
            if x not in nodes:
                _fail(w, f"unknown node {x!r}")
        if a == b:
            _fail(w, "a segment joins two different locations")
        key = (min(a, b), max(a, b))
        if key in seen:
            _fail(w, f"duplicate segment {a}-{b}")
        seen.add(key)
        degree[a] += 1
        degree[b] += 1
    return degree


def _systems(systems: list[Any], spaces: int) -> None:
    if len(systems) < spaces:
        _fail("systems", f"{len(systems)} tiles for {spaces} system spaces")
    ids: set[str] = set()
    for i, t in enumerate(systems):
        w = f"systems[{i}]"
        tid = _need(t, "id", str, w)
        if tid in ids:
            _fail(w, f"duplicate id {tid}")
        ids.add(tid)
        planets = _need(t, "planets", list, w)
        if not any(isinstance(p, dict) and p.get("kind") == "blue" for p in planets):
            _fail(w, "every system tile has at least one blue planet")
        for j, p in enumerate(planets):
            if not isinstance(p, dict) or p.get("kind") not in ("blue", "barren") or p.get("block") not in (None, "2", "23"):
                _fail(f"{w}.planets[{j}]", "planet is {kind: blue|barren, block: null|'2'|'23'}")
        _effects(_need(t, "bonus", list, w), f"{w}.bonus")


def _exploration(expl: list[Any]) -> None:
    if not expl:
        _fail("exploration", "need at least one exploration tile")
    for i, x in enumerate(expl):
        _need(x, "id", str, f"exploration[{i}]")
        _effects(_need(x, "effect", list, f"exploration[{i}]"), f"exploration[{i}].effect")


def _tracks(tracks: dict[str, Any]) -> None:
    for name in ("initiative", "engineering"):
        tr = _need(tracks, name, dict, "dice_board.tracks")
        length = _need(tr, "length", int, f"dice_board.tracks.{name}")
        start = _need(tr, "start", int, f"dice_board.tracks.{name}")
        if length < 3 or not 0 <= start < length:
            _fail(f"dice_board.tracks.{name}", "need length >= 3 and 0 <= start < length")
        for k, v in _need(tr, "penalties", dict, f"dice_board.tracks.{name}").items():
            if not k.isdigit() or not 0 <= int(k) < length or not isinstance(v, int):
                _fail(f"dice_board.tracks.{name}.penalties", f"bad entry {k!r}: {v!r}")


def _gyrodynes(gyros: dict[str, Any]) -> None:
    for size in SIZES:
        g = _need(gyros, size, dict, "gyrodynes")
        for k in ("count", "vp"):
            _need(g, k, int, f"gyrodynes.{size}")
        _die(_need(g, "take", int, f"gyrodynes.{size}"), f"gyrodynes.{size}.take")
        _die(_need(g, "finish", int, f"gyrodynes.{size}"), f"gyrodynes.{size}.finish")


def _transmitters(trans: list[Any]) -> None:
    if len(trans) < 3:
        _fail("transmitters", "need at least 3 transmitter tiles")
    for i, t in enumerate(trans):
        w = f"transmitters[{i}]"
        _need(t, "id", str, w)
        if _need(t, "letter", str, w) not in ("A", "B", "C", "D"):
            _fail(f"{w}.letter", "letter is A, B, C (or D)")
        costs = _need(t, "costs", list, w)
        if not costs:
            _fail(f"{w}.costs", "at least one die cost")
        for j, c in enumerate(costs):
            _die(c, f"{w}.costs[{j}]")
        pts = _need(t, "points", list, w)
        if not 1 <= len(pts) <= 2:
            _fail(f"{w}.points", "1 or 2 connection points")
        for j, p in enumerate(pts):
            _die(p, f"{w}.points[{j}]", lo=0)
        _effects(_need(t, "reward", list, w), f"{w}.reward")
        _effects(_need(t, "production", list, w), f"{w}.production", PRODUCTION_KEYS)


def _tech_boards(tbs: list[Any]) -> None:
    tech_ids: set[str] = set()
    for cat in ("I", "II", "III"):
        if not any(isinstance(b, dict) and b.get("category") == cat for b in tbs):
            _fail("tech_boards", f"no board of category {cat}")
    for i, b in enumerate(tbs):
        w = f"tech_boards[{i}]"
        _need(b, "id", str, w)
        rows = _need(b, "rows", list, w)
        for r, row in enumerate(rows):
            bonus = _need(row, "bonus", (int, str), f"{w}.rows[{r}]")
            if isinstance(bonus, str) and bonus != "median":
                _fail(f"{w}.rows[{r}].bonus", "a number or 'median'")
            for j, t in enumerate(_need(row, "techs", list, f"{w}.rows[{r}]")):
                _tech(t, f"{w}.rows[{r}].techs[{j}]", tech_ids)
    rows_per_cat: dict[Any, Any] = {}
    for b in tbs:
        rows_per_cat.setdefault(b["category"], set()).add(len(b["rows"]))
    if sum(min(v) for v in rows_per_cat.values()) < 8:
        _fail("tech_boards", "the three categories together need at least 8 rows (one per round)")


def _tech(t: Any, tw: str, tech_ids: set[str]) -> None:
    """One technology tile; ``tech_ids`` are the ids seen so far (each is unique)."""
    tid = _need(t, "id", str, tw)
    if tid in tech_ids:
        _fail(tw, f"duplicate tech id {tid}")
    tech_ids.add(tid)
    _die(_need(t, "cost", int, tw), f"{tw}.cost")
    if t.get("color", "blue") not in ("blue", "green", "purple"):
        _fail(f"{tw}.color", "blue, green or purple")
    if "immediate" in t:
        _effects(t["immediate"], f"{tw}.immediate")
    for k in ("per_round", "end"):
        if k in t:
            _scoring(t[k], f"{tw}.{k}")
    ab = t.get("ability", {})
    for k, v in ab.items():
        if k not in ("flight_boost", "doubler", "extra_stations"):
            _fail(f"{tw}.ability", f"unknown ability {k!r}")
        if k == "doubler" and not (isinstance(v, list) and len(v) == 2):
            _fail(f"{tw}.ability.doubler", "[silver value, bonus value]")
    if "patent_die" in t:
        _die(t["patent_die"], f"{tw}.patent_die", lo=0)


def _hq_board(hb: Any, w: str) -> None:
    _need(hb, "id", str, w)
    sides = _need(hb, "sides", dict, w)
    for sk, side in sides.items():
        sw = f"{w}.sides.{sk}"
        projects = {p.get("id"): p for p in _need(side, "projects", list, sw)}
        for pid, p in projects.items():
            _die(_need(p, "cost", int, f"{sw}.{pid}"), f"{sw}.{pid}.cost")
            _effects(_need(p, "reward", list, f"{sw}.{pid}"), f"{sw}.{pid}.reward")
            if "race" in p:
                race = p["race"]
                if not isinstance(race.get("colors"), list) or not isinstance(race.get("vp"), int):
                    _fail(f"{sw}.{pid}.race", "{colors: [...], vp: n}")
        for r, row in enumerate(_need(side, "rows", list, sw)):
            for pid in row:
                if pid not in projects:
                    _fail(f"{sw}.rows[{r}]", f"unknown project {pid!r}")


def _goals(goals: list[Any]) -> None:
    if len(goals) < 3:
        _fail("goals", "need at least 3 goal tiles")
    for i, g in enumerate(goals):
        sides = _need(g, "sides", list, f"goals[{i}]")
        for j, s in enumerate(sides):
            w = f"goals[{i}].sides[{j}]"
            cond = _need(s, "condition", dict, w)
            if cond.get("kind") not in GOAL_KINDS or not isinstance(cond.get("n"), int):
                _fail(f"{w}.condition", f"kind in {sorted(GOAL_KINDS)} with integer n")
            _need(s, "vp", int, w)
            for k, bon in enumerate(_need(s, "bonuses", list, w)):
                _need(bon, "cost", int, f"{w}.bonuses[{k}]")
                _need(bon, "vp", int, f"{w}.bonuses[{k}]")
