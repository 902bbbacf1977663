"""Configuration and setup by player count (A1.2, A1.5, A1.6)."""

from __future__ import annotations

from typing import Any

from rulesets.base import ConfigError
from rulesets.rng import Rng
from rulesets.smugglers.components import TABLE, normalised_components, standin
from rulesets.smugglers.state import Game, Pool, Seat

# Option keys. "advanced" switches on the three A1.6 rules together.
OPTION_DEFAULTS: dict[str, bool] = {
    "stations": False,          # A1.6.1 space stations score favourite planets only
    "favourite_ships": False,   # A1.6.2 +3 (+1 per other fan) per favourite-ship majority
    "favourite_goods": False,   # A1.6.3 1 leftover good per favourite-ship colour is free
    "stacked_dice": False,      # A1.6 dexterity variant: towers, strict overbid, 6 costs 10
    "refund_on_goods_failure": False,  # rule gap A1.8: see README reading R3
}


def parse_options(raw: Any) -> dict[str, bool]:
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise ConfigError("bad_options", "options must be an object")
    known = set(OPTION_DEFAULTS) | {"advanced"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise ConfigError("unknown_option", f"unknown option(s) {unknown}; known: {sorted(known)}",
                          {"unknown": unknown})
    for key, value in raw.items():
        if not isinstance(value, bool):
            raise ConfigError("bad_option", f"option '{key}' must be true or false", {"key": key})
    opts = dict(OPTION_DEFAULTS)
    if raw.get("advanced"):
        opts.update(stations=True, favourite_ships=True, favourite_goods=True)
    opts.update({k: v for k, v in raw.items() if k != "advanced"})
    return opts


def new_game(config: Any, seed: str) -> Game:
    if not isinstance(config, dict):
        raise ConfigError("bad_config", "config must be an object")
    players = config.get("players")
    if not isinstance(players, int) or isinstance(players, bool) or players not in TABLE:
        raise ConfigError("bad_players", "Űrcsempészek is for 2 to 6 players",
                          {"players": players})
    unknown = sorted(set(config) - {"players", "options", "components", "characters"})
    if unknown:
        raise ConfigError("unknown_config_key", f"unknown config key(s) {unknown}",
                          {"unknown": unknown})
    opts = parse_options(config.get("options"))
    need_fav = opts["stations"] or opts["favourite_ships"] or opts["favourite_goods"]
    raw = config.get("components")
    comps = normalised_components(standin() if raw is None else raw, players, need_fav)
    chars = config.get("characters", list(range(players)))
    if (not isinstance(chars, list) or len(chars) != players or len(set(chars)) != players
            or not all(isinstance(c, int) and not isinstance(c, bool)
                       and 0 <= c < len(comps["characters"]) for c in chars)):
        raise ConfigError("bad_characters",
                          "characters must list one distinct board index per seat",
                          {"characters": chars})
    t = TABLE[players]
    rng = Rng.from_seed(seed)
    deck = list(comps["order"])
    rng.shuffle(deck)
    used = t["galaxies"] * t["per_galaxy"]
    # A1.2: unused cards go back to the box unseen.
    galaxies = [deck[g * t["per_galaxy"]:(g + 1) * t["per_galaxy"]] for g in range(t["galaxies"])]
    colours = comps["goods_colours"]
    seats = [Seat(chars[s], t["energy"], {c: t["goods_each"] for c in colours})
             for s in range(players)]
    return Game(players, opts, comps, rng.state, t["galaxies"], galaxies, deck[used:],
                list(t["tokens"]), Pool(0, {c: 0 for c in colours}), seats)
