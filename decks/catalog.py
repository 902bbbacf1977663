"""The card index the pure deck core needs, built from the catalogue once per data version."""

from __future__ import annotations

import threading

from cards.cache import catalogue_version
from cards.models import Card
from decks.core import CardIndex

_lock = threading.Lock()
_cached: tuple[int, CardIndex] | None = None


def card_index() -> CardIndex:
    global _cached
    version = catalogue_version()
    cached = _cached
    if cached is not None and cached[0] == version:
        return cached[1]
    with _lock:
        index = CardIndex(c.to_record() for c in Card.objects.all())
        _cached = (version, index)
    return index


def reset() -> None:
    global _cached
    _cached = None
