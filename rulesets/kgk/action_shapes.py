"""KGK's actions (see ``rulesets/shapes.py``). Card numbers are card ids of this match;
an opponent's face-down card is named by where it lies, never by id (README: readings)."""

from __future__ import annotations

from rulesets.shapes import ActionShape, Kind

_HIDDEN_TARGET: dict[str, Kind] = {"target_seat": "int", "target_zone": ("surface", "canteen", "ship"),
                  "target_ship": "int", "target_pos": "int"}
_TARGETS = frozenset({"target", *_HIDDEN_TARGET})

ACTION_SHAPES: dict[str, ActionShape] = {
    "keep": ActionShape("Keep the opening hand (KG-8.4)."),
    "mulligan": ActionShape("Shuffle the opening hand back and draw again (KG-8.4)."),
    "draw": ActionShape("Draw a card (main phase)."),
    "ruin_draw": ActionShape("Draw from the ruin instead (a card that allows it)."),
    "search": ActionShape("Search the deck (a card that allows it)."),
    "develop": ActionShape("Pay to put a development counter on base `base`.",
                           {"base": "int"}),
    "cash": ActionShape("Take a development counter off base `base` for credits.",
                        {"base": "int"}),
    "place": ActionShape("Place a card from the hand face down: as a base, a crew (aboard "
                         "`ship`) or an armament (on `ship`).",
                         {"card": "int", "as": ("base", "crew", "armament"), "ship": "int"},
                         frozenset({"ship"})),
    "play": ActionShape("Play a card (a ship, an event, an interrupt), with its target when "
                        "it has one: a card id, or where a hidden card lies.",
                        {"card": "int", "target": "int", **_HIDDEN_TARGET}, _TARGETS),
    "ability": ActionShape("Use ability `n` of a face-up card, with its target when it has "
                           "one.", {"card": "int", "n": "int", "target": "int",
                                    **_HIDDEN_TARGET}, _TARGETS),
    "pay": ActionShape("Pay for a card in play.", {"card": "int"}),
    "pay_trap": ActionShape("Pay a bombarded base as a trap (KG-9.8.5)."),
    "decline": ActionShape("Decline what is offered."),
    "choose": ActionShape("Choose a card an effect asks for.", {"pick": "int"}),
    "attack": ActionShape("Declare an attack on a target: a base or crew (by position), the "
                          "colony or the central; `opp` names the neighbour in multiplayer.",
                          {"target": ("base", "crew", "colony", "central"), "pos": "int",
                           "opp": "int"}, frozenset({"pos", "opp"})),
    "commit": ActionShape("Send a ship into the combat.", {"ship": "int"}),
    "assign": ActionShape("Put one point of the damage being spread (a salvo) on ship "
                          "`ship`.", {"ship": "int"}),
    "assign_done": ActionShape("Stop spreading the damage: the rest stays where it was "
                               "dealt."),
    "board": ActionShape("Put a crew aboard a ship.", {"crew": "int", "ship": "int"}),
    "bomber": ActionShape("Use a ship's bomber ability (KG-7).", {"ship": "int"}),
    "heavy": ActionShape("Use a ship's heavy ability (KG-7).", {"ship": "int"}),
    "pyro": ActionShape("Use a ship's pyro ability (KG-7).", {"ship": "int"}),
    "stealth": ActionShape("Use stealth (KG-7), for `ship` when there is a choice.",
                           {"ship": "int"}, frozenset({"ship"})),
    "fire": ActionShape("A ship fires at a target ship.", {"ship": "int", "target": "int"}),
    "bombard": ActionShape("Bombard (the attack's target)."),
    "no_return": ActionShape("Do not return fire."),
    "return": ActionShape("Return fire."),
    "pass": ActionShape("Pass the window (add nothing to the chain)."),
    "done": ActionShape("Done with this step."),
    "end_turn": ActionShape("End the main phase."),
}
