"""The card data's answers against their declared types, closed to undeclared fields (as in
test_answers_match_schema): every shipped card as the batch lookup and the export give it
(modifiers, abilities, effect, provenance and rulebook sources), a contribution's proposal,
a revision's before and after and its revert, a query's tree, and a photo reading's values.
These parts were free-form objects in the schema."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from cards.models import Card
from cards.photo.fields import READ_FIELDS, Reading
from cards.photo.match import differences
from tests.support.api import client_for
from tests.support.strict_api import Checked, Schema

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema() -> Schema:
    return Schema(Client().get("/api/v1/schema/?format=json").json())


def test_every_shipped_card_matches_its_declared_parts(schema, cards_loaded):
    anon = Checked(APIClient(), schema)
    slugs = list(Card.objects.order_by("slug").values_list("slug", flat=True))
    cards = []
    for start in range(0, len(slugs), 100):
        found = anon.post("/api/v1/cards/batch/", {"identifiers": [
            {"slug": s} for s in slugs[start:start + 100]]})
        cards += found["data"]
    assert len(cards) == len(slugs)
    # the parts are there to be checked: a choice of modifiers, activated abilities,
    # a chain target, rulebook quotes and provenance
    assert any(c["modifiers"] and "choice" in c["modifiers"] for c in cards)
    assert any(c["effect"] and "activated" in c["effect"] for c in cards)
    assert any(c["effect"] and c["effect"].get("target", {}).get("kind") == "chain"
               for c in cards)
    assert any(c["sources"] for c in cards) and all(c["provenance"] for c in cards)
    missing = anon.post("/api/v1/cards/batch/", {"identifiers": [{"slug": "nincs-ilyen"},
                                                                 {"id": 2**40}]})
    assert missing["not_found"] == [{"slug": "nincs-ilyen"}, {"id": 2**40}]
    export = anon.client.get("/api/v1/cards/export/")
    records = schema.check("GET", "/api/v1/cards/export/", export)["cards"]
    assert len(records) == len(slugs) and any(r["effect"] for r in records)


def test_a_card_with_a_wrong_part_fails_its_declared_type(schema, cards_loaded):
    """The types say something: a modifier that is no number, an op that is no object, a
    provenance source the catalogue does not know each fail."""
    record = Card.objects.get(slug="tuzer").to_record()
    assert not schema.errors_of("CardRecord", record)
    for field, wrong in (("modifiers", {"firepower": "sok"}),
                         ("effect", {"ops": ["damage"]}),
                         ("provenance", {"cost": {"source": "guess"}}),
                         ("abilities", ["flying"])):
        assert schema.errors_of("CardRecord", record | {field: wrong}), field


def test_a_contribution_and_the_revisions_it_makes_match_their_types(
        schema, cards_loaded, django_user_model):
    user = django_user_model.objects.create_user("typed-contrib", password="x")
    staff = django_user_model.objects.create_user("typed-staff", password="x", is_staff=True)
    api, editor = Checked(client_for(user), schema), Checked(client_for(staff), schema)
    proposal = api.post("/api/v1/contributions/", {
        "kind": "correction", "card": "unicornis", "source_note": "printed card",
        "proposed": {"bombard": 2, "modifiers": {"firepower": 1},
                     "effect": {"ops": [{"op": "draw", "amount": 1}]}}})
    editor.post(f"/api/v1/contributions/{proposal['id']}/approve/", {})
    revisions = api.get("/api/v1/cards/unicornis/revisions/")
    assert revisions[0]["kind"] == "contribution" and revisions[0]["before"] is not None
    assert revisions[-1]["before"] is None       # the import that created the card
    api.get(f"/api/v1/revisions/{revisions[0]['id']}/")
    reverted = editor.post(f"/api/v1/revisions/{revisions[0]['id']}/revert/")
    assert reverted["after"]["bombard"] is None


def test_a_query_s_tree_matches_its_type_at_every_depth(schema):
    anon = Checked(APIClient(), schema)
    tree = anon.get("/api/v1/cards/explain/?q=" + "(t:ship or -race:ember) cost<=3")["query"]
    assert tree["kind"] == "and" and {c["kind"] for c in tree["children"]} == {"or", "term"}
    assert anon.get("/api/v1/cards/explain/?q=")["query"] is None


def test_a_photo_reading_s_values_match_their_type(schema, cards_loaded):
    """What read-photo proposes and what differs from the matched card (a number read
    as digits is a number; one read as something else stays text)."""
    read = Reading(values=dict.fromkeys(READ_FIELDS, "?") | {
        "name_hu": "Tüzér", "type": "crew", "cost": "3", "speed": "4?"}).record()
    assert read["cost"] == 3 and read["speed"] == "4?"
    assert not schema.errors_of("CardReading", read)
    differs = differences(Card.objects.get(slug="tuzer"), read)
    assert differs and not schema.errors_of("CardReading", differs)
