"""Told when invited: one place for what needs you (page, header count, API), one e-mail
per invitation (a setting, an unsubscribe link), the account stream carrying every kind of
event within a second; and one way to make a challenge (every path through its rules and
caps, a declined one stays closed, direct ones never listed publicly)."""

from __future__ import annotations

import re
import time

import pytest
from django.core import mail
from django.test import Client, override_settings

from kaosz.models import SeatInvitation
from matches.live import account
from matches.models import Match
from players.models import Mail, Notification, NotificationSetting
from players.notifications import outbox
from tests.support.api import assert_error, client_for

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "titkos-jelszo-123"


@pytest.fixture
def people(django_user_model):
    return {n: django_user_model.objects.create_user(n, email=f"{n}@example.com",
                                                     password=PASSWORD)
            for n in ("anna", "bela", "cili")}


def signed_in(user, lang: str = "hu") -> Client:
    c = Client()
    c.force_login(user)
    c.cookies["django_language"] = lang
    return c


def direct(maker, opponent, **body) -> int:
    r = client_for(maker).post("/api/v1/challenges/", {"ruleset": "smugglers",
                                                       "opponent": opponent.username, **body},
                               format="json")
    assert r.status_code == 201, r.content
    # The invitation's mail waits in the outbox, written with the invitation; the worker
    # (here: its task, run by the test) sends it.
    outbox.send_turn_mail(r.json()["id"])
    return r.json()["id"]


def test_an_invitation_is_told_everywhere_once_and_accepted_in_one_tap(people):
    anna, bela = people["anna"], people["bela"]
    match_id = direct(anna, bela)
    # One e-mail, to the invited player, with the page to answer on and an unsubscribe link.
    assert [m.to for m in mail.outbox] == [["bela@example.com"]]
    body = mail.outbox[0].body
    assert "anna" in body and "/notifications/" in body and "/notifications/unsubscribe/" in body
    inbox = client_for(bela).get("/api/v1/notifications/").json()
    assert inbox["unseen"] == 1
    assert [(n["kind"], n["match"], n["data"]["from"]) for n in inbox["notifications"]] == \
        [("invitation", match_id, "anna")]
    assert client_for(bela).get("/api/v1/notifications/count/").json() == \
        {"unseen": 1, "your_turn": 0}
    for lang, words in (("hu", "kihívott"), ("en", "challenged you")):
        Notification.objects.update(seen=False)
        page = signed_in(bela, lang).get("/play/").content.decode()
        assert re.search(r'id="notification-count" data-count="1"', page)
        inbox_page = signed_in(bela, lang).get("/notifications/").content.decode()
        assert words in inbox_page and f'action="/challenges/{match_id}/accept/"' in inbox_page
    assert client_for(bela).get("/api/v1/notifications/count/").json()["unseen"] == 0
    # One tap: the Accept button's form.
    r = signed_in(bela).post(f"/challenges/{match_id}/accept/")
    assert r.status_code == 302 and r["Location"] == f"/play/{match_id}/"
    assert Match.objects.get(pk=match_id).status == Match.ACTIVE
    kinds = list(Notification.objects.filter(user=anna).values_list("kind", flat=True))
    assert kinds == ["challenge_accepted"]
    assert len(mail.outbox) == 1                       # the acceptance mails nobody
    assert outbox.send_due() == 0 and Mail.objects.get().kind == Mail.INVITATION


def test_invitation_mail_follows_the_setting_and_the_unsubscribe_link(people):
    anna, bela, cili = people["anna"], people["bela"], people["cili"]
    NotificationSetting.objects.create(user=bela, email_invitations=False)
    direct(anna, bela)
    assert mail.outbox == []
    direct(anna, cili)
    link = re.search(r"/notifications/unsubscribe/[^/\s]+/", mail.outbox[0].body)[0]
    assert Client().post(link).status_code == 200
    assert not NotificationSetting.objects.get(user=cili).email_invitations
    assert Notification.objects.filter(user=cili, kind="invitation").count() == 1


def test_a_declined_challenge_stays_closed_until_its_maker_opens_it(people):
    anna, bela, cili = people["anna"], people["bela"], people["cili"]
    match_id = direct(anna, bela, rated=True)
    r = client_for(bela).post(f"/api/v1/matches/{match_id}/decline/")
    assert r.status_code == 200, r.content
    assert Notification.objects.filter(user=anna, kind="challenge_declined").exists()
    assert_error(client_for(cili).post(f"/api/v1/challenges/{match_id}/accept/", {},
                                       format="json"), 409, "not_open")
    assert_error(client_for(cili).post(f"/api/v1/matches/{match_id}/join/", {},
                                       format="json"), 409, "not_open")
    assert match_id not in [c["id"] for c in
                            client_for(cili).get("/api/v1/challenges/").json()["challenges"]]
    r = signed_in(anna).post(f"/challenges/{match_id}/open/")
    assert r.status_code == 302
    ok = client_for(cili).post(f"/api/v1/challenges/{match_id}/accept/", {}, format="json")
    assert ok.status_code == 200, ok.content


def test_direct_challenges_are_never_listed_publicly(people):
    anna, bela, cili = people["anna"], people["bela"], people["cili"]
    match_id = direct(anna, bela)
    r = client_for(anna).post("/api/v1/matches/", {
        "ruleset": "smugglers", "seats": [{"player": "me"}, {"player": "bela"}]},
        format="json")
    assert r.status_code == 201, r.content
    other_id = r.json()["id"]
    for viewer in (client_for(cili), Client()):
        listed = viewer.get("/api/v1/matches/?status=open").json()["results"]
        assert not {match_id, other_id} & {m["id"] for m in listed}
        lobby = viewer.get("/play/").content.decode()
        assert f"/play/{match_id}/" not in lobby and f"/play/{other_id}/" not in lobby
    for involved in (anna, bela):
        listed = client_for(involved).get("/api/v1/matches/?status=open").json()["results"]
        assert {match_id, other_id} <= {m["id"] for m in listed}


def test_every_path_goes_through_the_challenge_rules(people, settings):
    anna = people["anna"]
    api = client_for(anna)
    for options in ({"rated": True}, {"seek": True}, {"min_rating": 9000},
                    {"time_control": {"kind": "turn", "preset": "1d"}}):
        err = assert_error(api.post("/api/v1/matches/", {
            "ruleset": "smugglers", "options": options,
            "seats": [{"player": "me"}, {"player": "open"}]}, format="json"), 400,
            "challenge_options")
        assert err["details"]["use"] == "/api/v1/challenges/"
    settings.KAOSZ_CHALLENGES_PER_USER = 2
    for _ in range(2):
        r = api.post("/api/v1/matches/", {"ruleset": "smugglers",
                                          "seats": [{"player": "me"}, {"player": "bela"}]},
                     format="json")
        assert r.status_code == 201, r.content
    assert_error(api.post("/api/v1/matches/", {"ruleset": "smugglers", "seats": [
        {"player": "me"}, {"player": "cili"}]}, format="json"), 429, "too_many_challenges")
    assert_error(api.post("/api/v1/challenges/", {"ruleset": "smugglers"}, format="json"),
                 429, "too_many_challenges")


@override_settings(KAOSZ_CHALLENGES_PER_HOUR=6)
def test_making_and_withdrawing_in_a_loop_is_limited(people):
    anna, bela = people["anna"], people["bela"]
    api = client_for(anna)
    for _ in range(3):                            # each round: made + withdrawn = 2
        match_id = direct(anna, bela)
        assert api.post(f"/api/v1/challenges/{match_id}/cancel/").status_code == 204
    err = assert_error(api.post("/api/v1/challenges/", {
        "ruleset": "smugglers", "opponent": "bela"}, format="json"), 429, "too_many_challenges")
    assert err["details"]["max_per_hour"] == 6
    kinds = list(Notification.objects.filter(user=bela).values_list("kind", flat=True))
    assert kinds.count("invitation") == 3 and kinds.count("challenge_withdrawn") == 3


def test_the_account_stream_sees_a_challenge_within_a_second(people):
    anna, bela = people["anna"], people["bela"]
    listener = account.Listener(bela.pk)
    maker = account.Listener(anna.pk)
    try:
        started = time.monotonic()
        match_id = direct(anna, bela)
        got = [account.parse(m) for m in listener.next(timeout=1.0)]
        assert time.monotonic() - started < 1.0
        assert [(k, p["match"], p["from"]) for _, k, p in got] == \
            [("invitation", match_id, "anna")]
        client_for(bela).post(f"/api/v1/challenges/{match_id}/accept/", {}, format="json")
        seen = _drain(maker, {"challenge_accepted", "match_started"})
        assert seen["challenge_accepted"]["players"] == ["anna", "bela"]
        assert seen["match_started"]["match"] == match_id
        second = direct(anna, bela)
        client_for(anna).post(f"/api/v1/challenges/{second}/cancel/")
        assert _drain(listener, {"challenge_withdrawn"})["challenge_withdrawn"]["match"] == second
        third = direct(anna, bela)
        client_for(bela).post(f"/api/v1/matches/{third}/decline/")
        assert _drain(maker, {"challenge_declined"})["challenge_declined"]["by"] == "bela"
    finally:
        listener.close()
        maker.close()
    assert SeatInvitation.objects.filter(status=SeatInvitation.DECLINED).count() == 1


def _drain(listener: account.Listener, wanted: set[str]) -> dict[str, dict]:
    """The payloads of the ``wanted`` kinds, waiting up to a second for each."""
    found: dict[str, dict] = {}
    deadline = time.monotonic() + len(wanted)
    while not wanted <= set(found) and time.monotonic() < deadline:
        for message in listener.next(timeout=0.5):
            parsed = account.parse(message)
            if parsed is not None:
                found.setdefault(parsed[1], parsed[2])
    return found
