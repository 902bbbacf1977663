"""Debian's Chromium under Playwright, as every page test starts it."""

from __future__ import annotations

import os

# Headless Chromium as root on a machine with no network but the package registries:
# without the background-networking flags it tries (and fails) to reach Google's hosts.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


# The longest a page test waits for one thing (a click to become possible, an answer to be
# drawn): a limit, not a measurement. On the 2-core machine under a load of 10-23, clicks
# that take a fraction of a second when it is quiet waited over 15 s.
PATIENCE_MS = 60_000


def _as_function(expression: str) -> str:
    """A predicate written as an expression, as a function. Playwright evaluates a string
    expression with ``eval`` in the page each time it polls, which the site's
    Content-Security-Policy (no 'unsafe-eval') refuses; a function it compiles
    outside the page's policy."""
    text = expression.strip()
    if text.startswith(("function", "async ")) or "=>" in text.split("\n", 1)[0]:
        return expression
    return f"() => ({expression})"


def _predicates_as_functions() -> None:
    from playwright.sync_api import Frame, Page

    for cls in (Page, Frame):
        original = cls.wait_for_function
        if getattr(original, "kaosz_wrapped", False):
            continue

        def wait_for_function(self, expression, *args, _original=original, **kwargs):
            return _original(self, _as_function(expression), *args, **kwargs)

        wait_for_function.kaosz_wrapped = True  # type: ignore[attr-defined]
        cls.wait_for_function = wait_for_function  # type: ignore[method-assign]


def launch_chromium(pw, chromium_path: str):
    """Debian's Chromium under Playwright, as every page test starts it."""
    # Playwright's sync API keeps an event loop on this thread; Django's ORM would refuse
    # the test's own database calls beside it, though they are plain synchronous calls.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    _predicates_as_functions()
    return pw.chromium.launch(executable_path=chromium_path, headless=True,
                              args=CHROMIUM_ARGS)
