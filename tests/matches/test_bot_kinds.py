"""One name per bot: matches/bot_kinds.py names them for the lobby, the
simulations page and every board (the board pages hand the table to their scripts)."""

from __future__ import annotations

import pytest

from matches.bot_kinds import BOT_KINDS
from matches.models import Seat
from tests.support.api import client_for
from tests.support.matches import create

PASSWORD = "titkos-jelszo-123"


def test_the_table_is_the_one_the_store_accepts():
    assert set(Seat.BOT_KINDS) == set(BOT_KINDS) >= {"random", "heuristic"}
    for kind, names in BOT_KINDS.items():
        assert len(names) == 4 and all(names), kind
    # one name each: no two kinds share a name in either language
    assert len({v[0] for v in BOT_KINDS.values()}) == len({v[1] for v in BOT_KINDS.values()}) \
        == len(BOT_KINDS)


@pytest.mark.django_db
def test_the_boards_name_bots_from_the_one_table(client, django_user_model, cards_loaded):
    """The lobby and the simulations page offer the bots by the names of
    matches/bot_kinds.py, and every board hands the table to its script."""
    me = django_user_model.objects.create_user("tabla", password=PASSWORD)
    client.force_login(me)
    lobby = client.get("/play/", HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    sims = client.get("/play/simulations/", HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    for kind, (name_hu, *_rest) in BOT_KINDS.items():
        assert f'value="bot:{kind}"' in lobby and name_hu in lobby
        assert f'value="{kind}"' in sims and name_hu in sims
    match_id = create(client_for(me), "kgk", ["me", "bot:random"])["id"]
    page = client.get(f"/play/{match_id}/", HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert BOT_KINDS["random"][0] in page
    assert "data-bots=" in page and "onclick" not in page
