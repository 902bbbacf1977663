"""The loop around playing people, as a stranger on a phone finds it (Chromium, 390×844,
both languages): invited, told on the notifications page within seconds (the account
stream), accepted in one tap; My matches' whole row is the link with "Your turn!" first;
the waiting challenge names who is awaited, with withdraw and a link to share."""

from __future__ import annotations

import os
import time

import pytest

from tests.support.browser import launch_chromium
from tests.support.sweep import PASSWORD, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_invited_on_a_phone_told_within_seconds_and_accepting_in_one_tap(
        live_server, chromium_path, django_user_model, lang):
    from playwright.sync_api import sync_playwright

    from matches.models import Match
    from players.challenges import services as challenges

    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    anna, bela, _cili = (django_user_model.objects.create_user(n, password=PASSWORD)
                         for n in ("anna", "bela", "cili"))
    with sync_playwright() as pw:
        browser = launch_chromium(pw, chromium_path)
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                      locale="hu-HU" if lang == "hu" else "en-GB")
        context.add_cookies([{"name": "django_language", "value": lang,
                              "url": live_server.url}])
        sign_in(context, live_server.url, "bela")
        pg = context.new_page()
        pg.goto(f"{live_server.url}/notifications/")
        pg.wait_for_timeout(500)     # (the page's account stream is open)
        started = time.monotonic()
        match = challenges.create(anna, "smugglers", opponent="bela")
        pg.wait_for_selector(".accept-invitation", timeout=10000)
        told = time.monotonic() - started
        assert told < 5, told
        assert pg.evaluate("document.documentElement.scrollWidth") <= 390
        with pg.expect_navigation():
            pg.tap(".accept-invitation")                       # one tap
        pg.wait_for_url(f"**/play/{match.pk}/", timeout=10000)
        # My matches on the phone: the whole row is the link, what needs you first in it.
        pg.goto(f"{live_server.url}/play/mine/")
        row = pg.locator(f'li[data-match="{match.pk}"] a.row-link')
        box = row.bounding_box()
        assert box is not None and box["width"] >= 340
        first = row.locator(".row-status").inner_text()
        assert first in ("Te jössz!", "Az ellenfél lép", "Your turn!", "Opponent to move")
        browser.close()
    assert Match.objects.get(pk=match.pk).status == Match.ACTIVE
    print(f"invitation shown after {told:.2f} s")


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_the_waiting_challenge_names_who_is_awaited(live_server, chromium_path,
                                                    django_user_model, lang):
    from playwright.sync_api import sync_playwright

    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    for n in ("anna", "cili"):
        django_user_model.objects.create_user(n, password=PASSWORD)
    with sync_playwright() as pw:
        browser = launch_chromium(pw, chromium_path)
        for w, h in ((390, 844), (1280, 800)):
            context = browser.new_context(viewport={"width": w, "height": h})
            context.add_cookies([{"name": "django_language", "value": lang,
                                  "url": live_server.url}])
            sign_in(context, live_server.url, "anna")
            pg = context.new_page()
            pg.goto(f"{live_server.url}/challenges/")
            pg.select_option("#c-ruleset", "smugglers")
            pg.fill("#c-opponent", "cili")
            with pg.expect_navigation():
                pg.click("#c-create")
            pg.wait_for_selector("#no-actions")
            text = pg.inner_text("main")
            assert "cili" in pg.inner_text("#awaited")
            assert ("Várakozás rá" if lang == "hu" else "Waiting for") in text
            over = "véget ért" if lang == "hu" else "is over"
            assert over not in text, text
            assert pg.is_visible("#withdraw-challenge") and pg.is_visible("#share-link")
            assert pg.evaluate("document.documentElement.scrollWidth") <= w
            with pg.expect_navigation():
                pg.click("#withdraw-challenge")
            context.close()
        browser.close()
