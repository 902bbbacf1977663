"""Compiler tests on the produced Q objects, without a database (`pytest -p no:django`)."""

from __future__ import annotations

from django.db.models import Q
from django.db.models.expressions import OrderBy

from cards.query import Term, compile_query, mentions_officiality, parse


def cq(text: str, user=None):
    return compile_query(parse(text), user=user)


def q_of(text: str) -> Q:
    return cq(text)[0]


def test_empty_query_is_everything_with_default_order():
    q, order_by, annotations, warnings = cq("")
    assert q == Q()
    assert order_by == ["name_hu", "slug"]
    assert annotations == {} and warnings == []


def test_simple_terms():
    assert q_of("halalszarny") == Q(search_name__contains="halalszarny")
    assert q_of("o:sebzés") == Q(search_text__contains="sebzes")
    assert q_of("clan:vörös") == Q(clan_search__contains="voros")
    assert q_of("t:űrhajó") == Q(type="ship")
    assert q_of("race:ember") == Q(race="ember")
    assert q_of("st:scout") == Q(subtype="scout")
    assert q_of("st:reagálás") == Q(type="event", subtype="reaction")
    assert q_of("r:ritka") == Q(rarity="rare")
    assert q_of("képesség:sorozatlövés") == Q(ability_tags__contains=" salvo ")
    assert q_of("set:practice") == Q(set_slugs__contains=" practice")
    assert q_of("is:official") == Q(official=True)
    assert q_of("is:unofficial") == Q(official=False)
    assert q_of("is:complete") == Q(complete=True)
    assert q_of("cost:x") == Q(cost_rule__isnull=False)


def test_numbers_and_rarity_ranges():
    assert q_of("cost<5") == Q(cost__lt=5)
    assert q_of("ár>=5") == Q(cost__gte=5)
    assert q_of("spd=2") == Q(speed__exact=2)
    assert q_of("r>=rare") == Q(rarity__in=["rare", "ultra_rare"])
    assert q_of("r<uncommon") == Q(rarity__in=["common"])


def test_negated_comparisons_skip_unknown_values():
    # The complement comparison, never "~Q", so NULL stays unmatched.
    assert q_of("-cost<5") == Q(cost__gte=5)
    assert q_of("-fp>=2") == Q(firepower__lt=2)
    assert q_of("cost!=3") == Q(cost__lt=3) | Q(cost__gt=3)
    assert q_of("-race:ember") == Q(race__isnull=False) & ~Q(race="ember")
    assert q_of("-r>=rare") == Q(rarity__isnull=False) & ~Q(rarity__in=["rare", "ultra_rare"])


def test_negation_is_pushed_through_and_or():
    assert q_of("-(cost<5 or t:ship)") == Q(cost__gte=5) & (Q(type__isnull=False) & ~Q(type="ship"))
    assert q_of("-(cost<5 spd>1)") == Q(cost__gte=5) | Q(speed__lte=1)
    assert q_of("--cost<5") == Q(cost__lt=5)
    assert q_of("-halalszarny") == ~Q(search_name__contains="halalszarny")
    assert q_of("-is:official") == ~Q(official=True)


def test_and_or_structure():
    assert q_of("t:ship cost<5") == Q(type="ship") & Q(cost__lt=5)
    assert q_of("t:ship or t:base") == Q(type="ship") | Q(type="base")
    assert q_of("a (b or c)") == Q(search_name__contains="a") & (
        Q(search_name__contains="b") | Q(search_name__contains="c")
    )


def test_owned_without_user_matches_nothing_and_warns_once():
    q, _, annotations, warnings = cq("owned>0 or -owned=0")
    assert annotations == {}
    assert [w.code for w in warnings] == ["needs_login"]
    assert q == Q(pk__in=[]) | Q(pk__in=[])


class _Anonymous:
    is_authenticated = False


def test_anonymous_user_counts_as_no_user():
    _, _, annotations, warnings = cq("owned>0", user=_Anonymous())
    assert annotations == {} and [w.code for w in warnings] == ["needs_login"]


def test_parse_warnings_come_first():
    _, _, _, warnings = cq("foo:bar owned>0")
    assert [w.code for w in warnings] == ["unknown_keyword", "needs_login"]


def test_order_by():
    _, order_by, _, _ = cq("order:-cost")
    first, *rest = order_by
    assert isinstance(first, OrderBy) and first.descending and first.nulls_last
    assert rest == ["name_hu", "slug"]
    _, order_by, _, _ = cq("order:name")
    assert len(order_by) == 2 and order_by[1] == "slug"
    _, order_by, _, _ = cq("order:rarity,type")
    assert len(order_by) == 4 and order_by[2:] == ["name_hu", "slug"]


def test_order_by_owned_without_user_is_dropped():
    _, order_by, _, warnings = cq("order:owned")
    assert order_by == ["name_hu", "slug"]
    assert [w.code for w in warnings] == ["needs_login"]


def test_compile_accepts_a_bare_node():
    q, order_by, _, _ = compile_query(Term("cost", "<", 3))
    assert q == Q(cost__lt=3) and order_by == ["name_hu", "slug"]
    assert compile_query(None)[0] == Q()


def test_mentions_officiality():
    assert mentions_officiality(parse("is:unofficial"))
    assert mentions_officiality(parse("t:ship -is:official"))
    assert mentions_officiality(parse("(a or set:practice)"))
    assert not mentions_officiality(parse("t:ship is:complete"))
    assert not mentions_officiality(parse(""))
    assert not mentions_officiality(None)
    assert mentions_officiality(parse("is:official").query)
