"""Each sister game played end to end on its page against a bot, in real Chromium."""

from __future__ import annotations

import pytest

from matches import store
from matches.models import Match
from tests.support.board import play_like_the_heuristic
from tests.support.pages import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("ruleset", ["smugglers", "pulsar", "roll"])
def test_a_whole_game_against_a_bot_on_its_page(page, live_server, django_user_model, ruleset,
                                                bots_in_process):
    me = django_user_model.objects.create_user(f"jatekos-{ruleset}",
                                               password="titkos-jelszo-123")
    login(page, live_server, me)
    page.select_option("#ruleset", ruleset)
    page.select_option("#opponent", "bot:random")
    page.click("#create")
    page.wait_for_selector("#board[data-status=active]")
    match_id = int(page.get_attribute("#board", "data-match"))
    clicks = play_like_the_heuristic(page, match_id, ruleset, wait_ms=60000)
    assert clicks > 3
    page.wait_for_selector("#outcome:not([hidden])")
    match = Match.objects.get(pk=match_id)
    assert match.status == Match.FINISHED
    assert "Győztes" in page.inner_text("#outcome") or "döntetlen" in page.inner_text("#outcome")
    assert store.verify(match)["ok"]
