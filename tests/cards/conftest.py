"""Card tests start with empty search caches and throttle budgets of their own database.

The caches key on the catalogue version, and a version number repeats from test to test
(each rolls its database back), so one test's cached page must not answer the next.
Only this database's keys are removed: parallel test workers share the Redis.
"""

from __future__ import annotations

import pytest


def forget_search_state() -> None:
    from django.db import connection

    from cards import cache
    from web.api import rediskv
    from web.api.throttling import KEY_PREFIX, WindowRateThrottle

    cache.local.clear()
    WindowRateThrottle.tallies.clear()
    r = rediskv.client()
    if r is None:
        from django.core.cache import cache as django_cache

        django_cache.clear()  # local memory: this process's own
        return
    name = connection.settings_dict["NAME"]
    for pattern in (f"{cache.namespace()}:*", f"{KEY_PREFIX}:{name}:*"):
        keys = list(r.scan_iter(match=pattern, count=500))
        if keys:
            r.delete(*keys)


@pytest.fixture(autouse=True)
def _fresh_search_state():
    forget_search_state()
    yield


@pytest.fixture
def few_cards(db):
    """The 15 rulebook cards and the first few practice cards: quicker than all fixtures."""
    from cards.exchange import read_file
    from cards.services import import_records
    from tests.support.matches import ROOT

    for name, limit in (("rulebook.json", None), ("practice.json", 4)):
        records, card_set = read_file(ROOT / "fixtures" / "cards" / name)
        import_records(records[:limit], set_data=card_set, source=name)


@pytest.fixture(scope="session")
def card_photos(tmp_path_factory):
    """Synthetic photos (bench/card_photo_set.py) of a few shipped cards: faces rendered by
    Chromium once per session, then photographed. ``singles`` are one card each (rulebook
    cards, then practice cards beyond the ``few_cards`` ones), ``page`` a binder page of
    six cards, ``cut`` two photos whose frame cuts a card (a corner, the bottom margin),
    ``records`` the shipped records by slug."""
    from bench import card_photo_set

    records = card_photo_set.shipped_cards()
    by_slug = {r["slug"]: r for r in records}
    rulebook = [r for r in records if r["official"]]
    practice = [r for r in records if not r["official"]]
    chosen = rulebook[:4] + practice[10:12]
    faces = card_photo_set.render_faces(chosen, tmp_path_factory.mktemp("faces"))
    import numpy as np

    rng = np.random.default_rng(7)
    singles = [card_photo_set.photograph_one(rng, card_photo_set.load_face(faces[r["slug"]]),
                                             card_photo_set.printed(r)) for r in chosen]
    page = card_photo_set.photograph_page(
        rng, [card_photo_set.load_face(faces[r["slug"]]) for r in chosen],
        [card_photo_set.printed(r) for r in chosen])
    cut = [card_photo_set.photograph_cut(rng, card_photo_set.load_face(faces[r["slug"]]),
                                         card_photo_set.printed(r), corner)
           for r, corner in ((chosen[4], True), (chosen[5], False))]
    return {"singles": singles, "page": page, "cut": cut, "records": by_slug}
