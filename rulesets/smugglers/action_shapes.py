"""Űrcsempészek's actions (see ``rulesets/shapes.py``; README: Actions)."""

from __future__ import annotations

from rulesets.shapes import ActionShape

COLOURS = ("blue", "green", "red", "yellow")

ACTION_SHAPES: dict[str, ActionShape] = {
    "place": ActionShape("Bid: place an energy token of `value` on card `card`.",
                         {"card": "int", "value": "int"}),
    "take_token": ActionShape("Take back a token of `value`.", {"value": "int"}),
    "done": ActionShape("Stop bidding (two players)."),
    "pay_energy": ActionShape("Pay for card `card` with energy.", {"card": "int"}),
    "pay_goods": ActionShape("Pay for card `card` with goods.", {"card": "int", "goods": "goods"}),
    "take_energy": ActionShape("Take `amount` energy.", {"amount": "int"}),
    "take_goods": ActionShape("Take goods.", {"goods": "goods"}),
    "give_energy": ActionShape("Give an energy."),
    "give_good": ActionShape("Give a good of a colour.", {"colour": COLOURS}),
    "decline": ActionShape("Decline."),
}
