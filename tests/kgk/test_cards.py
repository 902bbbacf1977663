"""The practice set, the practice decks, the rulebook effect specs and playability."""

from __future__ import annotations

from collections import Counter

from rulesets.kgk import RULESET as R
from rulesets.kgk import load_practice, read_deck
from rulesets.kgk.cards import ABILITIES, OPPOSED, SUBTYPES, playability
from rulesets.kgk.effects import check_spec

from .helpers import act, filler, mid_game, put, rulebook_cards, scenario

CARDS = load_practice()["cards"]


def test_practice_set_is_clearly_unofficial():
    s = load_practice()["set"]
    assert s["slug"] == "practice" and s["official"] is False
    assert "nem hivatalos" in s["name_hu"] and "unofficial" in s["name_en"]
    for c in CARDS:
        assert c["official"] is False and c["slug"].startswith("practice-")
        assert c["text_hu"].startswith("Gyakorló lap") and c["text_en"].startswith("Practice card")
        assert all(v["source"] == "practice" for v in c["provenance"].values())
    assert len({c["slug"] for c in CARDS}) == len(CARDS)
    assert len({c["name_hu"] for c in CARDS}) == len(CARDS)
    assert 40 <= len(CARDS) <= 60


def test_practice_set_covers_every_subtype_and_ability():
    pairs = {(c["type"], c["subtype"]) for c in CARDS}
    assert pairs == {(t, s) for t, subs in SUBTYPES.items() for s in subs}
    assert len(pairs) == 24
    assert {a for c in CARDS for a in c["abilities"]} == set(ABILITIES)


def test_every_practice_card_is_fully_specified_and_playable():
    for c in CARDS:
        assert playability(c) == [], c["slug"]
        assert c["race"] in OPPOSED and c["rarity"] and c["cost"] is not None
        assert c["effect"] is not None
        if c["type"] == "ship":
            assert None not in (c["speed"], c["firepower"], c["armor"], c["bombard"])


def test_practice_decks_are_tournament_legal_and_about_half_ships():
    """KG-1.6: 45 cards, at most 3 of a name, no opposed races."""
    for name in ("practice-a", "practice-b"):
        deck = read_deck(name)
        assert len(deck) == 45
        assert max(Counter(c["name_hu"] for c in deck).values()) <= 3
        races = {c["race"] for c in deck}
        assert not any(OPPOSED[r] in races for r in races)
        ships = sum(c["type"] == "ship" for c in deck)
        assert 20 <= ships <= 25
    ra = {c["race"] for c in read_deck("practice-a")}
    rb = {c["race"] for c in read_deck("practice-b")}
    assert ra == {"ember", "inszektoid"} and rb == {"cerebrita", "triciplita"}


def test_example_config_builds_two_practice_decks():
    cfg = R.example_config(2)
    assert cfg["players"] == 2 and [len(d) for d in cfg["decks"]] == [45, 45]
    assert cfg["options"]["rules"] == "official"
    s = R.new_game(cfg, "x")
    assert R.to_act(s)


def test_rulebook_effect_specs_live_in_the_shipped_records():
    """One source per card: each rulebook card's behaviour is in its fixture record, with
    its provenance; ``null`` means no behaviour beyond values and abilities."""
    rb = rulebook_cards()
    assert set(rb) == {
        "halalszarny", "marduk-kurios", "cobra-flash", "mamut-i", "crx", "hellfire-brothers",
        "unicornis", "holdimado", "tuzer", "aknagyuru", "chazma-toltet", "durmacel-celterelo",
        "extra-talalat", "felsobb-parancs", "felulbiralas"}
    for slug, card in rb.items():
        assert check_spec(card["effect"] or {}) == [], slug
        assert card["provenance"]["effect"]["source"] in ("stated", "derived"), slug
    # KG-14.2.2: the app's Aknagyűrű taxes attacks (it had no effect in the data before).
    assert rb["aknagyuru"]["effect"] == {"aura": {"attack_tax": 1}}
    assert rb["tuzer"]["effect"]["choose_at_end_of_payment"]
    assert all(rb[s]["effect"] is None for s in ("halalszarny", "crx", "mamut-i"))


def test_playability_of_the_rulebook_cards():
    rb = rulebook_cards()
    playable = {k for k, c in rb.items() if not playability(c)}
    assert playable == {"halalszarny", "marduk-kurios", "cobra-flash", "mamut-i", "crx",
                        "tuzer", "aknagyuru"}
    assert "unknown development limit" in playability(rb["chazma-toltet"])
    assert any("timing" in r for r in playability(rb["extra-talalat"]))
    assert "unknown cost" in playability(rb["extra-talalat"])
    assert "unknown cost" not in playability(rb["felulbiralas"])     # X = neutralised cost
    assert "unknown bombard" in playability(rb["holdimado"])
    assert any("size" in r for r in playability(rb["hellfire-brothers"]))
    # quick start needs only a ship's cost and values
    assert playability(rb["hellfire-brothers"], "quick_start") == []
    assert playability(rb["holdimado"], "quick_start") == ["unknown bombard"]
    assert playability(rb["tuzer"], "quick_start") == []     # a dead card in the quick start


def test_kg_3_6_sacrifice_cost_puts_the_card_in_the_trash():
    from .helpers import practice
    pod = practice("Gyakorló mentőkabin")
    ship = practice("Kiképző Kolibri")
    s = scenario([[pod, ship] + filler(8), filler(10)])
    mid_game(s, 0)
    b = put(s, 0, "surface", paid=True)
    k = put(s, 1, "hangar", rot=2)
    s["p"][0]["cr"] = 5
    act(s, 0, {"type": "ability", "card": b, "n": 0, "target": k})
    assert s["cards"][b]["z"] == "trash" and s["cards"][k]["rot"] == 0


def test_kg_3_5_2_damaged_as_a_cost():
    from .helpers import practice
    pilot = practice("Xeno sérülésálló pilóta")
    s = scenario([[pilot] + filler(8), filler(10)])
    mid_game(s, 0)
    c = put(s, 0, "canteen", paid=True)
    act(s, 0, {"type": "ability", "card": c, "n": 0})
    assert s["cards"][c]["rot"] == 2 and s["p"][0]["cr"] == 2


def test_fixture_form_of_a_choice_modifier_is_understood():
    """rulebook.json writes Tüzér's choice as modifiers {"choice": [...]}."""
    from rulesets.kgk.cards import compile_def
    rec = rulebook_cards()["tuzer"]
    rec["effect"] = None
    rec["modifiers"] = {"choice": [{"firepower": 3}, {"bombard": 3}], "choose_at": "end_of_payment"}
    d = compile_def(rec)
    assert d["mods"] == {} and d["eff"]["choose_at_end_of_payment"] == [{"firepower": 3},
                                                                        {"bombard": 3}]
    assert playability(rec) == []


def test_unknown_behaviour_is_its_own_value_and_not_playable():
    """``"effect": "unknown"``: the printed text implies behaviour nobody has encoded yet;
    ``null`` says there is none. A card of unknown behaviour is never played with a guess."""
    from rulesets.kgk.cards import EFFECT_UNKNOWN, compile_def

    ship = rulebook_cards()["halalszarny"]
    assert playability(ship) == []
    mystery = dict(ship, effect=EFFECT_UNKNOWN, text_hu="Ha ez az űrhajó megsemmisül, …")
    assert "unknown effect" in playability(mystery)
    assert compile_def(mystery)["eff"] == {}  # lenient play treats it as no effect


def test_a_definition_reads_absent_values_as_their_rules_default():
    """The rules read a definition's fields (``game_state.CardDef``): what a card does not
    have reads as the rule takes it (no cost costs 0, KG-12.6.1; a card that is not a
    ship has no capacity or hangar space); the stored form keys stay as compiled, and the
    bridge reads them as stored (a view shows an unknown cost as unknown)."""
    from rulesets.kgk.cards import compile_def

    rb = rulebook_cards()
    extra = compile_def(rb["extra-talalat"])                     # cost unknown (None)
    assert extra.cost == 0 and extra["cost"] is None and extra.get("cost", 5) is None
    assert extra.cap == 0 and extra.space == 0 and "cap" not in extra
    assert extra.aura == {} and extra.grants == [] and extra.activated == [] and not extra.actv
    mine = compile_def(rb["aknagyuru"])
    assert mine.aura == rb["aknagyuru"]["effect"]["aura"] and mine.type == "base"
    ship = compile_def(rb["halalszarny"])
    assert (ship.firepower, ship.armor, ship.cap) == (ship["firepower"], ship["armor"],
                                                      ship["cap"])
    assert ship.abil == ship["abil"] == rb["halalszarny"]["abilities"]


def test_a_definitions_fields_follow_a_write_through_the_bridge():
    """(Tests set up odd positions by writing a definition's stored key.)"""
    from rulesets.kgk.cards import compile_def

    d = compile_def(rulebook_cards()["halalszarny"])
    d["cap"] = 5
    assert d.cap == 5 and d["cap"] == 5 and d.stored["cap"] == 5
