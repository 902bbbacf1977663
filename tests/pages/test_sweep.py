"""Every page, as people see it, in a real Chromium.

Each page is opened signed out, signed in and as staff, in Hungarian and English, on a
phone (390×844) and a laptop (1280×800). For each page four checks must hold:

- ``scroll``: nothing scrolls sideways (``scrollWidth <= innerWidth``);
- ``console``: no console error and no uncaught script error;
- ``requests``: no failed request and no answer of 400 or more (the favicon included);
- ``raw``: no raw key on screen: engine keys, field names, status codes (``RAW_*`` below).

The whole sweep runs once per module (one browser per size, one context per role and
language); each ``page × check`` is its own test, so one failure names the page, the check,
and every size/role/language it failed in. The widest each page got on each size is written
to ``var/sweep-widths.txt`` (page, phone px, laptop px) for before/after comparisons.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import launch_chromium
from tests.support.pages import raw_keys
from tests.support.sweep import (
    CHECKS,
    LANGS,
    PASSWORD,
    SIZES,
    sign_in,
    visit,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]


# page key -> (path, who may see it: "anon" pages are opened by everyone).
# Filled in by the `site` fixture once the objects exist.
PAGE_KEYS = [
    "cards", "card", "card-unofficial", "decks", "decks-mine", "deck", "deck-edit",
    "builder", "import", "bulk", "lobby", "board-kgk", "board-smugglers", "simulations",
    "simulation", "tournaments", "tournament", "tournament-manage", "print-standings",
    "print-round", "collection", "contribute", "contributions", "review", "login",
    "signup", "password-reset", "not-found", "tokens", "query-help", "advanced",
    "collection-import", "contribute-csv", "api-swagger", "api-redoc", "leaderboard", "player",
]


def _build_site(django_user_model) -> dict[str, Any]:
    """The objects every page needs: cards, a deck, two matches, a simulation, a tournament,
    a contribution waiting for review."""
    from django.core.management import call_command

    from cards.models import Card, Contribution
    from decks.models import Deck
    from decks.services import save_revision
    from matches import store
    from matches.services.simulations import start_simulation
    from matches.tournaments import services as tournaments

    with open(os.devnull, "w") as sink:
        call_command("load_cards", stdout=sink)
    user = django_user_model.objects.create_user("gyujto", password=PASSWORD)
    staff = django_user_model.objects.create_user("szerkeszto", password=PASSWORD,
                                                  is_staff=True)
    text = (ROOT / "fixtures" / "decks" / "practice-a.txt").read_text(encoding="utf-8")
    from decks.services import parse_input

    cards = parse_input({"text": text}).cards
    deck = Deck.objects.create(owner=user, name="Söprő pakli", format="practice", public=True)
    save_revision(deck, cards, "created")
    copy = Deck.objects.create(owner=user, name="Söprő pakli 2", format="practice",
                               public=False, copied_from=deck)
    save_revision(copy, cards, "copied")
    kgk = store.create_match("kgk", {"format": "practice"},
                             [store.SeatSpec(user=user), store.SeatSpec(bot="random")],
                             created_by=user)
    smugglers = store.create_match("smugglers", {},
                                   [store.SeatSpec(user=user), store.SeatSpec(bot="random")],
                                   created_by=user)
    sim = start_simulation({"ruleset": "smugglers", "games": 2, "players": 2,
                            "bots": ["random", "random"], "seed": "sweep"}, user)
    t = tournaments.create_tournament(user, name="Söprő Kupa", decks_required=False,
                                      rounds_planned=3)
    for name in ["Anna", "Béla", "Cili", "Dani"]:
        tournaments.register(t, by=user, name=name)
    tournaments.start(t, by=user)
    tournaments.pair_next_round(t, by=user)
    # A rated match the user won: the player page draws a rating chart.
    rated = store.create_match("smugglers", {"rated": True},
                               [store.SeatSpec(user=user), store.SeatSpec(user=staff)])
    store.submit(rated.pk, 1, None, kind="resign", user=staff)
    from players.ratings.recording import record_match
    record_match(rated.pk)
    card = Card.objects.filter(official=True).order_by("slug").first()
    unofficial = Card.objects.filter(official=False).order_by("slug").first()
    assert card is not None and unofficial is not None
    Contribution.objects.create(kind=Contribution.CORRECTION, card=card,
                                proposed={"cost": 3}, source_note="sweep", author=user)
    paths = {
        "cards": "/", "card": f"/cards/{card.slug}/", "card-unofficial":
        f"/cards/{unofficial.slug}/", "decks": "/decks/", "decks-mine": "/decks/mine/",
        "deck": f"/decks/{deck.pk}/", "deck-edit": f"/decks/{copy.pk}/edit/",
        "builder": "/decks/new/", "import": "/decks/import/", "bulk": "/decks/bulk/",
        "lobby": "/play/", "board-kgk": f"/play/{kgk.pk}/",
        "board-smugglers": f"/play/{smugglers.pk}/", "simulations": "/play/simulations/",
        "simulation": f"/play/simulations/{sim.pk}/", "tournaments": "/tournaments/",
        "tournament": f"/tournaments/{t.pk}/", "tournament-manage": f"/tournaments/{t.pk}/manage/",
        "print-standings": f"/tournaments/{t.pk}/print/standings/",
        "print-round": f"/tournaments/{t.pk}/print/round/1/", "collection": "/collection/",
        "contribute": "/contribute/", "contributions": "/contributions/", "review": "/review/",
        "login": "/accounts/login/", "signup": "/accounts/signup/",
        "password-reset": "/accounts/password_reset/", "not-found": "/no-such-page/",
        "tokens": "/account/tokens/", "query-help": "/help/query/",
        "advanced": "/cards/advanced/", "collection-import": "/collection/import/",
        "contribute-csv": "/contribute/csv/", "api-swagger": "/api/v1/schema/ui/",
        "api-redoc": "/api/v1/schema/redoc/",
        "leaderboard": "/leaderboards/smugglers/", "player": f"/players/{user.username}/",
    }
    assert set(paths) == set(PAGE_KEYS)
    return {"paths": paths, "user": user, "staff": staff}


# Who opens which page: everyone opens the public ones; signed-in pages are opened by the
# user (signed out they only redirect to the login page, which is swept on its own).
SIGNED_IN_ONLY = {"decks-mine", "deck-edit", "tournament-manage", "collection", "contribute",
                  "contributions", "tokens", "collection-import", "contribute-csv"}
STAFF_ONLY = {"review"}


def _roles_for(key: str) -> list[str]:
    if key in STAFF_ONLY:
        return ["staff"]
    if key in SIGNED_IN_ONLY:
        return ["user"]
    if key in {"login", "signup", "password-reset"}:
        return ["anon"]
    if key == "cards":
        return ["anon", "user", "staff"]
    return ["anon", "user"]


@pytest.fixture(scope="module")
def sweep(django_db_setup, django_db_blocker, live_server, chromium_path):
    """Every page in every size, role and language: {key: {check: [problem, ...]}}."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from playwright.sync_api import sync_playwright

    from kaosz.celery import app

    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    base = live_server.url
    # The simulation and any bot move run here and now: nothing is left queued in Redis
    # for a later test's worker to find after this module's data is gone.
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        with django_db_blocker.unblock():
            site = _build_site(get_user_model())
    finally:
        app.conf.task_always_eager = eager
    with django_db_blocker.unblock():
        results: dict[str, dict[str, list[str]]] = {k: {c: [] for c in CHECKS}
                                                    for k in PAGE_KEYS}
        widths: dict[str, dict[str, int]] = {}
        with sync_playwright() as pw:
            for size, (w, h) in SIZES.items():
                browser = launch_chromium(pw, chromium_path)
                for role in ("anon", "user", "staff"):
                    for lang in LANGS:
                        context = browser.new_context(
                            viewport={"width": w, "height": h},
                            locale="hu-HU" if lang == "hu" else "en-GB")
                        context.add_cookies([{"name": "django_language", "value": lang,
                                              "url": base}])
                        if role != "anon":
                            sign_in(context, base, "gyujto" if role == "user" else "szerkeszto")
                        for key in PAGE_KEYS:
                            if role not in _roles_for(key):
                                continue
                            found = visit(context, base, key, site["paths"][key], lang)
                            where = f"{size}/{role}/{lang}"
                            widths.setdefault(key, {})
                            widths[key][size] = max(widths[key].get(size, 0),
                                                    int(found.pop("_width")[0]))
                            for check, problems in found.items():
                                if problems:
                                    results[key][check].append(f"{where}: {problems}")
                        context.close()
                browser.close()
        report = ROOT / "var" / "sweep-widths.txt"
        report.parent.mkdir(exist_ok=True)
        report.write_text("".join(f"{k} {v.get('phone')} {v.get('laptop')}\n"
                                  for k, v in widths.items()), encoding="utf-8")
        yield results
        with open(os.devnull, "w") as sink:
            call_command("flush", interactive=False, verbosity=0, stdout=sink)


@pytest.mark.parametrize(("key", "check"), [
    pytest.param(key, check, id=f"{key}-{check}") for key in PAGE_KEYS for check in CHECKS])
def test_page(sweep, key: str, check: str) -> None:
    problems = sweep[key][check]
    assert not problems, f"{key} fails {check}:\n" + "\n".join(problems)


def test_raw_key_detector_catches_what_it_must():
    """The list is only worth what it catches: a known leak of each kind is found."""
    assert raw_keys("Állapot: decks_not_ready", "hu") == ["decks_not_ready"]
    assert "finished" in raw_keys("Meccs: finished", "hu")
    assert "tournament-any4" in raw_keys("Formátum: tournament-any4", "en")
    assert raw_keys("Deck (másolat), 1 cards", "en") == ["(másolat)", "1 cards"]
    assert raw_keys("Finished matches are listed here", "en") == []
    assert raw_keys("Kész meccsek, aktív asztalok", "hu") == []
