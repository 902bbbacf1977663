"""Káosz Galaktika Kártyajáték (1999): the rules engine.

Pure Python, no Django. Rule numbers (``KG-x.y``) cite the project's rule reference,
``docs/rules/kgk/``. Modules:

* ``state``     state layout, card instances, zones, values, step machinery
* ``cards``     card records -> engine definitions; ``playability``
* ``effects``   the effect-spec schema and its ops (card behaviour as data)
* ``chain``     interrupt windows, priority, LIFO chain resolution (KG-10)
* ``combat``    the combat phase and the eight ship abilities (KG-7, KG-9.4-9.9)
* ``turn``      game start, start/main/end phases, choices (KG-8, KG-9)
* ``engine``    the step function: advance, legal actions, apply, resign (the rules
                layer, the reference)
* ``fast``      the speed layer beside the rules: ``FastEngine`` wraps ``engine`` for
                the host, bots, simulations and search, with a cache its caller owns
* ``view``      what each seat may see (KG-6.12)
* ``bots``      random and heuristic bots
* ``scenario``  positions set up from a document (``SCENARIOS.md``)
* ``ruleset``   ``RULESET``: the shared protocol bound to the speed layer; ``PLAIN``
                the same on the rules layer alone
* ``shipped``   the shipped practice set, decks, rulebook cards and scenarios
* ``vocabulary`` the game's terms, shared with the catalogue and the deck formats

This package only re-exports; the code lives in the modules.
"""

from rulesets.kgk.cards import playability
from rulesets.kgk.ruleset import RULESET, KGKRuleset
from rulesets.kgk.shipped import (
    DECKS_DIR,
    PRACTICE_PATH,
    RULEBOOK_PATH,
    SCENARIOS_DIR,
    load_practice,
    read_deck,
    scenario_config,
    scenario_names,
    shipped_cards,
)
from rulesets.rng import Rng

__all__ = ["DECKS_DIR", "PRACTICE_PATH", "RULEBOOK_PATH", "RULESET", "SCENARIOS_DIR",
           "KGKRuleset", "Rng", "load_practice", "playability", "read_deck", "scenario_config",
           "scenario_names", "shipped_cards"]
