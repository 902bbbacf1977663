"""KGK rules, section 2: Card anatomy (``docs/rules/kgk/02-card-anatomy.md``):
each test names its rule (``test_kg_4_5_3_…``) or cites it in its docstring (KG-x.y).

The games start from the practice decks (``early_games``) or from positions written in the
scenario format (``positions``, ``asked_positions``; ``rulesets/kgk/SCENARIOS.md``); the
tests act through ``legal_actions``/``apply`` and look through ``view``."""

from __future__ import annotations

from rulesets.kgk import shipped_cards

from .positions import DANI, FILL, LACI, ROT, do, legal, me, pass_until, position, seat, ship

CARDS = {c["slug"]: c for c in shipped_cards()}


SOLYOM = "practice-oktato-solyom"          # fighter 4-2-3-1, 5 credits


LEZER = "practice-kikepzo-lezeragyu"       # weapon, Tt+2


RADAR = "practice-oktato-celzoradar"       # item, Vv+1 Tt+1


HALO = "practice-szimulalt-alcahalo"       # item: the ship has Álcázás (cloaking)


TISZT = "practice-oktatotiszt"             # captain, Vv+1 Tt+1


UTAS = "practice-tanulo-utas"              # passenger: Hh -> 1 credit, in the canteen


PILOTA = "practice-xeno-serulesallo-pilota"  # personnel: Dd -> 2 credits, in the canteen


KABIN = "practice-gyakorlo-mentokabin"     # building: Ll -> restore and ready an own ship


def ability_of(state, who, cid):
    return [a for a in legal(state, who) if a["type"] == "ability" and a["card"] == cid]


def test_kg_2_1_the_credit_cost_is_what_playing_costs():
    """KG-2.1: playing a ship or an event takes its printed credit cost from the pool."""
    st, c = position(seat(credits=9, hand=[{"card": SOLYOM, "label": "s"},
                                           {"card": "practice-gyakorlo-segelyszallitmany",
                                            "label": "e"}]), seat())
    do(st, DANI, {"type": "play", "card": c["s"]})
    assert me(st, DANI)["credits"] == 9 - CARDS[SOLYOM]["cost"]
    do(st, DANI, {"type": "play", "card": c["e"]})     # cost 1, gain 3
    assert me(st, DANI)["credits"] == 9 - 5 - 1 + 3


def test_kg_2_3_a_ships_values_are_its_printed_speed_firepower_armor_bombard():
    """KG-2.3: the four printed values are the ship's base values, as both seats see them."""
    slugs = [SOLYOM, "practice-gyakorlo-sortuzrombolo", "practice-tanrovar"]
    st, c = position(seat(hangar=[{"card": s, "label": s} for s in slugs]), seat())
    for s in slugs:
        for who in (DANI, LACI):
            v = ship(st, who, c[s], DANI)
            rec = CARDS[s]
            assert (v["speed"], v["firepower"], v["armor"], v["bombard"]) == (
                rec["speed"], rec["firepower"], rec["armor"], rec["bombard"])


def test_kg_2_4_paid_armament_and_crew_icons_add_to_the_ship():
    """KG-2.4: the left-side icons of a paid armament add to the values of the ship that
    carries it (Tt+2; Vv+1 Tt+1)."""
    st, c = position(seat(hangar=[{"card": SOLYOM, "label": "s", "attached": [
        {"card": LEZER, "paid": True}, {"card": RADAR, "paid": True}]}]), seat())
    v = ship(st, LACI, c["s"], DANI)
    assert (v["speed"], v["firepower"]) == (4 + 1, 2 + 2 + 1)


def test_kg_2_5_a_base_shows_its_development_limit_and_armor():
    """KG-2.5: a base's icons are its development limit (a number, X or ?) and its armor;
    a paid bunker's armor is its printed armor."""
    bases = ["practice-gyakorlo-aknazar", "practice-karnoplantusz-probapiac",
             "practice-vaktolteny-csapda"]
    st, c = position(seat(surface=[{"card": b, "label": b, "paid": b.endswith("aknazar"),
                                    "development": 3 if b.endswith("aknazar") else 0}
                                   for b in bases]), seat())
    shown = {v["slug"]: v for v in me(st, DANI)["surface"]}
    assert [shown[b]["dev_limit"] for b in bases] == [3, "X", "?"]
    assert shown["practice-gyakorlo-aknazar"]["armor_now"] == CARDS[bases[0]]["armor"] == 3


def test_kg_2_6_rarity_is_one_of_the_four_symbols():
    """KG-2.6: every card with a known rarity has one of the four (moon, planet, sun,
    galaxy)."""
    rarities = {c["rarity"] for c in CARDS.values()}
    assert rarities - {None} <= {"common", "uncommon", "rare", "ultra_rare"}
    assert {"common", "uncommon", "rare"} <= rarities


def test_kg_2_8_card_text_overrides_the_rulebook_mamut_takes_six_spaces():
    """KG-2.8 (card text wins, KG-12.5): Mamut I. is a cruiser, which takes 3 hangar spaces
    by the rulebook, but its text makes it take six."""
    assert CARDS["mamut-i"]["subtype"] == "cruiser"
    st, c = position(seat(hangar=[{"card": "mamut-i", "label": "m"},
                                  {"card": "practice-probacirkalo", "label": "p"}]), seat(),
                     lenient_cards=True)
    assert ship(st, DANI, c["m"])["space"] == 6
    assert ship(st, DANI, c["p"])["space"] == 3


def test_kg_2_8_1_armament_text_reads_as_printed_on_the_ship():
    """KG-2.8.1: Szimulált álcaháló's text (cloaking) is the carrying ship's ability once
    it is paid; unpaid it gives nothing (KG-3.10.4)."""
    st, c = position(seat(hangar=[{"card": FILL, "label": "a", "attached": [
        {"card": HALO, "paid": True}]}, {"card": FILL, "label": "b", "attached": [
            {"card": HALO, "paid": False}]}]), seat())
    assert "cloaking" in ship(st, LACI, c["a"], DANI)["abilities"]
    assert "cloaking" not in ship(st, LACI, c["b"], DANI)["abilities"]


def test_kg_2_8_2_a_crew_works_only_aboard_a_passenger_also_in_the_canteen():
    """KG-2.8.2 (with KG-4.4.4): a paid captain in the canteen changes no ship; a passenger
    is usable in the canteen (its ability is offered there)."""
    st, c = position(seat(hangar=[{"card": SOLYOM, "label": "s"}],
                          canteen=[{"card": TISZT, "paid": True},
                                   {"card": UTAS, "paid": True, "label": "u"}]), seat())
    v = ship(st, DANI, c["s"])
    assert (v["speed"], v["firepower"]) == (4, 2)
    assert ability_of(st, DANI, c["u"])


def test_kg_2_10_rotation_costs_only_from_an_active_card():
    """KG-2.10 (with KG-3.3.3, KG-3.4, KG-3.5.2, KG-3.6): an ability costing Hh turns its card
    used, one costing Dd turns it damaged, one costing Ll sacrifices it to the trash; once
    the card is no longer active the ability is not offered again."""
    st, c = position(seat(credits=0,
                          hangar=[{"card": SOLYOM, "label": "s", "state": "damaged",
                                   "damage": 2}],
                          canteen=[{"card": UTAS, "paid": True, "label": "u"},
                                   {"card": PILOTA, "paid": True, "label": "p"}],
                          surface=[{"card": KABIN, "paid": True, "label": "k",
                                    "development": 1}]), seat())
    for label in "up":
        do(st, DANI, ability_of(st, DANI, c[label])[0])
        pass_until(st, "main")
    canteen = {v["id"]: v for v in me(st, DANI)["canteen"]}
    assert canteen[c["u"]]["rot"] == ROT["used"] and canteen[c["p"]]["rot"] == ROT["damaged"]
    assert me(st, DANI)["credits"] == 1 + 2
    assert not ability_of(st, DANI, c["u"]) and not ability_of(st, DANI, c["p"])
    do(st, DANI, ability_of(st, DANI, c["k"])[0])
    pass_until(st, "main")
    assert c["k"] in [v["id"] for v in me(st, DANI)["trash"]]
    assert c["k"] not in [v.get("id") for v in me(st, DANI)["surface"]]
    assert ship(st, DANI, c["s"])["rot"] == ROT["active"]
