"""The "set up a position" page in real Chromium at 390×844 and
1280×800, in Hungarian and English: from the play page to the list of the rulebook's
examples; a broken document pasted -> the refusal in words (where and what), no raw key,
no sideways scroll, the text kept; a shipped scenario started -> the board shows the
position (the cards named in the file), the sandbox mark, and a move made by clicking the
card on the board. Signed out: the list and the help, and a sign-in link instead of the
start buttons. One browser for the module. With KAOSZ_SCREENS=1 the screenshots in
docs/screens/positions-*.png are taken again."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rulesets.kgk import SCENARIOS_DIR
from tests.support.board import DESKTOP, PHONE, board_text, no_sideways_scroll, open_page
from tests.support.board import raw_keys as board_raw_keys
from tests.support.browser import PATIENCE_MS
from tests.support.kgk_driver import act_on_table
from tests.support.pages import PASSWORD, visible_text_js
from tests.support.pages import raw_keys as page_raw_keys

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screens"
KG_14_2 = json.loads((SCENARIOS_DIR / "kg-14-2.json").read_text(encoding="utf-8"))
# Cards of the file that Laci (the seat to act, whose view the board shows) may see: his
# own, face up or not, and Dani's ship. (Dani's trap lies face down: hidden from Laci.)
SEEN_BY_LACI = ["tuzer", "marduk-kurios", "aknagyuru", "holdimado"]


def shot(page, name: str) -> None:
    if os.environ.get("KAOSZ_SCREENS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"positions-{name}.png"), full_page=True)


def page_without_sideways_scroll(page) -> None:
    wide = page.evaluate("""() => [...document.querySelectorAll('main, main *')]
        .filter(e => e.getBoundingClientRect().right > innerWidth + 1)
        .slice(0, 5).map(e => e.tagName + '.' + e.className + '#' + e.id)""")
    assert not wide, (page.url, wide)


@pytest.mark.parametrize("lang,size", [("hu", "desktop"), ("en", "desktop"), ("hu", "phone"),
                                       ("en", "phone")])
def test_a_broken_document_then_a_shipped_position_played_by_clicking(
        browser, live_server, django_user_model, cards_loaded, lang, size):
    me = django_user_model.objects.create_user(f"biro-{lang}-{size}", password=PASSWORD)
    phone = size == "phone"
    ctx, page, errors = open_page(browser, live_server, me, PHONE if phone else DESKTOP, lang,
                                  touch=phone)
    try:
        # the play page links to it
        page.click("#positions-link")
        page.wait_for_url("**/play/positions/")
        assert page.locator("h1").inner_text() == ("Állás összeállítása" if lang == "hu"
                                                   else "Set up a position")
        item = page.locator("#scenario-kg-14-2")
        assert KG_14_2["title"][lang] in item.inner_text()
        assert "KG-14.2" in item.inner_text() and KG_14_2["notes"][lang] in item.inner_text()
        page_without_sideways_scroll(page)

        # a broken document: a base developed above its limit
        bad = json.loads(json.dumps(KG_14_2))
        bad["seats"][1]["surface"][0]["development"] = 5
        text = json.dumps(bad, ensure_ascii=False, indent=1)
        page.fill("#document", text)
        with page.expect_navigation():
            page.click("#start-document")
        said = page.inner_text("#position-error")
        if lang == "hu":
            assert "2. játékos (Laci) › felszín › 1. lap › fejlesztések" in said
            assert "fejlesztési korlát" in said
        else:
            assert "player 2 (Laci) › surface › 1st card › developments" in said
            assert "development limit" in said
        visible = page.evaluate(visible_text_js())
        assert not page_raw_keys(visible, lang), page_raw_keys(visible, lang)
        assert "over_limit" not in visible and "scenario.seats" not in visible
        assert json.loads(page.input_value("#document")) == bad      # nothing lost
        page_without_sideways_scroll(page)
        shot(page, f"error-{lang}-{size}")

        # a shipped scenario, every seat mine
        page.goto(f"{live_server.url}/play/positions/")
        shot(page, f"list-{lang}-{size}")
        with page.expect_navigation():
            page.locator("#scenario-kg-14-2 button.start-scenario").click()
        page.wait_for_selector("#view button.card[data-slug=aknagyuru]")
        for slug in SEEN_BY_LACI:
            assert page.locator(f"#view button.card[data-slug='{slug}']").count(), slug
        mark = page.inner_text("#sandbox-mark")
        assert ("Homokozó – nem értékelt játszma" if lang == "hu"
                else "Sandbox — not a rated game") in mark
        # the position: Laci's main phase in turn 6, his decision
        page.wait_for_selector("#actions button.action:not([disabled])")
        shot(page, f"board-{lang}-{size}")
        text = board_text(page)
        assert not board_raw_keys(text, lang), (board_raw_keys(text, lang), text)
        no_sideways_scroll(page)

        # a move by clicking the card it is about: develop Aknagyűrű (KG-14.2.1)
        version = page.get_attribute("#board", "data-version")
        akna = page.locator("#view button.card[data-slug=aknagyuru]").first
        akna.scroll_into_view_if_needed()
        if phone:
            akna.tap()
        else:
            akna.click()
        page.wait_for_selector("#card-pop:not([hidden])")
        develop = page.locator("#card-pop .pop-act", has_text="Fejlesztés" if lang == "hu"
                               else "Develop")
        assert develop.count() >= 1
        develop.first.click()
        page.wait_for_function(
            f"document.querySelector('#board').dataset.version !== '{version}'")
        page.wait_for_function(
            "(document.querySelector('#log') || {}).innerText.length > 0")
        assert not errors, errors
    finally:
        ctx.close()


def test_signed_out_the_list_and_the_help_and_a_sign_in_link(browser, live_server, db):
    ctx = browser.new_context(viewport=PHONE, locale="hu-HU")
    page = ctx.new_page()
    page.set_default_timeout(PATIENCE_MS)
    try:
        page.goto(f"{live_server.url}/play/positions/")
        assert KG_14_2["title"]["hu"] in page.inner_text("#shipped")
        assert not page.locator("button.start-scenario").count()
        assert not page.locator("#start-document").count()
        assert page.locator("#sign-in-note a[href^='/accounts/login/']").count()
        page.click("#position-help summary")
        assert page.locator("#example").is_visible()
        page_without_sideways_scroll(page)
        visible = page.evaluate(visible_text_js())
        assert not page_raw_keys(visible, "hu"), page_raw_keys(visible, "hu")
        shot(page, "signed-out-hu-phone")
    finally:
        ctx.close()


def click_action_on_card(page, card_id: int, wanted: dict) -> None:
    """Click the card the move is about, then its target on the table."""
    index = page.evaluate(
        """w => [...document.querySelectorAll('#actions button.action')].findIndex(
               b => { const a = JSON.parse(b.dataset.action);
                      return Object.keys(w).every(k => a[k] === w[k]); })""", wanted)
    assert index >= 0, wanted
    i = int(page.locator("#actions button.action").nth(index).get_attribute("data-i"))
    action = json.loads(page.locator("#actions button.action").nth(index)
                        .get_attribute("data-action"))
    how, _, _ = act_on_table(page, action, i)
    assert how == "target", how


@pytest.mark.parametrize("lang,size", [("hu", "desktop"), ("en", "phone")])
def test_combat_positions_on_the_board(browser, live_server, django_user_model, cards_loaded,
                                       lang, size):
    """The combat positions (KG-14.4 at its firing step, KG-14.3 at the window before
    damage) start from the page; the first move of each is made on the board's cards."""
    from rulesets.kgk.scenario import card_ids

    me = django_user_model.objects.create_user(f"harc-{lang}-{size}", password=PASSWORD)
    ctx, page, errors = open_page(browser, live_server, me,
                                  PHONE if size == "phone" else DESKTOP, lang)
    try:
        for name, card, wanted in (
                ("kg-14-4-fire", "hala", {"type": "fire", "target": "mamut"}),
                ("kg-14-3-window", "et", {"type": "play", "target": "cobra"})):
            doc = json.loads((SCENARIOS_DIR / f"{name}.json").read_text(encoding="utf-8"))
            ids = card_ids(doc)
            page.goto(f"{live_server.url}/play/positions/")
            with page.expect_navigation():
                page.locator(f"#scenario-{name} button.start-scenario").click()
            page.wait_for_selector("#actions button.action:not([disabled])")
            text = board_text(page)
            assert ("harc" if lang == "hu" else "combat") in text.lower()
            assert not board_raw_keys(text, lang), (board_raw_keys(text, lang), text)
            no_sideways_scroll(page)
            shot(page, f"{name}-{lang}-{size}")
            version = page.get_attribute("#board", "data-version")
            key = "ship" if wanted["type"] == "fire" else "card"
            click_action_on_card(page, ids[card], {**wanted, key: ids[card],
                                                   "target": ids[wanted["target"]]})
            page.wait_for_function(
                f"document.querySelector('#board').dataset.version !== '{version}'")
        assert not errors, errors
    finally:
        ctx.close()
