"""Card pages in a real headless Chromium: typing a query filters live, Hungarian first."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_typing_a_query_filters_live(page, live_server, cards_loaded):
    page.goto(live_server.url + "/")
    assert page.locator("h1").inner_text().startswith("Káosz Galaktika kártyák")
    assert page.locator(".card-row").count() == 15
    page.fill("#q", "t:űrhajó ár>=9")
    page.wait_for_function("document.querySelectorAll('.card-row').length === 3")
    names = page.locator(".card-row td:first-child a").all_inner_texts()
    assert names == ["CRX", "Hellfire Brothers", "Unicornis"]
    assert "q=" in page.url  # the search is in the address, so it can be shared
    page.fill("#q", "halalszarny")
    page.wait_for_function("document.querySelectorAll('.card-row').length === 1")
    page.click("text=Halálszárny")
    page.wait_for_selector("#card-name")
    assert "Halálszárny" in page.inner_text("#card-name")


def test_syntax_error_is_shown_not_crashed(page, live_server, cards_loaded):
    page.goto(live_server.url + "/?q=" + "(t:ship")
    assert page.locator("#query-error").is_visible()


def test_card_page_shows_unknowns_and_provenance(page, live_server, cards_loaded):
    page.goto(live_server.url + "/cards/unicornis/")
    assert "bombard" in page.inner_text("#missing")
    body = page.inner_text("main")
    assert "ismeretlen" in body and "derived" in body


def test_english_switch(page, live_server, cards_loaded):
    page.goto(live_server.url + "/")
    page.click("#lang-switch")
    page.wait_for_selector("text=Káosz Galaktika cards")
    assert page.locator("#lang-switch").inner_text().strip() == "Magyar"
