"""One source per card: the card records the app serves (loaded by ``load_cards`` into the
database, read back as a deck's records) carry the behaviour the engine plays. Before,
Aknagyűrű's attack tax lived only in a side table the tests read, so a real match never
taxed an attack (KG-14.2.2)."""

from __future__ import annotations

import pytest

from cards.models import Card
from rulesets.kgk import RULESET as R
from tests.kgk.helpers import act, filler, ids_of, mid_game, put, scenario

pytestmark = pytest.mark.django_db

DANI, LACI = 0, 1


def app_record(slug: str) -> dict:
    return Card.objects.get(slug=slug).to_record()


def test_the_apps_aknagyuru_taxes_an_attack(cards_loaded, api):
    served = api.get("/api/v1/cards/aknagyuru/").json()
    assert served["slug"] == "aknagyuru"
    akna = app_record("aknagyuru")
    assert akna["effect"] == {"aura": {"attack_tax": 1}}

    s = scenario([[app_record("holdimado")] + filler(10), [akna] + filler(10)])
    mid_game(s, LACI)
    base = put(s, ids_of(s, LACI, "aknagyuru")[0], "surface", paid=False, dev=2)
    s["p"][LACI]["cr"] = 10
    act(s, LACI, {"type": "develop", "base": base})
    act(s, LACI, {"type": "develop", "base": base})
    # Developed to its limit, the base can be paid: the catalogue's limit "4" (text, since
    # it may be "?") is read as the number 4 (before, a real match's Aknagyűrű never could).
    act(s, LACI, {"type": "pay", "card": base})
    assert s["cards"][base]["paid"]  # in play: its aura applies
    act(s, LACI, {"type": "end_turn"})
    put(s, ids_of(s, DANI, "holdimado")[0], "hangar")
    s["p"][DANI]["cr"] = 12
    act(s, DANI, {"type": "attack", "target": "colony"})
    assert s["p"][DANI]["cr"] == 11  # KG-14.2.2: one credit to attack (was 12 -> 12)
    assert R.outcome(s) is None


def test_every_rulebook_card_the_app_serves_has_its_behaviour(cards_loaded):
    for slug, key in [("tuzer", "choose_at_end_of_payment"), ("chazma-toltet", "ops"),
                      ("durmacel-celterelo", "ops"), ("felsobb-parancs", "ops"),
                      ("felulbiralas", "ops"), ("extra-talalat", "ops")]:
        assert key in (app_record(slug)["effect"] or {}), slug
