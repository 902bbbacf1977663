"""The apps page and the consent page in a real Chromium: phone and desktop widths,
Hungarian and English, no sideways scrolling, no raw key on screen; an app registered
and allowed by clicking, the browser sent back to the app's address with a code."""

from __future__ import annotations

import base64
import hashlib
import os
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from tests.support.pages import SIZES, no_sideways_scroll, raw_keys, visible_text_js

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(os.environ.get("KAOSZ_OAUTH_SHOTS", "")) if os.environ.get(
    "KAOSZ_OAUTH_SHOTS") else None
CALLBACK = "http://127.0.0.1:8765/callback"


def test_register_an_app_and_allow_it(page, live_server, user):
    from oauth2_provider.models import get_application_model

    page.goto(live_server.url + "/accounts/login/?next=/account/tokens/")
    page.fill("#id_username", "gyujto")
    page.fill("#id_password", "titkos-jelszo-123")
    page.click("button[type=submit]")
    page.wait_for_url("**/account/tokens/")
    page.get_by_role("link", name="Alkalmazások (OAuth)").click()
    page.wait_for_url("**/account/apps/")
    page.fill("input[name=name]", "Csempész bot")
    page.fill("textarea[name=redirect_uris]", CALLBACK)
    page.get_by_role("button", name="Alkalmazás regisztrálása").click()
    page.wait_for_selector("text=Csempész bot")
    client_id = get_application_model().objects.get(name="Csempész bot").client_id
    assert client_id in page.content()
    challenge = base64.urlsafe_b64encode(hashlib.sha256(b"v" * 64).digest()) \
        .rstrip(b"=").decode()
    consent = live_server.url + "/oauth/authorize/?" + urlencode({
        "response_type": "code", "client_id": client_id, "redirect_uri": CALLBACK,
        "scope": "read play challenge", "state": "st", "code_challenge": challenge,
        "code_challenge_method": "S256"})
    for lang in ("hu", "en"):
        if lang == "en":
            page.goto(live_server.url + "/account/apps/")
            page.click("#lang-switch")
            page.wait_for_selector("text=Your apps")
        for name, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            for path, shot in (("/account/apps/", "apps"), (consent, "consent")):
                page.goto(path if path.startswith("http") else live_server.url + path)
                text = page.evaluate(visible_text_js())
                assert not raw_keys(text, lang), (shot, lang, raw_keys(text, lang))
                if SHOTS is not None:
                    page.screenshot(path=str(SHOTS / f"{shot}-{lang}-{name}.png"),
                                    full_page=True)
                no_sideways_scroll(page)
    assert "Send, accept and withdraw challenges" in page.content()
    landed: list[str] = []
    page.route("http://127.0.0.1:8765/**", lambda route: (
        landed.append(route.request.url), route.fulfill(status=200, body="ok")))
    page.get_by_role("button", name="Allow").click()
    page.wait_for_url("http://127.0.0.1:8765/**")
    got = parse_qs(urlsplit(landed[-1]).query)
    assert got["state"] == ["st"] and got["code"][0]
