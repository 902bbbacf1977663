"""Invariant checks used by the property tests (conservation, hidden information, rejection)."""

from __future__ import annotations

from rulesets.pulsar.components import SIZES
from rulesets.pulsar.state import Game
from rulesets.rng import Rng


def check_conservation(s: Game) -> None:
    comp = s.comp
    players = s.players
    for size in SIZES:
        held = sum(p.gyros[size] for p in players)
        placed = sum(1 for p in players for g in p.pulsars.values() if g and g["size"] == size)
        assert s.gyro_supply[size] + held + placed == comp["gyrodynes"][size]["count"], size
        assert s.gyro_supply[size] >= 0 and held >= 0
        taken = [w for p in players for sz, w in p.awards if sz == size]
        assert sorted(taken + s.awards[size]) == ["first", "second"]
    tiles = [x["tile"] for x in s.systems.values()] + s.box
    assert sorted(tiles) == sorted(t["id"] for t in comp["systems"])
    ex = s.explore["stack"] + s.explore["discard"] + [k for p in players for k in p.kept]
    assert sorted(ex) == sorted(x["id"] for x in comp["exploration"])
    tx = (s.tx["stack"] + [t for t in s.tx["display"] if t] + s.tx["discard"]
          + [t for p in players for t in p.transmitters])
    assert sorted(tx) == sorted(t["id"] for t in comp["transmitters"])
    owners: dict[str, int] = {}
    for seat, p in enumerate(players):
        covers = sum(sum(t["covered"]) for t in p.transmitters.values())
        used = len(p.stations) + len(p.patents) + len(p.hq_done) + covers
        assert p.markers + used == comp["markers_per_player"]
        assert p.markers >= 0 and p.cubes >= 0 and p.vp >= 0
        assert min(p.mods.values()) >= 0
        assert len(p.pulsars) <= comp["rings"]
        assert len(set(p.stations)) == len(p.stations)  # one station per system
        for node in p.stations:
            assert seat in s.systems[node]["planets"]
        for node in p.pulsars:
            owners[node] = seat
    assert owners == s.owner
    per = 2 if s.seats == 2 else 1
    for name, track in s.tracks.items():
        ms = sorted(m for st in track for m in st)
        assert ms == sorted(seat * 2 + k for seat in range(s.seats) for k in range(per)), name


def hidden_twin(s: Game, seed: str) -> Game:
    """Same public situation, different hidden things: generator, stack orders, face-down tiles."""
    t = s.copy()
    r = Rng.from_seed(seed)
    t.rng = r.next_u64()
    r.shuffle(t.explore["stack"])
    below = t.tx["stack"][:-1]  # the face-up top tile is public; only the rest is hidden
    r.shuffle(below)
    t.tx["stack"][:-1] = below
    hidden = [n for n, x in t.systems.items() if not x["revealed"]]
    pool = [t.systems[n]["tile"] for n in hidden] + t.box
    r.shuffle(pool)
    for n in hidden:
        t.systems[n]["tile"] = pool.pop()
    t.box = pool
    return t


