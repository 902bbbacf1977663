"""The players' pages in a real Chromium: leaderboard, player page, challenges, my
matches, notification settings, the unsubscribe page, and a turn-based board; each at
390×844 and 1280×800, in Hungarian and English, with the sweep's four checks (nothing
sideways, no console error, no failed request, no raw key). And the rematch button on a
finished board starts the same game again with one click."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.support.browser import launch_chromium
from tests.support.sweep import CHECKS, LANGS, PASSWORD, SIZES, sign_in, visit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screens"
SHOT_KEYS = ["leaderboard", "player", "challenges", "my-matches", "board-turn"]
KEYS = ["leaderboard", "player", "challenges", "my-matches", "notifications",
        "unsubscribe", "board-turn", "lobby", "inbox", "challenge-waiting"]


def _site(users) -> tuple[dict[str, str], int]:
    from matches import store
    from players.challenges import services as challenges
    from players.notifications.outbox import unsubscribe_token
    from players.ratings.recording import record_match
    from players.turns import clocks

    anna, bela = users
    rated = store.create_match("smugglers", {"rated": True},
                               [store.SeatSpec(user=anna), store.SeatSpec(user=bela)])
    store.submit(rated.pk, 1, None, kind="resign", user=bela)
    record_match(rated.pk)
    turn = challenges.create(anna, "kgk", time_control="1d", rated=True, timeout_bot=True)
    challenges.accept(turn.pk, bela)
    clocks.update_clock(turn.pk)
    challenges.create(bela, "roll", time_control="3d", min_rating=1400)
    waiting = challenges.create(anna, "smugglers", opponent="bela")
    return {"inbox": "/notifications/", "challenge-waiting": f"/play/{waiting.pk}/","leaderboard": "/leaderboards/smugglers/", "player": "/players/anna/",
            "challenges": "/challenges/", "my-matches": "/play/mine/",
            "notifications": "/account/notifications/",
            "unsubscribe": f"/notifications/unsubscribe/{unsubscribe_token(anna)}/",
            "board-turn": f"/play/{turn.pk}/", "lobby": "/play/"}, rated.pk


def test_the_new_pages_at_both_sizes_in_both_languages(live_server, chromium_path,
                                                       django_user_model):
    from playwright.sync_api import sync_playwright

    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    users = [django_user_model.objects.create_user(n, password=PASSWORD)
             for n in ("anna", "bela")]
    paths, _ = _site(users)
    problems: list[str] = []
    with sync_playwright() as pw:
        for size, (w, h) in SIZES.items():
            browser = launch_chromium(pw, chromium_path)
            for lang in LANGS:
                context = browser.new_context(viewport={"width": w, "height": h},
                                              locale="hu-HU" if lang == "hu" else "en-GB")
                context.add_cookies([{"name": "django_language", "value": lang,
                                      "url": live_server.url}])
                sign_in(context, live_server.url, "anna")
                for key in KEYS:
                    found = visit(context, live_server.url, key, paths[key], lang)
                    found.pop("_width")
                    problems += [f"{key} {size}/{lang} {c}: {found[c]}" for c in CHECKS
                                 if found[c]]
                    if os.environ.get("KAOSZ_SCREENS") and key in SHOT_KEYS:
                        _shot(context, live_server.url + paths[key], f"{key}-{lang}-{size}")
                context.close()
            browser.close()
    assert not problems, "\n".join(problems)


def _shot(context, url: str, name: str) -> None:
    """docs/screens/players-*.png (only when KAOSZ_SCREENS is set)."""
    pg = context.new_page()
    pg.goto(url, wait_until="load")
    pg.wait_for_timeout(300)
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / f"players-{name}.png"), scale="css")
    pg.close()


@pytest.mark.parametrize("ruleset", ["smugglers", "kgk"])   # KGK moves the end screen
def test_rematch_with_one_click_on_the_end_screen(live_server, chromium_path,
                                                  django_user_model, ruleset):
    from playwright.sync_api import sync_playwright

    from matches import store
    from matches.models import Match

    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    anna = django_user_model.objects.create_user("anna", password=PASSWORD)
    old = store.create_match(ruleset, {}, [store.SeatSpec(user=anna),
                                           store.SeatSpec(bot="random")])
    store.submit(old.pk, 0, None, kind="resign", user=anna)
    with sync_playwright() as pw:
        browser = launch_chromium(pw, chromium_path)
        context = browser.new_context(viewport={"width": 390, "height": 844})
        sign_in(context, live_server.url, "anna")
        pg = context.new_page()
        pg.goto(f"{live_server.url}/play/{old.pk}/")
        pg.click("#rematch")
        pg.wait_for_url(lambda url: url.rstrip("/").split("/")[-1] != str(old.pk))
        new_id = int(pg.url.rstrip("/").split("/")[-1])
        browser.close()
    new = Match.objects.get(pk=new_id)
    assert new.ruleset == ruleset and new.status == "active"
    assert sorted(s.bot or s.user.username for s in new.seats.all()) == ["anna", "random"]


def test_a_turn_deadline_counts_down_on_the_board_and_in_my_matches(live_server, chromium_path,
                                                                   django_user_model):
    """The turn-based clock on the board and in "My matches" says how long is
    left, in the page's language, not only the deadline's UTC time."""
    from playwright.sync_api import sync_playwright

    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    users = [django_user_model.objects.create_user(n, password=PASSWORD)
             for n in ("anna", "bela")]
    paths, _ = _site(users)
    with sync_playwright() as pw:
        browser = launch_chromium(pw, chromium_path)
        for lang, said in (("hu", r"^ \(még (\d+ nap \d+ óra|\d+ óra \d+ perc)\)$"),
                           ("en", r"^ \((\d+ d \d+ h|\d+ h \d+ min) left\)$")):
            context = browser.new_context(viewport={"width": 390, "height": 844})
            context.add_cookies([{"name": "django_language", "value": lang,
                                  "url": live_server.url}])
            sign_in(context, live_server.url, "anna")
            pg = context.new_page()
            for key in ("board-turn", "my-matches"):
                pg.goto(live_server.url + paths[key])
                shown = pg.locator("time.countdown + .countdown-left").first.text_content()
                assert shown is not None and re.match(said, shown), (key, lang, shown)
            context.close()
        browser.close()
