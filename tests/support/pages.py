"""Reading a page as a person sees it, and signing in, for the browser tests."""

from __future__ import annotations

import re

PASSWORD = "titkos-jelszo-123"


def login(page, live_server, user) -> None:
    page.goto(live_server.url + "/accounts/login/?next=/play/")
    page.fill("#id_username", user.username)
    page.fill("#id_password", "titkos-jelszo-123")
    page.click("main button[type=submit]")
    page.wait_for_url("**/play/")


# Keys of the engines, the API and the models that must never reach the screen as they are.
# Any snake_case word counts (``colony_empty``, ``cost_rule``, ``decks_not_ready``); these
# are the plain words and other shapes that the pattern cannot tell from prose.
RAW_ANY = ["tournament-any4", "bot:random", "bot:heuristic", "end_turn", "[0] ", "[1] "]


# English status and provenance words on a Hungarian page are untranslated keys.
RAW_HU = ["active", "finished", "done", "pending", "running", "stated", "derived", "unknown",
          "open", "registration", "swiss", "practice", "tournament", "waiting"]


# Hungarian leaking into the English page, and English grammar the key forgot.
RAW_EN = ["(másolat)", "1 cards", "1 players", "1 games", "1 decks"]


SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


def visible_text_js() -> str:
    # innerText of the body without code samples (deck codes, query syntax are meant raw),
    # and without what a person cannot see.
    return """() => {
        const body = document.body.cloneNode(true);
        body.querySelectorAll('code, pre, kbd, script, style, template, [hidden], '
                              + '[data-raw-ok], textarea').forEach(e => e.remove());
        return body.innerText || '';
    }"""


def raw_keys(text: str, lang: str) -> list[str]:
    found = set(SNAKE.findall(text))
    words = set(re.findall(r"[\w:\-]+", text))
    found |= {k for k in RAW_ANY if (k in text if " " in k or "[" in k else k in words)}
    if lang == "hu":
        found |= {w for w in RAW_HU if w in words}
    else:
        found |= {w for w in RAW_EN if w in text}
    return sorted(found)


# What Chromium reports for a request it gave up because the page went elsewhere (a test's
# page.goto while the favicon was still loading): the browser's doing, not the site's.
ABORTED = "net::ERR_ABORTED"


def watch_problems(page) -> list[str]:
    """Console errors, uncaught errors and failed requests of ``page`` from now on.

    Counted: an uncaught error, any console error (a resource answered 404 or 500 is one:
    "Failed to load resource: … status of 404"), a request that failed (refused, reset,
    blocked). Not counted: a request aborted by a navigation (``ABORTED``), which happens
    to any page a test leaves while it still loads, on a loaded machine more often."""
    problems: list[str] = []

    def console(m) -> None:
        if m.type == "error" and ABORTED not in m.text:
            problems.append(m.text[:200])

    def failed(r) -> None:
        if (r.failure or "") != ABORTED:
            problems.append(f"failed: {r.url[:120]} {r.failure}")

    page.on("console", console)
    page.on("pageerror", lambda e: problems.append(f"uncaught: {str(e)[:200]}"))
    page.on("requestfailed", failed)
    return problems


SIZES = {"phone": (390, 844), "desktop": (1280, 800)}


def no_sideways_scroll(page) -> None:
    # The page's own content (main); the shared header's width is the site's layout.
    wide = page.evaluate("""() => [...document.querySelectorAll('main, main *')]
        .filter(e => e.getBoundingClientRect().right > innerWidth + 1)
        .slice(0, 5).map(e => e.tagName + '.' + e.className + '#' + e.id)""")
    assert not wide, (page.url, wide)
