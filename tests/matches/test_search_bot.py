"""The searching bot where people meet it: its levels are bot kinds of the seat spec, the
API, the lobby and the simulations page, by name and with a line on their strength, and a
match between bots through the API runs to the end."""

from __future__ import annotations

import pytest

from matches import store
from matches.bot_kinds import BOT_KINDS
from matches.models import Match, Seat
from rulesets.search import LEVELS
from tests.support.api import client_for
from tests.support.matches import create, wait_for


def test_every_search_level_is_a_bot_kind_with_names_and_a_line() -> None:
    assert set(LEVELS) <= set(BOT_KINDS) and tuple(BOT_KINDS) == Seat.BOT_KINDS
    assert {"random", "heuristic"} <= set(BOT_KINDS)
    for kind, entry in BOT_KINDS.items():
        assert len(entry) == 4 and all(isinstance(x, str) and x for x in entry), kind
    assert len({e[0] for e in BOT_KINDS.values()}) == len(BOT_KINDS)   # names tell them apart
    assert len({e[1] for e in BOT_KINDS.values()}) == len(BOT_KINDS)


@pytest.mark.celery
@pytest.mark.django_db(transaction=True)
def test_a_search_bot_match_through_the_api_runs_to_the_end(celery_worker_process,
                                                            django_user_model):
    host = client_for(django_user_model.objects.create_user("host"))
    m = create(host, "smugglers", ["bot:search-easy", "bot:heuristic"])
    wait_for(lambda: Match.objects.get(pk=m["id"]).status == Match.FINISHED, timeout=240,
             every=0.5)
    match = Match.objects.get(pk=m["id"])
    assert match.outcome["winners"]
    assert list(match.log.order_by("seq").values_list("seq", flat=True)) == \
        list(range(match.version))
    assert match.log.filter(seat=0).exists() and store.verify(match)["ok"]
    detail = host.get(f"/api/v1/matches/{m['id']}/").json()
    assert [s["player"] for s in detail["seats"]] == ["bot:search-easy", "bot:heuristic"]


@pytest.mark.django_db
def test_the_api_takes_the_search_levels_and_refuses_an_unknown_bot(django_user_model):
    host = client_for(django_user_model.objects.create_user("host"))
    for kind in ("search", "search-hard"):
        m = create(host, "kgk", ["me", f"bot:{kind}"])
        assert m["seats"][1]["player"] == f"bot:{kind}"
    bad = create(host, "kgk", ["me", "bot:search-insane"], status=400)
    assert bad["error"]["code"] and "search-hard" in str(bad)
    r = host.post("/api/v1/simulations/", {"ruleset": "smugglers", "games": 1, "players": 2,
                                           "bots": ["search-easy", "random"], "seed": "s"},
                  format="json")
    assert r.status_code == 202, r.content


@pytest.mark.django_db
def test_the_lobby_and_the_simulations_page_offer_the_levels_by_name(client,
                                                                     django_user_model):
    client.force_login(django_user_model.objects.create_user("ember"))
    lobby = client.get("/play/").content.decode()
    sims = client.get("/play/simulations/").content.decode()
    for kind, (name_hu, _en, line_hu, _line_en) in BOT_KINDS.items():
        assert f'value="bot:{kind}"' in lobby and name_hu in lobby and line_hu in lobby
        assert f'value="{kind}"' in sims and name_hu in sims
    assert "search-easy" not in lobby.replace('value="bot:search-easy"', "")  # no raw key shown
