"""The KGK table in combat, in real Chromium at 390×844 and 1280×800, Hungarian and
English: the docked hand never hides your own ships (the row facing the combat), and no
word is broken mid-word, neither on the table nor in a card's popover.

From the rulebook's combat example (KG-14.4) at the start of its firing step, made bigger:
five ships a side, four of them in the fight, and a full hand for each player (the
tallest the dock gets) of cards with long Hungarian names."""

from __future__ import annotations

import copy

import pytest

from matches.services.sandbox import create_sandbox
from rulesets import registry
from tests.support.board import BROKEN_WORDS, DESKTOP, PHONE, no_sideways_scroll, open_page
from tests.support.kgk_driver import wait_for_my_decision
from tests.support.pages import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HAND = ["durmacel-celterelo", "felulbiralas", "extra-talalat", "felsobb-parancs",
        "durmacel-celterelo", "felulbiralas", "extra-talalat"]


def combat_with_full_hands(user):
    rs = registry.get("kgk")
    document = copy.deepcopy(rs.scenario_document("kg-14-4-fire"))
    more = {0: ["holdimado", "mamut-i", "crx"], 1: ["cobra-flash", "halalszarny", "holdimado"]}
    for index, seat in enumerate(document["seats"]):
        seat["hand"] = list(HAND)
        for n, slug in enumerate(more[index]):
            label = f"more-{index}-{n}"
            seat["hangar"].append({"card": slug, "label": label})
            if n < 2:
                document["combat"]["ships"].append(label)
    return create_sandbox(user, rs, document)

# With the combat just under the bar (where a person looks in combat), the ships of the
# row facing it (your hangar): the ones the docked hand covers, and whether any is seen.
OWN_ROW = """() => { const hud = document.getElementById('kgk-hud');
  const combat = document.getElementById('combat');
  scrollBy(0, combat.getBoundingClientRect().top - hud.getBoundingClientRect().height - 4);
  const bar = hud.getBoundingClientRect();
  const dock = document.querySelector('.hand-dock').getBoundingClientRect();
  const ships = [...document.querySelectorAll(
    '.side.me:not(.hand-dock) [data-zone=hangar] > .zcards > .card-wrap > button.card, ' +
    '.side.me:not(.hand-dock) [data-zone=hangar] > .zcards > button.card')];
  const hidden = ships.filter((s) => s.getBoundingClientRect().bottom > dock.top + 1)
    .map((s) => s.dataset.slug);
  return {ships: ships.length, hidden, dock: [dock.top, dock.height], innerHeight,
          bar: bar.bottom, combat: combat.getBoundingClientRect().height,
          bottoms: ships.map((s) => Math.round(s.getBoundingClientRect().bottom))}; }"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("lang", ["hu", "en"])
def test_in_combat_the_hand_hides_no_ship_and_no_word_is_broken(
        browser, live_server, django_user_model, cards_loaded, size, lang):
    me = django_user_model.objects.create_user(f"harc-{size}-{lang}", password=PASSWORD)
    phone = size == "phone"
    ctx, page, errors = open_page(browser, live_server, me, PHONE if phone else DESKTOP, lang,
                                  touch=phone)
    try:
        match = combat_with_full_hands(me)
        page.goto(f"{live_server.url}/play/{match.pk}/")
        page.wait_for_selector("#combat")
        wait_for_my_decision(page)
        page.wait_for_selector(".hand-dock button.card[data-card]")
        row = page.evaluate(OWN_ROW)
        assert row["ships"] >= 1 and row["hidden"] == [], str(row)
        assert page.evaluate(BROKEN_WORDS) == []
        no_sideways_scroll(page)
        # a card's popover: a ship of the combat, its text in full
        card = page.locator(".side.me:not(.hand-dock) [data-zone=hangar] button.card[data-card]")
        if phone:
            # a ship that can aim is armed by a tap; the armed bar's "the card" shows its text
            card.first.tap()
            page.wait_for_selector("#card-pop:not([hidden]), #arm-info")
            if page.locator("#arm-info").count():
                page.click("#arm-info")
        else:
            card.first.hover()
        page.wait_for_selector("#card-pop:not([hidden])")
        assert page.evaluate(BROKEN_WORDS, "#card-pop") == []
        assert not errors, errors
    finally:
        ctx.close()
