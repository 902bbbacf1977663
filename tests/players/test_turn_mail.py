"""'Your turn' e-mails received by a real SMTP server (aiosmtpd, started here
on a free port): a turn-based match played over simulated days, one mail per match per
turn, the unsubscribe link and the setting, and an SMTP server that is down delaying the
mail (retried by the sweep), never the move."""

from __future__ import annotations

import random
import re
from datetime import timedelta

import pytest

from players.models import Mail, TurnClock
from players.notifications.told import game_turn
from players.tasks import notify_turn, sweep_turns
from players.turns import clocks
from tests.support.api import client_for
from tests.support.matches import play_step
from tests.support.smtp import SITE, smtp_server
from tests.support.turn_based import acting_users, mail_the_turn_again, turn_based_match
from tests.support.waiting import until

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def smtp(settings):
    """A real SMTP server on a port the system picks; the settings point Django at it."""
    with smtp_server(settings) as inbox:
        yield inbox


@pytest.fixture
def people(django_user_model):
    return {n: django_user_model.objects.create_user(n, email=f"{n}@example.org",
                                                     password="titkos-jelszo-123")
            for n in ("anna", "bela")}


def test_a_match_over_simulated_days_mails_each_turn_once(smtp, people, client):
    match = turn_based_match(people)
    rng = random.Random(30)
    clients = {n: client_for(u) for n, u in people.items()}
    received, told, turns_changed = 0, set(), 0
    for _ in range(40):                       # a move a (simulated) day
        due = acting_users(match)
        turn = game_turn(match)
        new = {n for n in due if (n, turn) not in told}   # not yet told this game turn
        assert notify_turn.apply((match.pk,)).get() == len(new)   # the worker's task
        assert notify_turn.apply((match.pk,)).get() == 0          # at most once a turn
        received += len(new)
        turns_changed += bool(new)
        told |= {(n, turn) for n in new}
        assert len(smtp.messages) == received
        for name in new:
            mail = smtp.to(f"{name}@example.org")[-1]
            assert f"https://kaosz.example/play/{match.pk}/" in mail.get_payload()
            assert "Te jössz" in mail.get_payload() and "your turn" in mail.get_payload()
            assert mail["List-Unsubscribe"].strip().startswith(
                "<https://kaosz.example/notifications/unsubscribe/")
        # the sweep runs 20 hours into the move's day: within the day, nothing is enforced
        deadline = TurnClock.objects.get(match=match).deadline
        assert clocks.sweep(now=deadline - timedelta(hours=4)) == 0
        name = sorted(due)[0]
        seat = next(s.index for s in match.seats.all() if s.user.username == name)
        play_step(clients[name], match.pk, rng, seat=seat)
        match.refresh_from_db()
        if match.status != "active" or turns_changed >= 4:
            break
    # both players were told, several times, and never twice for one turn
    assert turns_changed >= 3 and len({m["To"] for m in smtp.messages}) == 2
    # the match ends (the one to act resigns); both see the new turn-based rating
    loser = sorted(acting_users(match))[0]
    r = clients[loser].post(f"/api/v1/matches/{match.pk}/resign/", {}, format="json")
    assert r.status_code == 200, r.content
    client.cookies["django_language"] = "en"
    for name in people:
        page = client.get(f"/players/{name}/").content.decode()
        assert "Káosz Galaktika · turn-based" in page and "<polyline" in page
        rating = client.get(f"/api/v1/players/{name}/").json()["ratings"][0]
        assert rating["family"] == "turn" and rating["games"] == 1
        assert (rating["rating"] < 1500) == (name == loser)


def test_the_unsubscribe_link_and_the_setting_stop_the_mails(smtp, people, client):
    match = turn_based_match(people)
    name = sorted(acting_users(match))[0]
    assert notify_turn.apply((match.pk,)).get() >= 1
    link = re.search(r"https://kaosz\.example(/notifications/unsubscribe/[^/\s]+/)",
                     smtp.to(f"{name}@example.org")[0].get_payload()).group(1)
    page = client.get(link)                       # asking changes nothing
    assert page.status_code == 200 and 'id="unsubscribe"' in page.content.decode()
    done = client.post(link)
    assert done.status_code == 200 and 'id="unsubscribed"' in done.content.decode()
    assert client.post(link[:-3] + "xx/").status_code == 404   # a forged token
    mail_the_turn_again(match)
    before = len(smtp.to(f"{name}@example.org"))
    notify_turn.apply((match.pk,)).get()
    assert len(smtp.to(f"{name}@example.org")) == before       # unsubscribed: none
    # the settings page turns it back on
    client.force_login(people[name])
    client.post("/account/notifications/", {"email_turns": "on"})
    mail_the_turn_again(match)
    notify_turn.apply((match.pk,)).get()
    assert len(smtp.to(f"{name}@example.org")) == before + 1


def test_smtp_down_delays_the_mail_never_the_move(smtp, people, settings):
    match = turn_based_match(people)
    port, settings.EMAIL_PORT = settings.EMAIL_PORT, 1   # nothing listens: refused
    assert notify_turn.apply((match.pk,)).get() == 0              # failed, not marked sent
    assert Mail.objects.filter(match=match, sent=None).exists()   # kept for a later try
    # the move is answered meanwhile
    name = sorted(acting_users(match))[0]
    seat = next(s.index for s in match.seats.all() if s.user.username == name)
    played = play_step(client_for(people[name]), match.pk, random.Random(1), seat=seat)
    assert played is not None
    assert sweep_turns.apply().get()["mails"] == 0                # still down: retried later
    assert smtp.messages == []
    settings.EMAIL_PORT = port
    assert sweep_turns.apply().get()["mails"] >= 1                # back: the sweep sends it
    assert smtp.messages


@pytest.mark.celery
def test_the_worker_mails_the_turn_within_seconds_of_the_move(celery_worker_process,
                                                              worker_smtp, people):
    """The production path: the move's answer hands the mail to the real Celery
    worker, which sends it to a real SMTP server within seconds."""
    if celery_worker_process is None:
        pytest.skip("the worker's path: PostgreSQL + Redis + a Celery worker (REDIS_URL)")
    inbox, _ = worker_smtp
    match = turn_based_match(people)
    name = sorted(acting_users(match))[0]
    seat = next(s.index for s in match.seats.all() if s.user.username == name)
    rng = random.Random(3)
    while acting_users(match) == {name}:           # until the other has come to act
        assert play_step(client_for(people[name]), match.pk, rng, seat=seat) is not None
    other = next(iter(acting_users(match)))
    link = f"{SITE}/play/{match.pk}/"
    until(lambda: any(link in m.get_payload() for m in inbox.to(f"{other}@example.org")),
          timeout=20, what="the worker's mail")
