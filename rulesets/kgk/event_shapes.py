"""Káosz Galaktika's events (see ``rulesets/shapes.py``): what the log records, as a seat
sees it. ``card`` is a card's id in the match (as the view's zones list it);
``item`` a chain item's number. A face-down card's id is its owner's alone: the
others read the event without ``card`` (or ``target``), with ``where`` it lies instead."""

from __future__ import annotations

from rulesets.shapes import EventShape, ListOf

_SEAT = {"seat": "int"}

# Where a card in play lies, as everyone sees it (rulesets/kgk/effects.where).
WHERE = EventShape("Where a card lies: its owner, zone and position (`ship`: the ship "
                   "it is aboard, `pos` then its slot).",
                   {"seat": "int", "zone": "str", "pos": "int", "ship": "int"},
                   frozenset({"ship"}))

EVENT_SHAPES: dict[str, EventShape] = {
    # the start and the turn
    "mulligan": EventShape("The seat takes a new starting hand.", _SEAT),
    "keep": EventShape("The seat keeps its starting hand.", _SEAT),
    "turn": EventShape("The seat's turn `turn` begins, with `income` credits.",
                       {**_SEAT, "turn": "int", "income": "int"}),
    "draw": EventShape("The seat draws a card (`card` to that seat alone).",
                       {**_SEAT, "card": "int"}, frozenset({"card"})),
    "search": EventShape("The seat takes a card from its deck (`card` to that seat alone).",
                         {**_SEAT, "card": "int"}, frozenset({"card"})),
    "ruin_draw": EventShape("The seat takes a card from its ruin (`card` to that seat "
                            "alone).", {**_SEAT, "card": "int"}, frozenset({"card"})),
    "place": EventShape("The seat puts a card into play face down as `role` (`ship`: the "
                        "ship it goes aboard; `card` to that seat alone).",
                        {**_SEAT, "card": "int", "role": "str", "ship": "int?"},
                        frozenset({"card"})),
    "develop": EventShape("The seat puts a development counter on its base at surface "
                          "position `pos`.",
                          {**_SEAT, "pos": "int"}),
    "cash": EventShape("The seat takes a development counter off its base at surface "
                       "position `pos` for credits.",
                       {**_SEAT, "pos": "int"}),
    "credits": EventShape("The seat gains `amount` credits.", {**_SEAT, "amount": "int"}),
    "end_phase": EventShape("The seat's end phase: what it keeps.",
                            {**_SEAT, "hand": "int", "credits": "int", "hangar": "int",
                             "quick_start": "bool"}),
    "discard": EventShape("The seat discards a card (`why`; `card` to that seat alone).",
                          {**_SEAT, "card": "int", "why": "str"}, frozenset({"card"})),
    "end_turn": EventShape("The seat's turn ends.", _SEAT),
    # the chain of plays and abilities
    "played": EventShape("The seat plays a card: chain item `item`, `cost` paid. Its "
                         "target is `target` (a face-down one's id to the seat alone), or "
                         "`target_where` when the others may not know it.",
                         {**_SEAT, "card": "int", "item": "int", "cost": "int",
                          "target": "int?", "target_where": WHERE},
                         frozenset({"target", "target_where"})),
    "ability": EventShape("The seat uses a card's ability: chain item `item`, target as in "
                          "`played`.",
                          {**_SEAT, "card": "int", "ability": "str", "item": "int",
                           "target": "int?", "target_where": WHERE},
                          frozenset({"target", "target_where"})),
    "pays": EventShape("The seat pays `cost` for chain item `item`.",
                       {**_SEAT, "card": "int", "item": "int", "cost": "int"}),
    "pass": EventShape("The seat lets the chain go on (`auto`: the server passed for a "
                       "person whose stops did not ask them).", {**_SEAT, "auto": "bool"},
                       frozenset({"auto"})),
    "resolved": EventShape("Chain item `item` resolves.",
                           {"card": "int", "item": "int", "ability": "str"},
                           frozenset({"ability"})),
    "neutralised": EventShape("Chain item `item` is neutralised.", {"card": "int", "item": "int"}),
    "no_effect": EventShape("Chain item `item` resolves without effect (`why`: "
                            "`neutralised`, `target_lost`).",
                            {"card": "int", "item": "int", "why": "str"}),
    "modified": EventShape("A card's `stat` changes by `amount` until `until` (a face-down "
                           "card: `where` instead of `card` to the others).",
                           {"card": "int", "where": WHERE, "stat": "str", "amount": "int",
                            "until": "str"}, frozenset({"card", "where"})),
    "damaged": EventShape("A card takes `amount` damage (a face-down card: `where` instead "
                          "of `card` to the others).",
                          {"card": "int", "where": WHERE, "amount": "int"},
                          frozenset({"card", "where"})),
    "milled": EventShape("`count` cards go from the seat's deck to its trash.",
                         {**_SEAT, "count": "int"}),
    "leaves_play": EventShape("A card of the seat leaves play for `to` (`reason`; a face-down "
                              "card: its `zone`, and `card` to the seat alone).",
                              {**_SEAT, "card": "int", "to": "str", "reason": "str",
                               "zone": "str"}, frozenset({"card", "zone"})),
    # combat
    "attack": EventShape("The seat attacks `opponent`'s `target` (`card`: a face-up crew "
                         "or base attacked, `pos`: its place).",
                         {**_SEAT, "opponent": "int", "target": "str", "card": "int?",
                          "pos": "int?"}),
    "commit": EventShape("The seat sends ship `ship` into the combat.",
                         {**_SEAT, "ship": "int"}),
    "board": EventShape("Crew `crew` boards ship `ship` (null: the ship goes without).",
                        {**_SEAT, "ship": "int", "crew": "int?"}),
    "equip_done": EventShape("The seat has equipped its ships in the combat.",
                             {**_SEAT, "ships": "ints"}),
    "chooses": EventShape("The seat picks option `option` of card `card`.",
                          {**_SEAT, "card": "int", "option": "int"}),
    "fire": EventShape("Ship `ship` fires at `target`.",
                       {**_SEAT, "ship": "int", "target": "int"}),
    "return_fire": EventShape("Ship `ship` fires back at `target`.",
                              {**_SEAT, "ship": "int", "target": "int"}),
    "fire_pass": EventShape("The seat fires no more.", _SEAT),
    "shot_damage": EventShape("The damage the shots dealt: [card, damage] pairs.",
                              {"damage": ListOf("ints")}),
    "firing_over": EventShape("The firing step ends."),
    "no_return": EventShape("Ship `ship` does not come back from the combat.",
                            {**_SEAT, "ship": "int"}),
    "bombard_declared": EventShape("The seat's ships that will bombard.",
                                   {**_SEAT, "ships": "ints"}),
    "bombard": EventShape("The ships bombard for `total` (`stealth`: one ship's stealth "
                          "ability, on the attack's target alone).",
                          {**_SEAT, "ships": "ints", "total": "int", "stealth": "bool"},
                          frozenset({"stealth"})),
    "combat_over": EventShape("The combat of `attacker` ends.", {"attacker": "int"}),
    # the end
    "eliminated": EventShape("The seat is out of the match (`by`: the seat that did it).",
                             {**_SEAT, "by": "int?"}),
    "resign": EventShape("The seat resigns.", _SEAT),
    "game_over": EventShape("The match ends: `winners` and `reason` (the match's `outcome` "
                            "has them all).", {"winners": "ints", "reason": "str"}),
}
