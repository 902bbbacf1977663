"""KGK rule coverage, section 1: what a tournament plays (KG-1.6.6), through the tournament
service and the deck formats it is created with."""

from __future__ import annotations

import pytest

from decks.core import get_format
from decks.core.formats import OPPOSED_RACES
from matches.tournaments import services
from matches.tournaments.services import TournamentError

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(django_user_model):
    return django_user_model.objects.create_user("szervezo")   # no password: no hashing


def test_kg_1_6_6_a_tournament_by_default_keeps_the_original_races_and_combat(organiser):
    """KG-1.6.6: a tournament created without naming a format checks decks against the
    opposed races and plays the original combat system."""
    t = services.create_tournament(organiser, name="Galaktika Kupa")
    fmt = get_format(t.format)
    assert sorted(map(sorted, fmt.opposed_races)) == sorted(map(sorted, OPPOSED_RACES))
    assert fmt.engine_options["rules"] == "official"
    assert fmt.engine_options["simplified_combat"] is False


@pytest.mark.parametrize("relaxed", ["tournament-any4", "tournament-norace", "casual"])
def test_kg_1_6_6_a_tournament_refuses_the_relaxed_race_formats(organiser, relaxed):
    """KG-1.6.6 (KG-13.3.4): tournaments always use the original race restrictions, so a
    tournament cannot be created in a format that relaxes them."""
    assert not get_format(relaxed).opposed_races
    with pytest.raises(TournamentError):
        services.create_tournament(organiser, name="Laza Kupa", format=relaxed)
