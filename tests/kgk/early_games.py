"""Games for the rule tests that start from the practice decks (two seats, A and B), and
the few moves they repeat: to the main phase, to firing, a bombardment, the windows."""

from __future__ import annotations

from rulesets.kgk import RULESET as R

from .helpers import act, filler, mid_game, practice, put, scenario

A, B = 0, 1


def setup(d0=(), d1=(), active=A, cr=(20, 20), fill=12, **opts):
    decks = [[practice(n) for n in d0] + filler(fill), [practice(n) for n in d1] + filler(fill)]
    s = scenario(decks, **opts)
    mid_game(s, active)
    s["p"][A]["cr"], s["p"][B]["cr"] = cr
    if opts.get("auto_pass") is False:
        # Without auto-pass a seat is asked at a window when it holds a card (it might be
        # an interrupt, as far as the others can tell: KG-12.3); one filler card in each
        # hand keeps every window of these step-by-step tests open.
        for seat in (A, B):
            put(s, s["p"][seat]["colony"][-1], "hand")
    return s


def cid(s, seat, name, k=0):
    found = [c["id"] for c in s["cards"] if c["o"] == seat
             and s["defs"][c["d"]]["name"] == name]
    return found[k]


def on_table(s, seat, name, zone="hangar", k=0, **kw):
    return put(s, cid(s, seat, name, k), zone, **kw)


def maybe(s, seat, action):
    """Apply ``action`` if it is offered (auto-pass skips decisions with one choice)."""
    if action in R.legal_actions(s, seat):
        act(s, seat, action)


def until_main(s):
    while s["dec"]["kind"] == "prio":
        act(s, s["dec"]["seat"], {"type": "pass"})


def pass_firing(s):
    while s["dec"] and s["dec"]["kind"] == "fire":
        act(s, s["dec"]["seat"], {"type": "pass"})


def to_fire(s, att, target, attackers, defenders):
    """Declare an attack and run equip (and empty payments) up to the firing step."""
    act(s, att, {"type": "attack", "target": target})
    for x in attackers:
        act(s, att, {"type": "commit", "ship": x})
    act(s, att, {"type": "done"})
    dfn = 1 - att
    if s["dec"] and s["dec"]["kind"] == "equip" and s["dec"]["seat"] == dfn:
        for x in defenders:
            act(s, dfn, {"type": "commit", "ship": x})
        act(s, dfn, {"type": "done"})


def bomb_setup(target_cards=(), **kw):
    s = setup(["Gyakorló Bástyahajó", "Kiképző Kolibri"], list(target_cards), **kw)
    d = on_table(s, A, "Gyakorló Bástyahajó")     # bombard 4
    k = on_table(s, A, "Kiképző Kolibri")         # bombard 1
    return s, d, k


def bombard_with(s, target, ships, **extra):
    act(s, A, {"type": "attack", "target": target, **extra})
    for x in ships:
        act(s, A, {"type": "commit", "ship": x})
    act(s, A, {"type": "done"})
    for x in ships:
        act(s, A, {"type": "bomber", "ship": x})
    return act(s, A, {"type": "bombard"})


def formation_decision():
    """Firepower 4 fired at one of two armor-3 Kötelék ships, no return fire: the
    defender's formation decision is next. Returns the state and the two ships."""
    s = setup(["Gyakorló Bástyahajó"], ["Oktató Sólyom", "Tanszázad-vadász"])
    d = on_table(s, A, "Gyakorló Bástyahajó")             # firepower 4
    f1 = on_table(s, B, "Oktató Sólyom")                  # armor 3, formation
    f2 = on_table(s, B, "Tanszázad-vadász")               # armor 3, formation
    to_fire(s, A, "colony", [d], [f1, f2])
    act(s, B, {"type": "pass"})
    act(s, A, {"type": "fire", "ship": d, "target": f1})
    act(s, B, {"type": "no_return"})
    return s, f1, f2


def multiplayer(n=3):
    cfg = R.example_config(n)
    s = R.new_game(cfg, "mp")
    return s


def pass_prio(s):
    while s["dec"] and s["dec"]["kind"] == "prio":
        act(s, s["dec"]["seat"], {"type": "pass"})
