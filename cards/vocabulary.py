"""The game's fixed vocabulary (KG-2, KG-4, KG-5, KG-7, KG-12.1): keys, Hungarian and English names.

Pure data, shared by models, the query language, decks and pages.
"""

from __future__ import annotations

# type -> (hu, en, [(subtype key, hu, en), ...])   KG-4.1: six types, four subtypes each
TYPES: dict[str, tuple[str, str, list[tuple[str, str, str]]]] = {
    "ship": ("űrhajó", "ship", [
        ("scout", "felderítő", "scout"), ("fighter", "vadászgép", "fighter"),
        ("cruiser", "cirkáló", "cruiser"), ("destroyer", "romboló", "destroyer")]),
    "armament": ("fegyverzet", "armament", [
        ("weapon", "fegyver", "weapon"), ("shield", "pajzs", "shield"),
        ("item", "tárgy", "item"), ("rocket", "rakéta", "rocket")]),
    "crew": ("legénység", "crew", [
        ("captain", "kapitány", "captain"), ("personnel", "személyzet", "personnel"),
        ("passenger", "utas", "passenger"), ("robot", "robot", "robot")]),
    "base": ("bázis", "base", [
        ("research", "kutatás", "research"), ("building", "épület", "building"),
        ("bunker", "bunker", "bunker"), ("trap", "csapda", "trap")]),
    "event": ("esemény", "event", [
        ("attack", "támadás", "attack"), ("reaction", "reagálás", "reaction"),
        ("resource", "erőforrás", "resource"), ("special", "speciális", "special")]),
    "interrupt": ("megszakítás", "interrupt", [
        ("start", "kezdő", "start"), ("combat", "harc", "combat"),
        ("reaction", "reakció", "reaction"), ("general", "általános", "general")]),
}

# KG-4.2.1: a ship's size is given by its subtype unless the card overrides it.
SHIP_SIZE = {"scout": 1, "fighter": 2, "cruiser": 3, "destroyer": 4}

# KG-5.1 / KG-5.2
RACES: dict[str, tuple[str, str]] = {
    "ember": ("Ember", "Human"),
    "xeno": ("Xeno", "Xeno"),
    "inszektoid": ("Inszektoid", "Insectoid"),
    "karnoplantusz": ("Karnoplantusz", "Carnoplantus"),
    "cerebrita": ("Cerebrita", "Cerebrita"),
    "zarg": ("Zarg", "Zarg"),
    "triciplita": ("Triciplita", "Triciplita"),
    "urcapa": ("Űrcápa", "Space Shark"),
}
OPPOSED_PAIRS: list[tuple[str, str]] = [
    ("ember", "xeno"), ("inszektoid", "karnoplantusz"),
    ("cerebrita", "zarg"), ("triciplita", "urcapa"),
]
OPPOSED: dict[str, str] = {a: b for a, b in OPPOSED_PAIRS} | {b: a for a, b in OPPOSED_PAIRS}

# KG-2.6 / KG-12.1
RARITIES: dict[str, tuple[str, str]] = {
    "common": ("gyakori", "common"),
    "uncommon": ("nem gyakori", "uncommon"),
    "rare": ("ritka", "rare"),
    "ultra_rare": ("ultra ritka", "ultra rare"),
}

# KG-7
ABILITIES: dict[str, tuple[str, str]] = {
    "cloaking": ("Álcázás", "Cloaking"),
    "rapid_fire": ("Gyors tüzelés", "Rapid fire"),
    "salvo": ("Sorozatlövés", "Salvo"),
    "formation": ("Kötelék", "Formation"),
    "stealth": ("Lopakodás", "Stealth"),
    "heavy_weapons": ("Nehéz fegyverzet", "Heavy weapons"),
    "repair": ("Javítás", "Repair"),
    "pyrotechnics": ("Tűzszerészet", "Pyrotechnics"),
}

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
