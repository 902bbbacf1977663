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


@pytest.mark.parametrize("path", ["/api/v1/schema/ui/", "/api/v1/schema/redoc/"])
@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_the_api_docs_lead_back_to_the_site_and_load_nothing_from_elsewhere(browser,
                                                                           live_server,
                                                                           path, size):
    """Swagger UI had no way back; ReDoc loaded Google Fonts although the API
    description says both pages work offline."""
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = ctx.new_page()
    page.set_default_timeout(30000)
    outside: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: outside.append(r.url)
            if not r.url.startswith((live_server.url, "data:", f"blob:{live_server.url}"))
            else None)
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.goto(live_server.url + path)
        page.wait_for_selector(".opblock" if "ui" in path else ".api-content")
        back = page.locator("#back-to-site a.brand")
        assert back.is_visible() and back.get_attribute("href") == "/"
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        assert not outside, outside
        assert not errors, errors
        if "ui" in path:  # the error table's header: "HTTP" and "meaning" apart
            gap = page.evaluate("""() => {
                const ths = [...document.querySelectorAll('.info th')];
                const http = ths.find(t => t.innerText.trim() === 'HTTP');
                const meaning = ths.find(t => t.innerText.trim() === 'meaning');
                const at = th => { const r = document.createRange();
                                   r.selectNodeContents(th); return r.getBoundingClientRect(); };
                return at(meaning).left - at(http).right; }""")
            assert gap >= 8, gap
        with page.expect_navigation():
            back.click()
        assert page.url.rstrip("/") == live_server.url
    finally:
        ctx.close()
