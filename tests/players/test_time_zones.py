"""Every time a person reads is in their own zone and labelled with it: the player page,
a tournament's page and its round timer, a card's history and the contributions, a deck's
history, the API tokens, My matches and the notifications, for a viewer in Budapest (the
default), in New York and in Tokyo, in both languages. One instant, one reading per zone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client

from cards.models import Card, CardRevision, Contribution
from kaosz.models import ApiToken
from matches import store
from matches.models import Match
from matches.tournaments import services as tournaments
from matches.tournaments.models import Round, Tournament
from players.challenges import services as challenges
from players.models import Notification, NotificationSetting, Rating, RatingEvent, TurnClock
from players.notifications import kept
from players.turns import clocks

pytestmark = pytest.mark.django_db(transaction=True)

# 05:00 UTC on a winter morning: 06:00 in Budapest, midnight in New York, 14:00 in Tokyo.
MOMENT = datetime(2026, 12, 2, 5, 0, tzinfo=UTC)
READINGS = {"Europe/Budapest": "2026-12-02 06:00 CET",
            "America/New_York": "2026-12-02 00:00 EST",
            "Asia/Tokyo": "2026-12-02 14:00 JST"}
# The round timer ends a round's length (50 minutes) after its start.
ROUND_END = {"Europe/Budapest": "2026-12-02 06:50 CET",
             "America/New_York": "2026-12-02 00:50 EST",
             "Asia/Tokyo": "2026-12-02 14:50 JST"}


@pytest.fixture
def site(django_user_model, cards_loaded):
    anna, bela = (django_user_model.objects.create_user(n, password="titkos-jelszo-123")
                  for n in ("anna", "bela"))
    rated = store.create_match("smugglers", {"rated": True},
                               [store.SeatSpec(user=anna), store.SeatSpec(user=bela)])
    store.submit(rated.pk, 1, None, kind="resign", user=bela)
    Match.objects.filter(pk=rated.pk).update(finished=MOMENT)
    # (resigned before anyone moved, it is aborted and unrated: its rating is written here)
    Rating.objects.create(user=anna, game="smugglers", family="live", rating=1662.3,
                          deviation=290.3, games=1)
    RatingEvent.objects.create(match=rated, user=anna, game="smugglers", family="live",
                               before=1500, after=1662.3, deviation=290.3, volatility=0.06,
                               games=1, at=MOMENT)

    t = tournaments.create_tournament(anna, name="Időzóna Kupa", decks_required=False,
                                      rounds_planned=2)
    for name in ["Anna", "Béla", "Cili", "Dani"]:
        tournaments.register(t, by=anna, name=name)
    tournaments.start(t, by=anna)
    tournaments.pair_next_round(t, by=anna)
    tournaments.start_round(t, 1, by=anna)
    Tournament.objects.filter(pk=t.pk).update(started=MOMENT)
    Round.objects.filter(tournament=t, number=1).update(started_at=MOMENT)

    card = Card.objects.filter(official=True).order_by("slug").first()
    revision = CardRevision.objects.create(card=card, author=anna, kind="edit",
                                           after={"cost": 3})
    CardRevision.objects.filter(pk=revision.pk).update(created=MOMENT)
    mine = Contribution.objects.create(kind=Contribution.CORRECTION, card=card,
                                       proposed={"cost": 3}, source_note="a", author=anna)
    Contribution.objects.filter(pk=mine.pk).update(created=MOMENT)
    token = ApiToken.objects.create(user=anna, name="bot")
    ApiToken.objects.filter(pk=token.pk).update(created=MOMENT)

    turn = challenges.create(bela, "kgk", time_control="1d")
    challenges.accept(turn.pk, anna)
    clocks.update_clock(turn.pk)
    TurnClock.objects.filter(match=turn).update(deadline=MOMENT + timedelta(days=400),
                                                expires=MOMENT + timedelta(days=402))
    kept.record(anna.pk, "challenge_accepted", {"match": turn.pk, "by": "bela"})
    Notification.objects.filter(user=anna).update(created=MOMENT)
    return {"anna": anna, "player": "/players/anna/", "tournament": f"/tournaments/{t.pk}/",
            "manage": f"/tournaments/{t.pk}/manage/", "card": f"/cards/{card.slug}/",
            "contributions": "/contributions/", "tokens": "/account/tokens/",
            "inbox": "/notifications/", "mine": "/play/mine/", "turn": turn}


def _page(client: Client, path: str) -> str:
    r = client.get(path)
    assert r.status_code == 200, (path, r.status_code)
    return r.content.decode()


@pytest.mark.parametrize("lang", ["hu", "en"])
@pytest.mark.parametrize("zone", list(READINGS))
def test_each_page_reads_the_instant_in_the_viewers_zone(site, zone, lang):
    if zone != "Europe/Budapest":      # Budapest is the default: nobody chose it
        NotificationSetting.objects.create(user=site["anna"], time_zone=zone)
    client = Client()
    client.cookies["django_language"] = lang
    client.force_login(site["anna"])
    reading = READINGS[zone]
    others = [r for z, r in READINGS.items() if z != zone]
    for key in ("player", "tournament", "card", "contributions", "tokens", "inbox"):
        text = _page(client, site[key])
        assert reading in text, key
        assert not any(o in text for o in others), key
    player = _page(client, site["player"])
    assert player.count(reading) == 2        # the match's end and the last rated game
    for key in ("tournament", "manage"):
        text = _page(client, site[key])
        assert ROUND_END[zone] in text, key  # the round timer names its end
    # A deadline a year out reads in the same zone on the board and in My matches.
    label = reading.rsplit(" ", 1)[1]
    board = _page(client, f"/play/{site['turn'].pk}/")
    mine = _page(client, site["mine"])
    due = f"2028-01-06 {reading.split(' ')[1]} {label}"
    assert due in board and due in mine


def test_signed_out_readers_read_budapest_time(site):
    text = _page(Client(), site["tournament"])
    assert READINGS["Europe/Budapest"] in text and ROUND_END["Europe/Budapest"] in text
    assert READINGS["Europe/Budapest"] in _page(Client(), site["card"])


# Each <time> on the page as it reads, beside the same instant formatted by the browser
# itself in the viewer's zone (Intl, not our code).
TIMES_JS = """(zone) => [...document.querySelectorAll('main time[datetime]')].map((t) => {
  const at = new Date(t.getAttribute('datetime'));
  const f = new Intl.DateTimeFormat('sv-SE', {timeZone: zone, year: 'numeric', month: '2-digit',
    day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23'});
  const r = t.getBoundingClientRect();
  return [t.textContent.trim(), f.format(at), r.right <= window.innerWidth && r.width > 0];
})"""


@pytest.mark.browser
def test_the_pages_read_the_viewers_zone_in_chromium(site, live_server, chromium_path):
    """A viewer in New York, on a phone and a laptop, in both languages: every time on the
    player, tournament and card pages is the instant the browser itself reads in New York,
    labelled EST, in sight; and the sweep's checks (nothing sideways, no console error, no
    failed request, no raw key) hold."""
    from playwright.sync_api import sync_playwright

    from tests.support.browser import launch_chromium
    from tests.support.sweep import CHECKS, LANGS, SIZES, sign_in, visit

    NotificationSetting.objects.create(user=site["anna"], time_zone="America/New_York")
    keys = ("player", "tournament", "manage", "card", "contributions")
    problems: list[str] = []
    with sync_playwright() as pw:
        browser = launch_chromium(pw, chromium_path)
        for size, (w, h) in SIZES.items():
            for lang in LANGS:
                context = browser.new_context(viewport={"width": w, "height": h})
                context.add_cookies([{"name": "django_language", "value": lang,
                                      "url": live_server.url}])
                sign_in(context, live_server.url, "anna")
                for key in keys:
                    found = visit(context, live_server.url, key, site[key], lang)
                    problems += [f"{key} {size}/{lang} {c}: {found[c]}" for c in CHECKS
                                 if found[c]]
                    pg = context.new_page()
                    pg.goto(live_server.url + site[key])
                    times = pg.evaluate(TIMES_JS, "America/New_York")
                    pg.close()
                    if not times:
                        problems.append(f"{key} {size}/{lang}: no time on the page")
                    problems += [f"{key} {size}/{lang}: {shown!r} is not {wanted} EST"
                                 + ("" if seen else " (out of sight)")
                                 for shown, wanted, seen in times
                                 if shown != f"{wanted} EST" or not seen]
                context.close()
        browser.close()
    assert not problems, "\n".join(problems)
