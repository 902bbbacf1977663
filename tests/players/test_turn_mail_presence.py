""""Your turn" mails only when the person is really needed: a due mail waits while its
person is on the site and goes once they have been away a few minutes (here a second),
if it is still their turn then; a person mailed a moment ago gets one mail naming every
match that came due meanwhile (a digest). A real SMTP server, and the in-process worker
running the tasks as the embedded server does."""

from __future__ import annotations

import random
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from matches.live import presence
from players.models import Mail
from players.notifications import outbox
from players.tasks import notify_turn, sweep_turns
from tests.support.api import client_for
from tests.support.matches import play_step, wait_for
from tests.support.smtp import smtp_server, subject
from tests.support.turn_based import acting_users, mail_the_turn_again, turn_based_match

pytestmark = pytest.mark.django_db(transaction=True)

AWAY = 1.0     # seconds: "a few minutes" of the site, shortened


@pytest.fixture
def smtp(settings):
    with smtp_server(settings) as inbox:
        yield inbox


@pytest.fixture
def people(django_user_model):
    found = {n: django_user_model.objects.create_user(n, email=f"{n}@example.org",
                                                      password="titkos-jelszo-123")
             for n in ("anna", "bela")}
    for user in found.values():
        presence.forget(user.pk)
    yield found
    for user in found.values():
        presence.forget(user.pk)


@pytest.fixture
def presence_on(settings):
    settings.KAOSZ_TURN_MAIL_AWAY, settings.KAOSZ_PRESENCE_EVERY = AWAY, 0.0
    settings.KAOSZ_TURN_MAIL_GAP = 0.0


def sweep(worker) -> None:
    """The beat's sweep, run by the in-process worker."""
    sweep_turns.delay()
    worker.wait_idle()


def test_a_person_on_the_site_is_mailed_once_they_have_been_away(
        presence_on, inprocess_worker, smtp, people, client):
    match = turn_based_match(people)          # both were on the site just now
    inprocess_worker.wait_idle()              # (the worker's look at the new turn)
    due = acting_users(match)
    assert due and smtp.messages == []
    held = Mail.objects.filter(match=match, sent=None)
    assert {m.user.username for m in held} == due and all(m.not_before for m in held)
    # they stay at the board (a page visit) for longer than "away": no mail
    name = sorted(due)[0]
    client.force_login(people[name])
    watching_until = time.monotonic() + 3 * AWAY
    while time.monotonic() < watching_until:
        assert client.get(f"/play/{match.pk}/").status_code == 200
        sweep(inprocess_worker)
        assert smtp.to(f"{name}@example.org") == []
    last_seen = presence.last_seen(people[name].pk)
    assert last_seen is not None
    # they leave: the sweep mails them once they have been away AWAY seconds
    wait_for(lambda: sweep(inprocess_worker) or smtp.to(f"{name}@example.org"), timeout=30)
    row = Mail.objects.get(match=match, user=people[name])
    assert row.dropped == "" and row.sent.timestamp() >= last_seen + AWAY
    assert len(smtp.to(f"{name}@example.org")) == 1
    assert f"/play/{match.pk}/" in smtp.to(f"{name}@example.org")[0].get_payload()
    sweep(inprocess_worker)
    assert len(smtp.to(f"{name}@example.org")) == 1          # once


def test_a_person_who_played_while_here_is_not_mailed_after(
        presence_on, inprocess_worker, smtp, people, settings):
    """They were here and did what was asked: once they leave, nothing is sent about it
    (the match has moved on to the other player)."""
    match = turn_based_match(people)
    inprocess_worker.wait_idle()
    name = sorted(acting_users(match))[0]
    user = people[name]
    seat = next(s.index for s in match.seats.all() if s.user_id == user.pk)
    rng = random.Random(5)
    # While they play they are here, however long a step takes: on a loaded machine one
    # step took more than AWAY, the mail of a turn that was still theirs went out, and
    # that (rightly sent) mail was then taken for one sent after they had played.
    settings.KAOSZ_TURN_MAIL_AWAY = 600.0
    while name in acting_users(match):        # they play until it is the other's turn
        assert play_step(client_for(user), match.pk, rng, seat=seat) is not None
    inprocess_worker.wait_idle()
    settings.KAOSZ_TURN_MAIL_AWAY = AWAY
    # (a row still held looks again at the next sweep, as it would AWAY after they left)
    Mail.objects.filter(match=match, user=user, sent=None).update(not_before=None)
    last_seen = presence.last_seen(user.pk)
    assert last_seen is not None
    # long after they left, the sweep has looked at their row: not sent
    wait_for(lambda: sweep(inprocess_worker) or time.time() > last_seen + 2 * AWAY,
             timeout=30)
    sweep(inprocess_worker)
    assert smtp.to(f"{name}@example.org") == []
    row = Mail.objects.get(match=match, user=user)
    assert row.sent is None or row.dropped     # held for this game turn, or dropped


def test_several_matches_due_make_one_mail_naming_each(smtp, people, settings):
    """A digest: a person mailed a moment ago is not mailed again for each match that
    comes due, but once the gap is over, in one mail naming them all; each match is still
    told once per turn."""
    settings.KAOSZ_TURN_MAIL_GAP = 3600.0
    name, matches = "anna", []
    for _ in range(30):                 # (who opens a match is drawn)
        match = turn_based_match(people)
        if acting_users(match) == {name}:
            matches.append(match)
        if len(matches) == 3:
            break
    address = f"{name}@example.org"
    assert len(matches) == 3
    Mail.objects.exclude(user=people[name]).delete()   # (bela's matches: not this test's)
    # the first look sends what is due in all of them at once: one mail names the three
    assert notify_turn.apply((matches[0].pk,)).get() >= 1
    assert len(smtp.to(address)) == 1
    first = smtp.to(address)[0]
    assert "your turn in 3 matches" in subject(first)
    for m in matches:
        assert f"/play/{m.pk}/" in first.get_payload()
    # two of them come due again a minute later: held, the gap is not over
    for m in matches[:2]:
        mail_the_turn_again(m)
        assert notify_turn.apply((m.pk,)).get() == 0
    assert len(smtp.to(address)) == 1
    held = Mail.objects.filter(user=people[name], sent=None)
    assert held.count() == 2 and all(r.not_before for r in held)
    # the sweep before the gap's end sends nothing; after it, one mail naming both
    now = timezone.now()
    assert outbox.send_due(now=now + timedelta(minutes=30)) == 0
    assert outbox.send_due(now=now + timedelta(hours=1, minutes=1)) >= 1
    assert len(smtp.to(address)) == 2
    digest = smtp.to(address)[1]
    assert subject(digest) == "Kaosz: te jössz 2 játszmában / your turn in 2 matches"
    body = digest.get_payload()
    assert all(f"/play/{m.pk}/" in body for m in matches[:2])
    assert f"/play/{matches[2].pk}/" not in body          # told already this turn
    assert outbox.send_due(now=now + timedelta(hours=3)) == 0   # and only once


def test_an_open_stream_keeps_its_person_on_the_site(presence_on, people, monkeypatch,
                                                     client):
    """A person at an open board, or with the header's account stream open, is on the
    site even when they make no request: the streams see them at each event and
    keep-alive."""
    monkeypatch.setattr("matches.api.live_views.STREAM_KEEPALIVE", 0.05)
    match = turn_based_match(people)
    for name, path, chunks in (("anna", "/api/v1/me/stream/", 2),
                               ("bela", f"/api/v1/matches/{match.pk}/stream/?after=0", 1)):
        user = people[name]
        client.force_login(user)
        presence.forget(user.pk)
        response = client.get(path)
        assert response.status_code == 200
        assert presence.last_seen(user.pk) is None      # (opening it saw nobody)
        content = iter(response.streaming_content)
        for _ in range(chunks):
            next(content)
        assert presence.last_seen(user.pk) is not None, path
        response.close()
