"""Effect specs (``rulesets/kgk/effects.py`` schema) for the 15 cards the rulebook
names, keyed by slug, for the lead to merge into ``fixtures/cards/rulebook.json``.

Only what the rulebook states is encoded. Values the rulebook does not give
(e.g. Extra találat's cost and subtype, Chazma töltet's development limit) stay
unknown in the card record, and :func:`rulesets.kgk.cards.playability` keeps
such cards out of decks.
"""

from __future__ import annotations

from rulesets.kgk.cards import playability  # noqa: F401  (re-exported for the deck validator)

_SHIP_TARGET = {"kind": "ship", "side": "any"}
_NEUTRALISE_INTERRUPT = {
    # KG-10.1, KG-17.10: payments and abilities count as interrupts too.
    "target": {"kind": "chain", "kinds": ["interrupt", "payment", "ability"]},
    "ops": [{"op": "neutralise"}],
}

RULEBOOK_EFFECTS: dict[str, dict | None] = {
    # Ships: behaviour is their values and abilities (CRX's Sorozatlövés is in
    # "abilities"; Mamut I.'s six hangar spaces are its "size", KG-4.2.9, KG-17.16).
    "halalszarny": {},
    "marduk-kurios": {},
    "cobra-flash": {},
    "mamut-i": {},
    "crx": {},
    "hellfire-brothers": {},
    "unicornis": {},
    "holdimado": {},
    # Tüzér: +3 Tt or +3 Bb, chosen at the end of the payment step (KG-14.2.6).
    "tuzer": {"choose_at_end_of_payment": [{"firepower": 3}, {"bombard": 3}]},
    # Aknagyűrű: while in play the opponent must spend 1 credit to attack (KG-14.2.2).
    "aknagyuru": {"aura": {"attack_tax": 1}},
    # Chazma töltet: one of the opponent's ships, chosen by him, is destroyed (KG-17.42).
    "chazma-toltet": {"ops": [{"op": "victim_destroys_ship"}]},
    # Durmacél célterelő: +1 armor to a ship. Duration unstated; reading: to the end of
    # the turn, when armor is restored anyway (so an expiring bonus never kills).
    "durmacel-celterelo": {"target": _SHIP_TARGET,
                           "ops": [{"op": "modify", "stat": "armor", "amount": 1,
                                    "until": "turn"}]},
    # Extra találat: +1 firepower to a ship; reading: until the end of the combat phase.
    "extra-talalat": {"target": _SHIP_TARGET,
                      "ops": [{"op": "modify", "stat": "firepower", "amount": 1,
                               "until": "combat"}]},
    # Felsőbb parancs (2 CR) and Felülbírálás (X = the neutralised card's cost,
    # cost_rule "neutralised_cost", KG-17.13): neutralise an interrupt.
    "felsobb-parancs": dict(_NEUTRALISE_INTERRUPT),
    "felulbiralas": dict(_NEUTRALISE_INTERRUPT),
}


EFFECTS = RULEBOOK_EFFECTS


def effect_for(slug: str):
    return RULEBOOK_EFFECTS.get(slug)
