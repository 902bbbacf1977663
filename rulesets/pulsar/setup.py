"""Game setup (A2.2, 2 players A2.5, 3 players A2.6)."""

from __future__ import annotations

from typing import Any

from rulesets.base import ConfigError
from rulesets.pulsar.common import TRACKS, markers_per_track, rng_draw
from rulesets.pulsar.components import SIZES, checked_standin, validate
from rulesets.pulsar.state import Game, Player
from rulesets.rng import seed_to_int

START_VP = (5, 6, 7, 8)  # A2.2: 1st 5, 2nd 6, 3rd 7, 4th 8


def example_config(players: int) -> dict[str, Any]:
    return {"players": players, "hq": True, "first_game": False, "balanced_start": False}


def _check_config(config: Any) -> tuple[int, dict[str, Any]]:
    if not isinstance(config, dict):
        raise ConfigError("bad_config", "config must be an object")
    n = config.get("players")
    if not isinstance(n, int) or isinstance(n, bool) or not 2 <= n <= 4:
        raise ConfigError("bad_players", "Pulsar 2849 is for 2 to 4 players", {"players": n})
    for key in ("hq", "first_game", "balanced_start"):
        if key in config and not isinstance(config[key], bool):
            raise ConfigError("bad_config", f"{key} must be true or false", {"key": key})
    known = {"players", "hq", "first_game", "balanced_start", "components"}
    extra = sorted(set(config) - known)
    if extra:
        raise ConfigError("bad_config", f"unknown config keys: {extra}", {"keys": extra})
    data = config.get("components")
    if data is None:
        return n, checked_standin()
    validate(data)
    return n, data


def new_game(config: Any, seed: str) -> Game:
    n, data = _check_config(config)
    first_game = bool(config.get("first_game", False))
    use_hq = bool(config.get("hq", False)) and not first_game  # A2.2: no HQ in the first game
    state = Game(n, {k: v for k, v in config.items() if k != "components"}, data,
                 seed_to_int(seed))
    c = state.c
    # turn order: random (A2.2); at 2 players rockets on spaces 1,3 and 2,4 (A2.5)
    seats = list(range(n))
    rng_draw(state, "shuffle", seats)
    state.order = [seats[0], seats[1], seats[0], seats[1]] if n == 2 else seats
    # planetary systems face down on the 16 spaces, the rest back to the box unseen
    tiles = [t["id"] for t in data["systems"]]
    rng_draw(state, "shuffle", tiles)
    state.systems = {node: {"tile": tiles[i], "revealed": False, "planets": []}
                     for i, node in enumerate(c.systems)}
    state.box = tiles[len(c.systems):]
    explore = [x["id"] for x in data["exploration"]]
    rng_draw(state, "shuffle", explore)
    state.explore = {"stack": explore, "discard": []}
    # transmitters: each letter shuffled, C at the bottom, then B, A on top; reveal 3
    stack: list[str] = []
    for letter in ("D", "C", "B", "A"):
        group = [t["id"] for t in data["transmitters"] if t["letter"] == letter]
        rng_draw(state, "shuffle", group)
        stack.extend(group)
    display = [stack.pop() for _ in range(min(3, len(stack)))]
    state.tx = {"stack": stack, "display": display, "discard": []}
    state.gyro_supply = {s: data["gyrodynes"][s]["count"] for s in SIZES}
    state.awards = {s: ["first", "second"] for s in SIZES}
    # technology boards: one per category; first game uses the marked ones (A2.2)
    boards = []
    for cat in ("I", "II", "III"):
        cands = [b["id"] for b in data["tech_boards"] if b["category"] == cat]
        marked = [b["id"] for b in data["tech_boards"]
                  if b["category"] == cat and b.get("first_game")]
        if first_game and marked:
            boards.append(marked[0])
        else:
            boards.append(cands[rng_draw(state, "below", len(cands))])
    state.tech_boards = boards
    state.techs = {}  # tech id -> {"by": [seats], "round": last round patented}
    # goals: 3 of 6; first game the marked tiles, marked (first) side up
    goal_tiles = list(range(len(data["goals"])))
    if first_game and sum(1 for g in data["goals"] if g.get("first_game")) >= 3:
        chosen = [i for i in goal_tiles if data["goals"][i].get("first_game")][:3]
        state.goals = [{"tile": i, "side": 0} for i in chosen]
    else:
        rng_draw(state, "shuffle", goal_tiles)
        state.goals = [{"tile": i, "side": rng_draw(state, "below", len(data["goals"][i]["sides"]))}
                          for i in goal_tiles[:3]]
    # tracks: markers stacked in reverse turn order, first player's at the bottom (A2.2)
    state.tracks = {}
    k_of: dict[int, int] = {}
    for name in TRACKS:
        tr = data["dice_board"]["tracks"][name]
        spaces: list[list[int]] = [[] for _ in range(tr["length"])]
        k_of = {}
        for s in state.order:
            k = k_of.get(s, 0)
            k_of[s] = k + 1
            spaces[tr["start"]].append(s * 2 + k)
        state.tracks[name] = spaces
    hq_deal = list(range(len(data["hq_boards"])))
    rng_draw(state, "shuffle", hq_deal)
    players = [Player(data["markers_per_player"], dict.fromkeys(SIZES, 0)) for _ in range(n)]
    if use_hq and hq_deal:
        for s, p in enumerate(players):
            p.hq = {"board": data["hq_boards"][hq_deal[s % len(hq_deal)]]["id"], "side": None}
    state.players = players
    first_seats = []
    for s in state.order:
        if s not in first_seats:
            first_seats.append(s)
    for i, s in enumerate(first_seats):
        players[s].vp = START_VP[i]
    # starting gates, last player first (A2.2); then HQ sides before the first roll
    queue = [{"kind": "gate", "seat": s} for s in reversed(first_seats)]
    if use_hq:
        queue += [{"kind": "hq_side", "seat": s} for s in first_seats]
    state.setup_queue = queue
    assert markers_per_track(state) in (1, 2)
    return state
