"""Accounts and limits in a real Chromium: signing up leaves you signed in; the pages run under the
strict Content-Security-Policy with no violation (and what the inline handlers did still
works: the confirm before a drop, the print button, the token key's select); a card face
with a hostile name runs nothing."""

from __future__ import annotations

import pytest

from tests.support.pages import watch_problems

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "titkos-jelszo-123"



def test_signing_up_leaves_you_signed_in(page, live_server):
    problems = watch_problems(page)  # (a CSP violation is a console error)
    page.goto(live_server.url + "/accounts/signup/?next=/decks/")
    page.fill("#id_username", "ujjatekos")
    page.fill("#id_email", "uj@example.org")
    page.fill("#id_password1", "Hosszu-jelszo-987")
    page.fill("#id_password2", "Hosszu-jelszo-987")
    page.click("main button[type=submit]")
    page.wait_for_url("**/decks/")
    page.goto(live_server.url + "/")  # (the next request: still signed in)
    account = page.locator("header .account").inner_text()
    assert "ujjatekos" in account and "Kilépés" in account and "Belépés" not in account
    status = page.evaluate("async () => (await fetch('/api/v1/tokens/')).status")
    assert status == 200
    assert not problems, problems


def test_the_watcher_counts_what_fails_but_not_what_a_navigation_aborts(page, live_server):
    """The signing-up test above once failed on "failed: …/static/favicon.svg": the test
    went to the next page while the favicon still loaded, and Chromium aborted it. Such an
    abort is not counted; a static file answered 404 and a refused request still are."""
    base = live_server.url
    problems = watch_problems(page)
    held: list = []   # the icon's request, left unanswered: it is still loading
    page.route("**/static/favicon.svg", lambda route: held.append(route))
    with page.expect_request("**/static/favicon.svg"):  # (asked for after the load)
        page.goto(base + "/")
    with page.expect_event("requestfailed", lambda r: "favicon" in r.url) as gone:
        page.goto(base + "/cards/")                     # leaving aborts the icon's request
    assert gone.value.failure == "net::ERR_ABORTED"
    assert not problems, problems
    page.route("**/static/refused.png", lambda route: route.abort("failed"))
    with page.expect_console_message(lambda m: "404" in m.text), \
            page.expect_event("requestfailed", lambda r: "refused.png" in r.url):
        page.evaluate("""() => ['/static/no-such-file.png', '/static/refused.png']
            .forEach((src) => { new Image().src = src; })""")
    assert any("status of 404" in p for p in problems), problems
    assert any(p.startswith("failed:") and "refused.png" in p for p in problems), problems


def test_a_hostile_card_name_runs_nothing_on_its_face(page, live_server, cards_loaded):
    from cards.models import Card

    card = Card.objects.filter(official=False).order_by("slug").first()
    card.name_hu = 'Kolibri" onload="alert(9)'
    card.save()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(f"{live_server.url}/cards/{card.slug}/face.svg")
    page.goto(f"{live_server.url}/cards/{card.slug}/")  # the face inside the card's page
    page.wait_for_load_state("load")
    assert not dialogs, dialogs


def _sign_in(page, base: str, username: str) -> None:
    page.goto(base + "/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    with page.expect_navigation():
        page.click("main button[type=submit]")


def test_pages_with_former_inline_scripts_work_under_the_policy(page, live_server,
                                                               django_user_model):
    from matches.tournaments import services as tournaments

    user = django_user_model.objects.create_user("szervezo", password=PASSWORD)
    t = tournaments.create_tournament(user, name="Kupa", decks_required=False,
                                      rounds_planned=3)
    for name in ["Anna", "Béla", "Cili", "Dani"]:
        tournaments.register(t, by=user, name=name)
    tournaments.start(t, by=user)
    tournaments.pair_next_round(t, by=user)
    problems = watch_problems(page)  # (a CSP violation is a console error)
    base = live_server.url
    _sign_in(page, base, "szervezo")
    # The drop asks first (data-confirm, kaosz/static/site.js); dismissed, nothing happens.
    asked: list[str] = []
    page.on("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    page.goto(f"{base}/tournaments/{t.pk}/manage/")
    page.locator("form.drop-form button.drop").first.click()
    page.wait_for_timeout(300)  # (a sent form would navigate; none must)
    assert len(asked) == 1 and "Anna" in asked[0], asked  # (the confirm names the player)
    assert page.url.endswith(f"/tournaments/{t.pk}/manage/")
    # The print button prints (window.print, counted by a stand-in).
    page.goto(f"{base}/tournaments/{t.pk}/print/standings/")
    page.evaluate("() => { window.__printed = 0; window.print = () => window.__printed++; }")
    page.click("[data-print]")
    assert page.evaluate("() => window.__printed") == 1
    # The new token's key is shown once, with its copy button working under the policy.
    page.goto(f"{base}/account/tokens/")
    page.fill("input[name=name]", "bot")
    page.get_by_role("button", name="Token létrehozása").click()
    assert len(page.inner_text("#token-key").strip()) > 10
    assert page.locator("[data-copy='#token-key']").count() == 1
    # Pages whose inline scripts now carry the nonce, and the API documentation.
    for path in ("/play/", "/play/simulations/", f"/tournaments/{t.pk}/"):
        page.goto(base + path)
    page.goto(base + "/api/v1/schema/ui/")
    page.wait_for_selector(".opblock")
    page.goto(base + "/api/v1/schema/redoc/")
    page.wait_for_selector(".menu-content", state="attached", timeout=60000)  # (a big schema)
    # (ReDoc's own "powered by" logo is an image on its CDN: refused by the policy, as
    # everything not from this origin; the page itself works)
    problems = [p for p in problems if "cdn.redoc.ly" not in p
                and not p.startswith("Failed to load resource: net::ERR_NAME_NOT_RESOLVED")]
    assert not problems, problems
