"""A simulation shows the name of a deck it plays (a saved deck may be
private) to its creator only; anyone else sees ``deck <i>``, in the API and on the
pages."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.support.api import client_for
from tests.support.matches import ROOT

SECRET = "Titkos Pakli Zeta"


@pytest.mark.django_db(transaction=True)
def test_a_private_decks_name_stays_with_the_simulations_creator(cards_loaded,
                                                                 django_user_model):
    owner = django_user_model.objects.create_user("owner")
    other = django_user_model.objects.create_user("other")
    me = client_for(owner)
    text = (ROOT / "fixtures" / "decks" / "practice-a.txt").read_text(encoding="utf-8")
    deck = me.post("/api/v1/decks/", {"name": SECRET, "format": "practice", "text": text},
                   format="json")
    assert deck.status_code == 201, deck.content
    assert deck.json().get("public") in (None, False)
    r = me.post("/api/v1/simulations/", {"ruleset": "kgk", "games": 1, "seed": "p",
                                         "decks": [deck.json()["id"]]}, format="json")
    assert r.status_code == 202, r.content
    sim = r.json()["id"]
    assert me.get(f"/api/v1/simulations/{sim}/").json()["labels"][0] == SECRET
    for who in (APIClient(), client_for(other)):
        for path in (f"/api/v1/simulations/{sim}/", "/api/v1/simulations/",
                     f"/play/simulations/{sim}/", "/play/simulations/"):
            page = who.get(path)
            assert page.status_code == 200, (path, page.status_code)
            assert SECRET not in page.content.decode(), path
        assert who.get(f"/api/v1/simulations/{sim}/").json()["labels"][0] == "deck 0"
