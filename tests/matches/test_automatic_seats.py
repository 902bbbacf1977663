"""KG-12.3 at the host: the store tells a ruleset which seats programs play, so that only
those seats have windows skipped on what their hand holds; people are asked whenever the
others could not tell them apart (rulesets/kgk/turn.auto_pass_seats)."""

from __future__ import annotations

import pytest

from matches import store
from matches.models import Match
from tests.support.matches import create


def _opts(match):
    return store.loads_state(store.ruleset_of(match), match.snapshot,
                             store.statics_of(match))["opts"]


@pytest.mark.django_db
def test_people_are_never_automatic_and_bots_are(players):
    (_, a), _ = players
    people = create(a, "kgk", ["me", "bela"])
    versus_bot = create(a, "kgk", ["me", "bot:random"])
    m1, m2 = Match.objects.get(pk=people["id"]), Match.objects.get(pk=versus_bot["id"])
    assert m1.config["automatic_seats"] == []
    assert m2.config["automatic_seats"] == [1]
    assert _opts(m1)["auto_pass"] == []
    assert _opts(m2)["auto_pass"] == [1]


@pytest.mark.django_db
def test_an_auto_pass_option_cannot_make_a_person_skip(players):
    """Even asked for, auto-pass never covers a person's seat: it would tell the creator
    what the other player holds."""
    (_, a), _ = players
    m = create(a, "kgk", ["me", "bela"], options={"auto_pass": [0, 1]})
    match = Match.objects.get(pk=m["id"])
    assert _opts(match)["auto_pass"] == []


def test_other_games_get_no_automatic_seats():
    from rulesets import registry

    for name in registry.names():
        rs = registry.get(name)
        if name != "kgk":
            assert not getattr(rs, "takes_automatic_seats", False), name
