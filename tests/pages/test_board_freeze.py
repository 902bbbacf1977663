"""The board never freezes (real Chromium): with its live stream frozen (the requests held,
never answered, as a stalled proxy or a sleeping laptop leaves them) the page still shows
the other side's moves, from its own check of the server; a move whose request gets no
answer is sent again (the same client_action_id: applied once) instead of leaving every
button disabled."""

from __future__ import annotations

import json
import random
import re

import pytest
from django.contrib.auth import get_user_model

from matches.models import Match
from tests.support.api import client_for
from tests.support.matches import create, play_step
from tests.support.pages import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The live stream's requests: the SSE stream and the waiting long-poll (not ``wait=0``).
LIVE = re.compile(r".*/api/v1/matches/\d+/(stream/\?after=|events/\?.*wait=[1-9]).*")


def two_people():
    users = get_user_model().objects
    anna = users.create_user("anna", password="titkos-jelszo-123")
    bela = users.create_user("bela", password="titkos-jelszo-123")
    return anna, bela


def shown_version(page) -> int:
    return int(page.locator("#board").get_attribute("data-version") or -1)


def test_a_frozen_stream_does_not_freeze_the_board(live_server, page):
    anna, bela = two_people()
    m = create(client_for(anna), "smugglers", ["me", "bela"])
    held = []

    def freeze(route) -> None:                 # frozen: asked, never answered
        held.append(route)

    page.route(LIVE, freeze)
    login(page, live_server, anna)
    page.goto(f"{live_server.url}/play/{m['id']}/")
    page.wait_for_function("document.querySelector('#board').dataset.version !== undefined")
    # The page opens its stream once drawn: wait for that request (held), not for a time.
    for _ in range(600):
        if held:
            break
        page.wait_for_timeout(100)
    before = shown_version(page)
    # Someone moves (through the API): the server is at a newer version than the page.
    rng = random.Random(1)
    match = Match.objects.get(pk=m["id"])
    for seat in match.to_act:
        who = anna if seat == 0 else bela
        assert play_step(client_for(who), m["id"], rng, seat=seat) is not None
        break
    now = Match.objects.get(pk=m["id"]).version
    assert now > before and held, "the page's live stream was never asked (nothing frozen)"
    page.wait_for_function(f"+document.querySelector('#board').dataset.version >= {now}",
                           timeout=45000)


def test_a_move_with_no_answer_is_sent_again_and_made_once(live_server, page):
    anna, bela = two_people()
    m = create(client_for(anna), "smugglers", ["me", "bela"])
    match = Match.objects.get(pk=m["id"])
    if 0 not in match.to_act:                  # anna's decision first
        play_step(client_for(bela), m["id"], random.Random(2), seat=match.to_act[0])
    lost = []

    def lose_the_first(route):
        if not lost:
            lost.append(route.request.post_data)
            route.abort("connectionreset")     # the request got no answer
        else:
            route.continue_()

    page.route(re.compile(r".*/api/v1/matches/\d+/actions/$"), lose_the_first)
    login(page, live_server, anna)
    page.goto(f"{live_server.url}/play/{m['id']}/")
    page.locator("#actions button.action").first.wait_for()
    before = Match.objects.get(pk=m["id"]).version
    page.locator("#actions button.action").first.click()
    page.wait_for_function(f"+document.querySelector('#board').dataset.version > {before}",
                           timeout=20000)
    assert lost, "no request was lost"
    assert page.locator("#action-error").text_content() == ""
    # the move sent again is the lost one, applied once
    cid = json.loads(lost[0])["client_action_id"]
    assert Match.objects.get(pk=m["id"]).log.filter(seat=0, client_action_id=cid).count() == 1
