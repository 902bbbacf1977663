"""The deck builder in a real Chromium: build a legal 45-card practice deck and see it validated."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def practice_deck() -> list[tuple[int, str]]:
    lines = (ROOT / "fixtures" / "decks" / "practice-a.txt").read_text(encoding="utf-8")
    out = []
    for line in lines.splitlines():
        if line.strip() and not line.startswith("#"):
            count, name = line.split(" ", 1)
            out.append((int(count), name.strip()))
    return out


def test_build_a_legal_practice_deck_by_clicking(page, live_server, cards_loaded, user):
    page.goto(live_server.url + "/accounts/login/?next=/decks/new/")
    page.fill("#id_username", "gyujto")
    page.fill("#id_password", "titkos-jelszo-123")
    page.click("button[type=submit]")
    page.wait_for_url("**/decks/new/")
    page.select_option("#deck-format", "practice")
    deck = practice_deck()
    assert sum(n for n, _ in deck) == 45
    for count, name in deck:
        page.fill("#card-q", f'"{name}"')
        button = page.locator(f'.add-card[data-name="{name}"]')
        button.wait_for()
        for _ in range(count):
            button.click()
    page.wait_for_selector("#deck-valid", timeout=20000)
    assert page.inner_text("#deck-total").startswith("45")
    assert page.locator(".deck-entry").count() == len(deck)
    # Remove one card: the live validation says at once that the deck is one short.
    page.locator(".deck-entry .remove-card").first.click()
    page.wait_for_selector('#deck-invalid')
    assert page.locator('[data-code="deck_size"]').is_visible()
    page.locator(".deck-entry .more-card").first.click()
    page.wait_for_selector("#deck-valid")
    page.fill("#deck-name", "Böngészős pakli")
    page.click("#save-deck")
    page.wait_for_selector("#deck-title")
    assert page.inner_text("#deck-title") == "Böngészős pakli"
    assert page.locator("#deck-valid").is_visible()
