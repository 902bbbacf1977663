"""Card pages in a real headless Chromium: search, the card page, the contribution flow from
form to review to revert, pictures, the collection editor and the advanced search form.

One browser per module; each test gets a fresh context (cookies, language, viewport).
"""

from __future__ import annotations

import re

import pytest

from cards.models import Card, CardImage, CollectionEntry, Contribution
from tests.cards import imagefiles

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "titkos-jelszo-123"



@pytest.fixture
def new_page(browser, live_server):
    contexts = []

    def make(width: int = 1280, height: int = 800):
        context = browser.new_context(locale="hu-HU", viewport={"width": width, "height": height})
        contexts.append(context)
        pg = context.new_page()
        pg.set_default_timeout(15000)
        return pg

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_page):
    return new_page()


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def login(pg, base: str, username: str) -> None:
    pg.goto(base + "/accounts/login/")
    pg.fill("input[name=username]", username)
    pg.fill("input[name=password]", PASSWORD)
    pg.click("main form [type=submit]")
    pg.wait_for_url(lambda url: "/accounts/login/" not in url)


def no_sideways_scroll(pg) -> bool:
    return pg.evaluate("document.documentElement.scrollWidth <= "
                       "document.documentElement.clientWidth")


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


def test_card_page_speaks_hungarian_then_english(new_page, live_server, cards_loaded):
    pg = new_page(390, 844)
    pg.goto(live_server.url + "/cards/unicornis/")
    assert "Bombázás" in pg.inner_text("#missing")
    values = pg.inner_text(".card-values")
    assert "ismeretlen" in values and "Levezetve a szabálykönyvből" in values
    for raw in ("derived", "stated", "bombard", "firepower", "subtype"):
        assert raw not in values
    assert no_sideways_scroll(pg)
    pg.click("#lang-switch")
    pg.wait_for_selector("text=Unknown values")
    values = pg.inner_text(".card-values")
    assert "Derived from the rulebook" in values and "Firepower" in values


def test_english_switch(page, live_server, cards_loaded):
    page.goto(live_server.url + "/")
    page.click("#lang-switch")
    page.wait_for_selector("text=Káosz Galaktika cards")
    assert page.locator("#lang-switch").inner_text().strip() == "Magyar"


def test_contribution_flow_end_to_end(new_page, live_server, cards_loaded, user, staff,
                                      tmp_path):
    base = live_server.url
    photo = tmp_path / "unicornis.jpg"
    photo.write_bytes(imagefiles.jpeg_with_gps((700, 980)))

    # A new card: the subtype list follows the type; an error keeps every value.
    pg = new_page(390, 844)
    login(pg, base, user.username)
    pg.goto(base + "/contribute/")
    pg.select_option("#f-type", "base")
    assert pg.locator("#f-subtype optgroup[data-type=ship]").get_attribute("disabled") is not None
    pg.select_option("#f-type", "ship")
    pg.fill("#f-name_hu", "Próba Cirkáló")
    pg.select_option("#f-subtype", "cruiser")
    pg.select_option("#f-race", "ember")
    pg.select_option("#f-rarity", "rare")
    pg.check("input[name=abilities][value=salvo]")
    pg.fill("#f-cost", "hét")
    pg.fill("#f-source_note", "saját nyomtatott lapom")
    pg.click("#submit")
    pg.wait_for_selector("#form-errors")
    assert "Ár" in pg.inner_text("#form-errors") and "egész szám" in pg.inner_text("#form-errors")
    assert pg.input_value("#f-type") == "ship" and pg.input_value("#f-subtype") == "cruiser"
    assert pg.input_value("#f-race") == "ember" and pg.input_value("#f-rarity") == "rare"
    assert pg.is_checked("input[name=abilities][value=salvo]")
    assert pg.input_value("#f-name_hu") == "Próba Cirkáló" and pg.input_value("#f-cost") == "hét"
    assert no_sideways_scroll(pg)
    pg.fill("#f-cost", "7")
    pg.click("#submit")
    pg.wait_for_url(re.compile(r"/contributions/$"))
    assert "ellenőrzésre vár" in pg.inner_text("main")

    # A correction with a picture, prefilled with the card's current values.
    pg.goto(base + "/contribute/?card=unicornis")
    assert pg.input_value("#f-cost") == "9" and pg.input_value("#f-race") == ""
    pg.select_option("#f-race", "ember")
    pg.set_input_files("#f-image", str(photo))
    assert pg.inner_text(".file-name") == "unicornis.jpg"
    pg.fill("#f-source_note", "saját nyomtatott lapom")
    pg.click("#submit")
    pg.wait_for_url(re.compile(r"/contributions/$"))
    correction = Contribution.objects.get(card__slug="unicornis")
    assert correction.proposed == {"race": "ember"} and correction.images.count() == 1

    # Staff see the diff and the evidence, and approve.
    review = new_page(390, 844)
    login(review, base, staff.username)
    review.goto(base + "/review/")
    row = review.locator(f"#contribution-{correction.pk} tr.diff-row[data-field=race]")
    assert re.sub(r"\s+", " ", row.inner_text()).strip() == "Faj ismeretlen → Ember"
    assert review.locator(f"#contribution-{correction.pk} .evidence-picture").is_visible()
    assert no_sideways_scroll(review)
    review.locator(f"#contribution-{correction.pk} button[value=approve]").click()
    review.wait_for_selector("text=Elfogadva: Unicornis.")
    card = Card.objects.get(slug="unicornis")
    assert card.race == "ember"

    # The card page: the value, its provenance in words, the picture, the history.
    review.goto(base + "/cards/unicornis/")
    assert "gyujto küldte be (saját nyomtatott lapom)" in review.inner_text(".card-values")
    picture = review.locator("#card-picture img")
    assert picture.evaluate("img => img.complete && img.naturalWidth") == 700
    history = review.locator("#history tr.revision").first
    assert "beküldés:" in history.inner_text() and "Faj" in history.inner_text()
    # Revert restores.
    history.locator("button.revert").click()
    review.wait_for_selector("text=A változtatást visszaállítottuk.")
    card.refresh_from_db()
    assert card.race is None
    undo = review.locator("#history tr.revision").first.inner_text()
    assert "visszaállítás:" in undo and "Faj" in undo

    # The contributor sees the decision in words.
    pg.goto(base + "/contributions/")
    assert "elfogadva" in pg.inner_text(f"#contribution-{correction.pk}")


def test_picture_upload_refused_on_the_page(page, live_server, cards_loaded, user, tmp_path):
    junk = tmp_path / "card.jpg"
    junk.write_bytes(imagefiles.not_an_image())
    login(page, live_server.url, user.username)
    page.goto(live_server.url + "/contribute/?card=holdimado")
    page.fill("input[name=bombard]", "1")
    page.set_input_files("#f-image", str(junk))
    page.fill("#f-source_note", "saját lap")
    page.click("#submit")
    page.wait_for_selector("#form-errors")
    assert "Ez nem kép" in page.inner_text("#form-errors")
    assert page.input_value("input[name=bombard]") == "1"
    assert not CardImage.objects.exists() and not Contribution.objects.exists()


def test_collection_counts_edited_in_place(new_page, live_server, cards_loaded, user):
    pg = new_page(390, 844)
    login(pg, live_server.url, user.username)
    pg.goto(live_server.url + "/collection/")
    assert no_sideways_scroll(pg)
    pg.fill("input[name=owned-crx]", "3")
    pg.press("input[name=owned-crx]", "Tab")
    pg.wait_for_selector("#row-crx .saved")
    pg.fill("input[name=wanted-tuzer]", "2")
    pg.press("input[name=wanted-tuzer]", "Tab")
    pg.wait_for_selector("#row-tuzer .saved")
    entries = {e.card.slug: (e.owned, e.wanted)
               for e in CollectionEntry.objects.select_related("card")}
    assert entries == {"crx": (3, 0), "tuzer": (0, 2)}
    pg.reload()
    assert pg.input_value("input[name=owned-crx]") == "3"
    assert "1 / 15" in pg.inner_text("#set-completion")


def test_advanced_form_finds_what_typing_finds(page, live_server, cards_loaded):
    page.goto(live_server.url + "/cards/advanced/")
    page.select_option("#a-type", "ship")
    page.select_option("#a-race", "?")
    page.select_option("#a-cost_op", ">=")
    page.fill("#a-cost", "9")
    page.wait_for_function(
        "document.getElementById('built-query').textContent.trim() === 'típus:űrhajó faj:? ár>=9'")
    page.click("#advanced-submit")
    page.wait_for_selector("#card-table")
    found = page.locator(".card-row td:first-child a").all_inner_texts()
    assert page.input_value("#q") == "típus:űrhajó faj:? ár>=9"
    page.goto(live_server.url + "/")
    page.fill("#q", "t:ship race:? cost>=9")
    page.wait_for_function(f"document.querySelectorAll('.card-row').length === {len(found)}")
    assert page.locator(".card-row td:first-child a").all_inner_texts() == found
    assert found == ["CRX", "Hellfire Brothers", "Unicornis"]


def test_grid_view_and_sortable_headers(new_page, live_server, cards_loaded):
    pg = new_page(390, 844)
    pg.goto(live_server.url + "/?q=is:unofficial+t:ship&view=grid")
    tiles = pg.locator(".card-tile img")
    assert tiles.count() > 3
    tiles.first.scroll_into_view_if_needed()
    pg.wait_for_function("document.querySelector('.card-tile img').naturalWidth > 0")
    assert no_sideways_scroll(pg)
    pg.goto(live_server.url + "/")
    pg.click("a.sort[data-sort=cost]")
    pg.wait_for_url(re.compile(r"sort=cost"))
    pg.click("a.sort[data-sort=cost]")
    pg.wait_for_url(re.compile(r"sort=-cost"))
    first = pg.locator(".card-row td:first-child a").first.inner_text()
    assert first in ("CRX", "Hellfire Brothers", "Unicornis")  # the 9-credit ships lead
    assert "S-T-P-B" in pg.inner_text("#stats-legend")
    assert no_sideways_scroll(pg)
