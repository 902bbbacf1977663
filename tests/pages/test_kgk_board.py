"""The KGK board for people (issue 15), in real Chromium at 1280×800 and 390×844, in
Hungarian and English: card texts by hover and by tap, a log in sentences with names, no
raw engine key on screen, no sideways scroll, and a whole match against a bot played by
clicking the cards and buttons on the board. One browser for the module."""

from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import Error as PlaywrightError

from cards.models import Card
from matches import store
from matches.models import Match
from rulesets import registry
from tests.api_helpers import client_for
from tests.support.board import (
    DESKTOP,
    PHONE,
    board_text,
    let_the_board_answer,
    no_sideways_scroll,
    open_page,
    raw_keys,
)
from tests.support.matches import create
from tests.support.pages import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_number(page, selector: str) -> str:
    """The number board.css draws before a log line (a ::before box beside the sentence,
    so nothing clips it) from the line's data-n."""
    el = page.locator(selector)
    assert el.evaluate("li => getComputedStyle(li, '::before').content") != "none"
    return el.evaluate("li => li.dataset.n") + "."


def match_against(user, bot="random") -> int:
    return create(client_for(user), "kgk", ["me", f"bot:{bot}"])["id"]


def wait_for_my_decision(page, timeout=30000) -> None:
    page.wait_for_function(
        "document.querySelector('#board').dataset.status === 'finished' || "
        "document.querySelectorAll('#actions button.action:not([disabled])').length > 0",
        timeout=timeout)


@pytest.mark.parametrize("lang,size", [("hu", "desktop"), ("en", "desktop"), ("hu", "phone"),
                                       ("en", "phone")])
def test_a_cards_text_by_hover_and_by_tap_and_the_board_in_words(
        browser, live_server, django_user_model, cards_loaded, bots_in_process, lang, size):
    me = django_user_model.objects.create_user(f"anna-{lang}-{size}", password=PASSWORD)
    match_id = match_against(me)
    phone = size == "phone"
    ctx, page, errors = open_page(browser, live_server, me, PHONE if phone else DESKTOP, lang,
                                  touch=phone)
    try:
        page.goto(f"{live_server.url}/play/{match_id}/")
        page.wait_for_selector(".side.me [data-zone=hand] button.card[data-card]")
        card = page.locator(".side.me [data-zone=hand] button.card[data-card]").first
        slug = card.get_attribute("data-slug")
        record = Card.objects.get(slug=slug)
        name, text = ((record.name_hu, record.text_hu) if lang == "hu"
                      else (record.name_en, record.text_en))
        assert name in card.inner_text()
        if phone:
            card.tap()
        else:
            card.hover()
        page.wait_for_selector("#card-pop:not([hidden])")
        pop = page.inner_text("#card-pop")
        assert name in pop and text.strip(" .") in pop
        assert page.get_attribute("#card-pop a.card-link", "href") == f"/cards/{slug}/"
        # its picture too: a practice card has a generated face (issue 16)
        assert "/face.svg" in (page.get_attribute("#card-pop img.pop-img", "src") or "")
        box = page.locator("#card-pop").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]
        # the stat labels are in the page's language
        stats = page.inner_text(".side.me [data-zone=hand]")
        if lang == "en":
            assert "seb " not in stats and "pán " not in stats
        page.keyboard.press("Escape")
        assert page.locator("#card-pop").is_hidden()
        # one move (keep the opening hand); the log is numbered sentences naming players
        wait_for_my_decision(page)
        version = page.get_attribute("#board", "data-version")
        page.locator("#actions button.action", has_text="Megtartom" if lang == "hu" else "Keep").click()
        page.wait_for_function(
            f"document.querySelector('#board').dataset.version !== '{version}'")
        # the log follows the match through the event stream: wait for our own line
        page.wait_for_function(
            "name => (document.querySelector('#log') || {}).innerText.includes(name)",
            arg=me.username)
        log = page.inner_text("#log")
        assert me.username in log and log_number(page, "#log li:last-child") == "1."
        assert not raw_keys(board_text(page), lang), raw_keys(board_text(page), lang)
        no_sideways_scroll(page)
        if phone:
            # the moves are on screen together with the board, not far below it
            moves = page.locator("#actions-panel").bounding_box()
            assert moves["y"] < PHONE["height"] and moves["y"] + 40 < PHONE["height"]
        # your-turn signal: the title and the aria-live region
        if page.get_attribute("#turn", "class") and "your-turn" in page.get_attribute("#turn", "class"):
            assert page.title().startswith("●")
        assert page.get_attribute("#turn", "aria-live") == "polite"
        # the technical details are folded away in the verify box
        assert not page.locator("#verify[open]").count()
        # No script error and no failed page request, the events long-poll included.
        assert not errors, errors
    finally:
        ctx.close()


def click_on_board(page, wanted: dict, index: int) -> int:
    """Click the component the move is about, then the move in its popover; moves with no
    component (draw, end turn, done…) are clicked in the moves list. Returns clicks."""
    el = None
    for key in ("card", "ship", "base", "crew", "pick"):
        if isinstance(wanted.get(key), int):
            loc = page.locator(f"#view button.card[data-card='{wanted[key]}']")
            if loc.count():
                el = loc.first
                break
    if el is None and wanted["type"] == "attack" and wanted.get("target") == "colony":
        el = page.locator(".side:not(.me) .zone-act[data-target=colony]").first
    if el is not None:
        el.scroll_into_view_if_needed()
        el.click()
        act = page.locator(f"#card-pop .pop-act[data-i='{index}']")
        if act.count():
            act.click()
            return 2
        page.keyboard.press("Escape")
    page.locator(f"#actions button.action[data-i='{index}']").click()
    return 1


def test_a_whole_match_against_a_bot_by_clicking_the_board(
        browser, live_server, django_user_model, cards_loaded, bots_in_process):
    me = django_user_model.objects.create_user("kattinto", password=PASSWORD)
    ctx, page, errors = open_page(browser, live_server, me, DESKTOP, "hu")
    page.on("dialog", lambda d: d.accept())
    try:
        page.select_option("#ruleset", "kgk")
        page.select_option("#opponent", "bot:random")
        page.click("#create")
        page.wait_for_selector("#board[data-status=active]")
        match_id = int(page.get_attribute("#board", "data-match"))
        rs = registry.get("kgk")
        clicks = on_cards = moves = auto_passes = 0
        looks = 0
        while moves < 1500 and looks < 30000:    # by moves, not by the clock
            looks += 1
            wait_for_my_decision(page)
            if page.get_attribute("#board", "data-status") == "finished":
                break
            version = page.get_attribute("#board", "data-version")
            match = Match.objects.get(pk=match_id)
            if str(match.version) != version:
                continue
            state = rs.from_json(match.state_json())
            wanted = rs.bot_action(state, 0, "heuristic", f"board-{version}")
            # The board passes by itself after its pause (the default pass mode): no
            # click, the same wait whatever the hand holds (KG-12.3).
            answered = let_the_board_answer(page, wanted, version, 30000)
            auto_passes += answered == "passed"
            if answered in ("passed", "moved"):
                continue
            texts = page.locator("#actions button.action").evaluate_all(
                "bs => bs.map(b => [b.dataset.i, b.dataset.action])")
            index = next((int(i) for i, t in texts if json.loads(t) == wanted), None)
            if index is None:                 # the list is being redrawn: look again
                page.wait_for_timeout(100)
                continue
            try:
                n = click_on_board(page, wanted, index)
            except PlaywrightError as exc:    # redrawn under the pointer: look again
                if "not attached" not in str(exc):
                    raise
                page.keyboard.press("Escape")
                continue
            clicks += n
            on_cards += n == 2
            moves += 1
            if moves % 25 == 1:
                assert not raw_keys(board_text(page), "hu"), raw_keys(board_text(page), "hu")
            page.wait_for_function(
                f"document.querySelector('#board').dataset.version !== '{version}'",
                timeout=30000)
        else:
            raise AssertionError(f"the match did not end within the move limit ({moves} moves)")
        page.wait_for_selector("#outcome:not([hidden])")
        match = Match.objects.get(pk=match_id)
        assert match.status == Match.FINISHED and store.verify(match)["ok"]
        assert on_cards > 5, "moves were made by clicking the cards on the board"
        assert auto_passes > 5, "windows were passed by the board after its pause"
        outcome = page.inner_text("#outcome")
        assert "Győztes" in outcome and "colony_empty" not in outcome
        # the log names the players and the cards, in Hungarian sentences
        log = page.inner_text("#log")
        assert me.username in log and "Gép (véletlen)" in log
        names = set(Card.objects.filter(official=False).values_list("name_hu", flat=True))
        assert sum(1 for nm in names if nm in log) >= 3
        assert page.locator("#log li").count() > 10
        assert log_number(page, "#log li >> nth=0") == f"{page.locator('#log li').count()}."
        assert not raw_keys(board_text(page), "hu"), raw_keys(board_text(page), "hu")
        page.click("#verify summary")
        assert match.seed in page.inner_text("#seed")
        # No script error and no failed page request (this test reads the database
        # between moves while the server writes it: neither side may meet a lock).
        assert not errors, errors
        print(f"\nboard clicks {clicks} for {moves} moves ({on_cards} on cards), "
              f"{auto_passes} passed by the board")
    finally:
        ctx.close()


def _window_for_the_page_user(me, other) -> tuple[int, object]:
    """A sandbox from the KG-14.2 position where the page's user (Dani, seat 0) holds a
    card and the other player (Laci, seat 1, through the API) is in his main phase."""
    from django.contrib.auth import get_user_model  # noqa: F401 (users made by the caller)

    from rulesets.kgk import SCENARIOS_DIR
    from rulesets.kgk.scenario import card_ids

    doc = json.loads((SCENARIOS_DIR / "kg-14-2.json").read_text(encoding="utf-8"))
    doc["seats"][0]["hand"] = ["felulbiralas"]
    mine, theirs = client_for(me), client_for(other)
    r = mine.post("/api/v1/matches/", {"ruleset": "kgk", "scenario": doc, "seats": [
        {"player": "me"}, {"player": other.username}]}, format="json")
    assert r.status_code == 201, r.content
    match_id = r.json()["id"]
    if r.json().get("invitations"):
        assert theirs.post(f"/api/v1/matches/{match_id}/join/", {},
                           format="json").status_code == 200
    return match_id, (theirs, card_ids(doc)["akna"])


@pytest.mark.parametrize("mode", ["pause", "ask"])
def test_a_window_is_passed_after_the_same_pause_or_asked(
        browser, live_server, django_user_model, cards_loaded, mode):
    """KG-12.3: the person holds a card, so the engine offers the window (it might be an
    interrupt, as far as the opponent can tell). In the default mode the board passes
    after its pause, whatever the card is; in "always ask" the decision stays."""
    me = django_user_model.objects.create_user("dani-ablak", password=PASSWORD)
    other = django_user_model.objects.create_user("laci-ablak", password=PASSWORD)
    match_id, (theirs, akna) = _window_for_the_page_user(me, other)
    ctx, page, errors = open_page(browser, live_server, me, PHONE, "hu")
    try:
        if mode == "ask":
            page.evaluate("localStorage.setItem('kaosz-kgk-pass-mode', 'ask')")
        page.goto(f"{live_server.url}/play/{match_id}/")
        page.wait_for_selector("#board[data-status=active]")
        assert page.locator("#pass-mode").input_value() == mode
        labels = page.locator("#pass-mode option").all_inner_texts()
        assert any("nem árul el semmit" in t for t in labels), labels
        r = theirs.post(f"/api/v1/matches/{match_id}/actions/",
                        {"action": {"type": "develop", "base": akna}}, format="json")
        assert r.status_code == 200, r.content
        assert Match.objects.get(pk=match_id).to_act == [0]     # Dani's window
        if mode == "pause":                                     # nobody clicks
            deadline = time.time() + 15
            while Match.objects.get(pk=match_id).to_act != [1] and time.time() < deadline:
                page.wait_for_timeout(200)
            match = Match.objects.get(pk=match_id)
            assert match.to_act == [1]                          # passed: Laci decides
            assert match.log.filter(seat=0).count() == 1
        else:
            page.wait_for_selector("#actions button.action:not([disabled])")
            page.wait_for_timeout(2500)                         # longer than the pause
            assert Match.objects.get(pk=match_id).to_act == [0]
            assert not page.locator("#auto-hold").count()
        assert not raw_keys(board_text(page), "hu"), raw_keys(board_text(page), "hu")
        no_sideways_scroll(page)
        assert not errors, errors
    finally:
        ctx.close()
