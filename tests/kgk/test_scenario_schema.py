"""The KGK scenario's published schema against the reader and the shipped files:
every shipped scenario matches it, its objects have exactly the reader's fields, and a
field the reader refuses the schema refuses too."""

from __future__ import annotations

import jsonschema
import pytest

from rulesets.kgk import RULESET, scenario, shipped_cards
from rulesets.kgk.scenario_schema import _object, schemas
from rulesets.kgk.shipped import scenario_document, scenario_names

SHIPPED = scenario_names()


def _validator() -> jsonschema.Draft202012Validator:
    root = {"$ref": "#/components/schemas/KgkScenario", "components": {"schemas": schemas()}}
    return jsonschema.Draft202012Validator(root)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_scenario_matches_the_schema(name):
    doc = scenario_document(name)
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in _validator().iter_errors(doc)]
    assert not errors, errors[:5]


def test_the_documented_chain_and_combat_examples_match():
    """SCENARIOS.md's examples of a combat and of cards on the chain (no shipped file has a
    chain), on a shipped position."""
    docs = [scenario_document(name) for name in SHIPPED]
    assert len(docs) >= 5 and any("combat" in d for d in docs)
    doc = dict(docs[0], phase="combat", chain=[
        {"card": "extra-talalat", "label": "et", "seat": 1, "target": "cobra"},
        {"card": "durmacel-celterelo", "label": "dc", "seat": 0, "target": "hold"},
        {"card": "felsobb-parancs", "label": "fp", "seat": 1, "target": {"item": 1}}],
        combat={"attacker": 1, "target": "colony", "step": "fire", "ships": ["cobra", "hold"],
                "shot": {"ship": "cobra", "target": "hold", "return_fire": True}})
    assert not list(_validator().iter_errors(doc))
    doc["chain"][2]["target"] = {"item": -1}
    assert list(_validator().iter_errors(doc))


def test_an_unknown_field_is_refused_by_both():
    doc = scenario_document(SHIPPED[0])
    doc["seats"][0]["gold"] = 3
    assert list(_validator().iter_errors(doc))
    with pytest.raises(Exception) as refused:
        _read(doc)
    assert "gold" in str(refused.value)


def _read(doc):
    return RULESET.new_game({"scenario": doc, "cards": shipped_cards()}, "schema")


def test_the_schema_follows_the_reader_s_fields():
    with pytest.raises(ValueError, match="differ"):
        _object({"card": {}}, scenario.PILE_KEYS)
