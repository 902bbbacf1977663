"""The match detail never pairs a newer view with an older ``version`` /
``to_act`` (a torn read). Another process's move lands between the detail's read of the
match row and its read of the state (this process does not hold the state, as after a
move served by another worker): the answer is all of one version."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection

from matches import store
from matches.models import Match
from rulesets import registry
from tests.support.api import client_for
from tests.support.matches import create


def _move_for_the_seat_to_act(match_id: int) -> None:
    match = Match.objects.get(pk=match_id)
    rs = registry.get(match.ruleset)
    seat = match.to_act[0]
    data = match.state_json()
    assert data is not None
    action = rs.legal_actions(rs.from_json(data), seat)[0]
    store.submit(match_id, seat, action, expected_version=match.version)


def _shown(body: dict) -> tuple[Any, ...]:
    return body["version"], body["to_act"], body["your_turn"], body["view"]


@pytest.mark.django_db(transaction=True)
def test_a_move_between_the_row_and_the_state_is_not_half_shown(django_user_model):
    anna = django_user_model.objects.create_user("anna")
    django_user_model.objects.create_user("bela")
    me = client_for(anna)
    m = create(me, "smugglers", ["me", "bela"])
    url = f"/api/v1/matches/{m['id']}/"
    before = me.get(url).json()
    moved = False

    def another_process_moves(execute, sql, params, many, context):
        nonlocal moved
        if not moved and sql.lstrip().upper().startswith("SELECT") \
                and '"matches_match"."snapshot"' in sql:
            moved = True
            _move_for_the_seat_to_act(m["id"])
        return execute(sql, params, many, context)

    store.forget(m["id"])  # (the move below is another process's: this one holds nothing)
    with connection.execute_wrapper(another_process_moves):
        torn = me.get(url).json()
    assert moved, "the detail did not read the state from the database"
    after = me.get(url).json()
    assert after["version"] == before["version"] + 1 and after["view"] != before["view"]
    assert _shown(torn) in (_shown(before), _shown(after)), (
        f"version {torn['version']} shown with the view of version "
        f"{after['version'] if torn['view'] == after['view'] else before['version']}")
