"""Photo reading off the web request: the upload stores the photo and queues its reading on
the ``photos`` queue; one reading at a time per person, an hourly budget, a bounded queue,
429/503 in the error shape when over, and the waiting page's place and progress."""

from __future__ import annotations

import time

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile

from cards import photo_reading as reading
from tests.cards import photo_helpers

pytestmark = pytest.mark.django_db(transaction=True)
JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture(autouse=True)
def _no_readings_left(user):
    def forget() -> None:
        for token in [t for t in reading._LOCAL]:
            reading._leave(token)
        r = reading._redis()
        if r is not None:
            r.delete(reading.queue_key())
        cache.delete(reading._slot_key(user.pk))
        from web import rate_limits
        cache.delete(rate_limits._key("photo_reading", reading._who(user.pk)))
    forget()
    yield
    forget()


def _small() -> SimpleUploadedFile:
    # Refused by the reader at once (too small to read): the cheapest reading there is.
    return SimpleUploadedFile("kicsi.png", photo_helpers.plain(300, 200), "image/png")


def test_the_route_sends_readings_to_the_photos_queue(settings):
    assert settings.CELERY_TASK_ROUTES["cards.tasks.read_photo"] == {"queue": "photos"}
    from kaosz.heartbeats import QUEUES

    assert "photos" in QUEUES  # (the test worker and /readyz know the queue)


def test_a_second_photo_while_one_is_read_is_429_in_the_error_shape(client, api, user):
    client.force_login(user)
    reading.take_turn(user.pk, "olvasas-alatt")  # one of theirs is being read
    refused = client.post("/contribute/photo/", {"photo": _small()}, **JSON)
    assert refused.status_code == 429
    error = refused.json()["error"]
    assert error["code"] == "photo_reading_busy"
    assert error["details"]["reading"] == "olvasas-alatt"
    assert int(refused["Retry-After"]) > 0
    page = client.post("/contribute/photo/", {"photo": _small()}, HTTP_ACCEPT_LANGUAGE="hu",
                       HTTP_ACCEPT="text/html")
    assert page.status_code == 429
    html = page.content.decode()
    assert "még olvassuk" in html and "/contribute/photo/olvasas-alatt/" in html
    english = client.post("/contribute/photo/", {"photo": _small()},
                          HTTP_ACCEPT_LANGUAGE="en", HTTP_ACCEPT="text/html")
    assert "still being read" in english.content.decode()
    api.force_authenticate(user)
    by_api = api.post("/api/v1/contributions/read-photo/", {"photo": _small()},
                      format="multipart")
    assert by_api.status_code == 429
    assert by_api.json()["error"]["code"] == "photo_reading_busy"
    reading.release("olvasas-alatt", user.pk)
    after = api.post("/api/v1/contributions/read-photo/", {"photo": _small()},
                     format="multipart")
    assert after.status_code == 400 and after.json()["error"]["code"] == "photo_too_small"


def test_the_hourly_budget_is_429_when_spent(client, user, settings):
    settings.KAOSZ_RATE_LIMITS = {**settings.KAOSZ_RATE_LIMITS, "photo_reading": (2, 3600)}
    client.force_login(user)
    for _ in range(2):
        sent = client.post("/contribute/photo/", {"photo": _small()}, **JSON)
        assert sent.status_code == 302  # queued (and, eager here, read and refused)
    over = client.post("/contribute/photo/", {"photo": _small()}, **JSON)
    assert over.status_code == 429
    assert over.json()["error"]["code"] == "photo_budget_spent"
    assert over.json()["error"]["details"]["limit"] == 2
    assert int(over["Retry-After"]) == 3600


def test_a_full_queue_is_503_at_once(client, user, settings):
    settings.PHOTO_QUEUE_MAX = 1
    reading._join("valaki-mase")
    client.force_login(user)
    full = client.post("/contribute/photo/", {"photo": _small()}, **JSON)
    assert full.status_code == 503
    assert full.json()["error"]["code"] == "photo_queue_full"
    assert full["Retry-After"]
    assert cache.get(reading._slot_key(user.pk)) is None  # nothing held for the refused one


def test_the_refused_reading_is_said_on_the_contribute_page(client, user):
    client.force_login(user)
    sent = client.post("/contribute/photo/", {"photo": _small()}, follow=True,
                       HTTP_ACCEPT_LANGUAGE="en")
    assert sent.status_code == 200
    assert "too small" in sent.content.decode()
    assert cache.get(reading._slot_key(user.pk)) is None  # the turn was given back


class _Ticking:
    """The module's clock, never giving two calls the same instant: the queue's order is
    the order of the joins' times, which a coarse clock could make equal."""

    def __init__(self) -> None:
        self.last = 0.0

    def time(self) -> float:
        self.last = max(time.time(), self.last + 0.001)
        return self.last

    def __getattr__(self, name: str) -> object:
        return getattr(time, name)


def test_the_waiting_page_shows_the_place_then_the_progress_then_the_cards(
        client, user, monkeypatch):
    """A photo queued behind two others: its place, then (its task started) the progress;
    the task itself, run as the worker runs it, leaves the answer for the page."""
    monkeypatch.setattr(reading, "time", _Ticking())
    client.force_login(user)
    reading._join("elso")
    reading._join("masodik")
    token = "a-harmadik"
    reading.take_turn(user.pk, token)
    cache.set(reading.key(token), {"user": user.pk, "state": reading.QUEUED, "token": token,
                                   "upload": photo_helpers.plain(300, 200)}, 60)
    reading._join(token)
    url = f"/contribute/photo/{token}/"
    shown = client.get(url, **JSON).json()
    assert shown["state"] == "queued" and shown["place"] == 3
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert 'data-state="queued"' in html and "<strong>2</strong>" in html
    assert 'http-equiv="refresh"' in html
    reading._leave("elso")
    assert client.get(url, **JSON).json()["place"] == 2
    # Its reading has started (as the task marks it): progress, no place.
    cache.set(reading.key(token), {"user": user.pk, "state": reading.READING, "token": token,
                                   "started": time.time() - reading.typical_seconds() / 2,
                                   "upload": photo_helpers.plain(300, 200)}, 60)
    progress = client.get(url, **JSON).json()
    assert progress["state"] == "reading" and progress["place"] is None
    assert 30 <= progress["percent"] <= 70
    # Someone else cannot see it.
    other = type(user).objects.create_user("masik", password="titkos-jelszo-123")
    client.force_login(other)
    assert client.get(url, follow=True).redirect_chain[-1][0].endswith("/contribute/")
    client.force_login(user)
    assert reading.read_photo_task(token) == "refused"  # (too small: the reader says why)
    assert reading.read_photo_task(token) == "gone"  # run twice: the second does nothing
    assert cache.get(reading._slot_key(user.pk)) is None
    final = client.get(url, follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert "too small" in final.content.decode()


def test_the_in_process_worker_reads_it_after_the_answer(client, user, inprocess_worker):
    """The embedded server's worker: the upload answers while the photo waits (the worker
    held), the page shows its place; then the worker reads it and the page says so."""
    client.force_login(user)
    with inprocess_worker.paused():
        sent = client.post("/contribute/photo/", {"photo": _small()})
        assert sent.status_code == 302
        waiting = client.get(sent["Location"], **JSON).json()
        assert waiting == {"state": "queued", "place": 1, "percent": 0,
                           "typical_seconds": waiting["typical_seconds"]}
    inprocess_worker.wait_idle()
    final = client.get(sent["Location"], follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert "too small" in final.content.decode()
