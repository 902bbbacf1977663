"""A refused KGK scenario in words, Hungarian first (the "set up a position" page).

The engine refuses a scenario with a ``ConfigError`` whose code names the kind of mistake
and whose ``details["field"]`` is the path of the offending field
(``scenario.seats[1].surface[0].development``); its message is English, for API clients.
A person on the page gets neither the code nor the path: they get *where* in words ("the
2nd player (Laci), surface, 1st card, developments") and *what is wrong* as a sentence in
the page's language. What the person typed themselves (a slug, a misspelt field name, a
value) is quoted as they wrote it, in ``<code>``, so they can find it in their document.

The engine's catch-all ``bad_scenario`` refusals carry their specifics in the message
only; :data:`MESSAGES` maps each of those message shapes (``rulesets/kgk/scenario.py``) to
a sentence. A message no pattern knows still gets a sentence, with the engine's English
words after it, so nothing is lost.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

# field name -> (magyar, English)
FIELDS: dict[str, tuple[str, str]] = {
    "format": ("formátum", "format"), "title": ("cím", "title"), "rule": ("szabály", "rule"),
    "notes": ("megjegyzés", "notes"), "options": ("beállítások", "options"),
    "card_overrides": ("lapértékek javítása", "card value fixes"), "turn": ("kör", "turn"),
    "first": ("kezdő játékos", "starting player"), "active": ("soron lévő játékos",
                                                               "player to play"),
    "phase": ("fázis", "phase"), "decision": ("függő döntés", "pending decision"),
    "seats": ("játékosok", "players"), "kind": ("fajtája", "kind"),
    "seat": ("játékosa", "player"), "name": ("név", "name"), "credits": ("kredit", "credits"),
    "turns": ("saját körök", "own turns"), "colony": ("kolónia", "colony"),
    "hand": ("kéz", "hand"), "trash": ("szemét", "trash"), "ruin": ("pusztulat", "ruin"),
    "hangar": ("hangár", "hangar"), "canteen": ("kantin", "canteen"),
    "surface": ("felszín", "surface"), "card": ("lap neve", "card name"),
    "label": ("címke", "label"), "count": ("darabszám", "count"),
    "paid": ("kifizetve", "paid"), "as": ("szerep", "role"), "state": ("állapot", "state"),
    "damage": ("sebzés", "damage"), "development": ("fejlesztések", "developments"),
    "choice": ("választás", "choice"), "attached": ("felszerelt lapok", "attached cards"),
    "why": ("indoklás", "reason"), "type": ("típus", "type"), "subtype": ("altípus", "subtype"),
    "cost": ("ár", "cost"), "speed": ("sebesség", "speed"), "firepower": ("tűzerő", "firepower"),
    "armor": ("páncél", "armor"), "bombard": ("bombázás", "bombard"), "size": ("méret", "size"),
    "dev_limit": ("fejlesztési korlát", "development limit"),
    "abilities": ("képességek", "abilities"), "cards": ("lapok", "cards"),
    "players": ("játékosok száma", "number of players"), "scenario": ("leírás", "document"),
    "combat": ("harc", "combat"), "chain": ("lánc", "chain"),
    "attacker": ("támadó", "attacker"), "defender": ("védő", "defender"),
    "target": ("célpont", "target"), "step": ("lépés", "step"), "ships": ("hajók", "ships"),
    "shot": ("lövés", "shot"), "ship": ("hajó", "ship"),
    "return_fire": ("visszalövés", "return fire"), "item": ("lánctag", "chain item"),
}
KINDS: dict[str, tuple[str, str]] = {
    "ship": ("űrhajó", "ship"), "crew": ("legénység", "crew"), "base": ("bázis", "base"),
    "armament": ("fegyverzet", "armament"), "event": ("esemény", "event"),
    "interrupt": ("megszakítás", "interrupt"),
}
ZONE_WORDS = {z: FIELDS[z] for z in ("colony", "hand", "trash", "ruin", "hangar", "canteen",
                                     "surface")}
STATS = {"cost": FIELDS["cost"], "speed": FIELDS["speed"], "firepower": FIELDS["firepower"],
         "armor": FIELDS["armor"], "bombard": FIELDS["bombard"], "type": FIELDS["type"],
         "subtype": FIELDS["subtype"], "effect": ("hatás", "effect"),
         "dev_limit": FIELDS["dev_limit"]}

# code -> (magyar, English): the kind of mistake, when the message adds nothing a person needs
CODES: dict[str, tuple[str, str]] = {
    "card_in_two_zones": ("Ugyanaz a címke két lapon szerepel; egy címke egyetlen lapot jelöl.",
                          "The same label is on two cards; a label names one single card."),
    "bad_players": ("A Káosz Galaktika 2–6 játékosra való: a játékosok listájában "
                    "mindegyiküknek egy elem kell.",
                    "Káosz Galaktika is for 2 to 6 players: the list of players needs one "
                    "entry for each."),
    "unknown_scenario": ("Nincs ilyen beépített állás.", "There is no such shipped position."),
    "bad_option": ("Ismeretlen szabályváltozat: a szabályok a teljes (official) vagy a "
                   "gyorskezdő (quick start) változat lehetnek.",
                   "Unknown rules: the full (official) or the quick-start rules."),
    "bad_config": ("A játék ezekkel a beállításokkal nem indítható.",
                   "The game cannot start with these options."),
}

# ``bad_scenario`` (and a few other codes') message shapes -> sentence; groups fill {0}, {1}
MESSAGES: list[tuple[str, str, str]] = [
    (r"must be a whole number", "Egész számnak kell lennie.", "It must be a whole number."),
    (r"must be at least (-?\d+)", "Legalább {0} kell legyen.", "It must be at least {0}."),
    (r"must be at most (\d+)", "Legfeljebb {0} lehet.", "It must be at most {0}."),
    (r"must be an object", "Objektumnak kell lennie ({{ … }}).",
     "It must be an object ({{ … }})."),
    (r"must be a list", "Listának kell lennie ([ … ]).", "It must be a list ([ … ])."),
    (r"name the card by its slug", "A lapot a rövid azonosítójával (slug) nevezd meg.",
     "Name the card by its slug."),
    (r"a slug or an object", "Egy lap rövid azonosítója vagy egy objektum kell.",
     "A card's slug or an object is needed."),
    (r"a label names one card", "A címke egy lapot nevez meg: darabszámmal együtt nem adható.",
     "A label names one card: not together with a count."),
    (r"must be a non-empty text", "Nem üres szövegnek kell lennie.",
     "It must be a non-empty text."),
    (r"^true or false", "Értéke <code>true</code> vagy <code>false</code> lehet.",
     "It is <code>true</code> or <code>false</code>."),
    (r"^active, used or damaged", "Értéke <code>active</code> (aktív), <code>used</code> "
     "(használt) vagy <code>damaged</code> (sérült) lehet.", "It is <code>active</code>, "
     "<code>used</code> or <code>damaged</code>."),
    (r"a (\w+) cannot be (\w+)", "Ez a lap nem lehet ilyen állapotban: csak a hajók és a "
     "kifizetett bázisok fordulnak el (KG-3.1).",
     "This card cannot be in that state: only ships and paid bases turn (KG-3.1)."),
    (r"only bases develop", "Csak bázist lehet fejleszteni (KG-4.5.3).",
     "Only bases are developed (KG-4.5.3)."),
    (r"only ships and bases take damage", "Sebzést csak hajó és bázis kaphat (KG-3.11).",
     "Only ships and bases take damage (KG-3.11)."),
    (r"only a paid card with a choice", "Választása csak olyan kifizetett lapnak van, amely a "
     "fizetés végén választ (például a Tüzér).",
     "Only a paid card that chooses at the end of payment (such as Tüzér) has a choice."),
    (r"options are 0 to (\d+)", "A választás 0 és {0} között lehet.",
     "The choice is 0 to {0}."),
    (r"no armor left", "Ennyi sebzés után nem maradna páncélja, vagyis már nem lehetne játékban "
     "(KG-3.11).", "With that much damage it would have no armor left, so it would be out of "
     "play (KG-3.11)."),
    (r"the active seat has begun", "A soron lévő játékos legalább ezt a kört már elkezdte: a "
     "saját körei száma legalább 1.", "The player to play has begun at least this turn: their "
     "own turns are at least 1."),
    (r"no cards at all", "A leírásban egyetlen lap sincs.", "The document has no cards at all."),
    (r"a seat number below (\d+)", "Egy játékos sorszáma kell: 0 és {0} között (0 az első).",
     "A player's number is needed: from 0, below {0} (0 is the first)."),
    (r"the step that is about to begin", "A lépés <code>equip</code> (felszerelés) vagy "
     "<code>fire</code> (tüzelés) lehet: az a lépés, amely éppen kezdődik.",
     "The step is <code>equip</code> or <code>fire</code>: the step about to begin."),
    (r"^one of ", "A fázis <code>mulligan</code> (kezdőkéz), <code>start</code> (kezdő fázis), "
     "<code>main</code> (fő fázis) vagy <code>combat</code> (harc) lehet.", "The phase is "
     "<code>mulligan</code>, <code>start</code>, <code>main</code> or <code>combat</code>."),
    # combat and chain positions
    (r"describes its combat", "Harci fázisú állásban a harcot is le kell írni (támadó, "
     "célpont, lépés, hajók).", "A combat-phase position describes its combat (attacker, "
     "target, step, ships)."),
    (r"a position with a combat is in the combat phase", "Harccal az állás harci fázisban "
     "van: <code>\"phase\": \"combat\"</code>.", "A position with a combat is in the combat "
     "phase: <code>\"phase\": \"combat\"</code>."),
    (r"name a card by the label", "Egy lapot a leírásban neki adott címkével (label) nevezz "
     "meg.", "Name a card by the label the document gives it."),
    (r"the attacker is the seat whose turn", "A támadó az a játékos, aki soron van (KG-9.4).",
     "The attacker is the player whose turn it is (KG-9.4)."),
    (r"name the defender", "Kettőnél több játékosnál meg kell adni a védőt.",
     "With more than two players, name the defender."),
    (r"another seat than the attacker", "A védő egy másik játékos, nem a támadó.",
     "The defender is another player than the attacker."),
    (r"no attack in the starting player's first turn", "A kezdő játékos első körében nincs "
     "támadás (KG-8.6).", "No attack in the starting player's first turn (KG-8.6)."),
    (r"committed ship is in the attacker's or the defender's hangar", "Harcba csak a támadó "
     "vagy a védő hangárjában lévő hajó küldhető (KG-9.5).", "A committed ship is in the "
     "attacker's or the defender's hangar (KG-9.5)."),
    (r"a ship is committed once", "Egy hajó csak egyszer küldhető harcba.",
     "A ship is committed once."),
    (r"the defender commits after", "A védő a támadó felszerelési lépése után küld hajót: a "
     "felszerelési lépésben csak a támadó hajói lehetnek harcban (KG-9.5.1).",
     "The defender commits after the attacker's equip step: in the equip step only the "
     "attacker's ships are committed (KG-9.5.1)."),
    (r"a committed ship is active when committed", "Harcba küldéskor a hajó aktív; a "
     "tüzelési lépésben lehet használt (mert lőtt), de sérült nem (KG-9.5.2, KG-9.7.13).",
     "A ship is active when committed; in the firing step it may be used (it has fired), "
     "never damaged (KG-9.5.2, KG-9.7.13)."),
    (r"the attacker has at least one ship", "A támadónak legalább egy hajója harcban van "
     "(KG-17.33).", "The attacker has at least one ship in the combat (KG-17.33)."),
    (r"a shot is fired in the firing step", "Lövés csak a tüzelési lépésben van: "
     "<code>\"step\": \"fire\"</code>.", "A shot is fired in the firing step: "
     "<code>\"step\": \"fire\"</code>."),
    (r"the (base|crew) attacked is on", "A megtámadott lapnak a védő felszínén (bázis) vagy "
     "kantinjában (legénység) kell lennie (KG-9.4.1).", "The card attacked is on the "
     "defender's surface (a base) or in its canteen (a crew) (KG-9.4.1)."),
    (r'^"colony", "central"', "A célpont <code>\"colony\"</code>, <code>\"central\"</code>, "
     "<code>{\"base\": címke}</code> vagy <code>{\"crew\": címke}</code>.", "The target is "
     "<code>\"colony\"</code>, <code>\"central\"</code>, <code>{\"base\": label}</code> or "
     "<code>{\"crew\": label}</code>."),
    (r"a shot is from a committed ship", "Egy lövés a harcban lévő hajótól a másik oldal "
     "harcban lévő hajójára megy (KG-9.7).", "A shot is from a committed ship at a "
     "committed ship of the other side (KG-9.7)."),
    (r"a ship that has fired is used", "A hajó, amely lőtt, használt (KG-17.3): írd rá: "
     "<code>\"state\": \"used\"</code>.", "A ship that has fired is used (KG-17.3): write "
     "<code>\"state\": \"used\"</code> on it."),
    (r"a ship that returned fire is used", "A hajó, amely visszalőtt, használt (KG-9.7.5): "
     "írd rá: <code>\"state\": \"used\"</code>.", "A ship that returned fire is used "
     "(KG-9.7.5): write <code>\"state\": \"used\"</code> on it."),
    (r"cards are on the chain only while a window is open|no window is open here",
     "A láncon csak nyitott közbeszólási ablakban lehet lap: a fő fázisban, vagy harcban "
     "egy lövés ablakában.", "Cards are on the chain only while a window is open: in the "
     "main phase, or in a combat at a shot's window."),
    (r"only interrupts of the kinds (.+) are played", "Ebben az ablakban csak ilyen "
     "megszakítás játszható ki: <code>{0}</code> (KG-10.7).", "Only interrupts of these "
     "kinds are played in this window: <code>{0}</code> (KG-10.7)."),
    (r"this card has no target", "Ennek a lapnak nincs célpontja.", "This card has no target."),
    (r"this card needs a target", "Ennek a lapnak célpont kell.", "This card needs a target."),
    (r"an item below this card on the chain", "A célpont egy alatta lévő lánctag: "
     "<code>{{\"item\": k}}</code>, alulról számolva (0 a legalsó).", "The target is an item "
     "below it on the chain: <code>{{\"item\": k}}</code>, from the bottom (0 first)."),
    (r"not a target this card may have", "Ez a lap ezt nem választhatja célpontnak.",
     "This card cannot have that target."),
    (r"the pending decision is the window", "Ha lap van a láncon vagy lövés történt, a "
     "függő döntés a közbeszólási ablak: <code>prio</code>.", "With cards on the chain or a "
     "shot declared, the pending decision is the window: <code>prio</code>."),
    (r"the quick start has no interrupts", "A gyorskezdő szabályokban nincsenek "
     "megszakítások (KG-16).", "The quick start has no interrupts (KG-16)."),
    (r"a seat that could not respond is never asked", "Az ablakban nem kérdezik azt, aki "
     "nem szólhat közbe (nincs lap a kezében, nincs használható képessége, KG-12.3): adj meg "
     "olyan játékost, aki közbeszólhat.", "A player who could not respond is never asked in "
     "a window (no card in hand, no ability to use, KG-12.3): give one who could."),
    (r"a combat step is run by the engine", "A harci lépést a motor az elejétől futtatja: "
     "ne adj meg függő döntést (csak egy lövés ablakáét).", "The engine runs a combat step "
     "from its beginning: give no pending decision (only a shot's window)."),
    (r"is open only when something was declared", "Közbeszólási ablak csak akkor van nyitva, "
     "ha valamit bejelentettek: lap van a láncon, vagy lövés történt.", "A window is open "
     "only when something was declared: cards on the chain, or a shot."),
    (r"mulligans come before turn 1", "A kezdőkéz döntései az 1. kör előtt jönnek: a kör 0, "
     "és a kezdő játékos van soron (KG-8.4).", "Mulligans come before turn 1: turn 0, with the "
     "starting player to play (KG-8.4)."),
    (r"this engine reads", "Ismeretlen formátum: <code>kgk-scenario/1</code> kell (vagy hagyd "
     "el).", "Unknown format: <code>kgk-scenario/1</code> is needed (or leave it out)."),
    (r"say why the value is fixed", "Írd le az indoklást (<code>why</code>): miért ez az "
     "érték, ha a lapadatok nem adják meg.", "Say why (<code>why</code>) the value is fixed, "
     "since the card data leaves it open."),
    (r"not a value this field can have", "Ez a mező nem vehet fel ilyen értéket.",
     "This field cannot have that value."),
    (r"KGK is for 2-6 players", CODES["bad_players"][0], CODES["bad_players"][1]),
    (r"the scenario has (\d+) seats", "Az állásban {0} játékos van.",
     "The position has {0} players."),
    (r"cannot be attached to a ship", "Hajóra csak fegyverzet és legénység szerelhető "
     "(KG-4.3, KG-4.4).", "Only armaments and crews are attached to a ship (KG-4.3, KG-4.4)."),
    (r"only a (\w+) goes in the", "Ide csak {0:kind} kerülhet; egy lefordított blöfföt az "
     "<code>as</code> mező jelöl.", "Only a {0:kind} goes here; a face-down bluff says so "
     "with <code>as</code>."),
    (r"is a bluff and cannot be paid", "A más szerepben lerakott lap blöff, és nem lehet "
     "kifizetve (KG-12.10).", "A card placed in another role is a bluff and cannot be paid "
     "(KG-12.10)."),
    (r"bluffing is off", "Ebben a játékban nincs blöffölés.", "Bluffing is off in this game."),
    (r"always paid", "A hangárban lévő hajó mindig ki van fizetve (KG-4.2.2).",
     "A ship in the hangar is always paid (KG-4.2.2)."),
    (r"only a ship carries", "Csak hajó visz fegyverzetet és legénységet (KG-4.2.4).",
     "Only a ship carries armaments and crews (KG-4.2.4)."),
    (r"exists only inside a combat", "Ez a döntés egy harci lépés közepén jön: írd le a "
     "lépés elejét (vagy egy lövés ablakát), és lépj el odáig.", "This decision comes in the "
     "middle of a combat step: write the step's beginning (or a shot's window) and play to "
     "it."),
    (r"the pending decision can only be '(\w+)'", "Ebben a fázisban a függő döntés csak "
     "<code>{0}</code> lehet.", "In this phase the pending decision can only be "
     "<code>{0}</code>."),
    (r"give no decision", "Ezt a fázist a motor futtatja: ne adj meg függő döntést.",
     "The engine runs this phase: give no pending decision."),
    (r"is the active seat's", "A fő fázis döntése a soron lévő játékosé (KG-9.3).",
     "The main-phase decision is the active player's (KG-9.3)."),
]


def _hu(lang: str) -> bool:
    return lang.startswith("hu")


def _pick(pair: tuple[str, str], lang: str) -> str:
    return pair[0] if _hu(lang) else pair[1]


def _ordinal(n: int, lang: str) -> str:
    if _hu(lang):
        return f"{n}."
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


SEGMENT = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def where(field: str, doc: Any, lang: str, quote_last: bool = False) -> SafeString:
    """``scenario.seats[1].surface[0].development`` -> "2. játékos (Laci) › felszín › 1. lap ›
    fejlesztések". ``quote_last``: the last name is one the person typed (an unknown field)."""
    parts: list[SafeString] = []
    tokens = [(m.group(1), m.group(2)) for m in SEGMENT.finditer(field or "")]
    prev = None
    node = doc
    for i, (name, index) in enumerate(tokens):
        last = i == len(tokens) - 1
        if name == "scenario" and i == 0:
            continue
        if index is not None:
            n = int(index) + 1
            node = node[int(index)] if isinstance(node, list) and int(index) < len(node) \
                else None
            if prev == "seats":
                who = node.get("name") if isinstance(node, dict) else None
                label = (f"{n}. játékos" if _hu(lang) else f"player {n}")
                parts[-1:] = [format_html("{} ({})", label, who) if isinstance(who, str)
                              and who else format_html("{}", label)]
            elif prev == "attached":
                parts[-1:] = [format_html("{} {}", _ordinal(n, lang),
                                          "felszerelt lap" if _hu(lang) else "attached card")]
            else:
                parts.append(format_html("{} {}", _ordinal(n, lang),
                                         "lap" if _hu(lang) else "card"))
            continue
        node = node.get(name) if isinstance(node, dict) else None
        if prev == "card_overrides" or (last and quote_last) or name not in FIELDS:
            parts.append(format_html("<code>{}</code>", name))
        else:
            parts.append(format_html("{}", _pick(FIELDS[name], lang)))
        prev = name
    if not parts:
        return format_html("{}", _pick(FIELDS["scenario"], lang))
    return format_html_join(" › ", "{}", ((p,) for p in parts))


def _fill(template: str, groups: tuple[str, ...], lang: str) -> SafeString:
    """A sentence of :data:`MESSAGES` (HTML written here) with the message's values put in,
    escaped (they may echo what the person typed)."""
    def one(m: re.Match) -> str:
        value = groups[int(m.group(1))]
        if m.group(2) == "kind":
            value = _pick(KINDS.get(value, (value, value)), lang)
        return str(escape(value))
    filled = re.sub(r"\{(\d)(?::(\w+))?\}", one, template)
    return mark_safe(filled.replace("{{", "{").replace("}}", "}"))  # noqa: S308 - ours


def _reasons(reasons: list[str], lang: str) -> str:
    """``playability`` reasons ("unknown cost", "unknown subtype (…)") in words."""
    out = []
    for r in reasons:
        m = re.match(r"unknown (\w+)", r)
        if m and m.group(1) in STATS:
            out.append(("ismeretlen " if _hu(lang) else "unknown ") + _pick(STATS[m.group(1)],
                                                                             lang))
        elif m and m.group(1) == "ability":
            out.append("ismeretlen képesség" if _hu(lang) else "an unknown ability")
        else:
            out.append("ismeretlen érték" if _hu(lang) else "an unknown value")
    return ", ".join(dict.fromkeys(out))


def _what(code: str, message: str, details: dict[str, Any], doc: Any, lang: str) -> SafeString:
    tail = message.split(": ", 1)[1] if ": " in message else message
    if code == "unknown_card":
        m = re.search(r"slug '([^']*)'", message)
        slug = m.group(1) if m else ""
        return format_html("{} <code>{}</code>", "Nincs ilyen lap a lapadatok között:" if _hu(
            lang) else "There is no card with this slug in the card data:", slug)
    if code == "unknown_field":
        allowed = details.get("allowed") or []
        return format_html("{} {}", "Ilyen mező nincs a formátumban. Lehetséges mezők:" if _hu(
            lang) else "The format has no such field. The fields here are:",
            format_html_join(", ", "<code>{}</code>", ((a,) for a in allowed)))
    if code == "card_in_two_zones":
        first = where(str(details.get("first", "")), doc, lang)
        return format_html("{} {}: {}.", _pick(CODES[code], lang),
                           "Először itt" if _hu(lang) else "First here", first)
    if code == "over_limit":
        m = re.match(r"(\d+) is above", tail)
        n = m.group(1) if m else "?"
        return format_html("{}", f"{n} fejlesztés több, mint a bázis fejlesztési korlátja "
                           f"({details.get('limit')}) (KG-4.5.3)." if _hu(lang) else
                           f"{n} developments are more than the base's development limit "
                           f"({details.get('limit')}) (KG-4.5.3).")
    if code == "over_capacity":
        cap = details.get("capacity")
        return format_html("{}", f"Ez a hajó legfeljebb {cap} lapot vihet (KG-4.2.4)."
                           if _hu(lang) else f"This ship carries at most {cap} cards "
                           "(KG-4.2.4).")
    if code == "too_many_cards":
        limit = details.get("limit")
        return format_html("{}", f"Egy játékosnak legfeljebb {limit} lapja lehet, a paklija "
                           f"(KG-1.6.1); itt {details.get('count')} van." if _hu(lang) else
                           f"A player has at most {limit} cards, those of their deck "
                           f"(KG-1.6.1); here there are {details.get('count')}.")
    if code == "unplayable_card":
        reasons = _reasons(list(details.get("reasons") or []), lang)
        if _hu(lang):
            return format_html("A motor nem tudja játszani ezt a lapot, mert értékei hiányoznak "
                               "a lapadatokból ({}). Add meg őket a <code>card_overrides</code> "
                               "részben, vagy kapcsold be a <code>lenient_cards</code> "
                               "beállítást, ha az állás nem használja őket.", reasons)
        return format_html("The engine cannot play this card: the card data leaves values of "
                           "it open ({}). Fix them in <code>card_overrides</code>, or switch on "
                           "<code>lenient_cards</code> when the position never uses them.",
                           reasons)
    for pattern, hu, en in MESSAGES:
        m = re.search(pattern, tail)
        if m:
            return _fill(hu if _hu(lang) else en, m.groups(), lang)
    if code in CODES:
        return format_html("{}", _pick(CODES[code], lang))
    # An unforeseen shape: a general sentence, and the engine's own words after it.
    return format_html("{} <code>{}</code>", "Ez az érték itt nem megfelelő:" if _hu(lang)
                       else "This value is not right here:", tail)


def scenario_error(code: str, message: str, details: dict[str, Any] | None, doc: Any,
                   lang: str) -> SafeString:
    """The refusal as one HTML sentence: where (in words), then what is wrong."""
    details = details or {}
    field = str(details.get("field") or "")
    if not field:
        return _what(code, message, details, doc, lang)
    place = where(field, doc, lang, quote_last=code == "unknown_field")
    return format_html("<strong>{}</strong>: {}", place,
                       _what(code, message, details, doc, lang))


def json_error(exc: ValueError, lang: str) -> SafeString:
    """A document that is not JSON: where the reader stopped, in words."""
    line, col = getattr(exc, "lineno", None), getattr(exc, "colno", None)
    if line is None:
        return mark_safe(_pick(("A leírás nem olvasható JSON.", "The document is not readable "
                                "JSON."), lang))
    return format_html("{}", f"A leírás nem érvényes JSON: a hiba a(z) {line}. sor {col}. "
                       "oszlopánál van (például hiányzó vessző, idézőjel vagy zárójel)."
                       if _hu(lang) else f"The document is not valid JSON: the mistake is at "
                       f"line {line}, column {col} (a missing comma, quote or bracket, say).")
