"""The bugs a person hit outside the boards, through the pages and the API.

Each test failed on the code before the fix: the organiser's own "Nevezek", a match in a
typed-in format with undeclared practice decks, no saved decks to pick, /favicon.ico, no
sign-up link or password reset, English leaking Hungarian and Hungarian leaking keys.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core import mail

from decks.models import Deck
from decks.services import parse_input, save_revision
from matches.models import Match
from matches.tournaments import services as tournaments
from tests.support.api import assert_error, client_for

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "titkos-jelszo-123"


def english(client) -> None:
    client.cookies["django_language"] = "en"


def practice_cards() -> dict[str, int]:
    text = (ROOT / "fixtures" / "decks" / "practice-a.txt").read_text(encoding="utf-8")
    return parse_input({"text": text}).cards


def saved_deck(owner, name: str = "Saját pakli", fmt: str = "practice") -> Deck:
    deck = Deck.objects.create(owner=owner, name=name, format=fmt)
    save_revision(deck, practice_cards(), "created")
    return deck


# ------------------------------------------------------------------ tournaments


def test_the_organiser_registers_themself_with_the_nevezek_button(client, user):
    t = tournaments.create_tournament(user, name="Saját Kupa", decks_required=False)
    client.force_login(user)
    r = client.post(f"/tournaments/{t.pk}/", {"op": "register", "deck_name": "",
                                              "deck_text": ""})
    assert r.status_code == 302, r.content.decode()[:2000]
    entry = t.entries.get()
    assert entry.user == user and entry.name == user.username


def test_tournament_pages_name_formats_and_refusals_in_hungarian(client, user):
    client.force_login(user)
    page = client.get("/tournaments/").content.decode()
    assert ">practice<" not in page and "Gyakorló (45 lap)" in page
    # KG-1.6.6: the formats that relax the race rules are not offered for a tournament
    assert "egyszerűsített fajok" not in page and "faji korlátozás nélkül" not in page
    t = tournaments.create_tournament(user, name="Kupa", format="practice")
    body = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "practice ·" not in body and "Gyakorló (45 lap)" in body
    tournaments.register(t, by=user, name="Anna")
    tournaments.register(t, by=user, name="Béla")
    r = client.post(f"/tournaments/{t.pk}/manage/", {"op": "start"})
    text = r.content.decode()
    assert 'data-code="decks_not_ready"' in text
    visible = re.sub(r"<[^>]+>", " ", text)
    assert "decks_not_ready" not in visible
    assert "Nem minden játékosnak van szabályos paklija" in visible


# ------------------------------------------------------------------ lobby and API


@pytest.mark.parametrize("fmt", ["verseny", "tournament"])
def test_the_lobby_validates_the_decks_for_the_named_format(client, user, cards_loaded, fmt):
    client.force_login(user)
    r = client.post("/play/new/", {"ruleset": "kgk", "opponent": "bot:random", "players": "2",
                                   "format": fmt, "deck": ""})
    assert r.status_code == 400
    assert not Match.objects.exists()
    body = r.content.decode()
    code = "unknown_format" if fmt == "verseny" else "deck_required"
    assert f'data-code="{code}"' in body
    assert "Ismeretlen formátum" in body if fmt == "verseny" else "gyakorló pakli" in body


def test_the_api_validates_the_decks_for_the_named_format(user, cards_loaded):
    api = client_for(user)
    body = {"ruleset": "kgk", "seats": [{"player": "me"}, {"player": "bot:random"}],
            "options": {"format": "tournament"}}
    r = api.post("/api/v1/matches/", body, format="json")
    err = assert_error(r, 400, "deck_required")
    assert err["details"]["seat"] == 0 and err["details"]["validation"]["valid"] is False
    r = api.post("/api/v1/matches/", {**body, "options": {"format": "verseny"}}, format="json")
    assert_error(r, 400, "unknown_format")
    assert not Match.objects.exists()
    # The practice format still takes the practice decks, as before.
    ok = api.post("/api/v1/matches/", {**body, "options": {"format": "practice"}}, format="json")
    assert ok.status_code == 201, ok.content


def test_a_joiner_without_a_deck_is_checked_against_the_format(user, django_user_model,
                                                               cards_loaded):
    from cards.models import Card

    ship = Card.objects.filter(type="ship", official=False).order_by("slug").first()
    quick = {"cards": [{"card": ship.slug, "count": 30}]}  # a legal quick-start deck
    r = client_for(user).post("/api/v1/matches/", {
        "ruleset": "kgk", "options": {"format": "casual"},
        "seats": [{"player": "me", "deck": quick}, {"player": "open"}]}, format="json")
    assert r.status_code == 201, r.content
    other = django_user_model.objects.create_user("masik", password=PASSWORD)
    joiner = client_for(other)
    # Without a deck the joiner would play the 45-card practice deck: not a quick-start deck.
    err = assert_error(joiner.post(f"/api/v1/matches/{r.json()['id']}/join/", {},
                                   format="json"), 400, "deck_required")
    assert err["details"]["seat"] == 1
    ok = joiner.post(f"/api/v1/matches/{r.json()['id']}/join/", {"deck": quick}, format="json")
    assert ok.status_code == 200, ok.content


def test_lobby_and_simulations_offer_saved_decks_and_formats(client, user, cards_loaded):
    deck = saved_deck(user, "Kedvenc paklim")
    client.force_login(user)
    lobby = client.get("/play/").content.decode()
    assert re.search(r'<select name="format"', lobby)
    assert re.search(rf'<option value="{deck.pk}"[^>]*>Kedvenc paklim', lobby)
    sims = client.get("/play/simulations/").content.decode()
    assert '<select name="format"' in sims
    assert re.search(rf'<option value="{deck.pk}"[^>]*>Kedvenc paklim', sims)
    r = client.post("/play/new/", {"ruleset": "kgk", "opponent": "bot:random", "players": "2",
                                   "format": "practice", "saved_deck": str(deck.pk)})
    assert r.status_code == 302, r.content.decode()[:3000]
    match = Match.objects.get()
    assert match.seats.get(index=0).deck_name == "Kedvenc paklim"
    assert match.options["format"] == "practice"


def test_lobby_shows_game_titles_and_statuses_not_keys(client, user, cards_loaded):
    client.force_login(user)
    client.post("/play/new/", {"ruleset": "smugglers", "opponent": "bot:random",
                               "players": "2"})
    body = client.get("/play/").content.decode()
    visible = re.sub(r"<[^>]+>", " ", body)
    assert "bot:random" not in visible and " active" not in visible
    assert "Véletlen gép" in visible and "folyik" in visible


# ------------------------------------------------------------------ decks


def test_a_copy_is_named_in_the_language_of_who_copies_it(client, user, cards_loaded):
    deck = saved_deck(user, "Alap")
    deck.public = True
    deck.save()
    client.force_login(user)
    english(client)
    r = client.post(f"/decks/{deck.pk}/copy/")
    assert r.status_code == 302
    copy = Deck.objects.exclude(pk=deck.pk).get()
    assert copy.name == "Alap (copy)"


def test_english_deck_page_counts_one_card(client, user, cards_loaded):
    deck = Deck.objects.create(owner=user, name="Egy lap", format="practice", public=True)
    save_revision(deck, {next(iter(practice_cards())): 1}, "created")
    english(client)
    body = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "1</strong> card ·" in body and "1</strong> cards" not in body
    assert "Practice (45 cards)" in body  # the format's title, not its key


def test_an_unreadable_deck_code_is_said_in_hungarian(client, cards_loaded):
    body = client.post("/decks/import/", {"code": "!!nem-kod!!", "text": "",
                                          "format": "practice"}).content.decode()
    assert "A paklikód nem olvasható" in body and "cannot be read" not in body
    english(client)
    body = client.post("/decks/import/", {"code": "!!nem-kod!!", "text": "",
                                          "format": "practice"}).content.decode()
    assert "that deck code cannot be read" in body


# ------------------------------------------------------------------ accounts and favicon


def test_favicon(client):
    r = client.get("/favicon.ico")
    assert r.status_code == 301
    assert client.get(r["Location"]).status_code == 200
    assert 'rel="icon"' in client.get("/accounts/login/").content.decode()


def test_login_page_links_to_sign_up_and_reset(client):
    body = client.get("/accounts/login/").content.decode()
    assert 'id="signup-link"' in body and 'href="/accounts/password_reset/" id="forgot-link"' in body


def test_sign_up_asks_for_an_email_and_keeps_it(client, django_user_model):
    form = client.get("/accounts/signup/").content.decode()
    assert 'name="email"' in form
    r = client.post("/accounts/signup/?next=/decks/", {
        "username": "uj", "email": "uj@example.org", "password1": "Hosszu-jelszo-987",
        "password2": "Hosszu-jelszo-987", "next": "/decks/"})
    assert r.status_code == 302 and r["Location"] == "/decks/"
    assert django_user_model.objects.get(username="uj").email == "uj@example.org"
    client.logout()
    again = client.post("/accounts/signup/", {
        "username": "uj2", "email": "UJ@example.org", "password1": "Hosszu-jelszo-987",
        "password2": "Hosszu-jelszo-987"})
    assert again.status_code == 200 and "Ezzel az e-mail-címmel már van fiók" in \
        again.content.decode()


def test_password_reset_by_email(client, django_user_model, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    django_user_model.objects.create_user("feledekeny", email="f@example.org",
                                          password="Regi-jelszo-123")
    r = client.post("/accounts/password_reset/", {"email": "f@example.org"})
    assert r.status_code == 302
    assert "Elküldtük" in client.get(r["Location"]).content.decode()
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["f@example.org"] and "Új jelszó" in message.subject
    link = re.search(r"https?://[^/\s]+(/accounts/reset/\S+)", message.body).group(1)
    form = client.get(link, follow=True)
    assert form.status_code == 200 and 'name="new_password1"' in form.content.decode()
    done = client.post(form.redirect_chain[-1][0], {"new_password1": "Uj-jelszo-456789",
                                                    "new_password2": "Uj-jelszo-456789"})
    assert done.status_code == 302
    assert client.login(username="feledekeny", password="Uj-jelszo-456789")


def test_email_settings_come_from_the_environment(monkeypatch):
    import importlib

    import kaosz.settings as s

    monkeypatch.setenv("EMAIL_HOST", "smtp.example.org")
    monkeypatch.setenv("EMAIL_PORT", "2525")
    monkeypatch.setenv("EMAIL_USE_TLS", "0")
    monkeypatch.setenv("DEFAULT_FROM_EMAIL", "kaosz@example.org")
    try:
        fresh = importlib.reload(s)
        assert fresh.EMAIL_BACKEND == "django.core.mail.backends.smtp.EmailBackend"
        assert (fresh.EMAIL_HOST, fresh.EMAIL_PORT, fresh.EMAIL_USE_TLS) == \
            ("smtp.example.org", 2525, False)
        assert fresh.DEFAULT_FROM_EMAIL == "kaosz@example.org"
    finally:
        monkeypatch.undo()
        importlib.reload(s)
    assert s.EMAIL_BACKEND == "django.core.mail.backends.console.EmailBackend"
