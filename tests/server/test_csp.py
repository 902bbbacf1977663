"""The card face escapes attributes, and every answer carries a
Content-Security-Policy: SVG may run nothing, pages run only their own scripts and the
inline ones carrying the page's nonce. Through HTTP."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from django.test import Client

from cards.models import Card

pytestmark = pytest.mark.django_db
EVIL = 'Kolibri" onload="alert(9)'


def _policy(answer) -> dict[str, list[str]]:
    parts = [p.strip().split() for p in answer["Content-Security-Policy"].split(";")]
    return {p[0]: p[1:] for p in parts if p}


def _no_script_svg(answer) -> None:
    policy = _policy(answer)
    assert policy["default-src"] == ["'none'"] and "sandbox" in policy, policy
    assert "script-src" not in policy


def test_a_card_name_cannot_add_attributes_to_its_face(cards_loaded):
    card = Card.objects.filter(official=False).order_by("slug").first()
    card.name_hu = EVIL
    card.text_hu = "<script>alert(1)</script> & ' \" \x01"
    card.save()
    answer = Client().get(f"/cards/{card.slug}/face.svg")
    assert answer.status_code == 200
    root = ET.fromstring(answer.content)  # (well-formed XML, control character left out)
    for element in root.iter():
        assert not any(name.lower().startswith("on") for name in element.attrib), element.attrib
        assert not element.tag.endswith("script")
    assert root.attrib["aria-label"] == EVIL
    _no_script_svg(answer)


def test_every_svg_answer_has_the_svg_policy(cards_loaded, user):
    _no_script_svg(Client().get("/static/favicon.svg"))
    from decks.models import Deck

    deck = Deck.objects.create(owner=user, name="p", format="practice", public=True)
    answer = Client().get(f"/api/v1/decks/{deck.pk}/cost-curve/")
    assert answer["Content-Type"].startswith("image/svg+xml"), answer.status_code
    _no_script_svg(answer)


SCRIPT = re.compile(r"<script\b([^>]*)>", re.I)
HANDLER = re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.I)


@pytest.mark.parametrize("path", ["/", "/play/", "/play/simulations/", "/tournaments/",
                                  "/accounts/login/", "/api/v1/schema/ui/",
                                  "/api/v1/schema/redoc/", "/account/tokens/"])
def test_pages_run_only_their_own_scripts(cards_loaded, user, path):
    client = Client()
    client.force_login(user)
    answer = client.get(path)
    assert answer.status_code == 200, answer.status_code
    policy = _policy(answer)
    scripts = policy["script-src"]
    assert "'self'" in scripts and "'unsafe-inline'" not in scripts
    assert "'unsafe-eval'" not in scripts
    assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
    nonces = [s[len("'nonce-"):-1] for s in scripts if s.startswith("'nonce-")]
    html = answer.content.decode()
    for attributes in SCRIPT.findall(html):
        if "src=" in attributes:
            continue
        found = re.search(r'nonce="([^"]+)"', attributes)
        assert found and found.group(1) in nonces, (path, attributes)
    assert not HANDLER.search(html), HANDLER.search(html).group(0)


def test_each_page_has_its_own_nonce(cards_loaded):
    first, second = Client().get("/play/"), Client().get("/play/")
    assert _policy(first)["script-src"] != _policy(second)["script-src"]
