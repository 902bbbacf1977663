"""What a seat may see (KG-6.12). The one door out for hidden information.

Hidden from a seat: every colony's contents and order (even his own, KG-6.2.2),
the other seats' central and ruin contents, their face-down cards in play, and
the PRNG. Hidden cards are shown without any id: a face-down card in play is
``{"hidden": true, ...public markers...}`` at its position, so it cannot be
followed across zones. Counts, credits, rotations, armor damage and
developments are public (KG-6.12, KG-12.4).
"""

from __future__ import annotations

from typing import Any

from rulesets.kgk.effects import item_kind, where
from rulesets.kgk.jsontypes import GameState
from rulesets.kgk.state import abilities, armor_now, base_armor_now, val

PRIVATE_CHOICES = ("search", "discard", "hand_limit", "cash")


def card_public(state: GameState, cid: int) -> Any:
    c = state.cards[cid]
    d = state.defs[c.d]
    v = {"id": cid, "slug": d["slug"], "name": d["name"], "type": d["type"],
         "subtype": d["sub"], "cost": d["cost"], "owner": c.o}
    if d["type"] == "ship":
        for s in ("speed", "firepower", "armor", "bombard"):
            v[s] = d[s]
        v["abilities"] = list(d["abil"])
    elif d["mods"]:
        v["modifiers"] = dict(d["mods"])
    if d["type"] == "base":
        v["dev_limit"] = d["dev"]
    spec = (d["eff"] or {}).get("target")
    if spec:
        # what the card's printed text aims at (public): a board names a move's target
        # by it, since a target number may be a card, a chain item or a seat
        v["target_kind"] = spec.get("kind")
    return v


def _visible(state: GameState, cid: int, seat: int | None) -> Any:
    c = state.cards[cid]
    return c.up or (seat is not None and c.o == seat)


def in_play_view(state: GameState, cid: int, seat: int | None, pos: int) -> Any:
    c = state.cards[cid]
    if not _visible(state, cid, seat):
        v = {"hidden": True, "pos": pos, "rot": c.rot}
        if c.z == "surface":
            v["dev"] = c.dev
        return v
    v = card_public(state, cid)
    v.update({"pos": pos, "rot": c.rot, "paid": c.paid, "face_down": not c.up})
    if c.role and c.role != _role(state, cid):
        v["bluff_as"] = c.role
    if c.z == "surface":
        v["dev"] = c.dev
        v["armor_now"] = base_armor_now(state, cid)
    if c.ch is not None:
        v["choice"] = c.ch
    return v


def _role(state: GameState, cid: int) -> Any:
    return state.defs[state.cards[cid].d].type


def ship_view(state: GameState, sid: int, seat: int | None, pos: int) -> Any:
    c = state.cards[sid]
    v = card_public(state, sid)
    v.pop("abilities", None)
    v.update({"pos": pos, "rot": c.rot, "hit": c.hit,
              "speed": val(state, sid, "speed"), "firepower": val(state, sid, "firepower"),
              "armor": val(state, sid, "armor"), "armor_now": armor_now(state, sid),
              "bombard": val(state, sid, "bombard"), "abilities": list(abilities(state, sid)),
              "space": state.defs[c.d].get("space"),
              "capacity": state.defs[c.d].get("cap"),
              "att": [in_play_view(state, a, seat, i) for i, a in enumerate(c.att)]})
    return v


def player_view(state: GameState, q: Any, seat: int | None) -> Any:
    p = state.p[q]
    mine = seat == q
    return {
        "seat": q,
        "credits": p.cr,
        "colony": len(p.colony),
        "hand_count": len(p.hand),
        "hand": [card_public(state, c) for c in p.hand] if mine else None,
        "trash": [card_public(state, c) for c in p.trash],
        "ruin_count": len(p.ruin),
        "ruin": [card_public(state, c) for c in p.ruin] if mine else None,
        "hangar": [ship_view(state, s, seat, i) for i, s in enumerate(p.hangar)],
        "canteen": [in_play_view(state, c, seat, i) for i, c in enumerate(p.canteen)],
        "surface": [in_play_view(state, c, seat, i) for i, c in enumerate(p.surface)],
        "alive": p.alive,
        "eliminations": p.elims,
        "turns": p.turns,
        "mulligan_used": p.mull,
    }


def _target_ref(state: GameState, tid: Any, seat: int | None) -> Any:
    """A target id as a seat may see it: hidden face-down cards lose their id."""
    if isinstance(tid, int) and 0 <= tid < len(state.cards) and not _visible(state, tid, seat):
        c = state.cards[tid]
        if c.z in ("surface", "canteen", "att"):
            return {"hidden": True, **where(state, tid)}    # where it lies, never what
        return {"hidden": True}
    return tid


def chain_view(state: GameState, seat: int | None) -> Any:
    out = []
    for it in state.chain:
        v = {"item": it["u"], "kind": item_kind(state, it), "seat": it["seat"],
             "card": it["card"], "cost": it["cost"]}
        if it["tgt"] is not None:
            v["target"] = it["tgt"] if it.get("spec") in ("chain", "opponent") else \
                _target_ref(state, it["tgt"], seat)
            if it.get("spec"):
                v["target_kind"] = it["spec"]     # "chain": target is an item number
        if it["ab"]:
            v["ability"] = it["ab"]
        cid = it["card"]
        if isinstance(cid, int) and _visible(state, cid, seat):
            # a chain item's card is usually on the stack, in no zone the view lists: its
            # name lets a board say what is waiting to resolve (public once declared)
            d = state.defs[state.cards[cid].d]
            v["name"], v["slug"] = d["name"], d["slug"]
        out.append(v)
    return out


def combat_view(state: GameState, seat: int | None) -> Any:
    cb = state.cb
    if not cb:
        return None
    tgt = cb["tgt"]
    tv = {"kind": tgt["kind"]}
    if tgt["card"] is not None:
        c = state.cards[tgt["card"]]
        if _visible(state, tgt["card"], seat):
            tv["card"] = tgt["card"]
        if c.z in ("surface", "canteen"):
            tv["pos"] = state.p[c.o][c.z].index(tgt["card"])
        tv["in_play"] = c.z in ("surface", "canteen", "att")
    v = {"attacker": cb["att"], "defender": cb["def"], "target": tv, "step": cb["step"],
         "ships": list(cb["ships"]), "bombers": list(cb["bombers"]),
         "passes": cb["fire"]["passes"]}
    sh = cb["shot"]
    if sh:
        v["shot"] = {"firer": sh["F"], "target": sh["T"], "returned": sh["ret"]}
    return v


def decision_view(state: GameState, seat: int | None) -> Any:
    dec = state.dec
    if dec is None:
        return None
    out = {"kind": dec["kind"], "seat": dec["seat"]}
    mine = seat == dec["seat"]
    for k in ("ctx", "why", "ship", "left", "allowed", "card", "src", "passes"):
        if k in dec:
            out[k] = dec[k]
    if "opts" in dec and (mine or dec.get("why") not in PRIVATE_CHOICES):
        out["opts"] = list(dec["opts"])
    if dec["kind"] == "choose" and dec["why"] == "search" and mine:
        out["cards"] = [card_public(state, c) for c in dec["opts"]]
    if "card" in out and isinstance(out["card"], int) and not _visible(state, out["card"], seat):
        out["card"] = None
    return out


def view(state: GameState, seat: int | None) -> Any:
    return {
        "game": "kgk",
        "seat": seat,
        "players_count": state.n,
        "options": {k: state.opts[k] for k in ("rules", "simplified_combat", "auto_pass",
                                                   "bluffing")},
        "turn": state.turn,
        "active": state.active,
        "first": state.first,
        "phase": state.phase,
        "players": [player_view(state, q, seat) for q in range(state.n)],
        "chain": chain_view(state, seat),
        "combat": combat_view(state, seat),
        "decision": decision_view(state, seat),
        "to_act": [state.dec["seat"]] if state.dec and state.phase != "over" else [],
        "result": state.result,
    }


# ---------------------------------------------------------------- the bots' part of it

def _bot_hand(state: GameState, hand: list[int]) -> list[Any]:
    """Of the cards in the seat's own hand: what ``card_public`` says of their id, type
    and cost (as stored: an unknown cost stays unknown)."""
    defs, cards = state.defs, state.cards
    out = []
    for cid in hand:
        d = defs[cards[cid].d].stored
        out.append({"id": cid, "type": d["type"], "cost": d["cost"]})
    return out


def _bot_ship(state: GameState, sid: int) -> Any:
    """Of a ship in play (always face up): what ``ship_view`` says of its id, cost,
    rotation, firepower, armor now and bombard, from the same functions."""
    c = state.cards[sid]
    return {"id": sid, "cost": state.defs[c.d].stored["cost"], "rot": c.rot,
            "firepower": val(state, sid, "firepower"), "armor_now": armor_now(state, sid),
            "bombard": val(state, sid, "bombard")}


class BotSeat:
    """A seat in ``bot_view``, read by key like its dict (``seat["hangar"]``): its counts
    read off the seat when asked, its hand, ships and bases built at their first read
    (and kept for the next): a search's playouts ask the heuristic at
    every step, and most of its decisions read no ships nor bases (a main decision only
    when it may attack, aim an event or develop a base; the ships' values were a third
    of the view), and only a main decision or a mulligan reads the hand for sure.
    ``as_dict`` is the seat as ``bot_view`` lists it."""

    __slots__ = ("state", "q", "seat", "read")

    def __init__(self, state: GameState, q: int, seat: int) -> None:
        self.state = state
        self.q = q
        self.seat = seat
        self.read: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        read = self.read
        if key in read:
            return read[key]
        state, q = self.state, self.q
        p = state.p[q]
        # (the counts are read off the seat each time: cheaper than noting them for the
        # many decisions that never ask, and the state does not change while a bot reads)
        if key == "credits":
            return p.cr
        if key == "colony":
            return len(p.colony)
        if key == "hand_count":
            return len(p.hand)
        if key == "alive":
            return p.alive
        mine = q == self.seat
        if key == "hand" and not mine:
            return None
        if key == "hangar":
            v: Any = [_bot_ship(state, s) for s in p.hangar]
        elif key == "hand":
            v = _bot_hand(state, p.hand)
        elif key == "surface" and mine:
            v = [in_play_view(state, c, q, i) for i, c in enumerate(p.surface)]
        else:
            raise KeyError(key)
        read[key] = v
        return v

    def as_dict(self) -> dict[str, Any]:
        keys = ("credits", "colony", "hand_count", "hand", "hangar", "alive")
        v = {k: self[k] for k in keys}
        if self.q == self.seat:
            v["surface"] = self["surface"]
        return v


def bot_seats_view(state: GameState, seat: int) -> Any:
    """``bot_view`` with its seats as ``BotSeat``: what the heuristic bot is given."""
    return {
        "seat": seat,
        "players_count": state.n,
        "players": [BotSeat(state, q, seat) for q in range(state.n)],
        "chain": chain_view(state, seat),
        "combat": combat_view(state, seat),
        "decision": decision_view(state, seat),
    }


def bot_view(state: GameState, seat: int) -> Any:
    """The part of ``view(state, seat)`` the heuristic bot reads (``bots.py``), built
    alone: the decision, the chain and the combat; of each seat its credits, colony and
    hand sizes, whether it is alive, and of its ships their id, cost, rotation,
    firepower, armor now and bombard; of ``seat`` itself also its hand (id, type and
    cost; another seat's hand is ``None``, as in the view) and its bases. Every value
    comes from the functions ``view`` is made of, so it shows nothing ``view`` hides. A
    search's playouts ask it at every step, and the whole view (discard piles, canteens,
    attachments, every value of every ship) was about half of a KGK search; the bot is
    given it as ``bot_seats_view``, whose seats build their parts when read.
    ``tests/kgk/test_bot_view.py`` checks that it is the view cut down to its keys at
    every decision of seeded games."""
    v = bot_seats_view(state, seat)
    v["players"] = [p.as_dict() for p in v["players"]]
    return v


def event_view(event: Any, seat: int | None) -> Any:
    priv = event.get("_priv")
    if priv is None:
        return event
    out = {k: v for k, v in event.items() if k != "_priv"}
    if seat != priv[0]:
        for k in priv[1]:
            out.pop(k, None)
    return out
