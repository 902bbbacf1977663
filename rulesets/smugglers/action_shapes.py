"""Űrcsempészek's actions (see ``rulesets/shapes.py``; README: Actions)."""

from __future__ import annotations

from rulesets.shapes import ActionShape

COLOURS = ("blue", "green", "red", "yellow")

ACTION_SHAPES: dict[str, ActionShape] = {
    "place": ActionShape("Bid: place a die showing `value` on sector `card` (its place in "
                         "the row).",
                         {"card": "int", "value": "int"}),
    "take_token": ActionShape("Take the speed token of `value` from the centre: with three "
                              "or more players your bidding ends; two players take two or "
                              "three.", {"value": "int"}),
    "done": ActionShape("Stop taking tokens (two players, holding two)."),
    "pay_energy": ActionShape("Pay for card `card` with energy.", {"card": "int"}),
    "pay_goods": ActionShape("Pay for card `card` with goods.", {"card": "int", "goods": "goods"}),
    "take_energy": ActionShape("Take `amount` energy.", {"amount": "int"}),
    "take_goods": ActionShape("Take goods.", {"goods": "goods"}),
    "give_energy": ActionShape("Give an energy."),
    "give_good": ActionShape("Give a good of a colour.", {"colour": COLOURS}),
    "decline": ActionShape("Decline."),
}
