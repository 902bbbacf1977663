"""The game's fixed vocabulary (KG-2, KG-4, KG-5, KG-7, KG-12.1): keys, Hungarian and English names.

Pure data, shared by models, the query language, decks and pages.
"""

from __future__ import annotations

from rulesets.kgk import vocabulary as kgk_vocabulary

# The game's terms are defined once, in the engine's Django-free vocabulary; here they are
# in the catalogue's shapes.

# type -> (hu, en, [(subtype key, hu, en), ...])   KG-4.1: six types, four subtypes each
TYPES: dict[str, tuple[str, str, list[tuple[str, str, str]]]] = {
    t: (name.hu.lower(), name.en.lower(),
        [(k, sub.hu, sub.en) for k, sub in kgk_vocabulary.SUBTYPE_NAMES[t].items()])
    for t, name in kgk_vocabulary.TYPE_NAMES.items()
}

# KG-4.2.1: a ship's size is given by its subtype unless the card overrides it.
SHIP_SIZE = dict(kgk_vocabulary.SHIP_SIZE)

# KG-5.1 / KG-5.2
RACES: dict[str, tuple[str, str]] = {k: (n.hu, n.en) for k, n in kgk_vocabulary.RACE_NAMES.items()}
OPPOSED_PAIRS: list[tuple[str, str]] = list(kgk_vocabulary.OPPOSED_PAIRS)
OPPOSED: dict[str, str] = dict(kgk_vocabulary.OPPOSED)

# KG-2.6 / KG-12.1
RARITIES: dict[str, tuple[str, str]] = {
    "common": ("gyakori", "common"),
    "uncommon": ("nem gyakori", "uncommon"),
    "rare": ("ritka", "rare"),
    "ultra_rare": ("ultra ritka", "ultra rare"),
}

# KG-7
ABILITIES: dict[str, tuple[str, str]] = {
    k: (n.hu, n.en) for k, n in kgk_vocabulary.ABILITY_NAMES.items()}

COST_RULES: dict[str, tuple[str, str]] = {
    "neutralised_cost": ("X = a semlegesített lap ára", "X = the cost of the neutralised card"),
}

PROVENANCE_SOURCES = ("stated", "derived", "contributed", "unknown", "practice")

# Fields whose provenance is tracked and shown (the card's game values).
TRACKED_FIELDS = (
    "name_en", "type", "subtype", "race", "clan", "rarity", "cost", "cost_rule",
    "speed", "firepower", "armor", "bombard", "size", "modifiers", "dev_limit",
    "abilities", "text_hu", "text_en",
)

# Which values a card of a type needs before it counts as complete.
REQUIRED_BY_TYPE: dict[str, tuple[str, ...]] = {
    "ship": ("subtype", "race", "cost", "speed", "firepower", "armor", "bombard"),
    "armament": ("subtype", "race", "cost"),
    "crew": ("subtype", "race", "cost"),
    "base": ("subtype", "race", "cost", "dev_limit"),
    "event": ("subtype", "race", "cost"),
    "interrupt": ("subtype", "race", "cost"),
}


def subtype_keys(card_type: str) -> list[str]:
    return [k for k, _, _ in TYPES[card_type][2]]


def subtype_name(card_type: str, subtype: str | None, lang: str = "hu") -> str | None:
    if subtype is None or card_type not in TYPES:
        return None
    for key, hu, en in TYPES[card_type][2]:
        if key == subtype:
            return hu if lang == "hu" else en
    return None
