"""What a Káosz Galaktika match is started from (see ``rulesets/shapes.py``): its options,
as ``turn.normalise_options`` reads them, and the whole config ``new_game`` reads. Held to
the engine by ``tests/rulesets/test_config_shapes.py``."""

from __future__ import annotations

from rulesets.shapes import Kind, ListOf, OneOf, Ref, Shape

_OPTIONS: dict[str, Kind] = {
    "rules": ("official", "quick_start"), "simplified_combat": "bool",
    "auto_pass": OneOf(("bool", "ints")), "bluffing": "bool", "lenient_cards": "bool"}

OPTION_SHAPE = Shape(
    "Káosz Galaktika's options: the `rules` played (the official game or the quick start), "
    "simplified combat (KG-13.2), skipping a seat's windows on what its hand holds "
    "(`auto_pass`: every seat, none, or these seats; KG-12.3), bluffing (KG-12.10) and "
    "cards the engine cannot fully play let in (`lenient_cards`). Each one left out has "
    "its default.",
    _OPTIONS, frozenset(_OPTIONS))

# A sandbox's position rides in the options too (``rulesets.base.Scenarios``), with the
# host's mark beside it; neither is a player's choice (a scenario has options of its own).
_STARTED: dict[str, Kind] = {**_OPTIONS, "scenario": Ref("KgkScenario"), "sandbox": "bool"}

CONFIG_SHAPE = Shape(
    "What a Káosz Galaktika match was started from: the players, each seat's deck (one "
    "catalogue card record per copy), the options (with the host's `sandbox` mark beside "
    "a scenario) and the seats programs play (`automatic_seats`).",
    {"players": "int", "decks": ListOf(ListOf(Ref("CardRecord"))),
     "options": Shape("The options the game was started with, and a sandbox's position.",
                      _STARTED, frozenset(_STARTED)),
     "automatic_seats": "ints"},
    frozenset({"automatic_seats"}))
