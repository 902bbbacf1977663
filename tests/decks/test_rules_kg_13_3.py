"""KGK rule coverage, section 13.3: deck rules a match applies, through the match API and
the deck validator (Django, the shipped cards loaded)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.api import assert_error, client_for

ROOT = Path(__file__).resolve().parents[2]
PRACTICE_A = (ROOT / "fixtures" / "decks" / "practice-a.txt").read_text(encoding="utf-8")
PRACTICE_B = (ROOT / "fixtures" / "decks" / "practice-b.txt").read_text(encoding="utf-8")


@pytest.mark.django_db
def test_kg_13_3_3_both_players_play_under_the_same_deck_rules(cards_loaded,
                                                                django_user_model):
    """KG-13.3.3 ("mindkét játékos ugyanazokat a szabályokat kell, hogy alkalmazza"): the
    deck rules chosen for a match bind both seats. In a ``practice`` match (45 cards) the
    second seat's deck one card short is refused, naming that seat, and no match starts;
    with both decks legal it starts."""
    anna = client_for(django_user_model.objects.create_user("anna", password="titkos-123-x"))
    short_b = "\n".join(PRACTICE_B.splitlines()[1:])
    body = {"ruleset": "kgk", "options": {"format": "practice"},
            "seats": [{"player": "me", "deck": {"text": PRACTICE_A}},
                      {"player": "bot:random", "deck": {"text": short_b}}]}
    err = assert_error(anna.post("/api/v1/matches/", body, format="json"), 400, "deck_invalid")
    assert err["details"]["seat"] == 1
    assert err["details"]["validation"]["valid"] is False
    assert anna.get("/api/v1/matches/").json()["count"] == 0
    body["seats"][1]["deck"] = {"text": PRACTICE_B}
    created = anna.post("/api/v1/matches/", body, format="json")
    assert created.status_code == 201, created.content
