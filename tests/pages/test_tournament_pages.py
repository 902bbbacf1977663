"""An organiser runs a small paper tournament in a real Chromium: 5 players, 3 Swiss
rounds, the top-4 final; the public page shows every tie-break figure and the bracket."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna", "Béla", "Cili", "Dani", "Emese"]


def hu(x: float) -> str:
    """A percentage as the Hungarian page prints it (2 decimals, decimal comma)."""
    return f"{x:.2f}".replace(".", ",")


def submit(page, selector: str) -> None:
    with page.expect_navigation():
        page.click(selector)


def test_organiser_runs_a_paper_tournament_in_the_browser(page, live_server, django_user_model):
    django_user_model.objects.create_user("szervezo", password="titkos-jelszo-123")
    page.goto(live_server.url + "/accounts/login/?next=/tournaments/")
    page.fill("#id_username", "szervezo")
    page.fill("#id_password", "titkos-jelszo-123")
    page.click("button[type=submit]")
    page.wait_for_url("**/tournaments/")

    page.fill("#t-name", "Böngészős Kupa")
    page.uncheck("#t-decks")
    page.fill("#t-rounds", "3")
    submit(page, "#t-create")
    assert "/manage/" in page.url
    manage_url = page.url.split("#")[0]

    for name in NAMES:
        page.fill("#reg-name", name)
        submit(page, "#reg-submit")
    assert page.locator(".entry-row").count() == 5
    submit(page, "#start-tournament")
    assert page.get_attribute("#tournament-status", "data-status") == "swiss"
    assert page.inner_text("#tournament-status") == "svájci fordulók"  # Hungarian first
    assert page.inner_text("#rounds-planned") == "3"

    for number in (1, 2, 3):
        submit(page, "#pair-round")
        assert page.inner_text("#current-number") == str(number)
        submit(page, "#start-round")
        if number == 1:  # a round cannot end with results missing: the page says why
            submit(page, "#finish-round")
            assert page.locator('#tournament-error[data-code="round_incomplete"]').is_visible()
        tables = page.locator(f"#manage-round-{number} tr.pairing").count()
        assert tables == 2  # five players: two tables and a bye
        for i in range(tables):
            form = page.locator(f"#manage-round-{number} tr.pairing").nth(i).locator("form")
            form.locator("select").select_option("2-1" if (i + number) % 2 else "0-2")
            with page.expect_navigation():
                form.locator("button").click()
        assert page.locator(f"#manage-round-{number} .result-now").all_inner_texts() == \
            ["2-1" if (i + number) % 2 else "0-2" for i in range(tables)]
        submit(page, "#finish-round")
        assert page.get_attribute("#round-status", "data-status") == "finished"

    assert page.locator("#pair-round").count() == 0  # all three rounds played
    submit(page, "#start-final")
    assert page.get_attribute("#tournament-status", "data-status") == "final"
    clicks = [("semi1", "a"), ("semi1", "a"), ("semi2", "b"), ("semi2", "a"), ("semi2", "b"),
              ("final", "a"), ("final", "b"), ("final", "b"), ("third", "a"), ("third", "a")]
    for series, side in clicks:
        submit(page, f'.final-game[data-series="{series}"] .winner-{side}')
    assert page.get_attribute("#tournament-status", "data-status") == "finished"

    # The public page, as anyone sees it.
    page.goto(manage_url.replace("/manage/", "/"))
    from matches.tournaments import services
    from matches.tournaments.models import Tournament

    t = Tournament.objects.get(name="Böngészős Kupa")
    expected = services.standings(t)
    rows = page.locator("#standings tr.standing-row")
    assert rows.count() == 5
    for i, want in enumerate(expected):
        row = rows.nth(i)
        assert row.locator(".name").inner_text().startswith(want["name"])
        assert row.locator(".points").inner_text() == str(want["points"])
        for key in ("omw", "gw", "ogw", "mw"):
            assert row.locator(f".{key}").inner_text() == hu(want[key]), (key, want)
        assert row.locator(".lot").inner_text().startswith(want["lot"][:6])
    assert page.locator("ol.tiebreaks li").count() == 5

    series = page.locator("#bracket .series")
    assert series.count() == 4
    seeds = [e["entry"] for e in expected][:4]
    semi1 = page.locator('#bracket .series[data-series="semi1"]')
    assert semi1.locator(".won").inner_text().startswith(expected[0]["name"])
    assert semi1.locator(".wins").all_inner_texts() == ["2", "0"]
    final = page.locator('#bracket .series[data-series="final"]')
    assert final.locator(".wins").all_inner_texts() == ["1", "2"]
    places = page.locator("#placements li")
    assert places.count() == 5
    winner = services.placements(t)[0]
    assert places.nth(0).inner_text() == winner["name"]
    assert winner["entry"] in seeds

    # Printable standings carry the print CSS.
    page.goto(live_server.url + f"/tournaments/{t.pk}/print/standings/")
    assert "@media print" in page.content()
    assert page.locator("#standings tr.standing-row").count() == 5
