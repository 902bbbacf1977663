"""The compiled queries against a real database: what each query actually finds."""

from __future__ import annotations

import pytest

from cards.models import Card, CardSet, CollectionEntry, Printing
from cards.query import compile_query, mentions_officiality, parse

pytestmark = pytest.mark.django_db


def _card(slug: str, name_hu: str, set_slug: str = "first-edition", **fields) -> Card:
    fields.setdefault("official", set_slug != "practice")
    card = Card.objects.create(slug=slug, name_hu=name_hu, **fields)
    card_set, _ = CardSet.objects.get_or_create(
        slug=set_slug, defaults={"name_hu": set_slug, "official": set_slug != "practice"}
    )
    Printing.objects.create(card=card, card_set=card_set)
    card.refresh_set_slugs()
    card.save()
    return card


@pytest.fixture
def catalogue(db):
    return {
        "a": _card(
            "a-halalszarny",
            "Halálszárny",
            name_en="Deathwing",
            type="ship",
            subtype="scout",
            race="ember",
            rarity="common",
            cost=3,
            speed=2,
            firepower=1,
            armor=1,
            bombard=0,
            abilities=["cloaking"],
        ),
        "b": _card(
            "b-capa",
            "Űrcápa Vadász",
            set_slug="practice",
            type="ship",
            subtype="fighter",
            race="urcapa",
            rarity="rare",
            cost=None,
            firepower=3,
            abilities=["salvo", "formation"],
        ),
        "c": _card(
            "c-felulbiralas",
            "Felülbírálás",
            type="interrupt",
            subtype="general",
            cost=None,
            cost_rule="neutralised_cost",
        ),
        "d": _card(
            "d-pajzs",
            "Pajzsgenerátor",
            type="armament",
            subtype="shield",
            race="xeno",
            rarity="ultra_rare",
            cost=5,
            clan="Vörös Kard",
            text_hu="Pajzs: +2 páncél.",
        ),
        "e": _card("e-ellencsapas", "Ellencsapás", type="event", subtype="reaction", cost=2),
        "f": _card("f-gyors", "Gyors reakció", type="interrupt", subtype="reaction", cost=7),
    }


def search(text: str, user=None) -> list[str]:
    q, order_by, annotations, _ = compile_query(parse(text), user=user)
    qs = Card.objects.annotate(**annotations).filter(q).order_by(*order_by)
    return [slug.split("-")[0] for slug in qs.values_list("slug", flat=True)]


def found(text: str, user=None) -> set[str]:
    return set(search(text, user))


def test_names_are_accent_and_case_insensitive(catalogue):
    assert found("halalszarny") == {"a"}
    assert found("HALÁLSZÁRNY") == {"a"}
    assert found("deathwing") == {"a"}
    assert found("urcapa") == {"b"}
    assert found('"urcapa vadasz"') == {"b"}
    assert found('"vadasz urcapa"') == set()


def test_null_numbers_never_match(catalogue):
    assert found("cost<5") == {"a", "e"}
    assert found("cost>=5") == {"d", "f"}
    assert found("-cost<5") == {"d", "f"}
    assert found("cost!=3") == {"d", "e", "f"}
    assert found("cost<5 or cost>=5") == {"a", "d", "e", "f"}
    assert found("-(cost<5 or cost>=5)") == set()


def test_variable_cost(catalogue):
    assert found("cost:x") == found("is:variable") == {"c"}
    assert found("cost!=x") == {"a", "b", "d", "e", "f"}


def test_types_subtypes_races_rarities(catalogue):
    assert found("t:ship") == found("típus:űrhajó") == found("t:urh") == {"a", "b"}
    assert found("st:reaction") == {"e", "f"}
    assert found("st:reagálás") == {"e"}
    assert found("altípus:reakció") == {"f"}
    assert found("st:felderítő") == {"a"}
    assert found("race:ember") == found("faj:Ember") == {"a"}
    assert found("-race:ember") == {"b", "d"}  # unknown race matches neither
    assert found("r:ritka") == {"b"}
    assert found("r>=rare") == {"b", "d"}
    assert found("-r>=rare") == {"a"}


def test_text_clan_ability_set_flags(catalogue):
    assert found("o:pancel") == {"d"}
    assert found("clan:voros") == found('klán:"vörös kard"') == {"d"}
    assert found("ability:salvo") == found("képesség:sorozatlövés") == {"b"}
    assert found("ability:formation ability:salvo") == {"b"}
    assert found("-ability:salvo") == {"a", "c", "d", "e", "f"}
    assert found("set:first") == {"a", "c", "d", "e", "f"}
    assert found("set:practice") == found("is:unofficial") == {"b"}
    assert found("is:official t:ship") == {"a"}


def test_boolean_structure(catalogue):
    assert found("t:ship or t:armament") == {"a", "b", "d"}
    assert found("t:ship (cost<5 or fp>2)") == {"a", "b"}
    assert found("-(t:ship or t:interrupt)") == {"d", "e"}


def test_default_view_rule_hides_unofficial(catalogue):
    def view_search(text: str) -> set[str]:
        result = parse(text)
        q, order_by, annotations, _ = compile_query(result)
        qs = Card.objects.annotate(**annotations).filter(q)
        if not mentions_officiality(result):
            qs = qs.filter(official=True)
        return {s.split("-")[0] for s in qs.values_list("slug", flat=True)}

    assert view_search("t:ship") == {"a"}
    assert view_search("t:ship is:unofficial") == {"b"}
    assert view_search("t:ship set:practice") == {"b"}


def test_ordering(catalogue):
    # name_hu then slug by default; unknown values last in either direction.
    assert search("t:ship or t:interrupt") == ["c", "f", "a", "b"]
    assert search("order:cost") == ["e", "a", "d", "f", "c", "b"]
    assert search("order:-cost") == ["f", "d", "a", "e", "c", "b"]
    assert search("order:ár direction:desc") == ["f", "d", "a", "e", "c", "b"]
    assert search("order:rarity") == ["a", "b", "d", "e", "c", "f"]
    assert search("order:type t:ship or t:event") == ["a", "b", "e"]
    assert search("order:-name") == ["b", "d", "a", "f", "c", "e"]


def test_owned_with_a_user(catalogue, user, django_user_model):
    other = django_user_model.objects.create_user("masik")
    CollectionEntry.objects.create(user=user, card=catalogue["a"], owned=2)
    CollectionEntry.objects.create(user=user, card=catalogue["d"], owned=0, wanted=1)
    CollectionEntry.objects.create(user=other, card=catalogue["b"], owned=5)
    assert found("owned>0", user=user) == {"a"}
    assert found("owned=0", user=user) == {"b", "c", "d", "e", "f"}
    assert found("-owned>0", user=user) == {"b", "c", "d", "e", "f"}
    assert found("owned>0", user=other) == {"b"}
    assert search("order:-owned t:ship", user=user) == ["a", "b"]


def test_owned_without_a_user_matches_nothing(catalogue):
    _, _, _, warnings = compile_query(parse("owned=0"))
    assert [w.code for w in warnings] == ["needs_login"]
    assert found("owned=0") == set()
    assert found("-owned>0") == set()
    assert found("owned>0 or t:ship") == {"a", "b"}


def test_against_the_shipped_rulebook(cards_loaded):
    def slugs(text: str) -> set[str]:
        q, _, annotations, _ = compile_query(parse(text))
        official = Card.objects.filter(official=True)  # the practice set is loaded too
        return set(official.annotate(**annotations).filter(q).values_list("slug", flat=True))

    assert slugs("halalszarny") == {"halalszarny"}
    assert slugs("képesség:sorozatlövés") == {"crx"}
    assert "felulbiralas" in slugs("cost:x")
    assert slugs("t:ship st:romboló") == {"crx"}
