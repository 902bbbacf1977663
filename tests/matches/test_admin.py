"""The match admin never writes back a stale game: only its editable columns are saved."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.contrib.admin.sites import site

from matches import store
from matches.models import Match
from tests.support.matches import new_match, step


@pytest.mark.django_db
def test_an_admin_edit_of_a_running_match_keeps_the_moves_made_since_the_form_opened(
        django_user_model, rf):
    match, _ = new_match(django_user_model, "smugglers")
    opened = Match.objects.get(pk=match.pk)            # the admin form's copy, version 0
    for k in range(2):
        step(match.pk, k)
    opened.time_limit_seconds = 1800
    admin = site._registry[Match]
    admin.save_model(rf.post("/"), opened, SimpleNamespace(changed_data=["time_limit_seconds"]),
                     change=True)
    saved = Match.objects.get(pk=match.pk)
    assert saved.time_limit_seconds == 1800
    assert saved.version == 2 and store.verify(saved)["ok"]
    assert not admin.has_add_permission(rf.get("/"))
