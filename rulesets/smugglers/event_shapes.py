"""Űrcsempészek's events (see ``rulesets/shapes.py``): what the log records, as a seat
sees it. ``card`` is a sector's place in the row, ``id`` the sector card's own id."""

from __future__ import annotations

from rulesets.shapes import EventShape

EVENT_SHAPES: dict[str, EventShape] = {
    "sectors_revealed": EventShape("A round's sector cards are laid out (their ids).",
                                   {"round": "int", "cards": "strs"}),
    "die_placed": EventShape("A bid: a die showing `value` placed on sector `card`.",
                             {"seat": "int", "card": "int", "value": "int"}),
    "token_taken": EventShape("The seat takes the speed token of `value` from the centre.",
                              {"seat": "int", "value": "int"}),
    "token_given": EventShape("Bidding is over: the seat left without (or with fewer) "
                              "tokens is given the last one, of `value`.",
                              {"seat": "int", "value": "int"}),
    "stopped_taking": EventShape("The seat stops taking tokens (two players).",
                                 {"seat": "int"}),
    "sector_won": EventShape("The seat wins sector `card` with a bid of `value`.",
                             {"seat": "int", "card": "int", "id": "str", "value": "int"}),
    "sector_removed": EventShape("A sector no die was placed on goes back to the box.",
                                 {"card": "int", "id": "str"}),
    "energy_paid": EventShape("The seat pays `amount` energy for sector `card`.",
                              {"seat": "int", "card": "int", "amount": "int"}),
    "goods_paid": EventShape("The seat pays goods for sector `card`.",
                             {"seat": "int", "card": "int", "id": "str", "goods": "goods"}),
    "sector_lost": EventShape("The seat could not or would not pay: the sector is lost "
                              "(`reason` says why).",
                              {"seat": "int", "card": "int", "id": "str", "reason": "str"}),
    "refill_energy": EventShape("The seat refills `amount` energy.",
                                {"seat": "int", "amount": "int"}),
    "refill_goods": EventShape("The seat refills goods.", {"seat": "int", "goods": "goods"}),
    "refill_declined": EventShape("The seat declines to refill.", {"seat": "int"}),
    "handed_in": EventShape("Over the limit: the seat hands in an energy or a good.",
                            {"seat": "int", "energy": "int", "goods": "goods"},
                            frozenset({"energy", "goods"})),
    "round_ended": EventShape("The round ends.", {"round": "int"}),
    "resigned": EventShape("The seat resigns.", {"seat": "int"}),
    "game_over": EventShape("The match ends (the outcome is the match's `outcome`)."),
}
