"""Nobody can stop a bot by taking its ``client_action_id``.

A bot's key is predictable (``bot:<match>:<version>:<seat>``) and a person may send any
string. Keys are each seat's own, so a person's use of that string takes nothing from the
bot; and a bot never retries a refusal that a retry cannot change. In the embedded
default (eager tasks) the bot plays inside the person's request, so that request must
return too.
"""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from django.db import connection

from matches import bots, store
from matches.models import Match, MatchAction, Seat
from tests.support.api import client_for
from tests.support.matches import create, wait_for

# Long enough for a bot move on a loaded machine; the old code never returned at all.
RETURNS_WITHIN = 60.0


def _in_thread(fn: Any) -> tuple[threading.Thread, dict[str, Any]]:
    """Run ``fn`` in a daemon thread (so a call that never returns cannot hang the test
    session); the result lands in the dict."""
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = fn()
        except BaseException as exc:  # reported by the test
            out["error"] = exc
        finally:
            connection.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(RETURNS_WITHIN)
    return thread, out


def _my_turn(me, match_id: int) -> dict:
    """Seat 0's legal actions once it is its decision (none when the match has ended)."""
    def ready() -> dict | None:
        match = Match.objects.get(pk=match_id)
        if match.status != Match.ACTIVE:
            return {"actions": []}
        if match.to_act == [0]:
            return me.get(f"/api/v1/matches/{match_id}/legal-actions/").json()
        return None

    return wait_for(ready, timeout=60)


@pytest.mark.celery
@pytest.mark.django_db(transaction=True)
def test_a_person_sending_the_bots_next_key_does_not_stop_the_bot(
        celery_worker_process, django_user_model):
    me = client_for(django_user_model.objects.create_user("ember"))
    m = create(me, "smugglers", ["me", "bot:random"])
    handed_over = 0  # moves of the person that handed the turn to the bot
    for _ in range(200):  # every move of the person takes the bot's next key first
        if handed_over >= 2 or Match.objects.get(pk=m["id"]).status != Match.ACTIVE:
            break
        legal = _my_turn(me, m["id"])
        if not legal["actions"]:
            continue
        v = legal["version"]
        body = {"action": random.Random(v).choice(legal["actions"]), "expected_version": v,
                "client_action_id": f"bot:{m['id']}:{v + 1}:1"}
        thread, out = _in_thread(lambda body=body: me.post(
            f"/api/v1/matches/{m['id']}/actions/", body, format="json"))
        assert not thread.is_alive(), "the person's request did not return"
        assert "error" not in out, out
        assert out["value"].status_code == 200, out["value"].content
        after = out["value"].json()
        if after["status"] == Match.ACTIVE and 1 in after["to_act"]:
            handed_over += 1
            # The bot's move comes (at once when eager; from the worker otherwise).
            wait_for(lambda v=v: Match.objects.get(pk=m["id"]).version > v + 1
                     or Match.objects.get(pk=m["id"]).status != Match.ACTIVE, timeout=60)
            bot_move = MatchAction.objects.get(match_id=m["id"], seq=v + 1)
            assert bot_move.seat == 1
            assert bot_move.client_action_id == f"bot:{m['id']}:{v + 1}:1"
    assert handed_over >= 1

    def bot_done() -> Match | None:
        """The match once the bot has no move left to make (a real worker may still be
        making its next one: the log and the row read apart would then disagree)."""
        match = Match.objects.get(pk=m["id"])
        return match if match.status != Match.ACTIVE or 1 not in match.to_act else None

    assert store.verify(wait_for(bot_done, timeout=60))["ok"]


@pytest.mark.django_db(transaction=True)
def test_the_same_key_from_two_seats_is_two_keys(django_user_model):
    """The sibling between people: the string one player's client uses is not the other's
    to take. Each seat's request with key ``k`` is its own (and a repeat of it is still
    answered once, with that seat's own answer)."""
    anna, bela = (django_user_model.objects.create_user(n) for n in ("anna", "bela"))
    a, b = client_for(anna), client_for(bela)
    m = create(a, "smugglers", ["me", "bela"])
    played: dict[int, dict] = {}
    for k in range(40):
        match = Match.objects.get(pk=m["id"])
        if match.status != Match.ACTIVE or len(played) == 2:
            break
        seat = match.to_act[0]
        client = a if seat == 0 else b
        legal = client.get(f"/api/v1/matches/{m['id']}/legal-actions/").json()
        body = {"action": random.Random(k).choice(legal["actions"]),
                "expected_version": legal["version"],
                "client_action_id": f"own-{k}" if seat in played else "same-key"}
        if seat in played:
            assert client.post(f"/api/v1/matches/{m['id']}/actions/", body,
                               format="json").status_code == 200
            continue
        r = client.post(f"/api/v1/matches/{m['id']}/actions/", body, format="json")
        assert r.status_code == 200, r.content
        assert r.json()["seat"] == seat and r.json()["seq"] == legal["version"]
        played[seat] = (body, r.json())
        # The same request again from the same seat: the first answer, nothing played.
        again = client.post(f"/api/v1/matches/{m['id']}/actions/", body, format="json")
        assert again.status_code == 200 and again.json() == r.json()
    assert set(played) == {0, 1}
    assert MatchAction.objects.filter(match_id=m["id"], client_action_id="same-key") \
        .count() == 2


@pytest.mark.django_db(transaction=True)
def test_a_bot_does_not_retry_a_refusal_that_cannot_change(django_user_model):
    """Should a bot's key at the current version be taken all the same (a row written
    before keys were per seat), its move is refused with ``idempotency_key_reused`` at
    a version that does not move: the task stops instead of asking again for ever."""
    users = [django_user_model.objects.create_user(f"u{i}") for i in range(2)]
    match = store.create_match("smugglers", {}, [store.SeatSpec(user=u) for u in users])
    seat = match.to_act[0]
    first = store.submit(match.pk, seat, _any_legal(match.pk, seat),
                         expected_version=0, client_action_id="x")
    match.refresh_from_db()
    nxt = match.to_act[0]
    # The next seat's first entry takes the key that seat's bot will send now.
    MatchAction.objects.filter(match=match, seq=0).update(
        seat=nxt, client_action_id=f"bot:{match.pk}:{match.version}:{nxt}")
    Seat.objects.filter(match=match, index=nxt).update(bot="random", user=None)
    thread, out = _in_thread(lambda: bots.play_pending(match.pk, reschedule=False))
    assert not thread.is_alive(), "play_pending retried for ever"
    assert out == {"value": 0}
    assert Match.objects.get(pk=match.pk).version == first.body["version"]


def _any_legal(match_id: int, seat: int) -> dict:
    from rulesets import registry

    match = Match.objects.get(pk=match_id)
    rs = registry.get(match.ruleset)
    data = match.state_json()
    assert data is not None
    return rs.legal_actions(rs.from_json(data), seat)[0]
