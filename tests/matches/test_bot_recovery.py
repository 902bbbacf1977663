"""Bots that always move (PostgreSQL + Redis pass): a Celery worker killed (SIGKILL) in the
middle of a bot's move, and the broker down at the moment a person hands the turn to a
bot, both end with the bot moving within seconds of recovery; a flood of simulations does
not delay a bot's move beyond ``FLOOD_BOUND``.

Real processes on a broker of the test's own (a redis-server on a port of its own, so
stopping it touches nobody else): uvicorn serving the API, Celery beat running the bot
sweeper, and bot workers that can be killed. The cache stays on the suite's Redis."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.db import connection

from matches.models import Match, MatchAction, Simulation
from tests.support import servers
from tests.support.servers import call
from tests.support.waiting import until

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.celery,
    pytest.mark.skipif(connection.vendor != "postgresql" or not settings.REDIS_URL,
                       reason="real workers on PostgreSQL and Redis"),
]

STALL = "1.5"   # seconds a bot may wait for its move before the sweeper schedules it again
RECOVERY_BOUND = 15.0  # seconds from recovery to the bot's move
FLOOD_BOUND = 3.0  # seconds from the person's move to the bot's, beside a simulation flood
RECEIVED = re.compile(r"Task matches\.tasks\.play_(owner_)?bots\[[^\]]+\] received")


class Rig:
    def __init__(self) -> None:
        self.broker_port = servers.free_port()
        self.broker = servers.redis_server(self.broker_port)
        self.env = {"DATABASE_URL": servers.test_db_url(), "DB_CONN_MAX_AGE": "0",
                    "CELERY_BROKER_URL": f"redis://127.0.0.1:{self.broker_port}/0",
                    "KAOSZ_BOT_SWEEP_EVERY": "0.5", "KAOSZ_BOT_STALL_SECONDS": STALL}
        self.web, self.base = servers.uvicorn(self.env)
        schedule = servers.LOGS / f"beat-{self.broker_port}"
        self.beat = servers.celery(f"beat-test-{self.broker_port}",
                                   ["beat", "--loglevel=INFO", "-s", str(schedule)], self.env)
        self.workers: list[servers.Proc] = []

    def worker(self, name: str, queue: str = "bots", **env: str) -> servers.Proc:
        proc = servers.celery(f"worker-test-{name}-{self.broker_port}",
                              ["worker", "--pool=solo", "--loglevel=INFO", "-Q", queue,
                               "-n", f"{name}-{self.broker_port}@%h"], {**self.env, **env})
        proc.wait_for(lambda: "ready." in proc.log())
        self.workers.append(proc)
        return proc

    def restart_broker(self) -> None:
        self.broker = servers.redis_server(self.broker_port)

    def stop(self) -> None:
        for proc in [*self.workers, self.beat, self.web, self.broker]:
            proc.stop()


@pytest.fixture
def rig(django_db_setup, django_db_blocker) -> Iterator[Rig]:
    with django_db_blocker.unblock():
        r = Rig()
    try:
        yield r
    finally:
        r.stop()


def _human_vs_bot(base: str, django_user_model) -> tuple[str, int]:
    from rest_framework.authtoken.models import Token

    user = django_user_model.objects.create_user(f"human{time.monotonic_ns()}")
    token = Token.objects.create(user=user).key
    status, m = call(base, "POST", "/api/v1/matches/", token,
                     {"ruleset": "smugglers", "seats": [{"player": "me"},
                                                        {"player": "bot:random"}]})
    assert status == 201, m
    return token, m["id"]


def _my_turn(base: str, token: str, match_id: int, timeout: float = 60) -> dict:
    def legal_actions() -> dict | None:
        status, legal = call(base, "GET", f"/api/v1/matches/{match_id}/legal-actions/", token)
        assert status == 200, legal
        return legal if legal["actions"] else None

    return until(legal_actions, timeout=timeout, every=0.2, what="the human's turn")


def _bot_moves(match_id: int) -> int:
    return MatchAction.objects.filter(match_id=match_id, seat=1).count()


def _act(base: str, token: str, match_id: int) -> dict:
    legal = _my_turn(base, token, match_id)
    status, body = call(base, "POST", f"/api/v1/matches/{match_id}/actions/", token,
                        {"action": legal["actions"][-1], "expected_version": legal["version"],
                         "client_action_id": f"h-{legal['version']}"}, timeout=30)
    assert status in (200, 409), body  # (409: the bot moved in between; look again)
    return body


def _bot_moves_within(match_id: int, before: int, seconds: float, what: str) -> None:
    until(lambda: _bot_moves(match_id) > before, timeout=seconds, every=0.1, what=what)


def _sweeps_sent(beat: servers.Proc) -> int:
    return beat.log().count("Sending due task sweep-bots")


@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_bot_move_does_not_stall_the_match(rig, django_user_model):
    slow = rig.worker("slow", KAOSZ_BOT_MOVE_DELAY_MS="3000")  # a bot's move takes 3 s here
    token, match_id = _human_vs_bot(rig.base, django_user_model)

    def received() -> bool:  # play until the bot's task reaches the worker
        if RECEIVED.search(slow.log()):
            return True
        if 1 not in Match.objects.get(pk=match_id).to_act:
            _act(rig.base, token, match_id)
        return False

    until(received, timeout=60, every=0.1, what="the bot's task reaching the worker")
    slow.kill()  # in the middle of the bot's move (it takes 3 s from its receipt)
    before = _bot_moves(match_id)
    assert 1 in Match.objects.get(pk=match_id).to_act
    rig.worker("fresh")  # another worker comes up: the bot moves within seconds
    _bot_moves_within(match_id, before, RECOVERY_BOUND,
                      "the bot moving after its worker was killed")


@pytest.mark.django_db(transaction=True)
def test_a_broker_outage_at_the_hand_over_does_not_stall_the_match(rig, django_user_model):
    rig.worker("steady")
    token, match_id = _human_vs_bot(rig.base, django_user_model)
    until(lambda: Match.objects.get(pk=match_id).to_act == [0], timeout=60, every=0.1,
          what="the bot having nothing to do")
    rig.broker.stop()  # Redis (the broker) goes down...
    before = _bot_moves(match_id)
    for _ in range(50):  # ...while the person plays until the turn is the bot's
        began = time.monotonic()
        body = _act(rig.base, token, match_id)
        assert time.monotonic() - began < 5, "a broker outage held up the person's move"
        if 1 in body.get("to_act", []):
            break
    else:
        raise AssertionError("the bot's turn never came")
    # The sweeper has its turn twice during the outage: nothing it sends reaches a worker.
    swept = _sweeps_sent(rig.beat)
    until(lambda: _sweeps_sent(rig.beat) >= swept + 2, timeout=30,
          what="beat sending the sweeper during the outage")
    assert _bot_moves(match_id) == before
    rig.restart_broker()  # (empty: nothing survives a restart without persistence)
    _bot_moves_within(match_id, before, RECOVERY_BOUND,
                      "the bot moving after the broker came back")


@pytest.mark.django_db(transaction=True)
def test_a_simulation_flood_does_not_delay_a_bot_move(rig, django_user_model):
    """Simulations have their own queue and workers: a flood of them (two users, each at
    their limit of running simulations) keeps the simulation worker busy while every bot
    move of a match comes within FLOOD_BOUND of the person's."""
    from rest_framework.authtoken.models import Token

    rig.worker("bots")
    rig.worker("sims", queue="sims")
    flooders = [Token.objects.create(user=django_user_model.objects.create_user(f"fl{i}")).key
                for i in range(2)]
    flood = []
    for token in flooders:
        for k in range(2):
            status, sim = call(rig.base, "POST", "/api/v1/simulations/", token,
                               {"ruleset": "kgk", "games": 400, "seed": f"f{k}",
                                "chunk_size": 20, "bots": ["heuristic", "heuristic"]})
            assert status == 202, sim
            flood.append((token, sim["id"]))
    token, match_id = _human_vs_bot(rig.base, django_user_model)
    try:
        waits = []
        for _ in range(5):
            until(lambda: 1 not in Match.objects.get(pk=match_id).to_act, timeout=30,
                  every=0.05, what="the bot's move")
            before = _bot_moves(match_id)
            body = _act(rig.base, token, match_id)
            if 1 not in body.get("to_act", []):
                continue
            began = time.monotonic()
            _bot_moves_within(match_id, before, 30, "the bot's move")
            waits.append(time.monotonic() - began)
        busy = Simulation.objects.filter(pk__in=[s for _, s in flood],
                                         status=Simulation.RUNNING).count()
        assert busy, "the simulations had finished: the flood proved nothing"
        assert waits and max(waits) < FLOOD_BOUND, waits
    finally:
        for owner, sim_id in flood:
            call(rig.base, "POST", f"/api/v1/simulations/{sim_id}/cancel/", owner)
