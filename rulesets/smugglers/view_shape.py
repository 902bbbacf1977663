"""What a seat (or a spectator) sees of an Űrcsempészek match: the shape of
``rulesets/smugglers/view.py``'s answer (see ``rulesets/shapes.py``). Nothing in
Űrcsempészek is hidden but the order of the cards still in the box."""

from __future__ import annotations

from rulesets.shapes import ListOf, ViewShape

SECTOR = ViewShape("A sector card: its id, its planets' and ships' colours, whether it has "
                   "a station.",
                   {"id": "str", "planets": "strs", "ships": "strs", "station": "bool"})

SEAT = ViewShape("One seat: its character's colour and favourites, energy and goods, the "
                 "dice in hand and tokens, the sectors it paid for, won and still owes.",
                 {"seat": "int", "colour": "str", "favourite_planets": "strs",
                  "favourite_ships": "strs", "energy": "int", "goods": "counts",
                  "dice_in_hand": "int", "tokens": "ints", "status": "str",
                  "paid": ListOf(SECTOR), "unpaid": ListOf(SECTOR), "won": "ints",
                  "choose_energy": "bool", "goods_due": "ints", "resigned": "bool"})

TABLE_PLACE = ViewShape("A place in the round's row: the sector, the bids on it (each a "
                        "[seat, value] pair) and who won it (null while bidding).",
                        {"index": "int", "card": SECTOR, "dice": ListOf("ints"),
                         "winner": "int?"})

SCORE = ViewShape("A seat's final score and its parts.",
                  {"planets": "int", "unpaid": "int", "energy": "int", "goods": "int",
                   "ship_bonus": "int", "total": "int", "goods_left": "int",
                   "energy_left": "int", "paid_cards": "int"})

VIEW_SHAPE = ViewShape(
    "Űrcsempészek as one seat (or a spectator, `seat` null) sees it: the round and phase, "
    "the row of sectors with their bids, the pool, each seat; `scores` once it is over.",
    {"game": ("smugglers",), "seat": "int?", "players": "int",
     "options": ViewShape("The match's rules options.",
                          {"stations": "bool", "favourite_ships": "bool",
                           "favourite_goods": "bool", "stacked_dice": "bool",
                           "refund_on_goods_failure": "bool"}),
     "components": ViewShape("The component set played with (`standin`: the project's own "
                             "stand-in set).",
                             {"name": "str", "standin": "bool", "label": "str",
                              "goods_colours": "strs", "planet_colours": "strs"}),
     "round": "int", "rounds": "int", "phase": "str", "galaxies_left": "int",
     "cards_per_galaxy": "int", "box_unseen": "int", "removed": ListOf(SECTOR),
     "table": ListOf(TABLE_PLACE), "tokens_center": "ints", "tokens_all": "ints",
     "pool": ViewShape("The common pool.", {"energy": "int", "goods": "counts"}),
     "seats": ListOf(SEAT), "refill_order": "ints", "to_act": "ints",
     "scores": ListOf(SCORE)},
    frozenset({"scores"}))
