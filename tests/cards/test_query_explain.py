"""explain(): structure and the two sentences (pure; `pytest -p no:django`)."""

from __future__ import annotations

from cards.query import explain, parse


def test_explain_structure():
    e = explain(parse("t:űrhajó -faj:ember order:-ár foo:bar"))
    assert e["query"] == {
        "kind": "and",
        "children": [
            {
                "kind": "term",
                "field": "type",
                "op": ":",
                "value": "ship",
                "label_en": "type",
                "label_hu": "típus",
                "value_en": "ship",
                "value_hu": "űrhajó",
            },
            {
                "kind": "not",
                "child": {
                    "kind": "term",
                    "field": "race",
                    "op": ":",
                    "value": "ember",
                    "label_en": "race",
                    "label_hu": "faj",
                    "value_en": "Human",
                    "value_hu": "Ember",
                },
            },
        ],
    }
    assert e["order"] == [{"field": "cost", "descending": True}]
    assert e["canonical"] == "type:ship -race:ember order:-cost"
    assert [w["code"] for w in e["warnings"]] == ["unknown_keyword"]
    assert e["official_only"] is True


def test_explain_sentences():
    e = explain(parse("t:ship cost<5 (ability:salvo or r>=rare)"))
    assert e["text_en"] == (
        "Cards where type is ship and cost is less than 5 and "
        "(has the ability Salvo or rarity is at least rare), "
        "official cards only, sorted by name."
    )
    assert e["text_hu"] == (
        "Lapok, ahol típus: űrhajó és ár < 5 és "
        "(képessége: Sorozatlövés vagy ritkaság ≥ ritka), "
        "csak hivatalos lapok, név szerint rendezve."
    )


def test_explain_empty_and_officiality():
    e = explain(parse(""), official_only_default=False)
    assert e["query"] is None
    assert e["text_en"] == "All cards, sorted by name."
    assert e["text_hu"] == "Minden lap, név szerint rendezve."
    e = explain(parse("is:unofficial"))
    assert e["official_only"] is False
    assert "official cards only" not in e["text_en"]


def test_explain_negation_and_numbers():
    e = explain(parse("-(fp>=2 or o:pajzs) cost:x"))
    assert e["text_en"].startswith(
        "Cards where not (firepower is at least 2 or rules text contains “pajzs”) "
        "and has a variable cost"
    )
    assert "nem (tűzerő ≥ 2 vagy szabályszöveg tartalmazza: „pajzs”) és ára változó" in e["text_hu"]
