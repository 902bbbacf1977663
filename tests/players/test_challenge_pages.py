"""The challenge pages through HTTP, in both languages: make a challenge, see it waiting on
/play/ and /challenges/, accept it with one button, withdraw one; refusals in words."""

from __future__ import annotations

import pytest

from matches.models import Match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def people(django_user_model):
    return {n: django_user_model.objects.create_user(n, password="titkos-jelszo-123")
            for n in ("anna", "bela")}


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_make_see_and_accept_a_challenge_on_the_pages(client, people, lang):
    client.cookies["django_language"] = lang
    client.force_login(people["anna"])
    page = client.get("/challenges/").content.decode()
    assert ("Új kihívás" if lang == "hu" else "New challenge") in page
    r = client.post("/challenges/new/", {"ruleset": "smugglers", "time_control": "1d",
                                         "rated": "on"})
    assert r.status_code == 302
    match = Match.objects.get()
    assert match.options["time_control"] == {"kind": "turn", "preset": "1d", "on_timeout": "lose"}
    mine = client.get("/challenges/").content.decode()
    assert ("1 nap lépésenként" if lang == "hu" else "1 day a move") in mine
    assert ("Visszavonom" if lang == "hu" else "Withdraw") in mine
    client.force_login(people["bela"])
    lobby = client.get("/play/").content.decode()
    assert ("Ellenfélre várnak" if lang == "hu" else "Waiting for an opponent") in lobby
    assert f"/challenges/{match.pk}/accept/" in lobby
    r = client.post(f"/challenges/{match.pk}/accept/")
    assert r.status_code == 302 and r["Location"] == f"/play/{match.pk}/"
    match.refresh_from_db()
    assert match.status == "active"
    again = client.post(f"/challenges/{match.pk}/accept/")
    assert again.status_code == 409
    text = again.content.decode()
    assert ("Ebben a meccsben nincs szabad hely." if lang == "hu"
            else "this challenge was already accepted") in text
    assert "not_open" not in text


def test_a_refused_challenge_says_why_in_hungarian(client, people):
    client.force_login(people["anna"])
    r = client.post("/challenges/new/", {"ruleset": "smugglers", "min_rating": "sok"})
    assert r.status_code == 400 and "Érvénytelen paraméter." in r.content.decode()
    r = client.post("/challenges/new/", {"ruleset": "smugglers", "opponent": "senki"})
    assert r.status_code == 400 and "unknown_player" not in r.content.decode()


def test_a_refusal_on_the_pages_has_its_codes_status_and_words(client, people, settings):
    """The pages refuse with the domain's errors, answered with the status their code has
    in the error catalogue (as the API would) and in words, never the code."""
    settings.KAOSZ_CHALLENGES_PER_USER = 1
    client.force_login(people["anna"])
    assert client.post("/challenges/new/", {"ruleset": "smugglers"}).status_code == 302
    r = client.post("/challenges/new/", {"ruleset": "smugglers"})
    assert r.status_code == 429 and "too_many_challenges" not in r.content.decode()
    assert "Már annyi nyitott kihívásod van" in r.content.decode()
    r = client.post("/challenges/999999/decline/")
    assert r.status_code == 404 and "invitation_not_found" not in r.content.decode()
    client.force_login(people["bela"])
    mine = Match.objects.get()
    r = client.post(f"/challenges/{mine.pk}/accept/", {"saved_deck": "x1"})
    assert r.status_code == 400 and "Nincs ilyen pakli" in r.content.decode()
