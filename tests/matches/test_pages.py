"""The lobby, boards and simulation pages: through the test client, and in a real
headless Chromium a whole KGK match against the random bot, clicked to its end."""

from __future__ import annotations

import pytest

from matches import store
from matches.models import Match, Simulation
from rulesets import registry
from tests.support.api import client_for
from tests.support.board import play_like_the_heuristic
from tests.support.matches import create
from tests.support.pages import login


def test_lobby_and_boards_render(players, client):
    (a, ca), _ = players
    m = create(ca, "roll", ["me", "bot:random"])
    body = client.get("/play/").content.decode()
    assert "Játék" in body and f"/play/{m['id']}/" in body
    board = client.get(f"/play/{m['id']}/").content.decode()
    assert "néző" in board and "board.js" in board and "kgk.js" not in board
    k = create(ca, "kgk", ["me", "bot:random"])
    assert "kgk.js" in client.get(f"/play/{k['id']}/").content.decode()
    assert client.get("/play/999999/").status_code == 404


def test_create_from_the_lobby_form(players, client):
    (a, _), _ = players
    client.force_login(a)
    r = client.post("/play/new/", {"ruleset": "smugglers", "opponent": "bot:heuristic",
                                   "players": "3"})
    assert r.status_code == 302
    match = Match.objects.get()
    assert r["Location"] == f"/play/{match.pk}/" and match.seats.count() == 3
    bad = client.post("/play/new/", {"ruleset": "nope", "opponent": "bot:random"})
    assert bad.status_code == 400 and "unknown_ruleset" in bad.content.decode()


def test_simulation_pages(players, client):
    (a, _), _ = players
    client.force_login(a)
    r = client.post("/play/simulations/", {"ruleset": "smugglers", "games": "4",
                                           "players": "2", "bot": "random", "seed": "p"})
    assert r.status_code == 302
    sim = Simulation.objects.get()
    page = client.get(r["Location"]).content.decode()
    assert "95% Wilson" in page and 'id="sim-progress"' in page
    partial = client.get(r["Location"], HTTP_HX_REQUEST="true").content.decode()
    assert partial.lstrip().startswith('<section class="panel" id="sim-progress"')
    assert sim.games == 4


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_whole_kgk_match_against_the_random_bot_in_chromium(page, live_server,
                                                              django_user_model,
                                                              bots_in_process):
    me = django_user_model.objects.create_user("jatekos", password="titkos-jelszo-123")
    login(page, live_server, me)
    page.select_option("#ruleset", "kgk")
    page.select_option("#opponent", "bot:random")
    page.click("#create")
    page.wait_for_selector("#board[data-status=active]")
    match_id = int(page.get_attribute("#board", "data-match"))
    page.wait_for_selector(".side")
    # Both sides are drawn (and our hand docked below them); the bot's hand is a count,
    # ours is shown card by card.
    assert page.locator(".side:not(.hand-dock)").count() == 2
    assert page.locator(".side.opp .zone-act[data-target=central]").count() == 1
    assert page.locator(".side.me [data-zone=hand] button.card[data-card]").count() == 5
    assert page.locator(".side.me:not(.hand-dock) b.credits").count() == 1
    clicks = play_like_the_heuristic(page, match_id, "kgk")
    assert clicks > 5
    page.wait_for_selector("#outcome:not([hidden])")
    match = Match.objects.get(pk=match_id)
    assert match.status == Match.FINISHED
    assert "Győztes" in page.inner_text("#outcome")
    page.click("#verify summary")          # the technical details are folded away
    assert match.seed in page.inner_text("#seed")
    assert page.locator("#log li").count() > 10
    assert store.verify(match)["ok"]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_board_updates_live_when_the_other_side_acts(page, live_server,
                                                         django_user_model,
                                                         celery_worker_process):
    me = django_user_model.objects.create_user("anna", password="titkos-jelszo-123")
    other = django_user_model.objects.create_user("bela", password="titkos-jelszo-123")
    m = create(client_for(me), "kgk", ["me", "bela"])
    login(page, live_server, me)
    page.goto(f"{live_server.url}/play/{m['id']}/")
    page.wait_for_selector("#board[data-version='0']")
    page.wait_for_selector(".side")
    if m["to_act"] != [1]:  # let seat 0 move until it is the other side's decision
        rs = registry.get("kgk")
        while Match.objects.get(pk=m["id"]).to_act != [1]:
            match = Match.objects.get(pk=m["id"])
            store.submit(match.pk, 0, rs.legal_actions(rs.from_json(match.state_json()), 0)[0])
    version = Match.objects.get(pk=m["id"]).version
    page.wait_for_function(f"document.querySelector('#board').dataset.version === '{version}'")
    c = client_for(other)
    legal = c.get(f"/api/v1/matches/{m['id']}/legal-actions/").json()
    c.post(f"/api/v1/matches/{m['id']}/actions/", {"action": legal["actions"][0]},
           format="json")
    # No reload: the long-poll brings the move (and any window the store passed after it
    # for a person whose stops do not ask: the version may move on by more than one).
    page.wait_for_function(
        f"+document.querySelector('#board').dataset.version >= {version + 1}", timeout=30000)
    page.click("#lang-switch")
    page.wait_for_selector(".side")
    assert "Log" in page.inner_text("main")


def test_the_lobby_and_the_api_make_a_match_through_one_service(players, client, monkeypatch):
    """The page skipped the checks the API made (the options checked before an
    invited player waits, the limit on bots-only matches). Both now call
    ``matches.services.creation.create_match``; the same request makes the same match."""
    from matches.services import creation

    calls: list[tuple] = []
    real = creation.create_match

    def recording(user, ruleset, seats, options=None, scenario=None):
        calls.append((user.username, ruleset, [s["player"] for s in seats], options))
        return real(user, ruleset, seats, options, scenario)

    monkeypatch.setattr(creation, "create_match", recording)
    (a, ca), _ = players
    client.force_login(a)
    assert client.post("/play/new/", {"ruleset": "smugglers", "opponent": "bot:random",
                                      "players": "2"}).status_code == 302
    create(ca, "smugglers", ["me", "bot:random"])
    assert [c[:3] for c in calls] == [(a.username, "smugglers", ["me", "bot:random"])] * 2
    page_made, api_made = Match.objects.order_by("pk")
    assert page_made.options == api_made.options
    assert [(s.index, s.bot, s.user_id) for s in page_made.seats.order_by("index")] == \
        [(s.index, s.bot, s.user_id) for s in api_made.seats.order_by("index")]
