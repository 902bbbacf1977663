"""Debian's Chromium under Playwright, as every page test starts it."""

from __future__ import annotations

import os

# Headless Chromium as root on a machine with no network but the package registries:
# without the background-networking flags it tries (and fails) to reach Google's hosts.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


def launch_chromium(pw, chromium_path: str):
    """Debian's Chromium under Playwright, as every page test starts it."""
    # Playwright's sync API keeps an event loop on this thread; Django's ORM would refuse
    # the test's own database calls beside it, though they are plain synchronous calls.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    return pw.chromium.launch(executable_path=chromium_path, headless=True,
                              args=CHROMIUM_ARGS)
