"""Shared helpers for the KGK engine tests: card records, scenario set-up,
invariant checks and a seeded match runner."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from rulesets.base import IllegalAction
from rulesets.kgk import RULESET as R
from rulesets.kgk import engine, load_practice
from rulesets.kgk.cards import refers_to_speed_or_return_fire
from rulesets.kgk.game_state import Game
from rulesets.kgk.state import armor_now

# The card data the app ships: the tests play the very records a real match gets.
RULEBOOK_FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "cards" / "rulebook.json"

ZONES = ("colony", "hand", "trash", "ruin", "hangar", "canteen", "surface", "stack", "out")


# ---------------------------------------------------------------- card records

def rec(slug, name, typ, sub, cost, stats=None, **kw):
    """A card record in the fixture format (SCHEMA.md)."""
    r = {"slug": slug, "name_hu": name, "name_en": None, "official": True, "type": typ,
         "subtype": sub, "race": None, "clan": None, "rarity": None, "cost": cost,
         "cost_rule": None, "speed": None, "firepower": None, "armor": None, "bombard": None,
         "size": None, "modifiers": None, "dev_limit": None, "abilities": [],
         "text_hu": None, "text_en": None, "effect": None,
         "provenance": {}, "sources": [], "notes": None}
    if stats:
        r["speed"], r["firepower"], r["armor"], r["bombard"] = stats
    r.update(kw)
    return r


def rulebook_cards():
    """The rulebook's cards exactly as ``fixtures/cards/rulebook.json`` ships them (KG-15):
    values, effect specs and provenance. Unknowns stay None."""
    cards = json.loads(RULEBOOK_FIXTURE.read_text(encoding="utf-8"))["cards"]
    return {c["slug"]: copy.deepcopy(c) for c in cards}


def practice(name_hu):
    for c in load_practice()["cards"]:
        if c["name_hu"] == name_hu:
            return copy.deepcopy(c)
    raise KeyError(name_hu)


def filler(n, slug="filler"):
    """Plain cheap ships used to pad a colony."""
    return [rec(slug, "Töltelék", "ship", "scout", 2, (1, 1, 1, 0)) for _ in range(n)]


# ---------------------------------------------------------------- scenario set-up

def scenario(decks, *, rules="official", first=0, colony=None, **opts):
    """A game whose decks are exactly ``decks`` (card lists, top first), set up
    past the mulligans at the start of ``first``'s first main phase, with every
    card still in the colony in the given order. Move cards with :func:`put`."""
    automatic = opts.pop("automatic_seats", None)      # seats played by programs (host)
    options = {"rules": rules, "lenient_cards": True, **opts}
    cfg = {"decks": decks, "options": options, "players": len(decks)}
    if automatic is not None:
        cfg["automatic_seats"] = automatic
    s = R.new_game(cfg, "scenario")
    # rebuild zones deterministically: every card back to its colony, config order
    for p in s["p"]:
        for z in ZONES:
            p[z] = []
    for c in s["cards"]:
        c.update({"z": "colony", "paid": False, "up": False, "rot": 0, "dmg": 0, "hit": False,
                  "dev": 0, "dt": 0, "on": None, "att": [], "mods": [], "x": None, "ch": None,
                  "as": None})
        s["p"][c["o"]]["colony"].append(c["id"])
    for p in s["p"]:
        p["cr"] = 0
        p["turns"] = 1
        p["mull"] = True
    s["first"] = first
    s["active"] = first
    s["turn"] = 1
    s["phase"] = "main"
    s["chain"] = []
    s["cb"] = None
    s["todo"] = []
    s["dec"] = {"kind": "main", "seat": first}
    s["result"] = None
    return s


def ids_of(state, seat, slug):
    return [c["id"] for c in state["cards"] if c["o"] == seat
            and state["defs"][c["d"]]["slug"] == slug]


def put(state, cid, zone, *, paid=None, ship=None, role=None, dev=None, rot=None):
    """Move a card straight into a zone (scenario set-up)."""
    c = state["cards"][cid]
    d = state["defs"][c["d"]]
    if c["z"] == "att":
        state["cards"][c["on"]]["att"].remove(cid)
    else:
        state["p"][c["o"]][c["z"]].remove(cid)
    if zone == "att":
        state["cards"][ship]["att"].append(cid)
        c["on"] = ship
    else:
        state["p"][c["o"]][zone].append(cid)
        c["on"] = None
    c["z"] = zone
    if zone in ("hangar", "canteen", "surface", "att"):
        c["as"] = role or {"ship": "ship", "armament": "armament", "crew": "crew",
                           "base": "base"}[d["type"]]
        if paid is None:
            paid = d["type"] == "ship"
        c["paid"] = paid
        c["up"] = paid
    elif zone == "trash":
        c["up"] = True
    fd = state["p"][c["o"]]["fd"]
    if cid in fd:
        fd.remove(cid)
    if zone in ("canteen", "surface", "att") and not c["paid"] and c["as"] == d["type"]:
        fd.append(cid)
    if zone in ("colony", "hand", "ruin", "trash", "out"):
        c["as"] = None
        c["paid"] = False
    if dev is not None:
        c["dev"] = dev
    if rot is not None:
        c["rot"] = rot
    return cid


def act(state, seat, action):
    """Apply and return the events; fail loudly with the legal list when illegal."""
    try:
        _, ev = R.apply(state, seat, action)
    except IllegalAction as e:
        raise AssertionError(f"{action} illegal ({e.code}); legal: "
                             f"{R.legal_actions(state, seat)}") from e
    return ev


def legal_types(state, seat):
    return {a["type"] for a in R.legal_actions(state, seat)}


def decision(state):
    return state["dec"]


def ship_state(state, cid):
    from rulesets.kgk.state import armor_now
    c = state["cards"][cid]
    return ("AHD"[c["rot"]], armor_now(state, cid), c["z"])


# ---------------------------------------------------------------- invariants

def check_invariants(state):
    """What holds after every action: each card in exactly one zone of its owner's, the
    chain and the stack agree, the face-down index matches the cards, and each card's
    markers fit its zone.

    Read from the rules' objects by field (``game_state.py``), not key by key through
    their dictionary bridge, which made these checks nine tenths of a sweep's time; a
    definition's values are read from its stored form, as the host sees them."""
    _check_zones(state)
    _check_chain(state)
    _check_face_down_index(state)
    for c in state.cards:
        _check_markers(state, c)


def _check_zones(state):
    seen = {}
    cards = state.cards
    for s, p in enumerate(state.p):
        for z in ZONES:
            for cid in getattr(p, z):
                assert cid not in seen, f"card {cid} in two zones"
                seen[cid] = z
                c = cards[cid]
                assert c.z == z and c.o == s, (cid, c.z, z)
        for sid in p.hangar:
            for a in cards[sid].att:
                assert a not in seen, f"card {a} in two zones"
                seen[a] = "att"
                assert cards[a].z == "att" and cards[a].on == sid
        assert p.cr >= 0, "negative credits"
    assert len(seen) == len(cards), "a card is in no zone"


def _check_chain(state):
    for it in state.chain:
        if it["k"] == "card":
            assert state.cards[it["card"]].z == "stack"
    for p in state.p:
        for cid in p.stack:
            assert any(it["card"] == cid and it["k"] == "card" for it in state.chain)


def _check_face_down_index(state):
    """The face-down index matches the cards (non-bluff, unpaid, in play)."""
    for q, p in enumerate(state.p):
        want = sorted(c.id for c in state.cards if c.o == q and not c.paid
                      and c.z in ("canteen", "surface", "att")
                      and c.role == state.defs[c.d].stored["type"])
        assert sorted(p.fd) == want, ("fd index", p.fd, want)


def _check_markers(state, c):
    """A card's markers fit its zone (the semantic invariants)."""
    cb = state.cb
    z = c.z
    if c.paid:
        assert c.up, "a paid card is face down"
    if z in ("colony", "hand", "ruin", "out"):
        assert not c.paid and not c.att and c.on is None
    if z == "hangar":
        d = state.defs[c.d].stored
        assert c.paid and c.role == "ship"
        assert len(c.att) <= (d.get("cap") or 0), "over capacity"   # KG-4.2.4
        late_destruction = state.opts["simplified_combat"] and cb and cb["step"] == "fire"
        if not late_destruction:
            assert armor_now(state, c.id) > 0, "a ship at 0 armor stayed in play"
        if cb is None:
            assert not c.hit
    if z == "att":
        assert state.cards[c.on].z == "hangar"
    if z == "canteen":
        assert c.role == "crew"
    if z == "surface":
        assert c.role == "base"


def check_end_limits(events):
    for e in events:
        if e["type"] == "end_phase":
            assert e["hand"] <= 5, e                      # KG-9.10.3
            if not e["quick_start"]:                      # KG-16.2.13: hand limit only
                assert e["hangar"] <= 12 and e["credits"] <= 20, e


def run_match(seed, kinds=("random", "random"), config=None, checks=False, max_steps=20000,
              record=None):
    """Play one seeded match with bots; returns (state, steps)."""
    cfg = config or R.example_config(2)
    s = R.new_game(cfg, seed)
    k = 0
    while R.outcome(s) is None:
        seat = R.to_act(s)[0]
        legal = R.legal_actions(s, seat) if checks else None
        a = R.bot_action(s, seat, kinds[seat % len(kinds)], f"{seed}:{k}")
        if checks:
            assert a in legal
        if record is not None:
            record.append((seat, a))
        _, ev = R.apply(s, seat, a)
        if checks:
            check_invariants(s)
            check_end_limits(ev)
        k += 1
        assert k < max_steps, f"match {seed} did not end"
    return s, k


def dumps(state):
    """JSON text of ``state`` (of a whole game: its stored form)."""
    return json.dumps(state.to_json() if isinstance(state, Game) else state, sort_keys=True)


def hidden_permutation(state, seat):
    """A copy of ``state`` that differs only in what ``seat`` may not see: the
    other seats' hidden cards swap identities, every colony is reordered, and
    the PRNG state changes."""
    s = copy.deepcopy(state)
    for q, p in enumerate(s["p"]):
        p["colony"].reverse()
        if q == seat:
            continue
        hidden = list(p["hand"]) + list(p["ruin"]) + list(p["colony"])
        for z in ("canteen", "surface"):
            hidden += [c for c in p[z] if not s["cards"][c]["up"]]
        for sid in p["hangar"]:
            hidden += [a for a in s["cards"][sid]["att"] if not s["cards"][a]["up"]]
        ds = [s["cards"][c]["d"] for c in hidden]
        ds = ds[1:] + ds[:1]
        for c, d in zip(hidden, ds, strict=True):
            s["cards"][c]["d"] = d
    s["rng"] = (s["rng"] + 12345) % (1 << 64)
    if isinstance(s, Game):
        s.reindex()                 # (definitions edited by hand)
    return s


__all__ = ["engine", "R"]


def begin_game(state, *, hand=5, credits=5, first=0):
    """From a :func:`scenario`: draw ``hand`` cards each from the top, set the
    credits, and start ``first``'s first turn (KG-8.3, KG-8.5)."""
    for p in state["p"]:
        for _ in range(hand):
            cid = p["colony"].pop(0)
            p["hand"].append(cid)
            state["cards"][cid]["z"] = "hand"
        p["cr"] = credits
        p["turns"] = 0
    state["turn"] = 0
    state["first"] = first
    state["dec"] = None
    state["todo"] = [["begin_turn", first]]
    engine.advance(state)
    return state


def mid_game(state, active, turns=3):
    """A scenario in ``active``'s main phase, past the first turns."""
    for p in state["p"]:
        p["turns"] = turns
    state["active"] = active
    state["first"] = 0
    state["turn"] = 2 * turns
    state["dec"] = {"kind": "main", "seat": active}
    return state


def zone_names(state, seat, zone):
    return [state["defs"][state["cards"][c]["d"]]["slug"] for c in state["p"][seat][zone]]


def format_config(options, players):
    """The practice decks with a format's options; the simplified combat's decks hold
    no speed or return-fire cards (KG-13.2.4)."""
    cfg = R.example_config(players)
    cfg["options"].update(options)
    if options.get("simplified_combat"):
        cfg["decks"] = [[c for c in deck if not refers_to_speed_or_return_fire(c)]
                        for deck in cfg["decks"]]
    return cfg
