"""Bots. Both decide from what the seat may see and ``legal_actions`` only: the heuristic
reads ``view.bot_view(state, seat)``, the part of ``view(state, seat)`` it uses (or the
whole view, as a board's client has it: the keys it reads are the same).

* ``random``: uniform over the legal actions.
* ``heuristic``: a greedy player: builds a fleet, pays its equipment, attacks the
  colony when its fleet is at least as strong as the active defenders, kills what
  it can kill in combat, and does not waste credits on bluffs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulesets.kgk.jsontypes import Action, Decision
from rulesets.rng import Rng, sha256


def random_index(n: int, seed: object) -> int:
    """Uniform over ``range(n)``: a 256-bit hash of the seed reduced mod n
    (bias below 2**-240; cheaper than seeding a PRNG for one draw)."""
    return int.from_bytes(sha256(str(seed).encode()).digest(), "big") % n


def random_action(legal: list[Action], seed: object) -> Action:
    """Uniform over ``legal``."""
    return legal[random_index(len(legal), seed)]


def _by_id(cards: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    return {c["id"]: c for c in cards if "id" in c}


class _Seen:
    """What the heuristic reads of a seat's view: the legal actions by type, and, gathered
    when a decision first asks (most ask for one of them or none; a search's playouts
    ask the heuristic at every step), the seat's hand and ships and the live opponents'
    ships, by id."""

    __slots__ = ("view", "dec", "me", "my", "types", "_hand", "_ships", "_enemy_ships")

    def __init__(self, view: dict[str, Any], legal: list[Action]) -> None:
        self.view = view
        self.dec: Decision = view["decision"]
        self.me: int = view["seat"]
        # (a dict, or a ``view.BotSeat``, read by key alike: no narrower type, as a
        # compiled build checks annotations at run time)
        self.my: Any = view["players"][self.me]
        # (a list holds its types in runs, a section each: looked up once a run)
        types: dict[str, list[Action]] = {}
        last = None
        run: list[Action] = []
        for a in legal:
            t = a["type"]
            if t is not last:
                last = t
                of_type = types.get(t)
                if of_type is None:
                    of_type = types[t] = []
                run = of_type
            run.append(a)
        self.types = types
        self._hand: dict[int, dict[str, Any]] | None = None
        self._ships: dict[int, dict[str, Any]] | None = None
        self._enemy_ships: dict[int, dict[str, Any]] | None = None

    def first(self, t: str) -> Action | None:
        of_type = self.types.get(t)
        return of_type[0] if of_type else None

    def hand(self) -> dict[int, dict[str, Any]]:
        if self._hand is None:
            self._hand = _by_id(self.my["hand"] or [])
        return self._hand

    def ships(self) -> dict[int, dict[str, Any]]:
        if self._ships is None:
            self._ships = _by_id(self.my["hangar"])
        return self._ships

    def enemy_ships(self) -> dict[int, dict[str, Any]]:
        if self._enemy_ships is None:
            self._enemy_ships = {}
            players = self.view["players"]
            for q in range(self.view["players_count"]):
                if q != self.me and players[q]["alive"]:
                    self._enemy_ships.update(_by_id(players[q]["hangar"]))
        return self._enemy_ships


def heuristic_action(view: dict[str, Any], legal: list[Action], seed: str) -> Action | None:
    seen = _Seen(view, legal)
    kind = seen.dec["kind"]
    if kind == "main":
        return _main(seen)
    if kind == "choose":
        return _choose(seen, seen.types["choose"])
    decide = _DECIDE.get(kind)
    if decide is not None:
        return decide(seen)
    # (seeded only here: a search's playouts ask the heuristic at every step, and a
    # generator's hashing is dear beside the decisions above, which draw nothing)
    return Rng.from_seed(seed).choice(legal)


def _mulligan(seen: _Seen) -> Action | None:
    """Keep a hand with two ships of cost 8 or less."""
    n_ships = sum(1 for c in seen.hand().values() if c["type"] == "ship" and (c["cost"] or 0) <= 8)
    return seen.first("keep") if n_ships >= 2 else seen.first("mulligan")


def _priority(seen: _Seen) -> Action | None:
    """Answer in a window: protect a ship cheaply, or counter an opponent's chain item."""
    my = seen.my
    for a in seen.types.get("play", []):
        tgt = a.get("target")
        card = seen.hand().get(a["card"], {})
        if tgt in seen.ships() and card.get("cost", 9) <= my["credits"] // 2:
            return a
        if any(it["item"] == tgt and it["seat"] != seen.me for it in seen.view["chain"]):
            return a
    return seen.first("pass")


def _equip(seen: _Seen) -> Action | None:
    """Board, attack with what was declared, defend when it is worth it."""
    types = seen.types
    cb = seen.view["combat"]
    if "board" in types:
        return types["board"][0]
    if "commit" in types:
        if cb["attacker"] == seen.me:
            return types["commit"][0]
        # defend when the attack can hurt and our ships are worth risking
        enemy_ships = seen.enemy_ships()
        att_fp = sum(enemy_ships[s]["firepower"] for s in cb["ships"] if s in enemy_ships)
        for a in types["commit"]:
            s = seen.ships()[a["ship"]]
            if s["armor_now"] > att_fp // 2 or cb["target"]["kind"] == "colony":
                return a
    return seen.first("done")


def _fire(seen: _Seen) -> Action | None:
    """Kill the dearest ship that can be killed, else wound the weakest."""
    best, score = None, None
    for a in seen.types.get("fire", []):
        shooter, aim = seen.ships().get(a["ship"]), seen.enemy_ships().get(a["target"])
        if not shooter or not aim:
            continue
        kill = shooter["firepower"] >= aim["armor_now"]
        sc = (1 if kill else 0, aim["cost"] or 0 if kill else -aim["armor_now"],
              -shooter["firepower"])
        if score is None or sc > score:
            best, score = a, sc
    if best is not None:
        return best
    return seen.first("stealth") or seen.first("pass")


def _assign(seen: _Seen) -> Action | None:
    opts = seen.types.get("assign", [])
    if opts:
        enemy_ships = seen.enemy_ships()
        return min(opts, key=lambda a: enemy_ships.get(a["ship"], {}).get("armor_now", 99))
    return seen.first("assign_done")


def _bomb(seen: _Seen) -> Action | None:
    types = seen.types
    if "bomber" in types:
        return types["bomber"][0]
    if "pyro" in types and seen.view["players"][seen.me]["colony"] > 20:
        return types["pyro"][0]
    return seen.first("bombard")


def _pay(seen: _Seen) -> Action | None:
    return seen.first("pay") or seen.first("done")


def _return_fire(seen: _Seen) -> Action | None:
    return seen.first("return") or seen.first("stealth") or seen.first("no_return")


def _trap(seen: _Seen) -> Action | None:
    return seen.first("pay_trap") or seen.first("decline")


# The decisions the heuristic answers by kind (``main`` and ``choose`` above).
_DECIDE: dict[str, Callable[[_Seen], Action | None]] = {
    "mulligan": _mulligan, "prio": _priority, "equip": _equip, "pay": _pay, "fire": _fire,
    "ret": _return_fire, "assign": _assign, "bomb": _bomb, "trap": _trap,
}


# The cards the heuristic places face down, each as what it is (never a bluff).
_PLACED_AS = {"armament": "armament", "crew": "crew", "base": "base"}


def _main(seen: _Seen) -> Action | None:
    view, types, my, hand = seen.view, seen.types, seen.my, seen.hand()
    cr = my["credits"]
    # 1. pay equipment already on the table
    pays = types.get("pay")
    if pays:
        return pays[0]
    # 2. play the most expensive ship we can afford
    plays = types.get("play", ())
    if plays:
        # (the hand's ships and events picked out once: a play list has a line for each
        # card and target, and most of a playout's main decisions end in step 2)
        ships = {cid: c["cost"] or 0 for cid, c in hand.items() if c["type"] == "ship"}
        ship_plays = [a for a in plays if a["card"] in ships]
        if ship_plays:
            return max(ship_plays, key=lambda a: ships[a["card"]])
    # 3. place real armaments/crews/bases face down (no bluffs)
    for a in types.get("place", []):
        c = hand.get(a["card"])
        if c and _PLACED_AS.get(c["type"]) == a["as"]:
            return a
    # 4. useful events
    event = _useful_event(seen, plays, hand) if plays else None
    if event is not None:
        return event
    # 5. develop bases that still need developments
    for a in types.get("develop", []):
        b = next((x for x in my["surface"] if x.get("id") == a["base"]), None)
        if b and not b.get("hidden") and isinstance(b.get("dev_limit"), int) \
                and b["dev"] < b["dev_limit"] and cr >= 2:
            return a
    # 6. attack a colony whose active defenders are not stronger than our active fleet
    #    (in the endgame, with our own colony low, attack anyway)
    attacks = [a for a in types.get("attack", []) if a["target"] == "colony"]
    if attacks:
        mine = [s for s in seen.ships().values() if s["rot"] == 0]
        my_power = sum(s["firepower"] + s["armor_now"] for s in mine)
        if sum(s["bombard"] for s in mine) >= 1:
            best = None
            for a in attacks:
                q = a.get("opp", next(x for x in range(view["players_count"]) if x != view["seat"]))
                their = [s for s in view["players"][q]["hangar"] if s["rot"] == 0]
                power = sum(s["firepower"] + s["armor_now"] for s in their)
                key = (power, view["players"][q]["colony"])
                if (power <= my_power or my["colony"] <= 8) and (best is None or key < best[0]):
                    best = (key, a)
            if best:
                return best[1]
    # 7. draw when the hand runs low, holds no ship, or credits would only pile up
    has_ship = any(c["type"] == "ship" for c in hand.values())
    if "draw" in types and my["colony"] > 8 and (
            (my["hand_count"] <= 2 and cr >= 2) or (not has_ship and cr >= 3) or cr >= 12):
        return types["draw"][0]
    return types["end_turn"][0]


def _useful_event(seen: _Seen, plays: list[Action], hand: dict[int, dict[str, Any]]
                  ) -> Action | None:
    """The first play of an event from the hand with no target or an enemy ship's."""
    events = {cid for cid, c in hand.items() if c["type"] == "event"}
    for a in plays:
        if a["card"] in events:
            target = a.get("target")
            if target is None or target in seen.enemy_ships():
                return a
    return None


def _choose(seen: _Seen, acts: list[Action]) -> Action | None:
    why = seen.dec.get("why")
    if why == "search":
        cards = {c["id"]: c for c in seen.dec.get("cards", [])}
        return max(acts, key=lambda a: (cards.get(a["pick"], {}).get("type") == "ship",
                                        cards.get(a["pick"], {}).get("cost") or 0))
    if why in ("discard", "hand_limit"):
        hand = seen.hand()
        return min(acts, key=lambda a: (hand.get(a["pick"], {}).get("type") == "ship",
                                        hand.get(a["pick"], {}).get("cost") or 0))
    if why in ("destroy_own_ship", "hangar_limit"):
        ships = seen.ships()
        return min(acts, key=lambda a: ships.get(a["pick"], {}).get("cost") or 0)
    if why == "eop_mod":
        cb = seen.view["combat"]
        has_enemy = any(s in seen.enemy_ships() for s in cb["ships"])
        # option 0 is conventionally the firepower option
        return acts[0] if has_enemy or len(acts) < 2 else acts[1]
    if why == "rocket":
        enemy_ships = seen.enemy_ships()
        return min(acts, key=lambda a: enemy_ships.get(a["pick"], {}).get("armor_now", 99))
    return acts[0]
