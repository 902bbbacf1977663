"""Each sister game played end to end on its page against a bot, in real Chromium (issue 7)."""

from __future__ import annotations

import json
import time

import pytest

from matches import store
from matches.models import Match
from rulesets import registry
from tests.matches.test_pages import login

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
    rs = registry.get(ruleset)
    clicks = 0
    deadline = time.time() + 300
    while time.time() < deadline:
        page.wait_for_function(
            "document.querySelector('#board').dataset.status === 'finished' || "
            "document.querySelectorAll('#actions button.action:not([disabled])').length > 0",
            timeout=60000)
        if page.get_attribute("#board", "data-status") == "finished":
            break
        version = page.get_attribute("#board", "data-version")
        match = Match.objects.get(pk=match_id)
        if str(match.version) != version:
            continue  # the page is about to catch up
        # Play like the heuristic bot, from what seat 0 may see, by clicking its button.
        state = rs.from_json(match.state_json())
        wanted = rs.bot_action(state, 0, "heuristic", f"page-{version}")
        buttons = page.locator("#actions button.action")
        texts = buttons.evaluate_all("bs => bs.map(b => b.dataset.action)")
        index = next(i for i, t in enumerate(texts) if json.loads(t) == wanted)
        buttons.nth(index).click()
        clicks += 1
        page.wait_for_function(
            f"document.querySelector('#board').dataset.version !== '{version}'", timeout=60000)
    else:
        raise AssertionError(f"{ruleset}: the game did not end in time ({clicks} clicks)")
    assert clicks > 3
    page.wait_for_selector("#outcome:not([hidden])")
    match = Match.objects.get(pk=match_id)
    assert match.status == Match.FINISHED
    assert "Győztes" in page.inner_text("#outcome") or "döntetlen" in page.inner_text("#outcome")
    assert store.verify(match)["ok"]
