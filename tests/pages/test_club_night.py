"""A three-player club night on a phone, in a real Chromium: check-in (a no-show is
withdrawn at the start), two Swiss rounds, the final shrinking to the top two, and the
champion on the public page — the event that could never finish before."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def submit(page, selector: str) -> None:
    with page.expect_navigation():
        page.click(selector)


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.evaluate("window.innerWidth"), f"{page.url}: {width} px wide"


def test_three_player_club_night_from_check_in_to_champion_on_a_phone(
        page, live_server, django_user_model):
    django_user_model.objects.create_user("szervezo", password="titkos-jelszo-123")
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + "/accounts/login/?next=/tournaments/")
    page.fill("#id_username", "szervezo")
    page.fill("#id_password", "titkos-jelszo-123")
    page.click("button[type=submit]")
    page.wait_for_url("**/tournaments/")

    page.fill("#t-name", "Klubest")
    page.uncheck("#t-decks")
    page.fill("#t-rounds", "2")
    assert page.input_value("#t-final") == "4"  # the default asks for a top-4 final
    submit(page, "#t-create")
    manage_url = page.url.split("#")[0]

    for name in ("Anna", "Béla", "Cili", "Nincs Itt"):
        page.fill("#reg-name", name)
        submit(page, "#reg-submit")
    for name in ("Anna", "Béla", "Cili"):  # three arrive; the fourth never does
        row = page.locator("tr.entry-row", has_text=name)
        with page.expect_navigation():
            row.locator("button.check-in").click()
    assert page.locator(".checked-in").count() == 3
    no_sideways_scroll(page)
    page.check("#drop-no-shows")
    submit(page, "#start-tournament")
    assert page.get_attribute("#tournament-status", "data-status") == "swiss"
    assert page.locator(".entry-row").count() == 3  # the no-show was withdrawn

    for number in (1, 2):
        submit(page, "#pair-round")
        submit(page, "#start-round")
        assert page.locator("#round-timer").is_visible()  # the round timer runs
        form = page.locator(f"#manage-round-{number} tr.pairing").first.locator("form")
        form.locator("select").select_option("2-0")
        with page.expect_navigation():
            form.locator("button").click()
        submit(page, "#finish-round")
        no_sideways_scroll(page)

    submit(page, "#start-final")
    assert page.get_attribute("#tournament-status", "data-status") == "final"
    series = page.locator(".final-game")
    assert series.count() == 1 and series.first.get_attribute("data-series") == "final"
    finalist = series.first.locator(".winner-b").inner_text()
    for _ in range(2):
        submit(page, '.final-game[data-series="final"] .winner-b')
    assert page.get_attribute("#tournament-status", "data-status") == "finished"

    page.goto(manage_url.replace("/manage/", "/"))
    no_sideways_scroll(page)
    assert page.locator("h2", has_text="Kettes döntő").is_visible()
    champion = page.locator("#placements li").first
    assert champion.get_attribute("value") == "1"
    assert champion.inner_text() == finalist
    assert page.locator("#placements li").count() == 3
