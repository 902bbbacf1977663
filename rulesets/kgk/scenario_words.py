"""How a refused KGK scenario is said to people, Hungarian first: plain data the host
reads through the ruleset (``KGKRuleset.scenario_words``), so that the host names no game
and reads no English message. ``scenario.py`` refuses with a code and, for its catch-all
codes, a ``reason``; the sentences below are keyed by them. A sentence is HTML written
here; ``{name}`` is a value of the refusal's details, escaped by the host (it may echo what
the person typed), ``{name:kind}`` a card kind in words, ``{name:words}`` a list of field
names in words, ``{name:codes}`` a list shown as typed, ``{name:list}`` a list of values,
``{name:where}`` another field path said in words; ``{{`` and ``}}`` are braces.
"""

from __future__ import annotations

from rulesets.base import ScenarioWords

# a document's field names -> (magyar, English)
FIELDS: dict[str, tuple[str, str]] = {'format': ('formátum', 'format'),
 'title': ('cím', 'title'),
 'rule': ('szabály', 'rule'),
 'notes': ('megjegyzés', 'notes'),
 'options': ('beállítások', 'options'),
 'card_overrides': ('lapértékek javítása', 'card value fixes'),
 'turn': ('kör', 'turn'),
 'first': ('kezdő játékos', 'starting player'),
 'active': ('soron lévő játékos', 'player to play'),
 'phase': ('fázis', 'phase'),
 'decision': ('függő döntés', 'pending decision'),
 'seats': ('játékosok', 'players'),
 'kind': ('fajtája', 'kind'),
 'seat': ('játékosa', 'player'),
 'name': ('név', 'name'),
 'credits': ('kredit', 'credits'),
 'turns': ('saját körök', 'own turns'),
 'colony': ('kolónia', 'colony'),
 'hand': ('kéz', 'hand'),
 'trash': ('szemét', 'trash'),
 'ruin': ('pusztulat', 'ruin'),
 'hangar': ('hangár', 'hangar'),
 'canteen': ('kantin', 'canteen'),
 'surface': ('felszín', 'surface'),
 'card': ('lap neve', 'card name'),
 'label': ('címke', 'label'),
 'count': ('darabszám', 'count'),
 'paid': ('kifizetve', 'paid'),
 'as': ('szerep', 'role'),
 'state': ('állapot', 'state'),
 'damage': ('sebzés', 'damage'),
 'development': ('fejlesztések', 'developments'),
 'choice': ('választás', 'choice'),
 'attached': ('felszerelt lapok', 'attached cards'),
 'why': ('indoklás', 'reason'),
 'type': ('típus', 'type'),
 'subtype': ('altípus', 'subtype'),
 'cost': ('ár', 'cost'),
 'speed': ('sebesség', 'speed'),
 'firepower': ('tűzerő', 'firepower'),
 'armor': ('páncél', 'armor'),
 'bombard': ('bombázás', 'bombard'),
 'size': ('méret', 'size'),
 'dev_limit': ('fejlesztési korlát', 'development limit'),
 'abilities': ('képességek', 'abilities'),
 'cards': ('lapok', 'cards'),
 'players': ('játékosok száma', 'number of players'),
 'scenario': ('leírás', 'document'),
 'combat': ('harc', 'combat'),
 'chain': ('lánc', 'chain'),
 'attacker': ('támadó', 'attacker'),
 'defender': ('védő', 'defender'),
 'target': ('célpont', 'target'),
 'step': ('lépés', 'step'),
 'ships': ('hajók', 'ships'),
 'shot': ('lövés', 'shot'),
 'ship': ('hajó', 'ship'),
 'return_fire': ('visszalövés', 'return fire'),
 'item': ('lánctag', 'chain item'),
 'effect': ('hatás', 'effect'),
 'ability': ('képesség', 'ability'),
 'value': ('érték', 'value')}

# card kinds named in sentences
KINDS: dict[str, tuple[str, str]] = {'ship': ('űrhajó', 'ship'),
 'crew': ('legénység', 'crew'),
 'base': ('bázis', 'base'),
 'armament': ('fegyverzet', 'armament'),
 'event': ('esemény', 'event'),
 'interrupt': ('megszakítás', 'interrupt')}

# the sentence for a refusal's code (when it has no reason of its own)
CODES: dict[str, tuple[str, str]] = {'card_in_two_zones': ('Ugyanaz a címke két lapon szerepel; egy címke egyetlen lapot jelöl. '
                       'Először itt: {first:where}.',
                       'The same label is on two cards; a label names one single card. First '
                       'here: {first:where}.'),
 'bad_players': ('A Káosz Galaktika 2–6 játékosra való: a játékosok listájában mindegyiküknek '
                 'egy elem kell.',
                 'Káosz Galaktika is for 2 to 6 players: the list of players needs one entry '
                 'for each.'),
 'unknown_scenario': ('Nincs ilyen beépített állás.', 'There is no such shipped position.'),
 'bad_option': ('Ismeretlen szabályváltozat: a szabályok a teljes (official) vagy a gyorskezdő '
                '(quick start) változat lehetnek.',
                'Unknown rules: the full (official) or the quick-start rules.'),
 'bad_config': ('A játék ezekkel a beállításokkal nem indítható.',
                'The game cannot start with these options.'),
 'unknown_card': ('Nincs ilyen lap a lapadatok között: <code>{slug}</code>',
                  'There is no card with this slug in the card data: <code>{slug}</code>'),
 'unknown_field': ('Ilyen mező nincs a formátumban. Lehetséges mezők: {allowed:codes}',
                   'The format has no such field. The fields here are: {allowed:codes}'),
 'over_limit': ('{count} fejlesztés több, mint a bázis fejlesztési korlátja ({limit}) '
                '(KG-4.5.3).',
                "{count} developments are more than the base's development limit ({limit}) "
                '(KG-4.5.3).'),
 'over_capacity': ('Ez a hajó legfeljebb {capacity} lapot vihet (KG-4.2.4).',
                   'This ship carries at most {capacity} cards (KG-4.2.4).'),
 'too_many_cards': ('Egy játékosnak legfeljebb {limit} lapja lehet, a paklija (KG-1.6.1); itt '
                    '{count} van.',
                    'A player has at most {limit} cards, those of their deck (KG-1.6.1); here '
                    'there are {count}.'),
 'unplayable_card': ('A motor nem tudja játszani ezt a lapot, mert értékei hiányoznak a '
                     'lapadatokból ({missing:words}). Add meg őket a '
                     '<code>card_overrides</code> részben, vagy kapcsold be a '
                     '<code>lenient_cards</code> beállítást, ha az állás nem használja őket.',
                     'The engine cannot play this card: the card data leaves values of it open '
                     '({missing:words}). Fix them in <code>card_overrides</code>, or switch on '
                     '<code>lenient_cards</code> when the position never uses them.')}

# the sentence for a refusal's reason (the catch-all codes)
REASONS: dict[str, tuple[str, str]] = {'whole_number': ('Egész számnak kell lennie.', 'It must be a whole number.'),
 'at_least': ('Legalább {lo} kell legyen.', 'It must be at least {lo}.'),
 'at_most': ('Legfeljebb {hi} lehet.', 'It must be at most {hi}.'),
 'object': ('Objektumnak kell lennie ({{ … }}).', 'It must be an object ({{ … }}).'),
 'list': ('Listának kell lennie ([ … ]).', 'It must be a list ([ … ]).'),
 'slug_needed': ('A lapot a rövid azonosítójával (slug) nevezd meg.',
                 'Name the card by its slug.'),
 'slug_or_object': ('Egy lap rövid azonosítója vagy egy objektum kell.',
                    "A card's slug or an object is needed."),
 'label_one_card': ('A címke egy lapot nevez meg: darabszámmal együtt nem adható.',
                    'A label names one card: not together with a count.'),
 'non_empty_text': ('Nem üres szövegnek kell lennie.', 'It must be a non-empty text.'),
 'true_false': ('Értéke <code>true</code> vagy <code>false</code> lehet.',
                'It is <code>true</code> or <code>false</code>.'),
 'state_words': ('Értéke <code>active</code> (aktív), <code>used</code> (használt) vagy '
                 '<code>damaged</code> (sérült) lehet.',
                 'It is <code>active</code>, <code>used</code> or <code>damaged</code>.'),
 'cannot_turn': ('Ez a lap nem lehet ilyen állapotban: csak a hajók és a kifizetett bázisok '
                 'fordulnak el (KG-3.1).',
                 'This card cannot be in that state: only ships and paid bases turn (KG-3.1).'),
 'only_bases_develop': ('Csak bázist lehet fejleszteni (KG-4.5.3).',
                        'Only bases are developed (KG-4.5.3).'),
 'damage_ships_bases': ('Sebzést csak hajó és bázis kaphat (KG-3.11).',
                        'Only ships and bases take damage (KG-3.11).'),
 'choice_only': ('Választása csak olyan kifizetett lapnak van, amely a fizetés végén választ '
                 '(például a Tüzér).',
                 'Only a paid card that chooses at the end of payment (such as Tüzér) has a '
                 'choice.'),
 'choice_range': ('A választás 0 és {most} között lehet.', 'The choice is 0 to {most}.'),
 'no_armor_left': ('Ennyi sebzés után nem maradna páncélja, vagyis már nem lehetne játékban '
                   '(KG-3.11).',
                   'With that much damage it would have no armor left, so it would be out of '
                   'play (KG-3.11).'),
 'active_begun': ('A soron lévő játékos legalább ezt a kört már elkezdte: a saját körei száma '
                  'legalább 1.',
                  'The player to play has begun at least this turn: their own turns are at '
                  'least 1.'),
 'no_cards': ('A leírásban egyetlen lap sincs.', 'The document has no cards at all.'),
 'seat_below': ('Egy játékos sorszáma kell: 0 és {below} között (0 az első).',
                "A player's number is needed: from 0, below {below} (0 is the first)."),
 'step_words': ('A lépés <code>equip</code> (felszerelés) vagy <code>fire</code> (tüzelés) '
                'lehet: az a lépés, amely éppen kezdődik.',
                'The step is <code>equip</code> or <code>fire</code>: the step about to '
                'begin.'),
 'phase_words': ('A fázis <code>mulligan</code> (kezdőkéz), <code>start</code> (kezdő fázis), '
                 '<code>main</code> (fő fázis) vagy <code>combat</code> (harc) lehet.',
                 'The phase is <code>mulligan</code>, <code>start</code>, <code>main</code> or '
                 '<code>combat</code>.'),
 'combat_described': ('Harci fázisú állásban a harcot is le kell írni (támadó, célpont, lépés, '
                      'hajók).',
                      'A combat-phase position describes its combat (attacker, target, step, '
                      'ships).'),
 'combat_phase': ('Harccal az állás harci fázisban van: <code>"phase": "combat"</code>.',
                  'A position with a combat is in the combat phase: <code>"phase": '
                  '"combat"</code>.'),
 'name_by_label': ('Egy lapot a leírásban neki adott címkével (label) nevezz meg.',
                   'Name a card by the label the document gives it.'),
 'attacker_active': ('A támadó az a játékos, aki soron van (KG-9.4).',
                     'The attacker is the player whose turn it is (KG-9.4).'),
 'name_defender': ('Kettőnél több játékosnál meg kell adni a védőt.',
                   'With more than two players, name the defender.'),
 'defender_other': ('A védő egy másik játékos, nem a támadó.',
                    'The defender is another player than the attacker.'),
 'no_first_attack': ('A kezdő játékos első körében nincs támadás (KG-8.6).',
                     "No attack in the starting player's first turn (KG-8.6)."),
 'committed_in_hangar': ('Harcba csak a támadó vagy a védő hangárjában lévő hajó küldhető '
                         '(KG-9.5).',
                         "A committed ship is in the attacker's or the defender's hangar "
                         '(KG-9.5).'),
 'committed_once': ('Egy hajó csak egyszer küldhető harcba.', 'A ship is committed once.'),
 'defender_commits_later': ('A védő a támadó felszerelési lépése után küld hajót: a '
                            'felszerelési lépésben csak a támadó hajói lehetnek harcban '
                            '(KG-9.5.1).',
                            "The defender commits after the attacker's equip step: in the "
                            "equip step only the attacker's ships are committed (KG-9.5.1)."),
 'committed_active': ('Harcba küldéskor a hajó aktív; a tüzelési lépésben lehet használt (mert '
                      'lőtt), de sérült nem (KG-9.5.2, KG-9.7.13).',
                      'A ship is active when committed; in the firing step it may be used (it '
                      'has fired), never damaged (KG-9.5.2, KG-9.7.13).'),
 'attacker_ships': ('A támadónak legalább egy hajója harcban van (KG-17.33).',
                    'The attacker has at least one ship in the combat (KG-17.33).'),
 'shot_in_fire_step': ('Lövés csak a tüzelési lépésben van: <code>"step": "fire"</code>.',
                       'A shot is fired in the firing step: <code>"step": "fire"</code>.'),
 'attacked_on': ('A megtámadott lapnak a védő felszínén (bázis) vagy kantinjában (legénység) '
                 'kell lennie (KG-9.4.1).',
                 "The card attacked is on the defender's surface (a base) or in its canteen (a "
                 'crew) (KG-9.4.1).'),
 'target_shape': ('A célpont <code>"colony"</code>, <code>"central"</code>, <code>{"base": '
                  'címke}</code> vagy <code>{"crew": címke}</code>.',
                  'The target is <code>"colony"</code>, <code>"central"</code>, <code>{"base": '
                  'label}</code> or <code>{"crew": label}</code>.'),
 'shot_between_committed': ('Egy lövés a harcban lévő hajótól a másik oldal harcban lévő '
                            'hajójára megy (KG-9.7).',
                            'A shot is from a committed ship at a committed ship of the other '
                            'side (KG-9.7).'),
 'fired_is_used': ('A hajó, amely lőtt, használt (KG-17.3): írd rá: <code>"state": '
                   '"used"</code>.',
                   'A ship that has fired is used (KG-17.3): write <code>"state": '
                   '"used"</code> on it.'),
 'returned_fire_is_used': ('A hajó, amely visszalőtt, használt (KG-9.7.5): írd rá: '
                           '<code>"state": "used"</code>.',
                           'A ship that returned fire is used (KG-9.7.5): write <code>"state": '
                           '"used"</code> on it.'),
 'chain_needs_window': ('A láncon csak nyitott közbeszólási ablakban lehet lap: a fő fázisban, '
                        'vagy harcban egy lövés ablakában.',
                        'Cards are on the chain only while a window is open: in the main '
                        "phase, or in a combat at a shot's window."),
 'window_kinds': ('Ebben az ablakban csak ilyen megszakítás játszható ki: '
                  '<code>{kinds:list}</code> (KG-10.7).',
                  'Only interrupts of these kinds are played in this window: '
                  '<code>{kinds:list}</code> (KG-10.7).'),
 'no_target': ('Ennek a lapnak nincs célpontja.', 'This card has no target.'),
 'needs_target': ('Ennek a lapnak célpont kell.', 'This card needs a target.'),
 'item_below': ('A célpont egy alatta lévő lánctag: <code>{{"item": k}}</code>, alulról '
                'számolva (0 a legalsó).',
                'The target is an item below it on the chain: <code>{{"item": k}}</code>, from '
                'the bottom (0 first).'),
 'not_a_target': ('Ez a lap ezt nem választhatja célpontnak.',
                  'This card cannot have that target.'),
 'window_is_prio': ('Ha lap van a láncon vagy lövés történt, a függő döntés a közbeszólási '
                    'ablak: <code>prio</code>.',
                    'With cards on the chain or a shot declared, the pending decision is the '
                    'window: <code>prio</code>.'),
 'quick_start_no_interrupts': ('A gyorskezdő szabályokban nincsenek megszakítások (KG-16).',
                               'The quick start has no interrupts (KG-16).'),
 'never_asked': ('Az ablakban nem kérdezik azt, aki nem szólhat közbe (nincs lap a kezében, '
                 'nincs használható képessége, KG-12.3): adj meg olyan játékost, aki '
                 'közbeszólhat.',
                 'A player who could not respond is never asked in a window (no card in hand, '
                 'no ability to use, KG-12.3): give one who could.'),
 'combat_step_engine': ('A harci lépést a motor az elejétől futtatja: ne adj meg függő döntést '
                        '(csak egy lövés ablakáét).',
                        'The engine runs a combat step from its beginning: give no pending '
                        "decision (only a shot's window)."),
 'window_needs_declared': ('Közbeszólási ablak csak akkor van nyitva, ha valamit '
                           'bejelentettek: lap van a láncon, vagy lövés történt.',
                           'A window is open only when something was declared: cards on the '
                           'chain, or a shot.'),
 'mulligan_turn': ('A kezdőkéz döntései az 1. kör előtt jönnek: a kör 0, és a kezdő játékos '
                   'van soron (KG-8.4).',
                   'Mulligans come before turn 1: turn 0, with the starting player to play '
                   '(KG-8.4).'),
 'format_unknown': ('Ismeretlen formátum: <code>kgk-scenario/1</code> kell (vagy hagyd el).',
                    'Unknown format: <code>kgk-scenario/1</code> is needed (or leave it out).'),
 'say_why': ('Írd le az indoklást (<code>why</code>): miért ez az érték, ha a lapadatok nem '
             'adják meg.',
             'Say why (<code>why</code>) the value is fixed, since the card data leaves it '
             'open.'),
 'bad_value': ('Ez a mező nem vehet fel ilyen értéket.', 'This field cannot have that value.'),
 'players_range': ('A Káosz Galaktika 2–6 játékosra való: a játékosok listájában '
                   'mindegyiküknek egy elem kell.',
                   'Káosz Galaktika is for 2 to 6 players: the list of players needs one entry '
                   'for each.'),
 'seats_count': ('Az állásban {n} játékos van.', 'The position has {n} players.'),
 'attach_to_ship': ('Hajóra csak fegyverzet és legénység szerelhető (KG-4.3, KG-4.4).',
                    'Only armaments and crews are attached to a ship (KG-4.3, KG-4.4).'),
 'only_zone_kind': ('Ide csak {kind:kind} kerülhet; egy lefordított blöfföt az <code>as</code> '
                    'mező jelöl.',
                    'Only a {kind:kind} goes here; a face-down bluff says so with '
                    '<code>as</code>.'),
 'bluff_unpaid': ('A más szerepben lerakott lap blöff, és nem lehet kifizetve (KG-12.10).',
                  'A card placed in another role is a bluff and cannot be paid (KG-12.10).'),
 'bluffing_off': ('Ebben a játékban nincs blöffölés.', 'Bluffing is off in this game.'),
 'hangar_paid': ('A hangárban lévő hajó mindig ki van fizetve (KG-4.2.2).',
                 'A ship in the hangar is always paid (KG-4.2.2).'),
 'only_ship_carries': ('Csak hajó visz fegyverzetet és legénységet (KG-4.2.4).',
                       'Only a ship carries armaments and crews (KG-4.2.4).'),
 'decision_in_combat': ('Ez a döntés egy harci lépés közepén jön: írd le a lépés elejét (vagy '
                        'egy lövés ablakát), és lépj el odáig.',
                        "This decision comes in the middle of a combat step: write the step's "
                        "beginning (or a shot's window) and play to it."),
 'decision_only': ('Ebben a fázisban a függő döntés csak <code>{want}</code> lehet.',
                   'In this phase the pending decision can only be <code>{want}</code>.'),
 'engine_runs_phase': ('Ezt a fázist a motor futtatja: ne adj meg függő döntést.',
                       'The engine runs this phase: give no pending decision.'),
 'main_decision_active': ('A fő fázis döntése a soron lévő játékosé (KG-9.3).',
                          "The main-phase decision is the active player's (KG-9.3).")}

# how the n-th entry of a list is said: the entries of these lists replace the list's
# own word (a player, an attached card); any other list's entry is a card after it
ITEMS: dict[str, tuple[str, str]] = {
    "seats": ("{n}. játékos", "player {n}"),
    "attached": ("{nth} felszerelt lap", "{nth} attached card"),
    "": ("{nth} lap", "{nth} card"),
}

WORDS = ScenarioWords(fields=FIELDS, kinds=KINDS, codes=CODES, reasons=REASONS, items=ITEMS,
                      root="scenario", named_items=frozenset({"seats"}),
                      quoted_under=frozenset({"card_overrides"}),
                      quote_last_for=frozenset({"unknown_field"}))
