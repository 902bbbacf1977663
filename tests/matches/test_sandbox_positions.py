"""The "set up a position" page without a browser: who sits where, the refusals in words
(every scenario error code, Hungarian and English), signed out, and never a 500.
The page in real Chromium is tests/pages/test_position_page.py."""

from __future__ import annotations

import copy
import html as htmllib
import json
import re

import pytest
from django.test import Client

from matches.models import Match
from rulesets.kgk import SCENARIOS_DIR, scenario_names
from tests.support.matches import act

URL = "/play/positions/"
KG_14_2 = json.loads((SCENARIOS_DIR / "kg-14-2.json").read_text(encoding="utf-8"))
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


def page_client(user, lang: str) -> Client:
    c = Client(HTTP_ACCEPT_LANGUAGE=lang)
    c.force_login(user)
    return c


def shown_error(html: str) -> str:
    """The refusal as a person reads it: the error box's text, without what the person
    typed themselves (quoted in <code>)."""
    m = re.search(r'<div class="error" id="position-error" role="alert">(.*?)</div>', html,
                  re.S)
    assert m, "no error shown"
    return re.sub(r"<[^>]+>", "", re.sub(r"<code>.*?</code>", "«»", m.group(1))).strip()


def broken(edit) -> dict:
    doc = copy.deepcopy(KG_14_2)
    edit(doc)
    return doc


def _set(path: list, value):
    def edit(doc):
        node = doc
        for k in path[:-1]:
            node = node[k]
        node[path[-1]] = value
    return edit


LACI = ["seats", 1]
# (a mistake, the engine's code for it, words the Hungarian and English sentences hold)
MISTAKES = [
    (_set([*LACI, "surface", 0, "development"], 5), "over_limit",
     ["2. játékos (Laci) › felszín › 1. lap › fejlesztések", "fejlesztési korlát"],
     ["player 2 (Laci) › surface › 1st card › developments", "development limit"]),
    (_set([*LACI, "hangar", 0, "card"], "nincs-ilyen-lap"), "unknown_card",
     ["hangár › 1. lap › lap neve", "Nincs ilyen lap"],
     ["hangar › 1st card › card name", "no card with this slug"]),
    (_set(["seats", 0, "hangar", 0], {"card": "holdimado", "label": "akna"}),
     "card_in_two_zones", ["2. játékos (Laci) › felszín › 1. lap › címke", "ugyanaz a címke",
                           "Először itt: 1. játékos (Dani) › hangár › 1. lap"],
     ["same label", "First here: player 1 (Dani) › hangar › 1st card"]),
    (_set([*LACI, "hangar", 0, "attached"], ["tuzer", "tuzer", "tuzer", "tuzer", "tuzer"]),
     "over_capacity", ["legfeljebb", "KG-4.2.4"], ["at most", "KG-4.2.4"]),
    (_set([*LACI, "hangar", 0], {"card": "aknagyuru"}), "bad_placement",
     ["Ide csak űrhajó kerülhet"], ["Only a ship goes here"]),
    (_set(["decision"], {"kind": "fire", "seat": 1}), "bad_decision",
     ["harci lépés közepén"], ["middle of a combat step"]),
    (_set([*LACI, "credits"], -1), "bad_scenario",
     ["2. játékos (Laci) › kredit", "Legalább 0"], ["player 2 (Laci) › credits", "at least 0"]),
    (_set([*LACI, "surface", 0, "damage"], 99), "bad_scenario",
     ["nem maradna páncélja"], ["no armor left"]),
    (_set([*LACI, "hand", 0], {"card": "tuzer", "colour": "red"}), "unknown_field",
     ["Ilyen mező nincs"], ["no such field"]),
    (_set(["seats"], [KG_14_2["seats"][0]]), "bad_players", ["2–6 játékos"], ["2 to 6"]),
    (_set(["phase"], "lunch"), "bad_scenario", ["fázis:", "(fő fázis) vagy «» (harc)"],
     ["phase:", "The phase is «», «», «» or «»"]),
    (_set(["options"], {"rules": "official"}), "unplayable_card",
     ["értékei hiányoznak"], ["leaves values of it open"]),
]


@pytest.mark.parametrize("edit,code,hu,en", MISTAKES, ids=[m[1] + str(i) for i, m in
                                                            enumerate(MISTAKES)])
def test_each_refusal_in_words_in_both_languages(user, edit, code, hu, en, api):
    doc = broken(edit)
    # the engine refuses it with this code (the API says so; the page must not)
    api.force_authenticate(user)
    r = api.post("/api/v1/matches/", {"ruleset": "kgk", "scenario": doc,
                                      "seats": [{"player": "me"}] * len(doc["seats"])},
                 format="json")
    assert r.status_code == 400 and r.json()["error"]["details"]["code"] == code, r.content
    text = json.dumps(doc, ensure_ascii=False, indent=1)
    for lang, words in (("hu", hu), ("en", en)):
        r = page_client(user, lang).post(URL, {"document": text, "seating": "both"})
        assert r.status_code == 400
        html = r.content.decode()
        said = shown_error(html)
        for w in words:
            assert w.lower() in said.lower(), (lang, said)
        assert code not in said and "scenario." not in said and not SNAKE.findall(said), said
        assert not re.search(r"\[\d+\]", said), said
        # what was typed is kept, to be corrected
        assert json.loads(re.search(r'<textarea name="document"[^>]*>(.*?)</textarea>', html,
                                    re.S).group(1).replace("&quot;", '"').replace(
            "&#x27;", "'").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")) \
            == doc
    assert not Match.objects.exists()


WINDOW = json.loads((SCENARIOS_DIR / "kg-14-3-window.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("path,value,hu,en", [
    (["combat", "ships"], ["cobra", "cobra"], ["harc › hajók › 2. lap", "csak egyszer"],
     ["combat › ships › 2nd card", "committed once"]),
    (["seats", 1, "hangar", 0, "state"], "active", ["harc › lövés › hajó", "használt"],
     ["combat › shot › ship", "used"]),
    (["chain"], [{"card": "extra-talalat", "seat": 1, "target": "fp"}],
     ["lánc › 1. lap › célpont", "nem választhatja"], ["chain › 1st card › target",
                                                      "cannot have that target"]),
    (["combat", "step"], "bomb", ["harc › lépés", "tüzelés"], ["combat › step", "about to"]),
])
def test_combat_and_chain_refusals_in_words(user, path, value, hu, en):
    doc = copy.deepcopy(WINDOW)
    _set(path, value)(doc)
    text = json.dumps(doc, ensure_ascii=False)
    for lang, words in (("hu", hu), ("en", en)):
        r = page_client(user, lang).post(URL, {"document": text})
        said = shown_error(r.content.decode())
        assert r.status_code == 400 and all(w in said for w in words), (lang, said)
        assert not SNAKE.findall(said) and "scenario." not in said, said


@pytest.mark.parametrize("text,hu,en", [
    ('{"seats": [}', "nem érvényes JSON: a hiba a(z) 1. sor 12. oszlopánál",
     "not valid JSON: the mistake is at line 1, column 12"),
    ("[1, 2]", "JSON objektum", "JSON object"),
    ("   ", "Illessz be", "Paste a position"),
])
def test_not_a_document(user, text, hu, en):
    for lang, words in (("hu", hu), ("en", en)):
        r = page_client(user, lang).post(URL, {"document": text})
        assert r.status_code == 400 and words in shown_error(r.content.decode())


def test_an_uploaded_file_and_a_bad_one(user):
    from django.core.files.uploadedfile import SimpleUploadedFile

    c = page_client(user, "en")
    good = SimpleUploadedFile("kg.json", json.dumps(KG_14_2).encode("utf-8"))
    r = c.post(URL, {"file": good, "seating": "both"})
    assert r.status_code == 302
    r = c.post(URL, {"file": SimpleUploadedFile("x.json", b"\xff\xfe\x00bad")})
    assert r.status_code == 400 and "not UTF-8" in shown_error(r.content.decode())


def test_every_seat_mine_and_acting_for_whichever_must_act(user, api):
    """The default seating: the person holds both seats; the API (and the board, which asks
    without naming a seat) speaks for the seat that must act."""
    r = page_client(user, "hu").post(URL, {"scenario": "kg-14-3", "seating": "both"})
    assert r.status_code == 302
    match = Match.objects.get()
    assert (match.options or {}).get("sandbox") is True
    assert [s.user_id for s in match.seats.order_by("index")] == [user.pk, user.pk]
    api.force_authenticate(user)
    d = api.get(f"/api/v1/matches/{match.pk}/").json()
    assert d["seat"] == 1 and d["your_turn"]         # Laci's main phase
    from rulesets.kgk.scenario import card_ids
    doc = json.loads((SCENARIOS_DIR / "kg-14-3.json").read_text(encoding="utf-8"))
    ids = card_ids(doc)
    act(api, match.pk, 1, {"type": "attack", "target": "colony"})
    # auto-pass is off in this scenario: Dani's window after the attack is now his to
    # answer, and the same person is asked without naming a seat
    d = api.get(f"/api/v1/matches/{match.pk}/").json()
    assert d["your_turn"] and d["seat"] == d["view"]["decision"]["seat"]
    assert ids["cobra"] != ids["hold"]


def test_me_against_the_bot(user):
    r = page_client(user, "hu").post(URL, {"scenario": "kg-14-4", "seating": "1"})
    assert r.status_code == 302
    match = Match.objects.get()
    seats = list(match.seats.order_by("index"))
    assert seats[1].user_id == user.pk and seats[0].user_id is None and seats[0].bot
    r = page_client(user, "en").post(URL, {"scenario": "kg-14-4", "seating": "7"})
    assert r.status_code == 400 and "no such seat" in r.content.decode()


def test_signed_out_sees_the_list_and_the_help_but_signs_in_to_start(db, client):
    r = client.get(URL, HTTP_ACCEPT_LANGUAGE="hu")
    html = htmllib.unescape(r.content.decode())
    assert r.status_code == 200 and "Állás összeállítása" in html
    for name in scenario_names():
        doc = json.loads((SCENARIOS_DIR / f"{name}.json").read_text(encoding="utf-8"))
        assert doc["title"]["hu"] in html and doc["rule"] in html
        assert doc["notes"]["hu"] in html
    assert 'id="position-help"' in html and "start-scenario" not in html
    assert "Lépj be" in html
    r = client.post(URL, {"scenario": "kg-14-2"})
    assert r.status_code == 302 and r["Location"].startswith("/accounts/login/")
    assert not Match.objects.exists()
    en = htmllib.unescape(client.get(URL, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "Set up a position" in en and doc["title"]["en"] in en and doc["notes"]["en"] in en


def test_linked_from_the_play_page_and_the_card_pages(db, client):
    for path in ("/play/", "/"):
        assert f'href="{URL}"' in client.get(path).content.decode(), path


def test_the_board_says_sandbox(user):
    c = page_client(user, "en")
    r = c.post(URL, {"scenario": "kg-14-2"})
    board = c.get(r["Location"]).content.decode()
    assert "Sandbox — not a rated game" in board
    hu = page_client(user, "hu").get(r["Location"]).content.decode()
    assert "Homokozó – nem értékelt játszma" in hu
