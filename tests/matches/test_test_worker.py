"""The production-like pass's Celery worker acts only for the tests that claim it.

The worker is started once for the session and consumes every queue against the test
database. CI stop 36 failed because a test that made a match of bots only (a test of the
caps, not of the worker) had its match played by that worker while its teardown emptied the
tables: the flush deadlocked, and the next test counted the leftover matches. A test that
does not claim the worker runs its tasks in-process, as the embedded pass does."""

from __future__ import annotations

import pytest

from matches.models import Match
from tests.conftest import claims_the_worker
from tests.support.api import client_for

BOTS = {"ruleset": "smugglers", "seats": [{"player": "bot:random"}, {"player": "bot:random"}]}


@pytest.mark.django_db(transaction=True)
def test_a_bot_match_of_a_test_that_does_not_claim_the_worker_is_played_in_process(
        django_user_model):
    staff = django_user_model.objects.create_user("szervezo", is_staff=True)
    r = client_for(staff).post("/api/v1/matches/", BOTS, format="json")
    assert r.status_code == 201, r.content
    # Played to its end by the answer's commit, here, not left to a worker in the background.
    match = Match.objects.get(pk=r.json()["id"])
    assert match.status == Match.FINISHED, match.status


def test_a_test_claims_the_worker_by_its_mark_or_by_asking_for_it(request):
    assert not claims_the_worker(request.node, ["db", "settings"])
    assert claims_the_worker(request.node, ["celery_worker_process"])
    assert claims_the_worker(request.node, ["worker_smtp"])
    request.node.add_marker(pytest.mark.celery)
    assert claims_the_worker(request.node, [])
