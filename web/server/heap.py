"""Start-up work for a server process (WSGI or ASGI): build what the first requests would
build, and keep what start-up made out of the garbage collector's walks.

A full garbage collection walks every live object while holding the GIL, so every
request of the process waits for it: with Django, DRF and all modules loaded that walk
was 60-280 ms under load (about 110,000 objects), the worst of the match API's latency
tail. Frozen objects are never walked again; only what requests create is.
"""

from __future__ import annotations

import gc
from typing import Any

# Each thread's first requests build things that then live as long as the process: its
# database connection, its cache client, the card definitions of the matches it serves.
# Measured under load, those ~10,000 objects made each full collection 5-17 ms. They are
# frozen too, right after each of the first few full collections: then everything still
# there is alive, so only what is in flight at that instant (and would become cyclic
# garbage later) can be kept for good, a bounded few times. Later full collections walk
# only what requests created since.
SETTLE_COLLECTIONS = 3


def settle() -> None:
    """Import every view and build the URL maps now, freeze the heap, and freeze again
    after each of the first ``SETTLE_COLLECTIONS`` full collections."""
    # (imported when called: kaosz/wsgi.py imports this module before Django is set up)
    from django.conf import settings
    from django.urls import get_resolver, reverse
    from django.utils import translation

    get_resolver().url_patterns  # noqa: B018 - imports every URLconf and view module
    # The first ``reverse`` in each language builds that language's reverse map (a few
    # hundred milliseconds of pattern analysis); build them now, not in a request.
    for code, _ in settings.LANGUAGES:
        with translation.override(code):
            reverse("healthz")
    gc.collect()
    gc.freeze()
    _freeze_after_full_collections(SETTLE_COLLECTIONS)


def _freeze_after_full_collections(times: int) -> None:
    left = times

    def after(phase: str, info: dict[str, Any]) -> None:
        nonlocal left
        if left > 0 and phase == "stop" and info["generation"] == 2:
            left -= 1
            gc.freeze()

    gc.callbacks.append(after)
