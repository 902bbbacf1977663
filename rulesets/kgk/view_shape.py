"""What a seat (or a spectator) sees of a Káosz Galaktika match: the shape of
``rulesets/kgk/view.py``'s answer, written down once (see ``rulesets/shapes.py``) and held
to it by ``tests/rulesets/test_view_shapes.py``. A card another seat may not see has no id:
``{"hidden": true, "pos", "rot"}`` where it lies."""

from __future__ import annotations

from rulesets.kgk.event_shapes import WHERE
from rulesets.shapes import OUTCOME_DETAILS, Kind, ListOf, Maybe, OneOf, ViewShape

_STATS: dict[str, Kind] = {"speed": "int", "firepower": "int", "armor": "int"}
_FACE: dict[str, Kind] = {"id": "int", "slug": "str", "name": "str", "type": "str", "subtype": "str?",
         "cost": "int", "owner": "int", **_STATS, "bombard": "int", "abilities": "strs",
         "modifiers": ViewShape("What the card adds to a ship's stats.", _STATS,
                                frozenset(_STATS)),
         "dev_limit": OneOf(("int?", "str")), "target_kind": "str"}
_PRINTED = frozenset({*_STATS, "bombard", "abilities", "modifiers", "dev_limit", "target_kind"})

CARD = ViewShape("A card as printed: its id in the match, its catalogue slug and name, "
                 "type, cost and owner; a ship's stats and abilities, what an armament or "
                 "crew adds (`modifiers`), a base's `dev_limit`, what its text aims at "
                 "(`target_kind`).", _FACE, _PRINTED)

_IN_PLAY: dict[str, Kind] = {**_FACE, "hidden": "bool", "pos": "int", "rot": "int", "paid": "bool",
            "face_down": "bool", "bluff_as": "str", "dev": "int", "armor_now": "int",
            "choice": "int"}
IN_PLAY = ViewShape("A card in play at `pos`, turned `rot` (0 active, 1 used, 2 damaged): "
                    "face up, or face down and yours (`face_down`, `bluff_as` the role it "
                    "was put in as), or another's face-down card (`hidden`, no id); a "
                    "base's developments (`dev`) and armour left (`armor_now`).",
                    _IN_PLAY, frozenset(_IN_PLAY) - {"pos", "rot"})

SHIP = ViewShape("A ship in the hangar: its stats now (with what it carries), damage "
                 "(`hit`, `armor_now`), room aboard (`space`, `capacity`) and the cards "
                 "aboard (`att`).",
                 {**_FACE, "pos": "int", "rot": "int", "hit": "bool", "armor_now": "int",
                  "space": "int?", "capacity": "int?", "att": ListOf(IN_PLAY)},
                 _PRINTED)

PLAYER = ViewShape("One seat's side of the table. The colony and the ruin are counts (the "
                   "ruin's cards and the hand only to the seat itself, null to others).",
                   {"seat": "int", "credits": "int", "colony": "int", "hand_count": "int",
                    "hand": Maybe(ListOf(CARD)), "trash": ListOf(CARD), "ruin_count": "int",
                    "ruin": Maybe(ListOf(CARD)), "hangar": ListOf(SHIP),
                    "canteen": ListOf(IN_PLAY), "surface": ListOf(IN_PLAY), "alive": "bool",
                    "eliminations": "int", "turns": "int", "mulligan_used": "bool"})

_HIDDEN_TARGET = ViewShape("A face-down target the reader may not see: where it lies.",
                           {"hidden": "bool", **WHERE.fields},
                           frozenset(WHERE.fields))

CHAIN_ITEM = ViewShape("An item waiting on the chain (newest last): a card played or an "
                       "ability used, by `seat`, paid `cost`; `target` an item number, a "
                       "seat or a card (as `target_kind` says), a hidden card's place.",
                       {"item": "int", "kind": "str", "seat": "int", "card": "int",
                        "cost": "int", "target": OneOf(("int", _HIDDEN_TARGET)),
                        "target_kind": "str", "ability": "str", "name": "str", "slug": "str"},
                       frozenset({"target", "target_kind", "ability", "name", "slug"}))

COMBAT = ViewShape("The combat under way: who attacks whom and what, its step, the ships "
                   "in it and those that bombard, the shot being fired.",
                   {"attacker": "int", "defender": "int",
                    "target": ViewShape("What is attacked: `kind`, the card (when the reader "
                                        "may see it) and its place.",
                                        {"kind": "str", "card": "int", "pos": "int",
                                         "in_play": "bool"},
                                        frozenset({"card", "pos", "in_play"})),
                    "step": "str", "ships": "ints", "bombers": "ints", "passes": "int",
                    "shot": ViewShape("The shot being fired: firer, target, whether it is "
                                      "return fire.",
                                      {"firer": "int", "target": "int", "returned": "bool"})},
                   frozenset({"shot"}))

DECISION = ViewShape("What the game waits for: a decision of `kind` by `seat` (the legal "
                     "actions list its moves). `opts` are the options (a private choice's "
                     "only to the seat), `cards` the cards to search from (the seat's only).",
                     {"kind": "str", "seat": "int", "ctx": "str", "why": "str", "ship": "int",
                      "left": "int", "allowed": "ints", "card": "int?", "src": "int",
                      "passes": "int", "opts": "ints", "cards": ListOf(CARD)},
                     frozenset({"ctx", "why", "ship", "left", "allowed", "card", "src",
                                "passes", "opts", "cards"}))

RESULT = ViewShape("How the match ended (the match's `outcome` says it for every game).",
                   {"winners": "ints", "reason": "str", "details": OUTCOME_DETAILS})

VIEW_SHAPE = ViewShape(
    "Káosz Galaktika as one seat (or a spectator, `seat` null) sees it: the turn and phase, "
    "each player's side, the chain, the combat and the decision waited for.",
    {"game": ("kgk",), "seat": "int?", "players_count": "int",
     "options": ViewShape("The match's rules options (`auto_pass`: every seat, none, or "
                          "the seats listed, those programs play, pass where they could not "
                          "answer).",
                          {"rules": "str", "simplified_combat": "bool",
                           "auto_pass": OneOf(("bool", "ints")), "bluffing": "bool"}),
     "turn": "int", "active": "int", "first": "int", "phase": "str",
     "players": ListOf(PLAYER), "chain": ListOf(CHAIN_ITEM), "combat": Maybe(COMBAT),
     "decision": Maybe(DECISION), "to_act": "ints", "result": Maybe(RESULT)})
