"""A match's static parts (the ruleset's ``static_keys``: KGK's compiled card definitions)
are stored once, in ``Match.statics``, not rewritten into every action's snapshot; each
process parses them once and shares them between copies of the state."""

from __future__ import annotations

import json

import pytest

from matches import store
from matches.models import Match
from rulesets import registry
from tests.support.matches import new_match, step


@pytest.mark.django_db(transaction=True)
def test_kgk_card_definitions_are_stored_once_and_put_back_for_play(django_user_model):
    match, _ = new_match(django_user_model, "kgk")
    row = Match.objects.get(pk=match.pk)
    defs = json.loads(row.statics)["defs"]
    assert defs and all("slug" in d for d in defs)
    assert "defs" not in json.loads(row.snapshot)
    assert row.state_json()["defs"] == defs  # the whole state, as the engine sees it

    for k in range(25):
        step(match.pk, k)
    row = Match.objects.get(pk=match.pk)
    # (at least one version a step: the store adds automatic passes at windows)
    assert row.version >= 25 and "defs" not in json.loads(row.snapshot)
    assert json.loads(row.statics)["defs"] == defs  # written once, never again
    # The shared parsed copy was not changed by play, and replay agrees with the store.
    assert store.statics_of(row)["defs"] == defs
    assert store.verify(row)["ok"]


@pytest.mark.django_db(transaction=True)
def test_a_match_stored_with_whole_snapshots_still_plays(django_user_model):
    """Matches stored before the split have an empty ``statics`` and whole snapshots."""
    match, _ = new_match(django_user_model, "kgk")
    whole = Match.objects.get(pk=match.pk).state_json()
    Match.objects.filter(pk=match.pk).update(statics="", snapshot=json.dumps(whole))
    store.forget()
    for k in range(10):
        step(match.pk, k)
    row = Match.objects.get(pk=match.pk)
    assert row.version >= 10 and row.statics == ""
    assert json.loads(row.snapshot)["defs"] == whole["defs"]  # still whole
    assert store.verify(row)["ok"]


@pytest.mark.django_db(transaction=True)
def test_matches_with_the_same_cards_share_one_parsed_definition(django_user_model):
    first, _ = new_match(django_user_model, "kgk")
    others = [django_user_model.objects.create_user(f"other{i}") for i in range(2)]
    second = store.create_match("kgk", {}, [store.SeatSpec(user=u) for u in others])
    store.forget()
    a = store.statics_of(Match.objects.get(pk=first.pk))["defs"]
    b = store.statics_of(Match.objects.get(pk=second.pk))["defs"]
    assert a == b and a is not b
    assert all(x is y for x, y in zip(a, b, strict=True))


@pytest.mark.django_db(transaction=True)
def test_rulesets_without_static_parts_keep_whole_snapshots(django_user_model):
    match, _ = new_match(django_user_model, "smugglers")
    assert not getattr(registry.get("smugglers"), "static_keys", ())
    row = Match.objects.get(pk=match.pk)
    assert row.statics == "" and json.loads(row.snapshot) == row.state_json()
