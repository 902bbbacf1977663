"""The API's documentation pages in real Chromium: the self-hosted Swagger UI and ReDoc
load without the internet and nothing scrolls sideways on a phone (390×844) or a laptop."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_swagger_ui_fits_the_screen(browser, live_server, size):
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = ctx.new_page()
    page.set_default_timeout(30000)
    outside: list[str] = []
    page.on("request", lambda r: outside.append(r.url)
            if not r.url.startswith(live_server.url) and not r.url.startswith("data:") else None)
    try:
        page.goto(live_server.url + "/api/v1/schema/ui/")
        page.wait_for_selector(".opblock")
        page.locator(".opblock-summary").first.click()          # one operation opened
        page.wait_for_selector(".opblock.is-open .parameters, .opblock.is-open table")
        width = page.evaluate("window.innerWidth")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        wide = page.evaluate(
            "() => Array.from(document.querySelectorAll('body *'))"
            ".filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)"
            ".map(e => e.tagName + '.' + e.className).slice(0, 5)")
        assert not wide, wide
        assert not outside, outside                           # nothing from a CDN
    finally:
        ctx.close()
