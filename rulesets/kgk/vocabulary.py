"""The game's fixed vocabulary, defined once: card types and subtypes (KG-4.1), ship sizes
(KG-4.2.1), races and the opposed pairs (KG-5.1, KG-5.2, KG-1.6.4), the ship abilities
(KG-7) and the ship values (KG-4.2), with their Hungarian and English names.

Pure data with no Django import: the rules engine (``rulesets.kgk.cards``), the catalogue
(``cards.vocabulary``) and the deck formats (``decks.core.formats``) all read it from here,
each in the shape it needs. Keys are the slugs of ``fixtures/cards/SCHEMA.md``.
"""

from __future__ import annotations

from typing import NamedTuple


class Name(NamedTuple):
    hu: str
    en: str


class TypeName(NamedTuple):
    hu: str
    en: str
    hu_plural: str
    en_plural: str


# KG-4: the six card types, in the fixed order used by exports, statistics and charts.
TYPE_NAMES: dict[str, TypeName] = {
    "ship": TypeName("Űrhajó", "Ship", "Űrhajók", "Ships"),
    "armament": TypeName("Fegyverzet", "Armament", "Fegyverzetek", "Armaments"),
    "crew": TypeName("Legénység", "Crew", "Legénység", "Crew"),
    "base": TypeName("Bázis", "Base", "Bázisok", "Bases"),
    "event": TypeName("Esemény", "Event", "Események", "Events"),
    "interrupt": TypeName("Megszakítás", "Interrupt", "Megszakítások", "Interrupts"),
}
TYPES: tuple[str, ...] = tuple(TYPE_NAMES)

# KG-4.1: four subtypes per type. The same key may name two subtypes of different types
# ("reaction": an event's "reagálás", an interrupt's "reakció"), so names go by type.
SUBTYPE_NAMES: dict[str, dict[str, Name]] = {
    "ship": {"scout": Name("felderítő", "scout"), "fighter": Name("vadászgép", "fighter"),
             "cruiser": Name("cirkáló", "cruiser"), "destroyer": Name("romboló", "destroyer")},
    "armament": {"weapon": Name("fegyver", "weapon"), "shield": Name("pajzs", "shield"),
                 "item": Name("tárgy", "item"), "rocket": Name("rakéta", "rocket")},
    "crew": {"captain": Name("kapitány", "captain"), "personnel": Name("személyzet", "personnel"),
             "passenger": Name("utas", "passenger"), "robot": Name("robot", "robot")},
    "base": {"research": Name("kutatás", "research"), "building": Name("épület", "building"),
             "bunker": Name("bunker", "bunker"), "trap": Name("csapda", "trap")},
    "event": {"attack": Name("támadás", "attack"), "reaction": Name("reagálás", "reaction"),
              "resource": Name("erőforrás", "resource"), "special": Name("speciális", "special")},
    "interrupt": {"start": Name("kezdő", "start"), "combat": Name("harc", "combat"),
                  "reaction": Name("reakció", "reaction"), "general": Name("általános", "general")},
}
SUBTYPES: dict[str, tuple[str, ...]] = {t: tuple(subs) for t, subs in SUBTYPE_NAMES.items()}

# KG-4.2.1: a ship's size is given by its subtype unless the card overrides it.
SHIP_SIZE: dict[str, int] = {"scout": 1, "fighter": 2, "cruiser": 3, "destroyer": 4}

# KG-4.2: a ship's four values.
STATS: tuple[str, ...] = ("speed", "firepower", "armor", "bombard")

# KG-5.1: the eight races.
RACE_NAMES: dict[str, Name] = {
    "ember": Name("Ember", "Human"),
    "xeno": Name("Xeno", "Xeno"),
    "inszektoid": Name("Inszektoid", "Insectoid"),
    "karnoplantusz": Name("Karnoplantusz", "Carnoplantus"),
    "cerebrita": Name("Cerebrita", "Cerebrita"),
    "zarg": Name("Zarg", "Zarg"),
    "triciplita": Name("Triciplita", "Triciplita"),
    "urcapa": Name("Űrcápa", "Space Shark"),
}
RACES: tuple[str, ...] = tuple(RACE_NAMES)

# KG-5.2 / KG-1.6.4: exactly these four pairs of opposed races.
OPPOSED_PAIRS: tuple[tuple[str, str], ...] = (
    ("ember", "xeno"), ("inszektoid", "karnoplantusz"),
    ("cerebrita", "zarg"), ("triciplita", "urcapa"),
)
OPPOSED: dict[str, str] = {a: b for a, b in OPPOSED_PAIRS} | {b: a for a, b in OPPOSED_PAIRS}

# KG-7: the eight ship abilities.
ABILITY_NAMES: dict[str, Name] = {
    "cloaking": Name("Álcázás", "Cloaking"),
    "rapid_fire": Name("Gyors tüzelés", "Rapid fire"),
    "salvo": Name("Sorozatlövés", "Salvo"),
    "formation": Name("Kötelék", "Formation"),
    "stealth": Name("Lopakodás", "Stealth"),
    "heavy_weapons": Name("Nehéz fegyverzet", "Heavy weapons"),
    "repair": Name("Javítás", "Repair"),
    "pyrotechnics": Name("Tűzszerészet", "Pyrotechnics"),
}
ABILITIES: tuple[str, ...] = tuple(ABILITY_NAMES)
