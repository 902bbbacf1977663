"""The API-token account page and the query-language page in a real Chromium: phone and
desktop widths, Hungarian and English, signed out and in; no sideways scrolling; a token
made and revoked by clicking. With KAOSZ_SCREENS=1 the screenshots in
docs/api/screenshots/ are taken again."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.support.pages import SIZES, no_sideways_scroll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "api" / "screenshots"


def test_token_and_query_pages(page, live_server, user):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.goto(live_server.url + "/account/tokens/")
    assert "/accounts/login/" in page.url  # signed out: the login page first
    page.goto(live_server.url + "/help/query/")
    assert page.locator("h1").inner_text() == "Kártyakereső nyelv"
    page.goto(live_server.url + "/accounts/login/?next=/account/tokens/")
    page.fill("#id_username", "gyujto")
    page.fill("#id_password", "titkos-jelszo-123")
    page.click("button[type=submit]")
    page.wait_for_url("**/account/tokens/")
    page.get_by_role("link", name="API-tokenek").first.wait_for()
    page.fill("input[name=name]", "Próba bot")
    page.check("input[value=read]")
    page.get_by_role("button", name="Token létrehozása").click()
    key = page.locator("#token-key").inner_text()
    assert key.startswith("kz_")
    assert "Most másold ki" in page.locator("#new-token").inner_text()
    for lang in ("hu", "en"):
        if lang == "en":
            page.click("#lang-switch")
            page.wait_for_selector("text=API tokens")
        for name, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            for path, shot in (("/account/tokens/", "tokens"), ("/help/query/", "query")):
                page.goto(live_server.url + path)
                if os.environ.get("KAOSZ_SCREENS"):  # refresh the committed screenshots
                    page.screenshot(path=str(SHOTS / f"{shot}-{lang}-{name}.png"),
                                    full_page=True)
                no_sideways_scroll(page)
    assert key not in page.content()  # shown once only
    page.goto(live_server.url + "/account/tokens/")
    page.get_by_role("button", name="Revoke").click()
    page.wait_for_selector("text=revoked")
