"""How the page sweeps open a page in Chromium and what they look for (tests/pages/
test_sweep.py, test_player_pages.py): sizes, languages, signing in, and one visit's
problems (sideways scroll, console errors, failed requests, raw keys on screen)."""

from __future__ import annotations

from tests.support.browser import PATIENCE_MS
from tests.support.pages import raw_keys, visible_text_js

PASSWORD = "titkos-jelszo-123"
SIZES = {"phone": (390, 844), "laptop": (1280, 800)}
LANGS = ("hu", "en")
CHECKS = ["scroll", "console", "requests", "raw"]
EXPECTED_STATUS = {"not-found": 404}
# Pages drawn by a script after load: the sweep looks once this has appeared.
READY = {"api-swagger": ".opblock", "api-redoc": ".api-content"}


def sign_in(context, base: str, username: str) -> None:
    pg = context.new_page()
    pg.goto(base + "/accounts/login/")
    pg.fill("#id_username", username)
    pg.fill("#id_password", PASSWORD)
    with pg.expect_navigation():
        pg.click("main button[type=submit]")
    pg.close()


def visit(context, base: str, key: str, path: str, lang: str) -> dict[str, list[str]]:
    pg = context.new_page()
    pg.set_default_timeout(PATIENCE_MS)
    errors: list[str] = []
    failed: list[str] = []
    pg.on("console", lambda m: errors.append(m.text[:160]) if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(f"uncaught: {str(e)[:160]}"))
    pg.on("requestfailed", lambda r: failed.append(f"{r.url} {r.failure}"))

    def answered(resp) -> None:
        expected = EXPECTED_STATUS.get(key) if resp.url == base + path else None
        if resp.status >= 400 and resp.status != expected:
            failed.append(f"{resp.status} {resp.url.replace(base, '')}")

    pg.on("response", answered)
    pg.goto(base + path, wait_until="load")
    # Browsers ask for /favicon.ico on their own; headless Chromium does not, so ask as
    # one would (the page's own <link rel=icon> is fetched by the page itself).
    icon = pg.evaluate("""async () => {
        const link = document.querySelector('link[rel~="icon"]');
        const r = await fetch(link ? link.href : '/favicon.ico');
        return r.status; }""")
    if icon >= 400:
        failed.append(f"{icon} favicon")
    if key in READY:
        pg.wait_for_selector(READY[key], timeout=30000)
    pg.wait_for_timeout(100)  # htmx/board scripts fill the page right after load
    widths = pg.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    text = pg.evaluate(visible_text_js())
    pg.close()
    found: dict[str, list[str]] = {c: [] for c in CHECKS}
    if widths[0] > widths[1]:
        found["scroll"].append(f"{widths[0]} px > {widths[1]}")
    if key in EXPECTED_STATUS:  # the page itself answered as it should (e.g. 404)
        errors = [e for e in errors if f"status of {EXPECTED_STATUS[key]}" not in e]
    found["console"] = errors
    found["requests"] = [f for f in failed if "ERR_ABORTED" not in f]
    found["raw"] = raw_keys(text, lang)
    found["_width"] = [str(widths[0])]
    return found
