"""What a new user trips over outside the boards (issue 32), through HTTP.

Each test failed on the code before its fix; the findings that need a browser (a phone's
width, a click) are in tests/pages/test_first_steps.py.
"""

from __future__ import annotations

import re

import pytest

from cards.models import Card

pytestmark = pytest.mark.django_db


def english(client) -> None:
    client.cookies["django_language"] = "en"


def visible(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# ------------------------------------------------------------------ card search


def test_faj_ember_explains_why_it_finds_no_official_card(client, cards_loaded):
    html = client.get("/", {"q": "faj:ember"}).content.decode()
    assert ">0<" in html.replace("<strong>0</strong>", ">0<")
    unknown = Card.objects.filter(official=True, race__isnull=True).count()
    assert unknown > 0
    text = visible(html)
    assert f"{unknown} hivatalos lap faja még ismeretlen" in text
    assert "?q=faj%3A%3F" in html                       # the search that lists them
    assert "A nem hivatalos gyakorló lapok közül" in text  # and the practice cards match
    assert "is%3Aunofficial" in html
    english(client)
    text = visible(client.get("/", {"q": "faj:ember"}).content.decode())
    assert f"The race of {unknown} official cards is not known yet" in text
    assert "hivatalos" not in text


def test_a_search_that_finds_cards_gives_no_hint_and_one_result_is_singular(client,
                                                                            cards_loaded):
    english(client)
    html = client.get("/", {"q": '"crx"'}).content.decode()
    assert "empty-hints" not in html
    text = visible(html)
    assert "1 result " in text + " " and "1 results" not in text


def test_a_mistyped_keyword_gets_a_did_you_mean(client, cards_loaded):
    text = visible(client.get("/", {"q": "fajj:ember"}).content.decode())
    assert "erre gondoltál: 'faj:'?" in text.replace("&#x27;", "'")
    english(client)
    text = visible(client.get("/", {"q": "fajj:ember"}).content.decode())
    assert "did you mean 'faj:'?" in text.replace("&#x27;", "'")


def test_one_query_language_page(client):
    assert client.get("/cards/syntax/")["Location"] == "/help/query/"
    hu = client.get("/help/query/").content.decode()
    assert "faj:?" in hu and "faj:ember is:unofficial" in hu
    for page in ("/", "/cards/advanced/"):
        body = client.get(page).content.decode()
        assert "/cards/syntax/" not in body and "/help/query/" in body


# ------------------------------------------------------------------ the picture grid


def test_the_grid_draws_every_official_card_without_a_scan(client, cards_loaded):
    html = client.get("/", {"view": "grid"}).content.decode()
    tiles = html.count('class="card-tile"')
    assert tiles == Card.objects.filter(official=True).count() > 0
    assert "nincs kép" not in html and html.count("face.svg?lang=hu") == tiles
    english(client)
    html = client.get("/", {"view": "grid"}).content.decode()
    assert html.count("face.svg?lang=en") == tiles and "no picture" not in html
    face = client.get("/cards/crx/face.svg?lang=en").content.decode()
    assert "drawn face" in face and "nincs" not in face
