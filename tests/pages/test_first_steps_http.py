"""What a new user trips over outside the boards, through HTTP.

Each test failed on the code before its fix; the findings that need a browser (a phone's
width, a click) are in tests/pages/test_first_steps.py.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from cards.models import Card

pytestmark = pytest.mark.django_db


def english(client) -> None:
    client.cookies["django_language"] = "en"


def visible(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


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
    assert "erre gondoltál: 'faj:'?" in text
    english(client)
    text = visible(client.get("/", {"q": "fajj:ember"}).content.decode())
    assert "did you mean 'faj:'?" in text


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


# ------------------------------------------------------------------ decks


def _deck(owner, public: bool, name: str = "Próba pakli"):
    from pathlib import Path

    from decks.models import Deck
    from decks.services import parse_input, save_revision

    root = Path(__file__).resolve().parents[2]
    text = (root / "fixtures" / "decks" / "practice-a.txt").read_text(encoding="utf-8")
    deck = Deck.objects.create(owner=owner, name=name, format="practice", public=public)
    save_revision(deck, parse_input({"text": text}).cards, "created")
    return deck


def test_the_public_deck_list_points_to_my_private_decks(client, cards_loaded, user):
    _deck(user, public=False)
    client.force_login(user)
    text = visible(client.get("/decks/").content.decode())
    assert "Nincs pakli" not in text
    assert "Saját, nem nyilvános paklid: 1" in text
    english(client)
    text = visible(client.get("/decks/").content.decode())
    assert "Your private decks: 1" in text and "No decks." not in text


def test_the_deck_page_links_its_cards_and_offers_copy_download_and_play(client,
                                                                         cards_loaded, user,
                                                                         staff):
    deck = _deck(user, public=True)
    client.force_login(user)
    html = client.get(f"/decks/{deck.pk}/").content.decode()
    for slug in deck.cards:
        assert f'href="/cards/{slug}/"' in html
    assert 'data-copy="#deck-export"' in html and 'data-copy="#share-code"' in html
    assert "copy.js" in html
    download = client.get(f"/decks/{deck.pk}/deck.txt")
    assert download["Content-Type"].startswith("text/plain")
    assert "attachment" in download["Content-Disposition"]
    body = download.content.decode()
    assert sum(int(line.split(" ", 1)[0]) for line in body.splitlines()
               if line and not line.startswith("#")) == 45
    play = re.search(r'id="play-deck" href="([^"]+)"', html).group(1).replace("&amp;", "&")
    lobby = client.get(play).content.decode()
    assert f'<option value="{deck.pk}" selected>' in lobby
    assert '<option value="practice" selected>' in lobby
    # someone else's public deck: the lobby gets its list as text
    client.force_login(staff)
    html = client.get(f"/decks/{deck.pk}/").content.decode()
    play = re.search(r'id="play-deck" href="([^"]+)"', html).group(1).replace("&amp;", "&")
    lobby = client.get(play).content.decode()
    assert "<details open>" in lobby.replace("<details open >", "<details open>")
    assert client.get(f"/decks/{_deck(user, public=False).pk}/deck.txt").status_code == 404


def test_csv_column_names_are_shown_as_code(client, user):
    client.force_login(user)
    for path in ("/collection/import/", "/contribute/csv/"):
        html = client.get(path).content.decode()
        assert "<code>name_hu</code>" in html, path
        assert "name_hu" not in visible(re.sub(r"<code>.*?</code>", "", html)), path


# ------------------------------------------------------------------ Hungarian throughout


def test_the_engines_reasons_are_hungarian_on_a_hungarian_page(client, cards_loaded):
    names = list(Card.objects.filter(official=True).order_by("slug")
                 .values_list("name_hu", flat=True)[:6])
    text = "\n".join(f"1 {n}" for n in names)
    html = client.post("/decks/builder/check/", {"text": text, "format": "tournament"}
                       ).content.decode()
    found = re.findall(r'data-code="deck_card_unplayable">(.*?)</li>', html, re.S)
    assert found, html[:2000]
    for message in found:
        assert "unknown" not in message and "ismeretlen" in message, message
    english(client)
    html = client.post("/decks/builder/check/", {"text": text, "format": "tournament"}
                       ).content.decode()
    found = re.findall(r'data-code="deck_card_unplayable">(.*?)</li>', html, re.S)
    assert found and all("ismeretlen" not in m and "unknown" in m for m in found)


def test_card_pages_give_the_rulebook_notes_in_hungarian(client, cards_loaded):
    from cards.notes_hu import NOTES_HU

    for card in Card.objects.filter(official=True):
        html = client.get(f"/cards/{card.slug}/").content.decode()
        text = visible(html)
        assert "not in the rulebook" not in text, card.slug
        if card.notes:
            assert card.notes not in text and NOTES_HU[card.notes] in text, card.slug
    english(client)
    card = Card.objects.filter(official=True).exclude(notes="").first()
    assert card.notes in visible(client.get(f"/cards/{card.slug}/").content.decode())
