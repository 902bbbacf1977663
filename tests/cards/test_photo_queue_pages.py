"""The pages of a queued photo in a real Chromium, on a phone and a laptop, in both
languages: the place in the queue while it waits, and the refusal of a second photo while
one is read, each legible without sideways scrolling and without raw keys."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from cards import photo_reading as reading
from tests.cards import photo_helpers
from tests.support.pages import SNAKE, login, visible_text_js

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SIZES = [(390, 844), (1280, 800)]
WORDS = {"hu": ("Sorban állsz", "még olvassuk"), "en": ("You are in the queue",
                                                       "still being read")}


@pytest.fixture
def fresh(user):
    def forget() -> None:
        for token in list(reading._LOCAL):
            reading._leave(token)
        r = reading._redis()
        if r is not None:
            r.delete(reading.queue_key())
        cache.delete(reading._slot_key(user.pk))
    forget()
    yield
    forget()


def _sideways(pg) -> bool:
    return bool(pg.evaluate("document.documentElement.scrollWidth > window.innerWidth + 1"))


@pytest.mark.parametrize("lang", ["hu", "en"])
@pytest.mark.parametrize("size", SIZES, ids=["phone", "laptop"])
def test_the_waiting_and_the_refusal_pages(browser, live_server, user, fresh, lang, size):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  locale="hu-HU" if lang == "hu" else "en-GB")
    pg = context.new_page()
    pg.set_default_timeout(20000)
    try:
        login(pg, live_server, user)
        # A photo of theirs waits behind someone else's.
        reading._join("valaki-mase")
        token = "sorban-all"
        reading.take_turn(user.pk, token)
        cache.set(reading.key(token), {"user": user.pk, "state": reading.QUEUED,
                                       "token": token, "upload": b""}, 60)
        reading._join(token)
        pg.goto(f"{live_server.url}/contribute/photo/{token}/")
        waiting = pg.locator("#photo-waiting")
        assert waiting.get_attribute("data-state") == "queued"
        assert WORDS[lang][0] in waiting.inner_text()
        assert pg.locator("#photo-place strong").inner_text() == "1"
        assert not _sideways(pg)
        text = pg.evaluate(visible_text_js())
        assert not SNAKE.findall(text), SNAKE.findall(text)
        # A second photo while that one waits: the refusal, with the way to the first.
        pg.goto(live_server.url + "/contribute/")
        pg.set_input_files("#f-photo", files=[{
            "name": "masodik.png", "mimeType": "image/png",
            "buffer": photo_helpers.plain(600, 500)}])
        pg.click("#read-photo")
        refused = pg.locator("#photo-refused")
        refused.wait_for()
        assert WORDS[lang][1] in refused.inner_text()
        assert pg.locator("#photo-busy-link").get_attribute("href") \
            == f"/contribute/photo/{token}/"
        assert not _sideways(pg)
        text = pg.evaluate(visible_text_js())
        assert not SNAKE.findall(text), SNAKE.findall(text)
    finally:
        context.close()
