"""A deck the validator calls legal plays against a bot in every format, or is refused
before the match, naming the cards and why (the deck and lobby pages name them too, with
a link to contribute the missing value)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from decks import catalog
from decks.models import Deck
from decks.services import save_revision, validate_cards
from matches.models import Match
from tests.support.api import assert_error, client_for

ROOT = Path(__file__).resolve().parents[2]
PRACTICE_A = (ROOT / "fixtures" / "decks" / "practice-a.txt").read_text(encoding="utf-8")
OFFICIAL = [c["slug"] for c in json.loads(
    (ROOT / "fixtures" / "cards" / "rulebook.json").read_text(encoding="utf-8"))["cards"]]


def every_official_card_three_times() -> dict[str, int]:
    return {slug: 3 for slug in OFFICIAL}


@pytest.mark.django_db
def test_a_legal_tournament_deck_with_unknown_values_is_refused_naming_the_cards(
        cards_loaded, user):
    cards = every_official_card_three_times()
    assert validate_cards(cards, "tournament")["valid"] is True      # legal on paper
    api = client_for(user)
    body = {"ruleset": "kgk", "options": {"format": "tournament"},
            "seats": [{"player": "me", "deck": {"cards": [{"card": s, "count": n}
                                                          for s, n in cards.items()]}},
                      {"player": "bot:random"}]}
    err = assert_error(api.post("/api/v1/matches/", body, format="json"), 400,
                       "deck_unplayable")
    assert err["details"]["seat"] == 0
    named = {c["slug"]: c for c in err["details"]["cards"]}
    assert "chazma-toltet" in named and "halalszarny" not in named
    assert "unknown development limit" in named["chazma-toltet"]["reasons"]
    assert named["chazma-toltet"]["contribute"] == "/contribute/?card=chazma-toltet"
    assert not Match.objects.exists()
    # A hot-seat match with it is refused the same way, before anything starts.
    body["seats"][1] = {"player": "me", "deck": body["seats"][0]["deck"]}
    assert_error(api.post("/api/v1/matches/", body, format="json"), 400, "deck_unplayable")


@pytest.mark.django_db
def test_deck_and_lobby_pages_name_the_cards_waiting_for_a_value(cards_loaded, client, user):
    deck = Deck.objects.create(owner=user, name="Verseny", format="tournament")
    save_revision(deck, every_official_card_three_times(), "created")
    client.force_login(user)
    for lang, words in (("hu", "érték beküldése"), ("en", "contribute the value")):
        client.cookies["django_language"] = lang
        page = client.get(f"/decks/{deck.pk}/").content.decode()
        assert 'id="waiting-cards"' in page and words in page
        assert 'href="/contribute/?card=chazma-toltet"' in page
        lobby = client.get(f"/play/?ruleset=kgk&format=tournament&saved_deck={deck.pk}")
        assert 'href="/contribute/?card=chazma-toltet"' in lobby.content.decode()
    r = client.post("/play/new/", {"ruleset": "kgk", "opponent": "bot:random", "players": "2",
                                   "format": "tournament", "saved_deck": str(deck.pk)})
    assert r.status_code == 400
    body = r.content.decode()
    assert 'data-code="deck_unplayable"' in body and "/contribute/?card=chazma-toltet" in body
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_a_bot_without_a_deck_is_named_with_what_to_do(cards_loaded, user, client):
    body = {"ruleset": "kgk", "options": {"format": "tournament"},
            "seats": [{"player": "bot:random"}, {"player": "bot:random"}]}
    err = assert_error(client_for(user).post("/api/v1/matches/", body, format="json"), 400,
                       "deck_required")
    assert err["details"] == {"seat": 0, "format": "tournament", "bot": True}
    assert "(the bot)" in err["message"] and "bot plays a copy" in err["message"]
    client.force_login(user)
    client.cookies["django_language"] = "en"
    page = client.post("/play/new/", {"ruleset": "kgk", "opponent": "bot:random",
                                      "players": "2", "format": "tournament"})
    # Your own seat is named first: you bring a deck, and the bot then copies it.
    assert 'data-code="deck_required"' in page.content.decode()
    assert "plays a copy of it" in page.content.decode()


@pytest.mark.django_db
def test_the_bot_has_a_quick_start_deck(cards_loaded, user):
    from cards.models import Card

    ship = Card.objects.filter(type="ship", official=False).order_by("slug").first()
    mine = {"cards": [{"card": ship.slug, "count": 30}]}
    r = client_for(user).post("/api/v1/matches/", {
        "ruleset": "kgk", "options": {"format": "casual"},
        "seats": [{"player": "me", "deck": mine}, {"player": "bot:random"}]}, format="json")
    assert r.status_code == 201, r.content
    match = Match.objects.get()
    bot_seat = match.seats.get(index=1)
    assert match.status == Match.ACTIVE and bot_seat.deck_name == "bot-casual"
    played = match.config["decks"][1]               # the seats' decks move into the config
    assert len(played) == 30 and {c["type"] for c in played} == {"ship"}


@pytest.mark.django_db
def test_in_a_format_without_a_bot_deck_the_bot_mirrors_yours(cards_loaded, user):
    from cards.models import Card

    # Printed cards enough for a playable 45-card deck (the practice set, as if printed).
    Card.objects.filter(official=False).update(official=True)
    catalog.reset()
    try:
        deck = Deck.objects.create(owner=user, name="Saját", format="tournament-norace")
        save_revision(deck, _cards(PRACTICE_A), "created")
        api = client_for(user)
        body = {"ruleset": "kgk", "options": {"format": "tournament-norace"},
                "seats": [{"player": "bot:random"}, {"player": "me", "deck": deck.pk}]}
        r = api.post("/api/v1/matches/", body, format="json")
        assert r.status_code == 201, r.content
        match = Match.objects.get()
        bot, me = match.seats.get(index=0), match.seats.get(index=1)
        assert match.status == Match.ACTIVE and bot.deck_name == "Saját"
        decks = match.config["decks"]
        assert me.deck_name == "Saját" and sorted(c["slug"] for c in decks[0]) == \
            sorted(c["slug"] for c in decks[1])
    finally:
        catalog.reset()


def _cards(text: str) -> dict[str, int]:
    from decks.services import parse_input

    return parse_input({"text": text}).cards
