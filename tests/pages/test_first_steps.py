"""What a new user trips over outside the boards (issue 32), in a real Chromium.

Each test failed on the code before its fix; the findings that need no browser are in
tests/pages/test_first_steps_http.py.
"""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "titkos-jelszo-123"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def signed_in(browser, live_server, username: str, viewport: dict, lang: str = "hu"):
    ctx = browser.new_context(viewport=viewport, locale="hu-HU" if lang == "hu" else "en-GB")
    ctx.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    page = ctx.new_page()
    page.set_default_timeout(15000)
    page.goto(live_server.url + "/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    with page.expect_navigation():
        page.click("main button[type=submit]")
    return ctx, page


def test_the_new_token_is_shown_whole_on_a_phone_copied_and_not_made_twice(browser,
                                                                          live_server, user):
    from kaosz.models import ApiToken

    ctx, page = signed_in(browser, live_server, "gyujto", PHONE)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    try:
        page.goto(live_server.url + "/account/tokens/")
        page.fill("input[name=name]", "telefon")
        page.get_by_role("button", name="Token létrehozása").click()
        key_el = page.locator("#token-key")
        key = key_el.inner_text().strip()
        assert key.startswith("kz_") and len(key) > 30
        # the whole key inside the screen: nothing hidden in a box that scrolls
        box = key_el.evaluate("e => [e.scrollWidth, e.clientWidth, "
                              "e.getBoundingClientRect().right, innerWidth]")
        assert box[0] <= box[1] and box[2] <= box[3], box
        page.get_by_role("button", name="Másolás").click()
        page.wait_for_selector("button.copied")
        assert page.evaluate("navigator.clipboard.readText()") == key
        page.reload()  # a reload neither shows the key again nor makes a second token
        assert key not in page.content()
        assert ApiToken.objects.filter(user=user).count() == 1
    finally:
        ctx.close()
