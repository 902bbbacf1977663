"""The board says so while a bot is to act (a search bot may take its budget), in real
Chromium at a phone's size."""

from __future__ import annotations

import pytest

from matches import store
from matches.models import Match, Seat
from rulesets import registry
from tests.support.api import client_for
from tests.support.matches import create
from tests.support.pages import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_board_shows_that_the_bot_to_act_is_thinking(page, live_server, django_user_model):
    me = django_user_model.objects.create_user("anna", password="titkos-jelszo-123")
    django_user_model.objects.create_user("bela", password="titkos-jelszo-123")
    m = create(client_for(me), "kgk", ["me", "bela"])
    rs = registry.get("kgk")
    while Match.objects.get(pk=m["id"]).to_act != [1]:   # seat 0 moves till only 1 is to act
        match = Match.objects.get(pk=m["id"])
        store.submit(match.pk, 0, rs.legal_actions(rs.from_json(match.state_json()), 0)[0])
    # Seat 1 becomes a search bot behind the store's back: no task is woken, so the bot
    # stays "to act" for as long as the page looks.
    Seat.objects.filter(match_id=m["id"], index=1).update(bot="search", user=None)
    page.set_viewport_size({"width": 390, "height": 844})
    login(page, live_server, me)
    page.goto(f"{live_server.url}/play/{m['id']}/")
    page.wait_for_selector("#turn[data-thinking='1']")
    text = page.inner_text("#turn")
    assert "gondolkodik" in text and "kereső" in text.lower() and "bot:" not in text
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # Once it is a person's decision again, the line says whose, and no bot is thinking.
    Seat.objects.filter(match_id=m["id"], index=1).update(bot="", user=me)
    match = Match.objects.get(pk=m["id"])
    for seat in list(match.to_act):
        legal = rs.legal_actions(rs.from_json(match.state_json()), seat)
        store.submit(match.pk, seat, legal[0])
        match = Match.objects.get(pk=m["id"])
    # (at least that version: the board itself may already have passed for seat 0 after its
    # pause, a version later, and an exact wait then missed the one it showed for a moment)
    page.wait_for_function(
        f"Number(document.querySelector('#board').dataset.version) >= {match.version}",
        timeout=15000)
    assert page.get_attribute("#turn", "data-thinking") == ""
